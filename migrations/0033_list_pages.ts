// The segment list and the request lists are read a page at a time (docs/forms.md, "Paged
// lists"; issue 26): each page is a seek in the list's order instead of a sort of every row.
// - Segments by name (then id); by id the key serves.
// - Requests newest first (request date, then number) among those not deleted: every request
//   (the receiver), one status of them (the usual search), one agent's (the applicant). The
//   count of a page's conditions reads the same range.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index agent_segments_name_page_idx on agent_segments (ag_segment_name, ag_segment_id)`,
    `create index applications_page_idx on applications (app_date, app_no) where deleted_at is null`,
    `create index applications_status_page_idx on applications (status_kbn, app_date, app_no) where deleted_at is null`,
    `create index applications_agent_page_idx on applications (ag_code, app_date, app_no) where deleted_at is null`,
  ]);
}
