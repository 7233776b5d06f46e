// The fuzz of every route (issue 22, "Done when"): every registered POST route under /api, each
// field its body schema declares (and each field of a declared form's schema, placed where the
// form's call template puts it), sent wrong JSON types, non-integers, huge and negative numbers,
// control and broken characters, very long strings, deep nesting, arrays where objects go and
// objects where arrays go — as the agent, the agent administrator, the supplier staff and the
// provider administrator. No answer may be a 5xx, and none may carry a stack trace or SQL text.
//
// Affordable by default: each field gets a deterministic sample of the mutations (a different
// sample per field, every mutation used across the fields), each sent as one of the four roles in
// turn; every route is called by every role. More mutations per field, or the exhaustive run
// (every mutation as every role, about 100,000 requests):
//   FUZZ_MUTATIONS=21 npx tap --timeout 3600 tests/api/fuzz-routes.test.ts
//   FUZZ_EXHAUSTIVE=1 npx tap --timeout 3600 tests/api/fuzz-routes.test.ts
// (add DATABASE_URL=postgres://… for PostgreSQL, as for any API test).
import t from 'tap';
import type { CallSpec } from '../../schemas/meta/types';
import { apiPostRoutes, leaksInternals } from '../helpers/api-probe';
import { signInAs, type DemoLogin, type Session } from '../helpers/portal';
import { createTestApp } from '../helpers/test-app';
import { nth } from '../helpers/indexing';

interface Schema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
}

const EXHAUSTIVE = process.env.FUZZ_EXHAUSTIVE === '1';
/** Mutations per field in the sampled run (FUZZ_MUTATIONS=21 sends each field all of them, the roles in turn). */
const PER_FIELD = Math.max(1, Number(process.env.FUZZ_MUTATIONS ?? 2));

const deep = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

/** What a careless or hostile client sends in place of a field's value. */
const MUTATIONS: readonly [string, unknown][] = [
  ['non-integer', 1.5],
  ['huge number', 1e308],
  ['huge integer in exponent form', 1.2345678901234568e29],
  ['past int4', 2147483648],
  ['negative', -1],
  ['negative past int4', -2147483649],
  ['digits past int8', '99999999999999999999999'],
  ['decimal string', '1.5'],
  ['boolean', true],
  ['object', { a: 1 }],
  ['array', ['1', 2]],
  ['array of objects', [{ a: 1 }]],
  ['empty object', {}],
  ['empty array', []],
  ['control character', 'a\u0001b'],
  ['broken character (lone surrogate)', 'a\ud800b'],
  ['very long string', 'あ'.repeat(100_000)],
  ['deep nesting', deep(400)],
  ['impossible date', '2026-02-30'],
  ['date past year 9999', '99999-01-01'],
  ['plain string', 'x'],
];

/** A value of the right shape for a schema (the base body around the mutated field). */
function plausible(s: Schema | undefined): unknown {
  if (!s) return '1';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return plausible(s.anyOf[0]);
  switch ([s.type].flat()[0]) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, plausible(p)]));
    default:
      return '1';
  }
}

/** Paths of every declared field, through objects and the first item of arrays (to depth 3). */
function fieldPaths(s: Schema | undefined, path: string[] = []): string[][] {
  if (!s || path.length > 3) return [];
  const out: string[][] = path.length ? [path] : [];
  for (const branch of s.anyOf ?? []) out.push(...fieldPaths(branch, path).filter((p) => p.length > path.length));
  for (const [k, p] of Object.entries(s.properties ?? {}))
    if (!(path.length === 0 && k === 'systemKbn')) out.push(...fieldPaths(p, [...path, k]));
  if (s.items) out.push(...fieldPaths(s.items, [...path, '0']));
  const seen = new Set<string>();
  return out.filter((p) => !seen.has(p.join('.')) && seen.add(p.join('.')));
}

const clone = <T>(v: T): T => structuredClone(v);

/** The body with `value` at `path` (objects and arrays made on the way). */
function withValue(base: unknown, path: string[], value: unknown): unknown {
  const body = clone(base) as Record<string, unknown>;
  let at = body;
  path.forEach((key, i) => {
    if (i === path.length - 1) at[key] = value;
    else {
      if (typeof at[key] !== 'object' || at[key] === null) at[key] = /^\d+$/.test(nth(path, i + 1)) ? [] : {};
      at = at[key] as Record<string, unknown>;
    }
  });
  return body;
}

