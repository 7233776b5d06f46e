// Lenient where a real client is loose, strict where it matters (issue 22 item 4;
// docs/wire-contract.md "Requests"): a number sent as digits and a flag sent as "true"/"false"
// or 1/0 are taken as meant wherever the route's schema wants a number or a flag — once, at the
// request edge, for every route — while a string that is not a number stays a 400 with the
// catalogue's message, never a 500. The four calls, then every field of every route.
import t from 'tap';
import { fieldTitle } from '../../api/forms/field-titles';
import { apiPostRoutes, messageIds } from '../helpers/api-probe';
import { signInAs } from '../helpers/portal';
import { createTestApp } from '../helpers/test-app';
import { nth } from '../helpers/indexing';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
  minimum?: number;
}

type Res = { statusCode: number; json(): unknown; body: string };
const messagesOf = (res: Res) => {
  try {
    return (res.json() as { messages?: { messageId: string; args: string[] }[] }).messages ?? [];
  } catch {
    return [];
  }
};

/** Paths of every field whose schema wants only an integer, a number or a flag (no string branch). */
function scalarPaths(s: Schema | undefined, path: string[] = []): { path: string[]; type: string; minimum?: number }[] {
  if (!s) return [];
  const out: { path: string[]; type: string; minimum?: number }[] = [];
  const types = [s.type].flat();
  for (const type of ['integer', 'number', 'boolean'])
    if (types.includes(type) && !types.includes('string')) out.push({ path, type, minimum: s.minimum });
  const branches = s.anyOf ?? [];
  if (branches.length && !branches.some((b) => [b.type].flat().includes('string')))
    for (const b of branches) out.push(...scalarPaths(b, path));
  for (const [k, p] of Object.entries(s.properties ?? {})) out.push(...scalarPaths(p, [...path, k]));
  if (s.items) out.push(...scalarPaths(s.items, [...path, '0']));
  return out;
}

/** A body with `value` at `path` (objects and arrays made on the way). */
function bodyWith(path: string[], value: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = { systemKbn: '01' };
  let at: Record<string, unknown> = body;
  path.forEach((key, i) => {
    if (i === path.length - 1) at[key] = value;
    else {
      at[key] ??= /^\d+$/.test(nth(path, i + 1)) ? [] : {};
      at = at[key] as Record<string, unknown>;
    }
  });
  return body;
}

