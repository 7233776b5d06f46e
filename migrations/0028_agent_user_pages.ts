// The agent user list is read a page at a time (docs/forms.md, "Paged lists"): each page is a
// seek on (agent, sort column, user id) among the users not deleted, for the default order (user
// id) and each sortable column (company, department, contact, e-mail). An agent may have tens
// of thousands of users; without these a page sorts them all.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index users_agent_page_idx on users (ag_code, user_id) where deleted_at is null`,
    `create index users_agent_company_page_idx on users (ag_code, company_name, user_id) where deleted_at is null`,
    `create index users_agent_section_page_idx on users (ag_code, section_name, user_id) where deleted_at is null`,
    `create index users_agent_name_page_idx on users (ag_code, user_name, user_id) where deleted_at is null`,
    `create index users_agent_email_page_idx on users (ag_code, email, user_id) where deleted_at is null`,
  ]);
}