/** A declared form's record placed in a call's body by its template (the inverse of api/forms/wire-record.ts). */
function placed(
  template: unknown,
  record: Record<string, unknown>,
): { body: Record<string, unknown>; paths: Map<string, string[]> } {
  const paths = new Map<string, string[]>();
  const walk = (t: unknown, path: string[]): unknown => {
    if (t === '=record') {
      for (const f of Object.keys(record)) paths.set(f, [...path, f]);
      return clone(record);
    }
    if (typeof t === 'string' && t.startsWith('=record.')) {
      const f = t.slice('=record.'.length).replace(/\{[^}]*\}$/, '');
      paths.set(f, path);
      return clone(record[f]);
    }
    if (typeof t === 'object' && t !== null && !Array.isArray(t))
      return Object.fromEntries(Object.entries(t).map(([k, sub]) => [k, walk(sub, [...path, k])]));
    return typeof t === 'string' && t.startsWith('=') ? '1' : t;
  };
  const body = walk(template ?? '=record', []) as Record<string, unknown>;
  return { body: typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}, paths };
}

/** A small deterministic hash (FNV-1a) to pick a field's sample. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

interface Case {
  route: string;
  base: Record<string, unknown>;
  /** Field label → where it sits in the body. */
  fields: [string, string[]][];
}

t.test('the fuzz of every route: no 5xx, no stack trace or SQL text', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const roles: DemoLogin[] = ['demo-agent', 'demo-agadmin', 'demo-staff', 'demo-provider'];
  const sessions: Session[] = [];
  for (const r of roles) sessions.push(await signInAs(h, r));
  const openapi = h.app.swagger() as {
    paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema: Schema }> } } }>;
  };

  // Logging out ends the session the other calls use (tests/api/request-edge.test.ts covers it); tus has no JSON body.
  const routes = apiPostRoutes(h.app).filter((p) => !p.startsWith('/api/files') && p !== '/api/Auth/logout');
  const cases = new Map<string, Case[]>();
  const add = (c: Case) => cases.set(c.route, [...(cases.get(c.route) ?? []), c]);
  // A declared form's call documents its record's fields too: they are fuzzed below, where the form's template puts them, so here only the caller's ids.
  const declaredCalls = new Set(
    [...h.app.definitions.forms.values()]
      .filter((f) => f.store)
      .flatMap((f) => [...Object.values(f.calls ?? {}), ...[f.data ?? []].flat()] as CallSpec[])
      .map((c) => c.call),
  );
  for (const route of routes) {
    const schema = openapi.paths[route]?.post?.requestBody?.content?.['application/json']?.schema;
    const base = schema?.type === 'object' ? (plausible(schema) as Record<string, unknown>) : { systemKbn: '01' };
    const paths = fieldPaths(schema).filter(
      (p) => !declaredCalls.has(route) || (p.length === 1 && ['userId', 'agCode'].includes(p[0] ?? '')),
    );
    add({
      route,
      base: { ...base, systemKbn: '01' },
      fields: [['body', []], ...paths.map((p) => [p.join('.'), p] as [string, string[]])],
    });
  }
  // Declared forms: their calls take any object (the engine reads the record by the form's schema).
  for (const form of h.app.definitions.forms.values()) {
    if (!form.store) continue;
    const record = Object.fromEntries(
      Object.entries(form.schema.properties).map(([k, s]) => [k, plausible(s as Schema)]),
    );
    const calls = [...Object.values(form.calls ?? {}), ...[form.data ?? []].flat()] as CallSpec[];
    for (const call of calls) {
      if (!routes.includes(call.call)) continue;
      const { body, paths } = placed(call.body, record);
      const fields: [string, string[]][] = [];
      for (const [f, path] of paths) {
        fields.push([`${form.id}:${f}`, path]);
        const s = form.schema.properties[f] as Schema | undefined;
        for (const sub of fieldPaths(s)) fields.push([`${form.id}:${f}.${sub.join('.')}`, [...path, ...sub]]);
      }
      add({ route: call.call, base: { ...body, systemKbn: '01' }, fields });
    }
  }

  let sent = 0;
  const failures: string[] = [];
  const send = async (session: Session, route: string, body: unknown, what: string) => {
    const res = await h.post(route, body, { token: session.token });
    sent++;
    if (res.statusCode >= 500 || leaksInternals(res.body))
      failures.push(`${session.loginId} ${route} ${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  };

  let turn = 0;
  for (const [route, list] of cases) {
    // Every role calls every route with its plain base body.
    for (const s of sessions) await send(s, route, nth(list, 0).base, 'base body');
    for (const c of list) {
      for (const [label, path] of c.fields) {
        const start = hash(`${route} ${label}`) % MUTATIONS.length;
        const picked =
          EXHAUSTIVE || PER_FIELD >= MUTATIONS.length
            ? MUTATIONS
            : Array.from({ length: PER_FIELD }, (_, i) => nth(MUTATIONS, (start + i * 5) % MUTATIONS.length));
        for (const [name, value] of picked) {
          const body = path.length ? withValue(c.base, path, value) : value;
          if (EXHAUSTIVE) for (const s of sessions) await send(s, route, body, `${label} ${name}`);
          else await send(nth(sessions, turn++ % sessions.length), route, body, `${label} ${name}`);
        }
      }
    }
  }
  t.same(failures, [], `${sent} requests on ${cases.size} routes`);
  t.ok(cases.size >= 100, `${cases.size} routes`);
});