t.test('numbers as digits and flags as words, at the edge of every route', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const provider = await signInAs(h, 'demo-provider');
  const video = await h.db
    .selectFrom('contents')
    .select(['content_id', 'category_id'])
    .where('category_id', '=', 6)
    .where('deleted_at', 'is', null)
    .orderBy('content_id')
    .executeTakeFirstOrThrow();

  t.test('the issue’s four calls', async (t) => {
    const strict = await agent.call('/api/Info/getCategoryContentsList', { categoryId: 1, page: 2 });
    const loose = await agent.call('/api/Info/getCategoryContentsList', { categoryId: 1, page: '2' });
    t.equal(loose.statusCode, 200, `page "2": ${loose.body}`);
    t.same(loose.json(), strict.json(), 'page "2" is page 2');

    const navi = await agent.call('/api/GlobalNavi/getGlobalNaviData', { pseudoLoginFlg: 1 });
    t.equal(navi.statusCode, 200, `pseudoLoginFlg 1: ${navi.body}`);
    t.same(
      navi.json(),
      (await agent.call('/api/GlobalNavi/getGlobalNaviData', { pseudoLoginFlg: true })).json(),
      'the flag 1 is true',
    );

    const watched = await agent.call('/api/SkilUp/GetWatchStatus', {
      categoryId: video.category_id,
      contentsId: video.content_id,
      isWatched: 'false',
    });
    t.equal(watched.statusCode, 200, `isWatched "false": ${watched.body}`);
    const saved = await agent.call('/api/SkilUp/skilupWatchHistoryReg', {
      categoryId: String(video.category_id),
      contentsId: String(video.content_id),
      isWatched: 'true',
    });
    t.same(saved.json(), { isWatched: true }, 'a save with the flag "true" saves true');
    const cleared = await agent.call('/api/SkilUp/skilupWatchHistoryReg', {
      categoryId: video.category_id,
      contentsId: video.content_id,
      isWatched: 0,
    });
    t.same(cleared.json(), { isWatched: false }, 'and 0 saves false');

    // "" is "not given" (issue 14): a load must still say which category it reads, and the server
    // does not guess it from the id (that would tell a caller which ids exist in other categories).
    const notice = await h.db
      .selectFrom('contents')
      .select('content_id')
      .where('category_id', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const blank = await provider.call('/api/ContentsReg/getContents', {
      contentsCategoryId: '',
      contentsId: String(notice.content_id),
    });
    t.equal(blank.statusCode, 400, blank.body);
    t.same(messagesOf(blank), [{ messageId: 'ERR_0003', args: ['カテゴリ'] }], 'a labelled 400, not a 500');
    const digits = await provider.call('/api/ContentsReg/getContents', {
      contentsCategoryId: 1,
      contentsId: notice.content_id,
    });
    t.equal(digits.statusCode, 200, `numbers where the form has digit strings: ${digits.body}`);

    // Strictness stays where it matters.
    for (const page of ['x', '1.5', '1e3', ' 2', '0x10']) {
      const res = await agent.call('/api/Info/getCategoryContentsList', { categoryId: 1, page });
      t.equal(res.statusCode, 400, `page ${JSON.stringify(page)}`);
      t.same(
        messagesOf(res),
        [{ messageId: 'ERR_0025', args: ['page'] }],
        `page ${JSON.stringify(page)}: the catalogue's message`,
      );
    }
    for (const isWatched of ['yes', 2, 'TRUE']) {
      const res = await agent.call('/api/SkilUp/skilupWatchHistoryReg', {
        categoryId: video.category_id,
        contentsId: video.content_id,
        isWatched,
      });
      t.equal(res.statusCode, 400, `isWatched ${JSON.stringify(isWatched)}: ${res.body}`);
    }
  });

  t.test('every number and flag of every route', async (t) => {
    const openapi = h.app.swagger() as {
      paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema: Schema }> } } }>;
    };
    const titles = (path: string[]) =>
      new Set(
        [
          path.join('.'),
          ...[...h.app.definitions.forms.keys()].map((f) => fieldTitle(h.app.definitions, f, path.join('.'))),
        ].filter(Boolean),
      );
    // Logging out would end the session the other calls use.
    const routes = apiPostRoutes(h.app).filter((p) => !p.startsWith('/api/files') && p !== '/api/Auth/logout');
    let fields = 0;
    for (const route of routes) {
      const schema = openapi.paths[route]?.post?.requestBody?.content?.['application/json']?.schema;
      for (const { path, type, minimum } of scalarPaths(schema)) {
        const meant = type === 'boolean' ? ['true', 'false', 1, 0] : [String(Math.max(minimum ?? 1, 1))];
        for (const value of meant) {
          const res = await provider.call(route, bodyWith(path, value));
          t.not(res.statusCode, 500, `${route} ${path.join('.')}=${JSON.stringify(value)}: ${res.body}`);
          const named = messagesOf(res).filter((m) => m.messageId === 'ERR_0025' && titles(path).has(nth(m.args, 0)));
          t.same(named, [], `${route} ${path.join('.')}=${JSON.stringify(value)} is taken as meant`);
        }
        const wrong = await provider.call(route, bodyWith(path, type === 'boolean' ? 'maybe' : 'x1'));
        // A route this caller may not use at all refuses before it reads the body (the applicant
        // side of requests for a provider): its fields are checked by that side's own tests.
        if (wrong.statusCode === 403 && (await provider.call(route, { systemKbn: '01' })).statusCode === 403) continue;
        t.equal(wrong.statusCode, 400, `${route} ${path.join('.')} not a ${type}: ${wrong.body}`);
        t.ok(messageIds(wrong).length > 0, `${route} ${path.join('.')} not a ${type}: a catalogue message`);
        fields++;
      }
    }
    t.ok(fields >= 15, `${fields} number and flag fields`);
  });
});
