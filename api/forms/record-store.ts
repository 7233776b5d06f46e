// The generic storage of a declared form (docs/decisions.md section 6): a record is one row of
// `store.table`. Fields named in `store.columns` have columns of their own (what the domain reads
// in SQL: titles, periods, targets); every other field the form's schema declares is kept in the
// JSON column `store.extra`, so a field an analyst adds to the definition is saved and read back
// with no TypeScript. Fields a hook stores itself (child rows, files) are left to the hook.
// Table and column names come from definitions checked against form.schema.json (identifiers
// only) and are quoted by Kysely; values are always parameters.
import { sql, type Kysely } from 'kysely';
import type { FormDefinition, StoreColumn, StoreSpec } from '../../schemas/meta/types';
import type { Attach } from '../files/attach';
import { problem } from '../http/problems';
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
function toColumn(value: unknown, type: Column['type']): unknown {
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
function fromColumn(value: unknown, type: Column['type']): unknown {
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
const anyDb = (db: Kysely<Database>) => db as unknown as AnyDb;

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

/** Writes the record's one-to-one extension rows (insert or update by key). */
export async function writeExtensions(
  db: Kysely<Database>,
  shape: StoreShape,
  id: RecordId,
  record: FormRecord,
): Promise<void> {
  for (const x of shape.extensions) {
    const values: Record<string, unknown> = {};
    for (const [field, c] of x.columns) values[c.column] = toColumn(record[field], c.type);
    await anyDb(db)
      .insertInto(x.table)
      .values({ ...values, [x.key]: id })
      .onConflict((oc) => oc.column(x.key).doUpdateSet(values))
      .execute();
  }
}

/** Adds the extension rows' fields to a loaded record. */
export async function readExtensions(
  db: Kysely<Database>,
  shape: StoreShape,
  id: RecordId,
  record: FormRecord,
): Promise<void> {
  for (const x of shape.extensions) {
    const row = await anyDb(db).selectFrom(x.table).selectAll().where(x.key, '=', id).executeTakeFirst();
    for (const [field, c] of x.columns) record[field] = fromColumn(row?.[c.column], c.type);
  }
}

const isRow = (v: unknown): v is FormRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a save of rows with file columns needs: the transaction's attach, the form (its file rules) and the discard of replaced files. */
export interface RowFiles {
  attach: Attach;
  form: FormDefinition;
  discard: (storageKey: string) => void;
}

type StoredFile = { name: string; key: string; type: string };

/** The files the record's rows hold now, per file column, by name (a row keeps its file when its name is unchanged). */
async function storedFiles(
  db: Kysely<Database>,
  x: RowsShape,
  id: RecordId,
): Promise<Map<string, Map<string, StoredFile>>> {
  const out = new Map<string, Map<string, StoredFile>>();
  const files = [...x.columns].filter(([, c]) => c.type === 'file');
  if (files.length === 0) return out;
  const rows = (await anyDb(db).selectFrom(x.table).selectAll().where(x.key, '=', id).execute()) as Record<
    string,
    unknown
  >[];
  for (const [field, c] of files) {
    const byName = new Map<string, StoredFile>();
    for (const r of rows)
      byName.set(String(r[`${c.column}_name`]), {
        name: String(r[`${c.column}_name`]),
        key: String(r[`${c.column}_key`]),
        type: String(r[`${c.column}_type`]),
      });
    out.set(field, byName);
  }
  return out;
}

/**
 * Replaces the record's child rows of each `rows` list (of its kind) by the record's lists, in
 * their order. A file column takes a new upload (checked by the form's rules for that field and
 * stored through `files.attach`) or keeps the stored file of the same name; files no row keeps
 * any more are discarded after the commit.
 */
export async function writeChildRows(
  db: Kysely<Database>,
  shape: StoreShape,
  id: RecordId,
  record: FormRecord,
  files?: RowFiles,
): Promise<void> {
  const kept = new Set<string>();
  const before = new Map<RowsShape, Map<string, Map<string, StoredFile>>>();
  for (const x of shape.rows) before.set(x, await storedFiles(db, x, id));
  for (const x of shape.rows) {
    let del = anyDb(db).deleteFrom(x.table).where(x.key, '=', id);
    if (x.kind) del = del.where(x.kind.column, '=', x.kind.value);
    await del.execute();
    const list = Array.isArray(record[x.field]) ? (record[x.field] as unknown[]).filter(isRow) : [];
    const values: Record<string, unknown>[] = [];
    for (const [index, row] of list.entries()) {
      const v: Record<string, unknown> = { [x.key]: id };
      if (x.position) v[x.position] = index + 1;
      if (x.kind) v[x.kind.column] = x.kind.value;
      for (const [field, c] of x.columns) {
        if (c.type !== 'file') {
          v[c.column] = toColumn(row[field], c.type);
          continue;
        }
        const entry = isRow(row[field]) ? row[field] : {};
        let file: StoredFile | undefined;
        if (typeof entry.uploadId === 'string' && entry.uploadId !== '') {
          if (!files) throw new Error(`rows ${x.field}: a file column needs the save's attach`);
          const [stored] = await files.attach({
            form: files.form,
            field: `${x.field}.0.${field}`,
            uploadIds: [entry.uploadId],
            keyPrefix: `${x.filePrefix}/${String(id)}/${c.column}`,
          });
          if (!stored) throw new Error(`rows ${x.field}: the upload was not attached`);
          file = { name: stored.fileName, key: stored.storageKey, type: stored.contentType };
        } else if (typeof entry.fileName === 'string') {
          file =
            before.get(x)?.get(field)?.get(entry.fileName) ??
            [...before.values()]
              .flatMap((m) => [...(m.get(field)?.values() ?? [])])
              .find((f) => f.name === entry.fileName);
        }
        // The rules require the file; a name that is neither uploaded nor stored is not there.
        if (!file) throw problem.validation([{ messageId: 'ERR_0009', args: [String(entry.fileName ?? field)] }]);
        kept.add(file.key);
        Object.assign(v, {
          [`${c.column}_name`]: file.name,
          [`${c.column}_key`]: file.key,
          [`${c.column}_type`]: file.type,
        });
      }
      values.push(v);
    }
    if (values.length) await anyDb(db).insertInto(x.table).values(values).execute();
  }
  for (const m of before.values())
    for (const byName of m.values()) for (const f of byName.values()) if (!kept.has(f.key)) files?.discard(f.key);
}

/** The storage keys of the files the record's child rows hold (deleted with the record). */
export async function childFileKeys(db: Kysely<Database>, shape: StoreShape, id: RecordId): Promise<string[]> {
  const keys = new Set<string>();
  for (const x of shape.rows)
    for (const byName of (await storedFiles(db, x, id)).values()) for (const f of byName.values()) keys.add(f.key);
  return [...keys];
}

/** Adds the child rows of each `rows` list to a loaded record, as the wire shows them. */
export async function readChildRows(
  db: Kysely<Database>,
  shape: StoreShape,
  id: RecordId,
  record: FormRecord,
): Promise<void> {
  for (const x of shape.rows) {
    let q = anyDb(db).selectFrom(x.table).selectAll().where(x.key, '=', id);
    if (x.kind) q = q.where(x.kind.column, '=', x.kind.value);
    for (const column of x.order) q = q.orderBy(column);
    const found = (await q.execute()) as Record<string, unknown>[];
    record[x.field] = found.map((row) =>
      Object.fromEntries(
        [...x.columns].map(([field, c]) => [
          field,
          c.type === 'file' ? { fileName: String(row[`${c.column}_name`] ?? '') } : fromColumn(row[c.column], c.type),
        ]),
      ),
    );
  }
}
