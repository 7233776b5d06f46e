// The floating incentive panel (api/resources/incentive/floating.ts) is read on every portal-top
// load and kept in memory per representative code and month: its table tells every instance
// which representative code's rows changed ("incentive_floating:<daihyo_code>"), through the
// change feed of migration 0014. An import rewrites a code's rows in one transaction, so one
// message per code arrives at its commit.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create trigger incentive_floating_change_notify after insert or update or delete on incentive_floating for each row execute function portal_change_notify('daihyo_code')`,
  ]);
}
