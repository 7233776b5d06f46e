// Global navigation resolved per target and date (DESIGN.md section 7): the most specific
// setting in force for the agent (agent code, then its segments, then the default), and of it
// the scheduled list once its date has come, else the current list.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface NaviRow {
  categoryId: number;
  parentId: number | null;
  name: string;
  url: string;
  order: number;
  separateTab: boolean;
}

export async function findNaviSettingFor(db: Db, agCode: string, date: string) {
  return db
    .selectFrom('global_navi_settings as s')
    .select(['s.kanri_id', 's.scheduled_date'])
    .where('s.reflection_date', '<=', date)
    .where((eb) =>
      eb.or([
        eb.and([eb('s.target_kbn', '=', '2'), eb('s.target_code', '=', agCode)]),
        eb.and([
          eb('s.target_kbn', '=', '1'),
          eb(
            's.target_code',
            'in',
            eb.selectFrom('agent_segment_members as m').select(sql<string>`cast(m.ag_segment_id as varchar)`.as('id')).where('m.ag_code', '=', agCode),
          ),
        ]),
        eb('s.target_kbn', '=', '0'),
      ]),
    )
    .orderBy('s.target_kbn', 'desc')
    .orderBy('s.reflection_date', 'desc')
    .orderBy('s.kanri_id')
    .limit(1)
    .executeTakeFirst();
}

export async function loadNaviRows(db: Db, agCode: string, date: string): Promise<NaviRow[]> {
  const setting = await findNaviSettingFor(db, agCode, date);
  if (!setting) return [];
  const detailKbn = setting.scheduled_date && setting.scheduled_date <= date ? '02' : '01';
  const rows = await db
    .selectFrom('global_navi_rows')
    .select(['category_id', 'parent_id', 'disp_name', 'url', 'disp_no', 'is_separate_tab'])
    .where('kanri_id', '=', setting.kanri_id)
    .where('detail_kbn', '=', detailKbn)
    .orderBy('disp_no')
    .orderBy('row_id')
    .execute();
  return rows.map((r) => ({ categoryId: r.category_id, parentId: r.parent_id, name: r.disp_name, url: r.url, order: r.disp_no, separateTab: r.is_separate_tab }));
}

/** Unread notifications per category for the user (badges). */
export async function countUnreadNotifications(db: Db, userId: string, agCode: string) {
  return db
    .selectFrom('notifications as n')
    .select(['n.category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where((eb) => eb.or([eb('n.ag_code', 'is', null), eb('n.ag_code', '=', agCode)]))
    .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', userId)]))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('notification_reads as r').select('r.user_id').whereRef('r.notification_id', '=', 'n.notification_id').where('r.user_id', '=', userId))),
    )
    .groupBy('n.category_id')
    .execute();
}
