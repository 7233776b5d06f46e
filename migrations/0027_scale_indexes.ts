// Indexes for the portal's reads at national scale (issue 26, docs/performance.md "At national
// scale"): a million contents, ten thousand agents, a few thousand segments.
// - The newest visible contents of a category (the portal top's news, the category lists): one
//   index in the lists' order (posting start, then id, newest first), so a query walks it and
//   stops at the page instead of sorting every visible content of the category. It holds every
//   column the visibility and the order read (period, target, segment, important period), so
//   counting a category and skipping to a deep page are index-only scans. The important ones
//   have an index of their own by the end of their important period (open: 9999-12-31), as
//   api/resources/info/repository.ts asks them apart: today's are a few, every one ever flagged
//   thousands.
// - The NEW badges: contents still NEW, by the day their NEW period ends (the expression of
//   api/authority/visibility.ts isNewOn, so the planner matches it) and their posting start
//   (scheduled ones are skipped inside the index): the few thousand NEW today, not every content.
// - Contents targeted at a segment (deleting or retargeting a segment looks for them).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index contents_category_newest_idx on contents (category_id, keisai_start desc, content_id desc)
       include (keisai_end, display_target, ag_segment_id, jyuyo_flg, jyuyo_start, jyuyo_end) where deleted_at is null`,
    `create index contents_important_idx on contents (category_id, (coalesce(jyuyo_end, date '9999-12-31'))) where jyuyo_flg and deleted_at is null`,
    `create index contents_new_until_idx on contents ((keisai_start + new_days), keisai_start) where deleted_at is null and new_days > 0`,
    `create index contents_segment_idx on contents (ag_segment_id) where ag_segment_id is not null`,
  ]);
}
