// The receiver's request form (schemas/forms/shinseiform-provider.json) keeps the fields an
// analyst adds to it in a JSON column of its own: the applicant's form has extra_data, and the
// two sides save the same row independently (a save of one side rewrites only its own column).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`alter table applications add column provider_extra jsonb not null default '{}'`]);
}
