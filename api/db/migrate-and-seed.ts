// What every start does to its database before serving, under the start-up lock
// (api/db/migrate.ts): migrations to the latest, then the demo data into an empty database
// when SEED=demo. The server and `npm run seed` call this; `npm run migrate` takes the same lock.
import type { Kysely } from 'kysely';
import type { FileStorage } from '../files/storage';
import { seedIfEmpty } from '../../seeds/index';
import { migrateToLatest, withStartupLock } from './migrate';
import type { Database } from './schema';

export interface Prepared {
  /** The migrations this start applied (none when another instance or an earlier start did). */
  applied: string[];
  /** Whether this start loaded the demo data. */
  seeded: boolean;
}

export async function migrateAndSeed(
  handle: { db: Kysely<Database>; kind: 'pglite' | 'postgres' },
  opts: { seed: boolean; storage?: FileStorage; today?: string; onWait?: () => void },
): Promise<Prepared> {
  return withStartupLock(
    handle,
    async (db) => {
      const applied = await migrateToLatest(db);
      const seeded = opts.seed ? await seedIfEmpty(db, { storage: opts.storage, today: opts.today }) : false;
      return { applied, seeded };
    },
    { onWait: opts.onWait },
  );
}
