// COPY through Kysely (api/db/copy-rows.ts), on the database the suite runs on (PGlite, or
// PostgreSQL with DATABASE_URL): values come back as written, a failing COPY fails its
// transaction and leaves the connection usable, FREEZE is asked for as told.
import t from 'tap';
import { sql, type Kysely } from 'kysely';
import { CopyWriter, copyRows } from '../../api/db/copy-rows';
import { openTestDatabase } from '../helpers/test-db';

const COLUMNS = ['id', 'label', 'keys'];

interface Row {
  id: number;
  label: string;
  keys: number[];
}

function data(rows: readonly Row[]): Buffer {
  const out = new CopyWriter();
  for (const r of rows) {
    out.row(COLUMNS.length);
    out.int4(r.id);
    out.text(r.label);
    out.int4Array(r.keys);
  }
  return out.finish();
}

t.test('copyRows', async (t) => {
  const h = await openTestDatabase();
  t.teardown(h.close);
  const db = h.db as unknown as Kysely<unknown>;
  await sql`create table copy_probe (id integer primary key, label text not null, keys integer[] not null)`.execute(db);
  const read = async () =>
    (await sql<Row>`select id, label, keys from copy_probe order by id`.execute(db)).rows.map((r) => ({ ...r }));

  const rows: Row[] = [
    { id: 1, label: '', keys: [] },
    { id: 2, label: 'tab\there, line\nend, back\\slash, "quoted"', keys: [-2147483648, 0, 2147483647] },
    { id: 3, label: '𠮷野家 😀 ｶﾀｶﾅ', keys: [1, 2, 3] },
    // Larger than the buffer's first size and than one CopyData message (1 MB).
    { id: 4, label: '稟議'.repeat(600_000), keys: Array.from({ length: 5000 }, (_, i) => i * 7 - 9000) },
  ];

  await t.test('values come back as written', async (t) => {
    await copyRows(db, 'copy_probe', COLUMNS, data(rows));
    t.same(await read(), rows, 'empty and extreme values, escapes, 4-byte characters, several megabytes');
  });

  await t.test('a failing COPY fails its transaction; the connection is usable after', async (t) => {
    const duplicate = data([{ id: 5, label: 'new', keys: [5] }, rows[1]!]);
    const err = await db
      .transaction()
      .execute(async (trx) => {
        await sql`delete from copy_probe where id = 1`.execute(trx);
        await copyRows(trx, 'copy_probe', COLUMNS, duplicate);
      })
      .then(
        () => null,
        (e: unknown) => e as { code?: string },
      );
    t.equal(err?.code, '23505', 'the unique violation is the error');
    t.same(await read(), rows, 'nothing of the transaction is left');
  });

  await t.test('the text format: whole lines as another COPY writes them', async (t) => {
    const lines = Buffer.from('10\ttab\\there\t{1,2}\n11\tback\\\\slash\t{}\n', 'utf8');
    await copyRows(db, 'copy_probe', COLUMNS, lines, { format: 'text' });
    t.same(
      (await read()).filter((r) => r.id >= 10),
      [
        { id: 10, label: 'tab\there', keys: [1, 2] },
        { id: 11, label: 'back\\slash', keys: [] },
      ],
      'escapes read as COPY reads them',
    );
    await sql`delete from copy_probe where id >= 10`.execute(db);
  });

  await t.test('FREEZE: taken after a truncate in the transaction, refused without', async (t) => {
    await db.transaction().execute(async (trx) => {
      await sql`truncate copy_probe`.execute(trx);
      await copyRows(trx, 'copy_probe', COLUMNS, data(rows.slice(0, 2)), { freeze: true });
    });
    t.same(await read(), rows.slice(0, 2), 'written frozen');
    await t.rejects(
      db.transaction().execute((trx) => copyRows(trx, 'copy_probe', COLUMNS, data([rows[2]!]), { freeze: true })),
      /FREEZE/,
      'the database refuses FREEZE into a table it did not truncate in the transaction',
    );
  });
});
