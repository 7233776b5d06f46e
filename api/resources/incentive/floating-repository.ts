// Incentive figures for the floating panel: the latest report month (on or before the target
// date's month) of the representative (daihyo) code.
import type { Kysely } from 'kysely';
import { cachedRead, type CacheSpec } from '../../cache/tagged-cache';
import { yearMonthOf } from '../../clock';
import type { Database } from '../../db/schema';

/** The panel per representative code and month (one small row each), and agents' participation. */
export const FLOATING_CACHE: CacheSpec = { name: 'incentive-floating', max: 20_000, ttlMs: 10 * 60_000 };
export const ENTRANT_CACHE: CacheSpec = { name: 'incentive-entrants', max: 20_000, ttlMs: 10 * 60_000 };

/**
 * Kept in memory per code and month until the code's rows change (migration 0019 names the code)
 * or the date reaches another month (another key). Callers must not change the row they get.
 */
export async function latestFloating(db: Kysely<Database>, daihyoCode: string, date: string) {
  const { year, month } = yearMonthOf(date);
  return cachedRead(db, FLOATING_CACHE, `${daihyoCode}|${year}-${month}`, [`incentive_floating:${daihyoCode}`], () =>
    readLatestFloating(db, daihyoCode, year, month),
  );
}

function readLatestFloating(db: Kysely<Database>, daihyoCode: string, year: number, month: number) {
  return db
    .selectFrom('incentive_floating as f')
    .selectAll()
    .where('f.daihyo_code', '=', daihyoCode)
    .where((eb) =>
      eb.or([
        eb('f.hokoku_year', '<', year),
        eb.and([eb('f.hokoku_year', '=', year), eb('f.hokoku_month', '<=', month)]),
      ]),
    )
    .orderBy('f.hokoku_year', 'desc')
    .orderBy('f.hokoku_month', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Kept until the agent's row changes (its feed message names the code, migration 0014). */
export async function isIncentiveEntrant(db: Kysely<Database>, agCode: string): Promise<boolean> {
  return cachedRead(db, ENTRANT_CACHE, agCode, [`agents:${agCode}`], async () => {
    const row = await db
      .selectFrom('agents')
      .select('is_incentive_entry')
      .where('ag_code', '=', agCode)
      .executeTakeFirst();
    return row?.is_incentive_entry ?? false;
  });
}
