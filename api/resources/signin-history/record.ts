// Writes one sign-in event (docs/security.md "Sign-in history"): called inside the sign-in,
// one-time-code, reset and logout flows, one insert each, with the address and browser of the
// request. Events of a login id that names no user are not written (there is no user or agent
// to show them under; the throttle still counts them in auth_attempts).
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SignInEventKind } from '../../../schemas/wire/signin-history';

export interface SignInEventUser {
  user_id: string;
  ag_code: string;
  login_id: string;
}

export async function recordSignInEvent(
  db: Kysely<Database>,
  request: FastifyRequest,
  e: { user: SignInEventUser; kind: SignInEventKind; at: Date; detail?: string },
): Promise<void> {
  await db
    .insertInto('sign_in_events')
    .values({
      user_id: e.user.user_id,
      ag_code: e.user.ag_code,
      login_id: e.user.login_id.slice(0, 255),
      kind: e.kind,
      at: e.at,
      ip: request.ip.slice(0, 64),
      user_agent: (request.headers['user-agent'] ?? '').slice(0, 512),
      detail: (e.detail ?? '').slice(0, 500),
    })
    .execute();
}
