// Site search at a million contents (issue 26, docs/search.md "At a million contents"):
// - The visibility of a content found by the bigram index, by its id, from an index alone: every
//   column contentVisibleTo and the search's narrowing read (category, posting period, display
//   target, segment), for the contents not deleted. A search checks up to a few thousand found
//   contents; each check reads this small index instead of a row of the contents table (whose
//   rows carry the body HTML and are spread over gigabytes).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index contents_search_visible_idx on contents (content_id)
       include (category_id, keisai_start, keisai_end, display_target, ag_segment_id)
       where deleted_at is null`,
  ]);
}
