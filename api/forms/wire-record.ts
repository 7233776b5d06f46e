// A declared form's record on the wire: the definition's call bodies say where the record sits
// (`"body": "=record"` puts its fields at the top beside systemKbn, agCode and userId;
// `{ "agUserData": "=record" }` wraps it; `{ "agSegmentData": { "agSegmentName": "=record.agSegmentName" } }`
// names single fields). The server reads a request by the same template, so the paths of spec
// section 7 live in the definition only. Only fields the form's schema declares are taken, each
// checked for its JSON type (a wrong type is a 400 naming the field's label, never a 500).
import type { RuleResult } from '../../schemas/rules/engine';
import type { FormDefinition } from '../../schemas/meta/types';
import { loosely, NOT_MEANT } from '../http/edge-values';
import type { FormRecord, RecordId } from './record-store';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The caller's ids and the system kind: never part of a record that sits at the top of a body. */
const CALLER_KEYS = new Set([
  'systemKbn',
  'userId',
  'agCode',
  'daihyoCode',
  'pseudoUserId',
  'pseudoAgCode',
  'pseudoDaihyoCode',
  'targetDate',
]);

/** The record a body carries, by the call's body template; only declared fields. */
export function recordFromBody(form: FormDefinition, template: unknown, body: unknown): FormRecord {
  const declared = form.schema.properties;
  const out: FormRecord = {};
  const walk = (t: unknown, value: unknown, top: boolean) => {
    if (t === '=record') {
      if (!isObject(value)) return;
      for (const [k, v] of Object.entries(value)) if (k in declared && !(top && CALLER_KEYS.has(k))) out[k] = v;
    } else if (typeof t === 'string' && t.startsWith('=record.')) {
      // "=record.list{a,b}" sends a list's rows reduced to some keys: the list field is read.
      const field = t.slice('=record.'.length).replace(/\{[^}]*\}$/, '');
      if (field in declared && value !== undefined) out[field] = value;
    } else if (isObject(t) && isObject(value)) {
      for (const [k, sub] of Object.entries(t)) walk(sub, value[k], false);
    }
  };
  walk(template ?? '=record', body, true);
  return out;
}

/** The fields a call names, by their positions in its template (`=record.x`, `=query.x`, `=row.x` leaves; `=record` objects). */
export function fieldsAt(template: unknown, body: unknown): FormRecord {
  const out: FormRecord = {};
  const walk = (t: unknown, value: unknown) => {
    if (t === '=record' && isObject(value)) Object.assign(out, value);
    else if (typeof t === 'string') {
      const m = /^=(?:record|query|row)\.(\w+)(?:\{[^}]*\})?$/.exec(t);
      if (m?.[1] && value !== undefined && value !== null && value !== '') out[m[1]] = value;
    } else if (isObject(t) && isObject(value)) for (const [k, sub] of Object.entries(t)) walk(sub, value[k]);
  };
  walk(template ?? '=record', body);
  return out;
}

/**
 * Where the key field sits in a call's body: a property of that name in the template, inside its
 * `=record`, or a property of another name taking `=record.<key>` (the spec's `applicationNo` for `appNo`).
 */
export function keyPath(template: unknown, keyField: string): string[] | null {
  const find = (t: unknown, path: string[]): string[] | null => {
    if (t === '=record') return [...path, keyField];
    if (!isObject(t)) return null;
    if (keyField in t) return [...path, keyField];
    const renamed = Object.entries(t).find(([, sub]) => sub === `=record.${keyField}`);
    if (renamed) return [...path, renamed[0]];
    for (const [k, sub] of Object.entries(t)) {
      const found = find(sub, [...path, k]);
      if (found) return found;
    }
    return null;
  };
  return find(template ?? '=record', []);
}

export function valueAt(body: unknown, path: readonly string[]): unknown {
  let at = body;
  for (const seg of path) at = isObject(at) ? at[seg] : undefined;
  return at;
}

