// One-time-code mails per login id (issue 14 item 5): a password alone must not let anyone
// fill a user's mailbox. At most OTP_MAILS_PER_WINDOW codes that were never entered are mailed
// per OTP_MAIL_WINDOW; further sign-ins in the window reuse the live code (the newest one still
// open) without a new mail, and the screen says nothing new. A code entered correctly no longer
// counts, so a user who signs in again and again on new browsers is never held up.
import type { Db } from './repository';

export const OTP_MAILS_PER_WINDOW = 3;
export const OTP_MAIL_WINDOW_MS = 10 * 60 * 1000;

/** Whether another code mail would go over the limit for the user at `now`. */
export async function codeMailsExhausted(db: Db, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('otp_challenges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - OTP_MAIL_WINDOW_MS))
    .where('verified_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n) >= OTP_MAILS_PER_WINDOW;
}

/** The user's newest challenge that can still be answered, or undefined. */
export function liveChallenge(db: Db, userId: string, now: Date) {
  return db
    .selectFrom('otp_challenges')
    .select(['challenge_id', 'expires_at'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The code of this challenge was entered: it stops counting against the limit. */
export async function markVerified(db: Db, challengeId: string, at: Date): Promise<void> {
  await db.updateTable('otp_challenges').set({ verified_at: at }).where('challenge_id', '=', challengeId).execute();
}
