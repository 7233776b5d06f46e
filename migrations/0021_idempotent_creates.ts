// Creates that a double click, a retry or a flaky network sends twice (docs/forms.md,
// "Idempotent creates"), and files identified by a stable id rather than their place in a list:
//  - idempotency_keys: one row per (user, Idempotency-Key) of a create call of the form engine,
//    written in the create's own transaction with its answer, so a concurrent duplicate waits on
//    the primary key and then reads the answer; rows older than 24 hours are pruned;
//  - application_files.file_id: the stable id of a request attachment (row_no is its place);
//  - an agent user's e-mail address is unique within the agent (case-insensitive, as the
//    password reset looks users up by agent code and address).
import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Users that double submits already created share an address: the index cannot be built over
  // them, and which one to keep is an administrator's decision (docs/operations.md).
  const taken = await sql<{ ag_code: string; email: string; user_ids: string }>`
    select ag_code, lower(email) as email, string_agg(user_id, ', ' order by user_id) as user_ids
    from users where deleted_at is null group by ag_code, lower(email) having count(*) > 1 order by ag_code, lower(email)`.execute(
    db,
  );
  if (taken.rows.length) {
    const list = taken.rows.map((r) => `${r.ag_code} ${r.email}: users ${r.user_ids}`).join('; ');
    throw new Error(
      `migration 0021: agent users share an e-mail address within their agent (${list}). Delete the extra users or change their addresses, then start again (docs/operations.md, "Agent users sharing an e-mail address").`,
    );
  }
  await runStatements(db, [
    `create table idempotency_keys (
      user_id varchar(10) not null references users(user_id) on delete cascade,
      idem_key varchar(255) not null,
      call_path varchar(255) not null,
      body_hash char(64) not null,
      status_code integer not null,
      answer text not null,
      created_at timestamptz not null,
      primary key (user_id, idem_key)
    )`,
    `create index idempotency_keys_created_at_idx on idempotency_keys (created_at)`,
    `alter table application_files add column file_id bigserial`,
    `alter table application_files add constraint application_files_file_id_key unique (file_id)`,
    `create unique index users_agent_email_key on users (ag_code, lower(email)) where deleted_at is null`,
  ]);
}
