// Session tokens: a signed JWT naming a session row. The row is the authority: logout and a
// password change revoke it, so a token dies with its session even before it expires.
import type { FastifyInstance } from 'fastify';

export const TOKEN_TTL_SECONDS = 30 * 60;

export interface TokenClaims {
  sid: string;
  sub: string;
  ag: string;
  pu?: string; // pseudo user id while acting as another agent
  pa?: string; // pseudo agent code
  iat: number;
  exp: number;
}

export function signSessionToken(
  app: FastifyInstance,
  claims: { sessionId: string; userId: string; agCode: string; pseudo?: { userId: string; agCode: string } | null },
): string {
  const iat = Math.floor(app.clock.now().getTime() / 1000);
  const payload: TokenClaims = { sid: claims.sessionId, sub: claims.userId, ag: claims.agCode, iat, exp: iat + TOKEN_TTL_SECONDS };
  if (claims.pseudo) {
    payload.pu = claims.pseudo.userId;
    payload.pa = claims.pseudo.agCode;
  }
  return app.jwt.sign(payload);
}

/** The claims of a well-signed, unexpired token (expiry against the injected clock), else null. */
export function readSessionToken(app: FastifyInstance, token: string): TokenClaims | null {
  let claims: TokenClaims;
  try {
    claims = app.jwt.verify<TokenClaims>(token);
  } catch {
    return null;
  }
  if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
  if (claims.exp * 1000 <= app.clock.now().getTime()) return null;
  return claims;
}
