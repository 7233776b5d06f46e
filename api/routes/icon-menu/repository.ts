// Icon menu resolved per target and date like the global navigation (DESIGN.md section 7):
// the most specific setting in force for the agent (agent code, then its segments, then the
// default), and of it the scheduled list once its date has come, else the current list.
import type { Kysely } from 'kysely';
import { settingAppliesTo } from '../../authority/visibility';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function findIconMenuSettingFor(db: Db, agCode: string, date: string) {
  return db
    .selectFrom('icon_menu_settings as s')
    .select(['s.kanri_id', 's.scheduled_date'])
    .where('s.reflection_date', '<=', date)
    .where(settingAppliesTo(agCode))
    .orderBy('s.target_kbn', 'desc')
    .orderBy('s.reflection_date', 'desc')
    .orderBy('s.kanri_id')
    .limit(1)
    .executeTakeFirst();
}

export async function loadIconMenu(db: Db, agCode: string, date: string) {
  const setting = await findIconMenuSettingFor(db, agCode, date);
  if (!setting) return [];
  const detailKbn = setting.scheduled_date && setting.scheduled_date <= date ? '02' : '01';
  return db
    .selectFrom('icon_menu_rows')
    .selectAll()
    .where('kanri_id', '=', setting.kanri_id)
    .where('detail_kbn', '=', detailKbn)
    .orderBy('disp_no')
    .orderBy('row_id')
    .execute();
}
