import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema';
import { hashPassword } from '../api/security/password';
import { seedPlatform } from './platform';

/** Loads the demo data into an empty database; returns false when data already exists. */
export async function seedIfEmpty(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    await seedPlatform(trx, hashPassword);
  });
  return true;
}
