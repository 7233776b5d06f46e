// Icon menu resolved per target and date like the global navigation (docs/decisions.md section 5): the
// list in force for the agent on the date (authority/scheduled-settings).
import type { Kysely } from 'kysely';
import { listInForceFor } from '../../authority/scheduled-settings';
import { cachedRead, type CacheSpec } from '../../cache/tagged-cache';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Kept per agent and date until a setting, its rows or a segment's members change. */
const ICON_MENU_CACHE: CacheSpec = { name: 'icon-menu', max: 5_000, ttlMs: 10 * 60_000 };

export async function loadIconMenu(db: Db, agCode: string, date: string) {
  return cachedRead(
    db,
    ICON_MENU_CACHE,
    `${agCode}|${date}`,
    ['icon_menu_settings', 'icon_menu_rows', 'agent_segment_members'],
    () => iconMenuOf(db, agCode, date),
  );
}

async function iconMenuOf(db: Db, agCode: string, date: string) {
  const list = await listInForceFor(db, 'icon_menu_settings', agCode, date);
  if (!list) return [];
  return db
    .selectFrom('icon_menu_rows')
    .selectAll()
    .where('kanri_id', '=', list.kanriId)
    .where('detail_kbn', '=', list.detailKbn)
    .orderBy('disp_no')
    .orderBy('row_id')
    .execute();
}
