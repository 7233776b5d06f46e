// Indexes for the portal top's NEW badges at national scale (issue 26, docs/performance.md "At
// national scale"):
// - Contents still NEW, by the day their NEW period ends (the expression of
//   api/authority/visibility.ts isNewOn) and their posting start, now holding every column the
//   badges' visibility check reads: the few thousand NEW today are counted from the index alone
//   (no table row each). Replaces 0027's index of the same key.
// - The contents targeted at an agent's code, by agent then content: the targeting check reads
//   an agent's list from the index alone instead of a table row per entry.
// - Read marks by user (the badges subtract the user's reads instead of probing every
//   notification) and notifications by category with what their visibility reads (the
//   unread count is an index-only count).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index contents_new_cover_idx on contents ((keisai_start + new_days), keisai_start)
       include (category_id, content_id, new_days, keisai_end, display_target, ag_segment_id)
       where deleted_at is null and new_days > 0`,
    `drop index contents_new_until_idx`,
    `create index content_agents_agent_content_idx on content_agents (ag_code, content_id)`,
    `drop index content_agents_ag_code_idx`,
    `create index notification_reads_user_idx on notification_reads (user_id, notification_id)`,
    `create index notifications_category_idx on notifications (category_id) include (ag_code, user_id, notification_id)`,
  ]);
}
