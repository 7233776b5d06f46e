// The declared query of a list call: the rows of the form's table within the caller's scope that
// the conditions select (`where`), with fields of other tables (`lookups`), in the declared
// order, at most `limit` + 1 (so the caller can answer 416). Table and column names come from
// definitions checked against form.schema.json (identifiers only) and are quoted by Kysely;
// condition values are always parameters. Paged lists (paging.ts) share the selection and the
// row reading.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ListCallSpec } from '../../../schemas/meta/types';
import type { Database } from '../../db/schema';
import { recordOf, type FormRecord, type Scope, type StoreShape } from '../record-store';
import { conditionOf } from './conditions';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- table names come from definitions
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns come from definitions
export type AnySelect = SelectQueryBuilder<any, any, any>;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const blank = (v: unknown) => v === undefined || v === null || v === '';
/** The alias of the n-th lookup's value in a row (not a column name a table can have). */
const lookupAlias = (n: number) => `lookup ${n}`;

export interface Listed {
  record: FormRecord;
  row: Record<string, unknown>;
}

/**
 * The rows of the table the conditions select within the scope (alias `t`, nothing selected yet),
 * or null when a condition cannot match any row.
 */
export function selectedRows(
  db: Kysely<Database>,
  shape: StoreShape,
  call: ListCallSpec,
  conditions: FormRecord,
  scope: Scope,
): AnySelect | null {
  const { table, softDelete } = shape.spec;
  let q: AnySelect = (db as unknown as AnyDb).selectFrom(`${table} as t`);
  for (const [column, value] of Object.entries(scope)) q = q.where(`t.${column}`, '=', value);
  if (softDelete) q = q.where(`t.${softDelete}`, 'is', null);
  for (const [field, declared] of Object.entries(call.where ?? {})) {
    const c = conditionOf(declared);
    const value = conditions[field];
    // A scope condition is the hook's (`scope`); a blank one selects every row.
    if (c.match === 'scope' || blank(value)) continue;
    const stored = shape.columns.get(field);
    const column = c.column ?? stored?.column;
    if (!column) throw new Error(`calls.list.where.${field}: no column (neither declared nor a store column)`);
    const text = String(value);
    // A value that cannot be in an integer column matches no row (rather than failing the query).
    if (stored?.type === 'integer' && !c.column && !/^-?\d{1,15}$/.test(text)) return null;
    const ref = `t.${column}`;
    if (c.match === 'exact') q = q.where(ref, '=', text);
    else if (c.match === 'prefix') q = q.where(ref, 'like', `${likeEscape(text)}%`);
    else if (c.match === 'contains') q = q.where(ref, 'like', `%${likeEscape(text)}%`);
    else if (c.match === 'from') q = q.where(ref, '>=', text);
    else q = q.where(ref, '<=', text);
  }
  return q;
}

/** A hook's selection of rows (docs/forms.md "Paged lists") as the rows `t`, nothing selected yet. */
export function rowsOfSelection(db: Kysely<Database>, selection: AnySelect): AnySelect {
  return (db as unknown as AnyDb).selectFrom(selection.as('t'));
}

/** The table's columns and the declared lookups of each row. */
export function withLookups(q: AnySelect, call: ListCallSpec): AnySelect {
  let out = q.selectAll('t');
  Object.values(call.lookups ?? {}).forEach((l, n) => {
    const alias = `l${n}`;
    out = out
      .leftJoin(`${l.table} as ${alias}`, `${alias}.${l.key}`, `t.${l.by}`)
      .select(`${alias}.${l.column} as ${lookupAlias(n)}`);
  });
  return out;
}

/** Each row as the form's record with its lookups. */
export function listedOf(shape: StoreShape, call: ListCallSpec, rows: Record<string, unknown>[]): Listed[] {
  const lookups = Object.keys(call.lookups ?? {});
  return rows.map((row) => {
    const record = recordOf(shape, row);
    lookups.forEach((field, n) => {
      const v = row[lookupAlias(n)];
      record[field] = v === null || v === undefined ? '' : String(v);
    });
    return { record, row };
  });
}

export async function queryRecords(
  db: Kysely<Database>,
  shape: StoreShape,
  call: ListCallSpec,
  conditions: FormRecord,
  scope: Scope,
  limit: number | undefined,
): Promise<Listed[]> {
  const selected = selectedRows(db, shape, call, conditions, scope);
  if (!selected) return [];
  let q = withLookups(selected, call);
  for (const o of call.order ?? [{ column: shape.spec.key.column }])
    q = q.orderBy(`t.${o.column}`, o.direction ?? 'asc');
  if (limit !== undefined) q = q.limit(limit + 1);
  return listedOf(shape, call, await q.execute());
}
