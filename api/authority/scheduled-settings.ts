// Per-target settings with a scheduled list (global navigation, icon menu; docs/decisions.md section 5):
// the most specific setting in force for the agent on the date (agent code, then its segments,
// then the default; the latest reflection date first), and of it the scheduled list (detail_kbn
// 02) once its date has come, else the current list (01).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { settingAppliesTo } from './visibility';

/** The settings tables resolved this way; their lists are in the matching rows tables. */
export type ScheduledSettingsTable = 'global_navi_settings' | 'icon_menu_settings';

/** The list in force: the setting's kanri_id and which of its lists (01 current, 02 scheduled). */
export interface ListInForce {
  kanriId: number;
  detailKbn: '01' | '02';
}

export async function findSettingFor(
  db: Kysely<Database>,
  table: ScheduledSettingsTable,
  agCode: string,
  date: string,
) {
  // Both tables have the same columns; the query is typed against one of them.
  return db
    .selectFrom(`${table} as s` as 'global_navi_settings as s')
    .select(['s.kanri_id', 's.scheduled_date'])
    .where('s.reflection_date', '<=', date)
    .where(settingAppliesTo(agCode))
    .orderBy('s.target_kbn', 'desc')
    .orderBy('s.reflection_date', 'desc')
    .orderBy('s.kanri_id')
    .limit(1)
    .executeTakeFirst();
}

/** The list in force for the agent on the date, or null when no setting applies. */
export async function listInForceFor(
  db: Kysely<Database>,
  table: ScheduledSettingsTable,
  agCode: string,
  date: string,
): Promise<ListInForce | null> {
  const setting = await findSettingFor(db, table, agCode, date);
  if (!setting) return null;
  return {
    kanriId: setting.kanri_id,
    detailKbn: setting.scheduled_date && setting.scheduled_date <= date ? '02' : '01',
  };
}