/** A record id from the wire: a positive integer (or its digits) for serial keys, else a short code. */
export function parseKey(value: unknown, serial: boolean): RecordId | null {
  if (serial) {
    const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    return /^[1-9][0-9]{0,8}$/.test(s) ? Number(s) : null;
  }
  return typeof value === 'string' && value !== '' && value.length <= 64 ? value : null;
}

/**
 * The answer of a call, by its `answer` template over the saved record; `=data.x` is a value of
 * the form's initial data (a load that also answers the file size limit, e.g. getBannerData).
 */
export function answerOf(template: unknown, record: FormRecord, data: Record<string, unknown> = {}): unknown {
  if (template === '=record') return record;
  if (typeof template === 'string' && template.startsWith('=record.')) return record[template.slice('=record.'.length)];
  if (typeof template === 'string' && template.startsWith('=data.')) return data[template.slice('=data.'.length)];
  if (isObject(template))
    return Object.fromEntries(Object.entries(template).map(([k, t]) => [k, answerOf(t, record, data)]));
  if (Array.isArray(template)) return template.map((t) => answerOf(t, record, data));
  return template;
}

/** Whether an answer template reads the initial data (`=data.x` anywhere in it). */
export function readsData(template: unknown): boolean {
  if (typeof template === 'string') return template.startsWith('=data.');
  if (Array.isArray(template)) return template.some(readsData);
  return isObject(template) && Object.values(template).some(readsData);
}

type FieldSchema = { type?: unknown; title?: unknown; items?: FieldSchema; properties?: Record<string, FieldSchema> };

/** The value as the record keeps it, or NOT_MEANT when its JSON type is wrong (a number may come as digits, a flag as "true"/"false" or 1/0: edge-values.ts). */
function fitted(value: unknown, schema: FieldSchema | undefined): unknown {
  if (!schema || value === null || value === undefined) return value;
  switch (schema.type) {
    case 'string':
      return typeof value === 'string' || typeof value === 'number' ? value : NOT_MEANT;
    case 'integer':
    case 'number':
      // "" in a row is an empty cell (the store writes NULL).
      return typeof value === 'number' || value === '' ? value : loosely(value, schema.type);
    case 'boolean':
      return typeof value === 'boolean' ? value : loosely(value, 'boolean');
    case 'array': {
      if (!Array.isArray(value) || value.length > 10000) return NOT_MEANT;
      const items = value.map((v) => fitted(v, schema.items));
      return items.includes(NOT_MEANT) ? NOT_MEANT : items;
    }
    case 'object': {
      if (!isObject(value)) return NOT_MEANT;
      const out = { ...value };
      for (const [k, s] of Object.entries(schema.properties ?? {})) {
        if (!(k in value)) continue;
        const v = fitted(value[k], s);
        if (v === NOT_MEANT) return NOT_MEANT;
        out[k] = v;
      }
      return out;
    }
    default:
      return value;
  }
}

/**
 * Drops null and "" (a client's "not given", docs/decisions.md section 2) and reports every declared field
 * whose value has the wrong JSON type, by its label (ERR_0025: the value is not acceptable).
 */
export function normaliseRecord(
  form: FormDefinition,
  record: FormRecord,
): { record: FormRecord; failures: RuleResult[] } {
  const out: FormRecord = {};
  const failures: RuleResult[] = [];
  for (const [field, value] of Object.entries(record)) {
    if (value === null || value === '') continue;
    const schema = form.schema.properties[field] as FieldSchema | undefined;
    const kept = fitted(value, schema);
    if (kept === NOT_MEANT) {
      failures.push({ field, messageId: 'ERR_0025', args: [typeof schema?.title === 'string' ? schema.title : field] });
      continue;
    }
    out[field] = schema?.type === 'string' && typeof kept === 'number' ? String(kept) : kept;
  }
  return { record: out, failures };
}
