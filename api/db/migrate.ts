import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from '../../migrations/index';

/** Brings the database to the latest migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** The advisory lock every instance takes before migrating and seeding (and `npm run migrate` / `seed`). */
export const STARTUP_LOCK = 'with-ag portal: migrate and seed';

/**
 * Runs `work` (migrating, seeding) while this process holds the start-up lock, so that instances
 * started at the same moment on one database do it once: the first migrates and seeds, the others
 * wait and then find the migrations at head and the data there. The lock is a session-level
 * advisory lock on one connection held for the whole of `work`, and `work` runs on that very
 * connection: if it breaks, the lock and the unfinished work go together (a transaction rolls
 * back), and the next instance takes over. Kysely's own migration lock only covers migrating;
 * seeding checks "is the database empty?" and must not race.
 *
 * PGlite is one process per DATA_DIR already (api/db/data-dir-lock.ts): `work` just runs.
 */
export async function withStartupLock<T, DB>(
  handle: { db: Kysely<DB>; kind: 'pglite' | 'postgres' },
  work: (db: Kysely<DB>) => Promise<T>,
  opts: { onWait?: () => void } = {},
): Promise<T> {
  if (handle.kind === 'pglite') return work(handle.db);
  return handle.db.connection().execute(async (conn) => {
    const key = sql`hashtext(${STARTUP_LOCK})`;
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${key}) as got`.execute(conn);
    if (!rows[0]?.got) {
      opts.onWait?.();
      await sql`select pg_advisory_lock(${key})`.execute(conn);
    }
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn).catch(() => undefined); // a broken connection has dropped it already
    }
  });
}
