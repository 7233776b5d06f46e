// Rows of a generic list: keys, edited values, sorting with default directions, row styles.
import type { ListColumn, ListDefinition } from '../definitions';
import { evaluate } from '../expressions';

export type Row = Record<string, unknown>;
export type Edits = Record<string, Record<string, unknown>>;
export type Direction = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: Direction;
}

export function keyOf(def: ListDefinition, row: Row): string {
  return String(row[def.rowKey] ?? '');
}

/** The row as shown: its loaded values with the user's edits. */
export function shownRow(def: ListDefinition, row: Row, edits: Edits): Row {
  const edit = edits[keyOf(def, row)];
  return edit ? { ...row, ...edit } : row;
}

/** Whether an editable column of the row differs from its loaded value. */
export function isChanged(def: ListDefinition, row: Row, edits: Edits, column?: string): boolean {
  const edit = edits[keyOf(def, row)];
  if (!edit) return false;
  const columns = column ? [column] : Object.keys(edit);
  return columns.some((c) => c in edit && String(edit[c] ?? '') !== String(row[c] ?? ''));
}

const numeric = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : null;

export function compareValues(a: unknown, b: unknown): number {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== null && y !== null) return x - y;
  const s = a === undefined || a === null ? '' : String(a);
  const t = b === undefined || b === null ? '' : String(b);
  return s.localeCompare(t, 'ja');
}

/**
 * Rows in the order of a sort, by their loaded values: a row being edited stays where it is
 * (sorting by the edited value moved the row away after the first keystroke, and the rest of
 * the typing went to another row). A reload after saving sorts by the saved values.
 */
export function sortRows(rows: Row[], sort: SortState | null): Row[] {
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: row[sort.column] }))
    .sort((p, q) => sign * compareValues(p.value, q.value) || p.index - q.index)
    .map((e) => e.row);
}

/** A header click: a new column starts in its default direction, the same column turns round. */
export function nextSort(current: SortState | null, column: ListColumn): SortState {
  if (current?.column === column.key)
    return { column: column.key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column: column.key, direction: column.defaultDirection ?? 'asc' };
}

const dateOf = (v: unknown) => (typeof v === 'string' ? v.replace(/\//g, '-').slice(0, 10) : '');

/** The row styles whose condition holds, with their labels. */
export function rowStylesOf(
  def: ListDefinition,
  row: Row,
  edits: Edits,
  context: Record<string, unknown>,
): NonNullable<ListDefinition['rowStyles']> {
  const out: NonNullable<ListDefinition['rowStyles']> = [];
  for (const style of def.rowStyles ?? []) {
    const w = style.when;
    let holds = true;
    if (w.changed !== undefined) holds &&= isChanged(def, row, edits, w.changed);
    if (w.field !== undefined) {
      const value = shownRow(def, row, edits)[w.field];
      if ('equals' in w) holds &&= String(value ?? '') === String(evaluate(w.equals, { context }) ?? '');
      if (w.before !== undefined)
        holds &&= dateOf(value) !== '' && dateOf(value) < dateOf(evaluate(w.before, { context }));
      if (w.after !== undefined)
        holds &&= dateOf(value) !== '' && dateOf(value) > dateOf(evaluate(w.after, { context }));
    }
    if (holds) out.push(style);
  }
  return out;
}
