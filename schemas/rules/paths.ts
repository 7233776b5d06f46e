// Field paths of the rule engine. A path names a value in the record with dots; `[]` stands for
// "each element of this list", so `contentsLinkList[].url` is the url of every link row. A rule
// that names several paths binds them row by row: in a rule about `list[].url` and
// `list[].caption`, both refer to the same row. Concrete paths use the index: `list.0.url`.

/** One value a pattern points at: its concrete path, the value, and the list indexes used. */
export interface Resolved {
  path: string;
  value: unknown;
  indexes: number[];
}

function segments(pattern: string): string[] {
  // "a.b[].c" → ["a", "b", "[]", "c"]
  return pattern
    .replace(/\[\]/g, '.[]')
    .split('.')
    .filter((s) => s !== '');
}

function child(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return /^\d+$/.test(key) ? value[Number(key)] : undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Every value the pattern points at. `bound` fixes the first `[]` positions (row binding);
 * the remaining ones are expanded over the list. A missing list yields no values, and a
 * missing plain field yields one undefined value (so "required" can report it).
 */
export function resolve(record: unknown, pattern: string, bound: readonly number[] = []): Resolved[] {
  const segs = segments(pattern);
  let states: Resolved[] = [{ path: '', value: record, indexes: [] }];
  let listDepth = 0;
  for (const seg of segs) {
    const next: Resolved[] = [];
    for (const s of states) {
      if (seg === '[]') {
        const fixed = bound[listDepth];
        if (fixed !== undefined) {
          next.push({
            path: join(s.path, String(fixed)),
            value: child(s.value, String(fixed)),
            indexes: [...s.indexes, fixed],
          });
        } else if (Array.isArray(s.value)) {
          s.value.forEach((v, i) => next.push({ path: join(s.path, String(i)), value: v, indexes: [...s.indexes, i] }));
        }
      } else {
        next.push({ path: join(s.path, seg), value: child(s.value, seg), indexes: s.indexes });
      }
    }
    if (seg === '[]') listDepth++;
    states = next;
  }
  return states;
}

/** The single value at a pattern with the given row binding (first match). */
export function valueAt(record: unknown, pattern: string, bound: readonly number[] = []): unknown {
  return resolve(record, pattern, bound)[0]?.value;
}

const join = (a: string, b: string) => (a === '' ? b : `${a}.${b}`);

/** Whether a concrete path (`list.0.url`) is an instance of a pattern (`list[].url`). */
export function matchesPattern(path: string, pattern: string): boolean {
  const p = segments(pattern);
  const c = path.split('.').filter((s) => s !== '');
  if (p.length !== c.length) return false;
  return p.every((seg, i) => (seg === '[]' ? /^\d+$/.test(c[i] ?? '') : seg === c[i]));
}

/** The list indexes of a concrete path: `a.2.b.0.c` → [2, 0]. */
export function indexesOf(path: string): number[] {
  return path
    .split('.')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
}

/** The pattern's field names without list markers, for looking them up in a JSON Schema. */
export function patternSegments(pattern: string): string[] {
  return segments(pattern);
}
