// What every request value must be before a route sees it (DESIGN.md section 4, docs/wire-contract.md
// "Requests"), as pure functions: the request-edge plugin applies them to every route, and the
// few routes that read their own body (multipart, tus metadata) call them directly.

/**
 * Control characters a text field never needs: the C0 range but TAB, LF and CR. PostgreSQL
 * refuses NUL in text and jsonb, so letting one through would be a 500 at the first SQL.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const hasControlCharacter = (s: string): boolean => CONTROL_CHARACTER.test(s);

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
}

/** Whether an object or array holds null or "" anywhere (the cheap test before any work). */
export function holdsEmpty(value: unknown): boolean {
  if (value === null || value === '') return true;
  if (typeof value !== 'object') return false;
  return Object.values(value as object).some(holdsEmpty);
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
    for (const k of keys.slice(0, -1)) parent = typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>)[k] : undefined;
    const last = keys[keys.length - 1];
    if (typeof parent !== 'object' || parent === null || Array.isArray(parent) || !Object.hasOwn(parent, last)) continue;
    const record = parent as Record<string, unknown>;
    if (record[last] === null || record[last] === '') {
      delete record[last];
      removed++;
    }
  }
  return removed;
}
