// SQL for the agent-user pickers: agents and roles (the search, delete, create and update are the
// declared form ag-user: schemas/forms/ag-user.json, api/resources/agent-user/hook.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export function listAgents(db: Db, only?: string) {
  let q = db.selectFrom('agents').select(['ag_code', 'ag_name']).orderBy('ag_code');
  if (only !== undefined) q = q.where('ag_code', '=', only);
  return q.execute();
}

export function findAgent(db: Db, agCode: string) {
  return db.selectFrom('agents').select(['ag_code', 'ag_name']).where('ag_code', '=', agCode).executeTakeFirst();
}

export function listRoles(db: Db) {
  return db.selectFrom('roles').select(['role_id', 'role_name']).orderBy('display_order').orderBy('role_id').execute();
}
