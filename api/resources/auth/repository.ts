// SQL for sign-in: users by login id, sessions, trusted browsers and one-time-code challenges.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type Db = Kysely<Database>;

export function findActiveUserByLoginId(db: Db, loginId: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'login_id', 'ag_code', 'password_hash', 'email', 'user_name'])
    .where('login_id', '=', loginId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function createSession(
  db: Db,
  s: { sessionId: string; userId: string; ip: string; userAgent: string; at: Date },
) {
  await db
    .insertInto('sessions')
    .values({
      session_id: s.sessionId,
      user_id: s.userId,
      ip: s.ip.slice(0, 64),
      user_agent: s.userAgent.slice(0, 512),
      created_at: s.at,
      last_seen_at: s.at,
    })
    .execute();
}

export async function touchSession(db: Db, sessionId: string, at: Date) {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('session_id', '=', sessionId).execute();
}

/** How stale a session's last_seen_at may be while it is in use (one instance's view). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * touchSession at most once per SESSION_TOUCH_INTERVAL_MS per session on this instance. Only
 * last_seen_at (for operators) lags by up to that much: the session's expiry is the renewed
 * token's own (30 minutes, api/authority/session-token.ts) and its revocation the row's
 * revoked_at, neither of which this write touches.
 */
export function sessionToucher(db: Db, now: () => Date) {
  const touched = new Map<string, number>();
  return async (sessionId: string): Promise<void> => {
    const at = now();
    const last = touched.get(sessionId);
    if (last !== undefined && at.getTime() - last < SESSION_TOUCH_INTERVAL_MS && at.getTime() >= last) return;
    if (touched.size >= 50_000) {
      // Forget sessions not touched within the interval (they are touched again at their next call).
      for (const [id, t] of touched) if (at.getTime() - t >= SESSION_TOUCH_INTERVAL_MS) touched.delete(id);
      if (touched.size >= 50_000) touched.clear();
    }
    touched.set(sessionId, at.getTime());
    await touchSession(db, sessionId, at);
  };
}

export async function revokeSession(db: Db, sessionId: string, at: Date, reason: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoke_reason: reason })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of the user except `keep` (a password change keeps the one that made it). */
export async function revokeUserSessions(db: Db, userId: string, at: Date, reason: string, keep?: string) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: at, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) q = q.where('session_id', '!=', keep);
  await q.execute();
}

export async function isTrustedBrowser(db: Db, browserId: string, userId: string, at: Date): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_browsers')
    .select('browser_id')
    .where('browser_id', '=', browserId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return !!row;
}

export async function trustBrowser(db: Db, browserId: string, userId: string, at: Date, expiresAt: Date) {
  await db
    .insertInto('trusted_browsers')
    .values({ browser_id: browserId, user_id: userId, created_at: at, expires_at: expiresAt })
    .execute();
}

export async function forgetTrustedBrowsers(db: Db, userId: string, at: Date) {
  await db
    .updateTable('trusted_browsers')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A new challenge replaces any open one: only the latest code of a user can be used. */
/** Inside the caller's transaction, which also writes the code's mail (api/mail/outbox.ts). */
export async function openOtpChallenge(
  trx: Db,
  c: { challengeId: string; userId: string; codeHash: string; at: Date; expiresAt: Date },
) {
  await trx
    .updateTable('otp_challenges')
    .set({ used_at: c.at })
    .where('user_id', '=', c.userId)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('otp_challenges')
    .values({
      challenge_id: c.challengeId,
      user_id: c.userId,
      code_hash: c.codeHash,
      created_at: c.at,
      expires_at: c.expiresAt,
    })
    .execute();
}

export function findOpenOtpChallenge(db: Db, challengeId: string, userId: string) {
  return db
    .selectFrom('otp_challenges')
    .select(['challenge_id', 'code_hash', 'expires_at', 'attempts'])
    .where('challenge_id', '=', challengeId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
}

/** Counts a try; returns the attempts after it. */
export async function countOtpAttempt(db: Db, challengeId: string): Promise<number> {
  const row = await db
    .updateTable('otp_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('challenge_id', '=', challengeId)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Marks the challenge used; false if another request used it first (single use under races). */
export async function closeOtpChallenge(db: Db, challengeId: string, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('otp_challenges')
    .set({ used_at: at })
    .where('challenge_id', '=', challengeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A successful sign-in forgets the failures counted against its login id. */
export async function clearLoginFailures(db: Db, loginId: string) {
  await db.deleteFrom('auth_attempts').where('kind', '=', 'login').where('login_id', '=', loginId).execute();
}
