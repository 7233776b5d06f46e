// The provider's list of login popups (contents of category 15 with a login_popups row), each
// with its display target in words: everyone, the segment's name, or the agent codes.
import { sql, type Kysely } from 'kysely';
import { periodContains } from '../../authority/visibility';
import type { Database } from '../../db/schema';

export interface PopupRow {
  content_id: number;
  category_id: number;
  title: string;
  keisai_start: string;
  keisai_end: string;
  display_target: string;
  ag_segment_name: string | null;
  agent_codes: string | null;
  agent_count: number;
  check_patern: string;
  check_disp_target: string;
}

/** Popups not deleted; with a date, only those whose display period contains it. */
export async function listPopups(db: Kysely<Database>, categoryId: number, date: string | null): Promise<PopupRow[]> {
  let q = db
    .selectFrom('contents as c')
    .innerJoin('login_popups as p', 'p.content_id', 'c.content_id')
    .leftJoin('agent_segments as s', 's.ag_segment_id', 'c.ag_segment_id')
    .select([
      'c.content_id',
      'c.category_id',
      'c.title',
      'c.keisai_start',
      'c.keisai_end',
      'c.display_target',
      's.ag_segment_name',
      'p.check_patern',
      'p.check_disp_target',
      // The first few codes are enough to read the target; the count says how many there are.
      sql<
        string | null
      >`(select string_agg(x.ag_code, ',' order by x.ag_code) from (select ca.ag_code from content_agents ca where ca.content_id = c.content_id order by ca.ag_code limit 3) x)`.as(
        'agent_codes',
      ),
      sql<number>`(select count(*) from content_agents ca where ca.content_id = c.content_id)`.as('agent_count'),
    ])
    .where('c.category_id', '=', categoryId)
    .where('c.deleted_at', 'is', null);
  if (date) q = q.where(periodContains(sql.ref('c.keisai_start'), sql.ref('c.keisai_end'), date));
  const rows = await q.orderBy('c.keisai_start', 'desc').orderBy('c.content_id', 'desc').execute();
  return rows.map((r) => ({ ...r, agent_count: Number(r.agent_count) }));
}
