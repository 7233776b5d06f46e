// Sliding-window limits on failed sign-ins and reset requests, kept in the database so that
// several API instances share them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface AuthLimits {
  windowMs: number;
  maxFailuresPerLoginId: number;
  maxFailuresPerIp: number;
  maxResetRequestsPerAddress: number;
  maxResetRequestsPerIp: number;
}

export const defaultAuthLimits: AuthLimits = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerLoginId: 5,
  maxFailuresPerIp: 50,
  maxResetRequestsPerAddress: 5,
  maxResetRequestsPerIp: 30,
};

export async function countAttempts(
  db: Kysely<Database>,
  kind: string,
  by: { loginId?: string; ip?: string },
  since: Date,
): Promise<number> {
  let q = db
    .selectFrom('auth_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('attempted_at', '>', since);
  if (by.loginId !== undefined) q = q.where('login_id', '=', by.loginId);
  if (by.ip !== undefined) q = q.where('ip', '=', by.ip);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordAttempt(
  db: Kysely<Database>,
  kind: string,
  loginId: string,
  ip: string,
  at: Date,
): Promise<void> {
  await db.insertInto('auth_attempts').values({ kind, login_id: loginId, ip, attempted_at: at }).execute();
}
