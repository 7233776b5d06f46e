import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema';
import { hashPassword } from '../api/security/password';
import { tokyoDate } from '../api/clock';
import type { FileStorage } from '../api/files/storage';
import { rebuildSearchIndex } from '../api/search/index-content';
import { seedApplications } from './applications';
import { seedContents } from './contents';
import { seedIncentive } from './incentive';
import { seedOneStop } from './one-stop';
import { buildSeedFiles, writeSeedFiles } from './demo-files';
import { seedPlatform } from './platform';
import { seedSkilupEvents } from './skilup-events';
import { seedCompanies } from './companies';

export interface SeedOptions {
  /** Where the demo files go (contents' documents, images, videos, banners, icons); without it only rows are loaded. */
  storage?: FileStorage;
  /** yyyy-MM-dd the demo posting periods are placed around (default: today in Tokyo). */
  today?: string;
}

/** Loads the demo data into an empty database; returns false when data already exists. */
export async function seedIfEmpty(db: Kysely<Database>, opts: SeedOptions = {}): Promise<boolean> {
  const existing = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  if (existing) return false;
  const files = buildSeedFiles();
  await db.transaction().execute(async (trx) => {
    await seedPlatform(trx, hashPassword);
    const today = opts.today ?? tokyoDate(new Date());
    await seedContents(trx, { today, files });
    await seedSkilupEvents(trx, { today, files }); // skill-up phases and chapters, events and applications
    await seedIncentive(trx, today);
    await seedCompanies(trx, today); // registered companies (the company search)
    await seedOneStop(trx, { today, files }); // the one-stop guide's blocks and the contents shown in them
    await seedApplications(trx, { today, files }); // request categories and requests in every status
    await rebuildSearchIndex(trx); // site search: index what the seeds wrote, in the same transaction
  });
  if (opts.storage) await writeSeedFiles(opts.storage, files);
  return true;
}
