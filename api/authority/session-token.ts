// Session tokens: a signed JWT naming a session row. The row is the authority: logout and a
// password change revoke it, so a token dies with its session even before it expires.
import type { FastifyInstance } from 'fastify';
import { cacheCounters } from '../metrics/metrics';

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
  const payload: TokenClaims = {
    sid: claims.sessionId,
    sub: claims.userId,
    ag: claims.agCode,
    iat,
    exp: iat + TOKEN_TTL_SECONDS,
  };
  if (claims.pseudo) {
    payload.pu = claims.pseudo.userId;
    payload.pa = claims.pseudo.agCode;
  }
  return app.jwt.sign(payload);
}

// Well-signed tokens' claims, remembered by the token's text per app (its secret): checking the
// signature was a tenth of a portal read's CPU. Only a token that verified is remembered, and
// expiry (below) and the session's revocation (api/plugins/auth.ts) are still checked on every
// call, so remembering decides nothing. Emptied when full rather than kept in order: a sign-in
// wave refills it with one verification per token.
const VERIFIED_MAX = 20_000;
const verified = new WeakMap<FastifyInstance, Map<string, TokenClaims>>();
const counted = cacheCounters('session-tokens');

function verifiedClaims(app: FastifyInstance, token: string): TokenClaims | null {
  let known = verified.get(app);
  if (!known) verified.set(app, (known = new Map()));
  const hit = known.get(token);
  if (hit) {
    counted.hit();
    return hit;
  }
  counted.miss();
  let claims: TokenClaims;
  try {
    claims = app.jwt.verify<TokenClaims>(token);
  } catch {
    return null;
  }
  if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
  if (known.size >= VERIFIED_MAX) known.clear();
  known.set(token, Object.freeze(claims));
  return claims;
}

/** The claims of a well-signed, unexpired token (expiry against the injected clock), else null. */
export function readSessionToken(app: FastifyInstance, token: string): TokenClaims | null {
  const claims = verifiedClaims(app, token);
  if (!claims || claims.exp * 1000 <= app.clock.now().getTime()) return null;
  return claims;
}
