// Admin maintenance (issue 3): agent users keep the fields a form adds beyond the fixed columns
// (extra_data, so a field added to schemas/forms/ag-user.json is stored with no code change);
// new user ids come from a sequence; the audit log names the agent a provider administrator
// acted as; segment names are unique; uploads attached to a record are claimed once.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table users add column extra_data jsonb not null default '{}'::jsonb`,
    // Seeded and imported users use lower ids; new ones start at 0000100000.
    `create sequence users_user_id_seq start with 100000`,
    `alter table audit_logs add column pseudo_user_id varchar(10) not null default ''`,
    `alter table audit_logs add column pseudo_ag_code varchar(8) not null default ''`,
    `create index audit_logs_entity_idx on audit_logs (entity, entity_id, created_at)`,
    `create unique index agent_segments_name_key on agent_segments (ag_segment_name)`,
    // A finished tus upload becomes part of a record once: the claim is written in the record's
    // transaction, so a second save with the same upload id fails.
    `create table upload_claims (
      upload_id varchar(64) primary key,
      user_id varchar(10) not null,
      storage_key varchar(500) not null,
      file_name varchar(255) not null,
      claimed_at timestamptz not null default now()
    )`,
  ]);
}
