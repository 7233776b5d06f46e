// The parts of a declared form's record kept beside its row (docs/forms.md, "Storage"): one-to-one
// extension tables keyed by the record's key, and child rows of list fields (with their files).
// The row itself and the shape of the store are record-store.ts.
import type { Kysely } from 'kysely';
import type { Attach } from '../files/attach';
import { problem } from '../http/problems';
import type { Database } from '../db/schema';
import type { FormDefinition } from '../../schemas/meta/types';
import {
  anyDb,
  fromColumn,
  toColumn,
  type FormRecord,
  type RecordId,
  type RowsShape,
  type StoreShape,
} from './record-store';

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
