// SQL for password reset: users by agent code and address, reset tokens (only hashes stored).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { forgetTrustedBrowsers, revokeUserSessions } from '../auth/repository';

type Db = Kysely<Database>;

export function findUsersByAgentAndEmail(db: Db, agCode: string, email: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'login_id', 'ag_code', 'email', 'user_name'])
    .where('ag_code', '=', agCode)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('deleted_at', 'is', null)
    .execute();
}

export async function storeResetToken(db: Db, t: { tokenHash: string; userId: string; at: Date; expiresAt: Date }) {
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: t.tokenHash, user_id: t.userId, created_at: t.at, expires_at: t.expiresAt })
    .execute();
}

/** The user behind an unused, unexpired token. */
export function findUserByResetToken(db: Db, tokenHash: string, at: Date) {
  return db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.user_id', 't.user_id')
    .select(['u.user_id', 'u.login_id', 'u.ag_code'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', at)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Uses the token and sets the password; every other token of the user dies with it. */
export async function consumeTokenAndSetPassword(
  db: Db,
  tokenHash: string,
  userId: string,
  passwordHash: string,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: at, updated_at: at })
      .where('user_id', '=', userId)
      .execute();
    // A password change ends the user's sessions and forgets the browsers that skipped the code.
    await revokeUserSessions(trx, userId, at, 'password-change');
    await forgetTrustedBrowsers(trx, userId, at);
    return true;
  });
}
