// The change an audit row records, field by field, as the viewer shows it (docs/audit.md): each
// field whose value differs between before and after, labelled by the caller, with a line diff
// for text of several lines. The line diff is a plain longest-common-subsequence over lines after
// the common head and tail are cut off: records are small, so O(n·m) on what remains is cheap, and
// it needs no package (a larger text falls back to "all removed, all added").
import type { AuditChangeWire } from '../../schemas/wire/audit';
import { canonicalJson } from './chain';

type DiffLine = NonNullable<AuditChangeWire['lines']>[number];

/** Above this many differing lines on both sides together the LCS table is not built. */
const LCS_LIMIT = 4000;

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.split(/\r?\n/);
  const b = after === '' ? [] : after.split(/\r?\n/);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const same = (lines: string[]) => lines.map((text): DiffLine => ({ op: 'same', text }));
  const middle: DiffLine[] = [];
  if (x.length + y.length > LCS_LIMIT) {
    middle.push(...x.map((text): DiffLine => ({ op: 'removed', text })));
    middle.push(...y.map((text): DiffLine => ({ op: 'added', text })));
  } else {
    // lcs[i][j]: the longest common subsequence of x[i..] and y[j..].
    const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
    for (let i = x.length - 1; i >= 0; i--)
      for (let j = y.length - 1; j >= 0; j--)
        lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        middle.push({ op: 'same', text: x[i]! });
        i++;
        j++;
      } else if (i < x.length && (j === y.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!))
        // Removed lines before added ones, as a reader expects "from … to …".
        middle.push({ op: 'removed', text: x[i++]! });
      else middle.push({ op: 'added', text: y[j++]! });
    }
  }
  return [...same(a.slice(0, head)), ...middle, ...same(a.slice(a.length - tail))];
}

/** A value as text: strings as they are, lists one item a line, objects as JSON with sorted keys. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'はい' : 'いいえ';
  if (Array.isArray(v)) return v.map((item) => (typeof item === 'string' ? item : canonicalJson(item))).join('\n');
  if (typeof v === 'object') return canonicalJson(v);
  return String(v);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Long text: several lines, or more than fits a table cell. */
const isLong = (s: string) => s.includes('\n') || s.length > 200;

/**
 * The fields that differ, in the order the form declares them (`order`), then the others by key;
 * a value the form offers as a choice is shown by the choice's label (`choice`).
 * A value that is not a record (an import's summary as a string) is one field "value".
 */
export function fieldChanges(
  before: unknown,
  after: unknown,
  label: (field: string) => string,
  order: readonly string[] = [],
  choice: (field: string, value: unknown) => string | undefined = () => undefined,
): AuditChangeWire[] {
  const b = isRecord(before) ? before : before === null || before === undefined ? {} : { value: before };
  const a = isRecord(after) ? after : after === null || after === undefined ? {} : { value: after };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i < 0 ? order.length : i;
  };
  keys.sort((x, y) => rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0));
  const out: AuditChangeWire[] = [];
  for (const field of keys) {
    if (canonicalJson(b[field]) === canonicalJson(a[field])) continue;
    const beforeText = choice(field, b[field]) ?? valueText(b[field]);
    const afterText = choice(field, a[field]) ?? valueText(a[field]);
    if (beforeText === afterText) continue; // null against '' : no change a person would see
    const change: AuditChangeWire = { field, label: label(field), before: beforeText, after: afterText };
    if (isLong(beforeText) || isLong(afterText)) change.lines = lineDiff(beforeText, afterText);
    out.push(change);
  }
  return out;
}
