// The supplier staff's 申請管理 badge (requests new or changed by agents and unread, api/resources/
// navigation) is kept in memory like the other badges: requests tell every instance of any
// change as a whole, a user's read marks by the user ("application_reads:<user_id>"), through the
// change feed of migration 0014.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create trigger applications_change_notify after insert or update or delete on applications for each row execute function portal_change_notify('*')`,
    `create trigger application_reads_change_notify after insert or update or delete on application_reads for each row execute function portal_change_notify('user_id')`,
  ]);
}
