// Banner registration (spec 001 /banner-touroku, issue 9): banners become a declared form
// (schemas/forms/banner-reg.json). Fields the form declares beyond the columns are kept in
// banners.extra_data, so an analyst adds a field with no code change; updated_by records who
// saved a banner last (the audit trail has the details).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table banners add column extra_data jsonb not null default '{}'::jsonb`,
    `alter table banners add column updated_by varchar(20) not null default ''`,
  ]);
}
