// Incentive figures for the floating panel: the latest report month (on or before the target
// date's month) of the representative (daihyo) code.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function latestFloating(db: Kysely<Database>, daihyoCode: string, date: string) {
  const [year, month] = date.split('-').map(Number);
  return db
    .selectFrom('incentive_floating as f')
    .selectAll()
    .where('f.daihyo_code', '=', daihyoCode)
    .where((eb) => eb.or([eb('f.hokoku_year', '<', year), eb.and([eb('f.hokoku_year', '=', year), eb('f.hokoku_month', '<=', month)])]))
    .orderBy('f.hokoku_year', 'desc')
    .orderBy('f.hokoku_month', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function isIncentiveEntrant(db: Kysely<Database>, agCode: string): Promise<boolean> {
  const row = await db.selectFrom('agents').select('is_incentive_entry').where('ag_code', '=', agCode).executeTakeFirst();
  return row?.is_incentive_entry ?? false;
}
