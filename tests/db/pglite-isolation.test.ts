// PGlite is a single connection: the dialect (api/db/pglite-dialect.ts) must keep concurrent
// transactions and plain queries from interleaving on it, or a rollback would also undo the
// other's work (the failure of kysely-pglite). The same scenario runs on PostgreSQL when
// DATABASE_URL is set, as a reference.
import t, { type Test } from 'tap';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../api/db/connect';
import { openTestDatabase } from '../helpers/test-db';

interface Scratch {
  isolation_probe: { id: number; who: string };
}

class Planned extends Error {}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function scenario(t: Test, db: Kysely<Scratch>) {
  await sql`create table isolation_probe (id integer primary key, who text not null)`.execute(db);

  t.test('a failing transaction leaves nothing behind; a concurrent committed one keeps its row', async (t) => {
    const [failed, committed] = await Promise.allSettled([
      db.transaction().execute(async (trx) => {
        await trx.insertInto('isolation_probe').values({ id: 1, who: 'rolled back' }).execute();
        await tick();
        await trx.selectFrom('isolation_probe').select('id').execute();
        throw new Planned('roll back');
      }),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('isolation_probe').values({ id: 2, who: 'committed' }).execute();
        await tick();
        return (await trx.selectFrom('isolation_probe').select('id').where('id', '=', 2).execute()).length;
      }),
    ]);
    t.equal(failed.status, 'rejected');
    t.ok(
      failed.status === 'rejected' && failed.reason instanceof Planned,
      'the planned error comes back to the caller',
    );
    t.same(committed, { status: 'fulfilled', value: 1 }, 'the other transaction sees its own row');
    const rows = await db.selectFrom('isolation_probe').select(['id', 'who']).orderBy('id').execute();
    t.same(rows, [{ id: 2, who: 'committed' }]);
  });

  t.test('20 rounds of failing and committing transactions interleaved with plain queries', async (t) => {
    await db.deleteFrom('isolation_probe').execute();
    for (let round = 0; round < 20; round++) {
      const base = 1000 + round * 10;
      const results = await Promise.allSettled([
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('isolation_probe')
            .values({ id: base + 1, who: 'rollback' })
            .execute();
          await tick();
          await trx
            .insertInto('isolation_probe')
            .values({ id: base + 2, who: 'rollback' })
            .execute();
          throw new Planned(`round ${round}`);
        }),
        db
          .insertInto('isolation_probe')
          .values({ id: base + 3, who: 'plain' })
          .execute(),
        db.transaction().execute(async (trx) => {
          await tick();
          await trx
            .insertInto('isolation_probe')
            .values({ id: base + 4, who: 'commit' })
            .execute();
          await trx
            .updateTable('isolation_probe')
            .set({ who: 'commit+' })
            .where('id', '=', base + 4)
            .execute();
        }),
        db
          .selectFrom('isolation_probe')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        // A transaction that fails on the database itself (duplicate key) rolls back its first insert.
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('isolation_probe')
            .values({ id: base + 5, who: 'dup' })
            .execute();
          await trx
            .insertInto('isolation_probe')
            .values({ id: base + 5, who: 'dup' })
            .execute();
        }),
        db
          .insertInto('isolation_probe')
          .values({ id: base + 6, who: 'plain' })
          .execute(),
      ]);
      t.same(
        results.map((r) => r.status),
        ['rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
        `round ${round}: the planned failures fail, the rest succeed`,
      );
      const rows = await db
        .selectFrom('isolation_probe')
        .select(['id', 'who'])
        .where('id', '>', base)
        .where('id', '<', base + 10)
        .orderBy('id')
        .execute();
      t.same(
        rows,
        [
          { id: base + 3, who: 'plain' },
          { id: base + 4, who: 'commit+' },
          { id: base + 6, who: 'plain' },
        ],
        `round ${round}: only the committed and plain rows are there`,
      );
    }
    const total = await db
      .selectFrom('isolation_probe')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    t.equal(Number(total.n), 60, '3 rows a round');
  });

  t.test('the connection is usable after a failed statement outside a transaction', async (t) => {
    await t.rejects(db.insertInto('isolation_probe').values({ id: 1003, who: 'duplicate' }).execute());
    const row = await db.selectFrom('isolation_probe').select('who').where('id', '=', 1003).executeTakeFirstOrThrow();
    t.equal(row.who, 'plain');
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('isolation_probe').values({ id: 9999, who: 'after' }).execute();
    });
    t.ok(await db.selectFrom('isolation_probe').select('id').where('id', '=', 9999).executeTakeFirst());
  });
}

t.test('PGlite in memory (api/db/connect.ts)', async (t) => {
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  t.teardown(() => handle.close());
  t.equal(handle.kind, 'pglite');
  await scenario(t, handle.db as unknown as Kysely<Scratch>);
});

t.test(
  'PostgreSQL (DATABASE_URL)',
  { skip: process.env.DATABASE_URL ? false : 'DATABASE_URL is not set' },
  async (t) => {
    const handle = await openTestDatabase();
    t.teardown(() => handle.close());
    t.equal(handle.kind, 'postgres');
    await scenario(t, handle.db as unknown as Kysely<Scratch>);
  },
);
