// SQL for agent users: agents and roles for the pickers, the search, one user, soft delete
// (create and update are the declared form ag-user: api/forms/hooks/agent-user.ts). Columns map to the wire names of spec 001 section 3;
// fields a form adds beyond them live in users.extra_data.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface UserRecord {
  agCode: string;
  agName: string;
  userId: string;
  kaisyaName: string;
  busyoName: string;
  tantousyaName: string;
  email: string;
  bikou1: string;
  bikou2: string;
  roleId: string;
  roleDisplayName: string;
  extra: Record<string, unknown>;
}

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

function usersQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('agents as a', 'a.ag_code', 'u.ag_code')
    .innerJoin('roles as r', 'r.role_id', 'u.role_id')
    .select(['u.ag_code', 'a.ag_name', 'u.user_id', 'u.company_name', 'u.section_name', 'u.user_name', 'u.email', 'u.bikou1', 'u.bikou2', 'u.role_id', 'r.role_name', 'u.extra_data', 'u.is_admin', 'u.is_provider'])
    .where('u.deleted_at', 'is', null);
}

type Row = Awaited<ReturnType<ReturnType<typeof usersQuery>['execute']>>[number];

const toRecord = (r: Row): UserRecord => ({
  agCode: r.ag_code,
  agName: r.ag_name,
  userId: r.user_id,
  kaisyaName: r.company_name,
  busyoName: r.section_name,
  tantousyaName: r.user_name,
  email: r.email,
  bikou1: r.bikou1,
  bikou2: r.bikou2,
  roleId: r.role_id,
  roleDisplayName: r.role_name,
  extra: typeof r.extra_data === 'object' && r.extra_data !== null ? (r.extra_data) : {},
});

export interface SearchCondition {
  agCode: string;
  kaisyaName?: string;
  busyoName?: string;
  tantousyaName?: string;
  email?: string;
  bikou1?: string;
  bikou2?: string;
}

const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Users of one agent whose fields contain the given texts (all of them); at most `limit` + 1 rows. */
export async function searchUsers(db: Db, cond: SearchCondition, limit: number): Promise<UserRecord[]> {
  let q = usersQuery(db).where('u.ag_code', '=', cond.agCode);
  const like: [keyof SearchCondition, 'u.company_name' | 'u.section_name' | 'u.user_name' | 'u.email' | 'u.bikou1' | 'u.bikou2'][] = [
    ['kaisyaName', 'u.company_name'],
    ['busyoName', 'u.section_name'],
    ['tantousyaName', 'u.user_name'],
    ['email', 'u.email'],
    ['bikou1', 'u.bikou1'],
    ['bikou2', 'u.bikou2'],
  ];
  for (const [key, column] of like) {
    const v = cond[key];
    if (v) q = q.where(column, 'like', likeEscape(v));
  }
  return (await q.orderBy('u.user_id').limit(limit + 1).execute()).map(toRecord);
}

export async function findUser(db: Db, agCode: string, userId: string): Promise<UserRecord | undefined> {
  const row = await usersQuery(db).where('u.ag_code', '=', agCode).where('u.user_id', '=', userId).executeTakeFirst();
  return row && toRecord(row);
}

/** Soft delete: the row stays for logs and audit; sessions end at once. */
export async function deleteUser(db: Db, userId: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ deleted_at: at, updated_at: at }).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
  await db.updateTable('sessions').set({ revoked_at: at, revoke_reason: 'user-deleted' }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
