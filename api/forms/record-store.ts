// The generic storage of a declared form (docs/decisions.md section 6): a record is one row of
// `store.table`. Fields named in `store.columns` have columns of their own (what the domain reads
// in SQL: titles, periods, targets); every other field the form's schema declares is kept in the
// JSON column `store.extra`, so a field an analyst adds to the definition is saved and read back
// with no TypeScript. Fields a hook stores itself (child rows, files) are left to the hook.
// Table and column names come from definitions checked against form.schema.json (identifiers
// only) and are quoted by Kysely; values are always parameters.
import { sql, type Kysely } from 'kysely';
import type { FormDefinition, StoreColumn, StoreSpec } from '../../schemas/meta/types';
import type { Database } from '../db/schema';

export type FormRecord = Record<string, unknown>;
export type RecordId = number | string;

interface Column {
  column: string;
  type: 'text' | 'integer' | 'date' | 'datetime' | 'boolean' | 'file';
}

const columnOf = (c: StoreColumn | { column: string; type: 'file' }): Column =>
  typeof c === 'string' ? { column: c, type: 'text' } : { column: c.column, type: c.type ?? 'text' };

/** The store of a form; throws for a form without one (a definition error, found at start-up). */
export function storeOf(form: FormDefinition): StoreSpec {
  if (!form.store) throw new Error(`form ${form.id} has no store`);
  return form.store;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A field value as its column wants it; '' and null are NULL for integer and date columns. */
export function toColumn(value: unknown, type: Column['type']): unknown {
  switch (type) {
    case 'integer': {
      if (blank(value)) return null;
      const n = typeof value === 'number' ? value : Number(String(value));
      return Number.isSafeInteger(n) ? n : null;
    }
    case 'date':
      return blank(value) ? null : String(value).replaceAll('/', '-').slice(0, 10);
    case 'datetime': {
      // yyyy-MM-ddTHH:mm on the wire is Tokyo time.
      if (blank(value)) return null;
      const d = new Date(`${String(value).replaceAll('/', '-').slice(0, 16)}:00+09:00`);
      return Number.isNaN(d.getTime()) ? null : d;
    }
    case 'boolean':
      return value === true || value === 'true' || value === '1';
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

const TOKYO_MS = 9 * 3600 * 1000;

/** A column value as the wire shows it: ids and codes as strings (select values), dates yyyy-MM-dd. */
export function fromColumn(value: unknown, type: Column['type']): unknown {
  if (value === null || value === undefined) return type === 'boolean' ? false : '';
  if (type === 'boolean') return value === true;
  if (type === 'datetime' && value instanceof Date)
    return new Date(value.getTime() + TOKYO_MS).toISOString().slice(0, 16);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

export interface ExtensionShape {
  table: string;
  key: string;
  columns: Map<string, Column>;
}

export interface RowsShape {
  field: string;
  table: string;
  key: string;
  kind?: { column: string; value: string };
  order: string[];
  columns: Map<string, Column>;
  filePrefix: string;
  /** The column of each row's place in the list (1, 2, …), if the list keeps one. */
  position?: string;
}

export interface StoreShape {
  spec: StoreSpec;
  columns: Map<string, Column>;
  /** One-to-one tables keyed by the record's key (an event's date, a skill-up content's phase). */
  extensions: ExtensionShape[];
  /** One-to-many child rows: list fields kept in child tables (a setting's current and scheduled lists). */
  rows: RowsShape[];
  /** Declared fields kept in the JSON column. */
  extraFields: string[];
}

/** Which declared fields go where, given the fields a hook stores itself. */
export function storeShape(form: FormDefinition, hookFields: readonly string[] = []): StoreShape {
  const spec = storeOf(form);
  const columns = new Map(Object.entries(spec.columns).map(([field, c]) => [field, columnOf(c)]));
  const extensions = (spec.also ?? []).map((x) => ({
    table: x.table,
    key: x.key,
    columns: new Map(Object.entries(x.columns).map(([field, c]) => [field, columnOf(c)])),
  }));
  const rows = (spec.rows ?? []).map((x) => ({
    field: x.field,
    table: x.table,
    key: x.key,
    kind: x.kind,
    order: x.order ?? (x.position ? [x.position] : []),
    position: x.position,
    columns: new Map(Object.entries(x.columns).map(([field, c]) => [field, columnOf(c)])),
    filePrefix: x.filePrefix ?? spec.table,
  }));
  const owned = new Set([
    spec.key.field,
    ...columns.keys(),
    ...extensions.flatMap((x) => [...x.columns.keys()]),
    ...rows.map((x) => x.field),
    ...hookFields,
  ]);
  const extraFields = spec.extra ? Object.keys(form.schema.properties).filter((f) => !owned.has(f)) : [];
  return { spec, columns, extensions, rows, extraFields };
}

/** The row values of a record: its column fields, plus the JSON of the other declared fields. */
export function rowValues(
  shape: StoreShape,
  record: FormRecord,
  computed: Record<string, unknown> = {},
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, c] of shape.columns)
    if (field in record || c.type === 'boolean') row[c.column] = toColumn(record[field], c.type);
  if (shape.spec.extra) {
    const extra: Record<string, unknown> = {};
    for (const f of shape.extraFields) if (record[f] !== undefined) extra[f] = record[f];
    row[shape.spec.extra] = JSON.stringify(extra);
  }
  return { ...row, ...computed };
}

/** The record with every column field it lacks as empty (but those the store keeps when absent): a save is of the whole record and clears what was left empty. */
export function completeRecord(shape: StoreShape, record: FormRecord): FormRecord {
  const out = { ...record };
  const kept = new Set(shape.spec.keepsAbsent ?? []);
  for (const field of shape.columns.keys()) if (!(field in out) && !kept.has(field)) out[field] = '';
  return out;
}

/** A row as a record: the key, the column fields and the JSON column's fields. */
export function recordOf(shape: StoreShape, row: Record<string, unknown>): FormRecord {
  const extra = shape.spec.extra ? row[shape.spec.extra] : undefined;
  const record: FormRecord = {};
  if (extra && typeof extra === 'object')
    for (const f of shape.extraFields) if (f in (extra as FormRecord)) record[f] = (extra as FormRecord)[f];
  for (const [field, c] of shape.columns) record[field] = fromColumn(row[c.column], c.type);
  record[shape.spec.key.field] = String(row[shape.spec.key.column]);
  return record;
}

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- table names come from definitions
export const anyDb = (db: Kysely<Database>) => db as unknown as AnyDb;

/** Conditions every read and write of the form adds (e.g. the content category of the record). */
export type Scope = Record<string, unknown>;

function scoped<Q extends { where: (c: string, op: '=' | 'is', v: unknown) => Q }>(
  q: Q,
  shape: StoreShape,
  scope: Scope,
): Q {
  let out = q;
  for (const [column, value] of Object.entries(scope)) out = out.where(column, '=', value);
  if (shape.spec.softDelete) out = out.where(shape.spec.softDelete, 'is', null);
  return out;
}

/** One row by key within the scope, or undefined (also for a key that is not a number where the key is serial). */
export async function loadRow(
  db: Kysely<Database>,
  shape: StoreShape,
  id: RecordId,
  scope: Scope = {},
): Promise<Record<string, unknown> | undefined> {
  const { table, key } = shape.spec;
  const q = anyDb(db).selectFrom(table).selectAll().where(key.column, '=', id);
  return await scoped(q, shape, scope).executeTakeFirst();
}

/** Inserts a row; answers its key. */
export async function insertRow(
  db: Kysely<Database>,
  shape: StoreShape,
  values: Record<string, unknown>,
): Promise<RecordId> {
  const { table, key } = shape.spec;
  const row = (await anyDb(db)
    .insertInto(table)
    .values(values)
    .returning(key.column)
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  return row[key.column] as RecordId;
}

/** Updates a row within the scope; false when there was none. */
export async function updateRow(
  db: Kysely<Database>,
  shape: StoreShape,
  id: RecordId,
  values: Record<string, unknown>,
  scope: Scope = {},
): Promise<boolean> {
  const { table, key, updatedAt } = shape.spec;
  const set = updatedAt ? { ...values, [updatedAt]: sql`now()` } : values;
  // A record whose fields all live in child rows (the one-stop block) has no column to set.
  if (Object.keys(set).length === 0) return (await loadRow(db, shape, id, scope)) !== undefined;
  const q = anyDb(db).updateTable(table).set(set).where(key.column, '=', id);
  const r = await scoped(q, shape, scope).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes a row within the scope (soft when the store says so); false when there was none. */
export async function deleteRow(
  db: Kysely<Database>,
  shape: StoreShape,
  id: RecordId,
  at: Date,
  scope: Scope = {},
): Promise<boolean> {
  const { table, key, softDelete } = shape.spec;
  if (softDelete)
    return updateRow(db, { ...shape, spec: { ...shape.spec, updatedAt: undefined } }, id, { [softDelete]: at }, scope);
  let q = anyDb(db).deleteFrom(table).where(key.column, '=', id);
  for (const [column, value] of Object.entries(scope)) q = q.where(column, '=', value);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
