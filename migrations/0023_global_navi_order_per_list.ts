// The display order of the global navigation is unique within each list (spec 001, global
// navigation rules: "display order ... unique within each list", ERR_0017), as the form's rule
// checks. Seeds before this numbered the rows per parent (1, 2 … under each parent), so a list
// saved unchanged was refused. Every list (setting and current/scheduled kind) that holds a
// duplicate order is renumbered 1, 2, 3 … in the order the header draws it — each top item
// followed by its children — so nothing moves on the screen. Lists without a duplicate keep
// their numbers (docs/admin-maintenance.md).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `with broken as (
       select kanri_id, detail_kbn
         from global_navi_rows
        group by kanri_id, detail_kbn
       having count(*) <> count(distinct disp_no)
     ),
     tops as (
       select kanri_id, detail_kbn, category_id, min(disp_no) as top_no, min(row_id) as top_row
         from global_navi_rows
        where parent_id is null
        group by kanri_id, detail_kbn, category_id
     ),
     ranked as (
       select r.row_id,
              row_number() over (
                partition by r.kanri_id, r.detail_kbn
                order by coalesce(t.top_no, r.disp_no), coalesce(t.top_row, r.row_id), t.top_row is not null, r.disp_no, r.row_id
              ) as n
         from global_navi_rows r
         join broken b on b.kanri_id = r.kanri_id and b.detail_kbn = r.detail_kbn
         left join tops t on r.parent_id is not null and t.kanri_id = r.kanri_id and t.detail_kbn = r.detail_kbn and t.category_id = r.parent_id
     )
     update global_navi_rows g set disp_no = ranked.n from ranked where g.row_id = ranked.row_id`,
  ]);
}
