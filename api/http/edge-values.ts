// What every request value must be before a route sees it (docs/decisions.md section 2, docs/wire-contract.md
// "Requests"), as pure functions: the request-edge plugin applies them to every route, and the
// few routes that read their own body (multipart, tus metadata) call them directly.

/**
 * Control characters a text field never needs: the C0 range but TAB, LF and CR. PostgreSQL
 * refuses NUL in text and jsonb, so letting one through would be a 500 at the first SQL.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/**
 * Half of a surrogate pair alone (JSON may carry "\ud800"): no character at all. PostgreSQL's
 * jsonb refuses its escape, so it is refused with the control characters.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasControlCharacter = (s: string): boolean => CONTROL_CHARACTER.test(s) || LONE_SURROGATE.test(s);

/**
 * The wire path (`agUserData.bikou1`, `ids.2`, `body`) of the first string — value or key —
 * holding a control character, or null when there is none. Walks objects and arrays.
 */
export function controlCharacterPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], join(path, String(i)));
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      if (hasControlCharacter(key)) return path || 'body';
      const found = controlCharacterPath(v, join(path, key));
      if (found) return found;
    }
  }
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** A validation error as Ajv reports it (the part this module reads). */
export interface SchemaError {
  instancePath: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

const unescapePointer = (s: string) => s.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * "null and "" mean not given": removes every object property whose value is null or "" and that
 * the schema refused (an error at its path). A field whose schema accepts null or "" keeps it;
 * a required field so removed is reported missing (ERR_0001) by the next validation. Array
 * items are left alone (removing one would shift the others). Returns how many were removed.
 */
export function dropRefusedEmpties(body: unknown, errors: readonly SchemaError[]): number {
  let removed = 0;
  for (const e of errors) {
    const keys = e.instancePath.split('/').slice(1).map(unescapePointer);
    if (keys.length === 0) continue;
    let parent: unknown = body;
    for (const k of keys.slice(0, -1))
      parent = typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>)[k] : undefined;
    const last = keys.at(-1);
    if (
      last === undefined ||
      typeof parent !== 'object' ||
      parent === null ||
      Array.isArray(parent) ||
      !Object.hasOwn(parent, last)
    )
      continue;
    const record = parent as Record<string, unknown>;
    if (record[last] === null || record[last] === '') {
      delete record[last];
      removed++;
    }
  }
  return removed;
}

/** What `loosely` answers when a value is not one a loose client could have meant. */
export const NOT_MEANT: unique symbol = Symbol('not meant');

const INTEGER_TEXT = /^-?[0-9]{1,16}$/;
const NUMBER_TEXT = /^-?[0-9]{1,16}(\.[0-9]{1,16})?$/;

/**
 * The number or flag a loose client meant (docs/wire-contract.md, "Requests"): digits for an
 * integer ("12" → 12), digits with a decimal part for a number, "true"/"false" and the flags
 * 1/0 ("1"/"0") for a boolean. Anything else is NOT_MEANT, and the schema's refusal stands:
 * "abc", "1.5" for an integer, "1e3", " 1", "" are not numbers here.
 */
export function loosely(value: unknown, type: 'integer' | 'number' | 'boolean'): unknown {
  if (type === 'boolean') {
    if (value === 'true' || value === 1 || value === '1') return true;
    if (value === 'false' || value === 0 || value === '0') return false;
    return NOT_MEANT;
  }
  if (typeof value !== 'string' || !(type === 'integer' ? INTEGER_TEXT : NUMBER_TEXT).test(value)) return NOT_MEANT;
  const n = Number(value);
  return type === 'integer' ? (Number.isSafeInteger(n) ? n : NOT_MEANT) : n;
}

const LOOSE_TYPES = ['integer', 'number', 'boolean'] as const;

/**
 * "A number may come as digits, a flag as true/false or 1/0": replaces every value the schema
 * refused for its JSON type (an Ajv `type` error at its path) by the number or flag it meant,
 * when it meant one (`loosely`). Objects and array items alike. Returns how many were replaced.
 */
export function meantScalars(body: unknown, errors: readonly SchemaError[]): number {
  let replaced = 0;
  for (const e of errors) {
    if (e.keyword !== 'type') continue;
    const keys = e.instancePath.split('/').slice(1).map(unescapePointer);
    if (keys.length === 0) continue;
    let parent: unknown = body;
    for (const k of keys.slice(0, -1))
      parent = typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>)[k] : undefined;
    const last = keys.at(-1);
    if (last === undefined || typeof parent !== 'object' || parent === null || !Object.hasOwn(parent, last)) continue;
    const holder = parent as Record<string, unknown>;
    const wanted = String([e.params?.type].flat().join(',')).split(',');
    for (const type of LOOSE_TYPES) {
      if (!wanted.includes(type)) continue;
      const meant = loosely(holder[last], type);
      if (meant === NOT_MEANT) continue;
      holder[last] = meant;
      replaced++;
      break;
    }
  }
  return replaced;
}
