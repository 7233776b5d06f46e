// Instances started at the same moment on one empty PostgreSQL database migrate and seed it
// once (api/db/migrate.ts, withStartupLock): the others wait for the start-up lock and then
// find the migrations at head and the data there. PGlite needs no such lock (one process per
// DATA_DIR, tests/db/data-dir-lock.test.ts), so this runs only with DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import t, { type Test } from 'tap';
import { openDatabase, type DatabaseHandle } from '../../api/db/connect';
import { migrateAndSeed, type Prepared } from '../../api/db/migrate-and-seed';
import { STARTUP_LOCK } from '../../api/db/migrate';
import type { Database } from '../../api/db/schema';
import { migrations } from '../../migrations/index';
import { nth } from '../helpers/indexing';

const serverUrl = process.env.DATABASE_URL;
const TODAY = '2026-11-20';
const COUNTED = ['users', 'agents', 'contents', 'applications', 'registered_companies'] as const;

function urlOf(name: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new empty database on the server, dropped at the end of the test. */
async function freshDatabase(t: Test): Promise<string> {
  const name = `portal_startup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    `create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
  );
  await admin.end();
  t.teardown(async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return urlOf(name);
}

async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED)
    out[table] = Number(
      nth((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows, 0).n,
    );
  return out;
}

t.test(
  'two starts at the same moment on an empty database: migrated and seeded once, both start',
  { skip: serverUrl ? false : 'DATABASE_URL is not set (PGlite is one process per DATA_DIR)', timeout: 180_000 },
  async (t) => {
    const url = await freshDatabase(t);
    const handles: DatabaseHandle[] = [];
    t.teardown(async () => {
      for (const h of handles) await h.close();
    });
    for (let i = 0; i < 2; i++) handles.push(await openDatabase({ kind: 'postgres', url }));

    // An operator's session holds the lock first (an instance in the middle of its start): both
    // starts must wait for it, each on its own connection, then go one after the other.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    t.teardown(() => holder.end());
    await holder.query('select pg_advisory_lock(hashtext($1))', [STARTUP_LOCK]);

    let waiting = 0;
    let bothWaiting!: () => void;
    const waited = new Promise<void>((resolve) => (bothWaiting = resolve));
    const onWait = () => {
      if (++waiting === 2) bothWaiting();
    };
    const starts: Promise<Prepared>[] = handles.map((h) => migrateAndSeed(h, { seed: true, today: TODAY, onWait }));
    await waited;
    // Told to wait, each then asks the server for the lock: both requests are queued behind it.
    const waitingAtServer = async () =>
      nth(
        (
          await holder.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
          )
        ).rows,
        0,
      ).n;
    while ((await waitingAtServer()) < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    t.equal(waiting, 2, 'both starts wait for the lock, each on a connection of its own');
    await holder.query('select pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK]);

    const results = await Promise.all(starts);
    t.pass('both starts finished');
    const all = Object.keys(migrations);
    t.same(
      results.map((r) => r.applied.length).sort((a, b) => a - b),
      [0, all.length],
      'one start applied every migration, the other none',
    );
    t.same(results.map((r) => r.seeded).sort(), [false, true], 'one start seeded, the other found the data');

    const db = nth(handles, 0).db;
    const applied = await sql<{
      name: string;
      n: number;
    }>`select name, count(*)::int as n from kysely_migration group by name order by name`.execute(db);
    t.same(
      applied.rows.map((r) => [r.name, Number(r.n)]),
      all.sort().map((name) => [name, 1]),
      'each migration recorded once',
    );

    // The same database seeded by one start alone, for the row counts of seeding once.
    const reference = await openDatabase({ kind: 'postgres', url: await freshDatabase(t) });
    t.teardown(() => reference.close());
    t.same((await migrateAndSeed(reference, { seed: true, today: TODAY })).seeded, true);
    t.same(await rowCounts(db), await rowCounts(reference.db), 'the rows of one seeding, not two');

    const again = await migrateAndSeed(nth(handles, 1), { seed: true, today: TODAY });
    t.same(again, { applied: [], seeded: false }, 'a later start finds everything done and waits for nobody');
  },
);
