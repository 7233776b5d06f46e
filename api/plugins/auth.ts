// Authentication (onRequest: bearer token → session row → Caller) and the identity check
// (preValidation: body ids must be the caller's own or its pseudo ids, else 403).
import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Caller } from '../authority/caller';
import { readSessionToken, type TokenClaims } from '../authority/session-token';
import { changeFeedOf } from '../cache/change-feed';
import { namedCache, type CacheSpec } from '../cache/tagged-cache';
import type { Database } from '../db/schema';
import { problem } from '../http/problems';

const USER_ID_FIELDS = ['userId', 'parsedUserId', 'pseudoUserId', 'userid'];
const AG_CODE_FIELDS = ['agCode', 'parsedAgCode', 'pseudoAgCode', 'agcode'];
const DAIHYO_FIELDS = ['daihyoCode'];

/** Live sessions' callers, by token claims (a few hundred bytes each). */
export const CALLER_CACHE: CacheSpec = { name: 'callers', max: 20_000, ttlMs: 5 * 60_000 };

/**
 * The caller a token stands for: its session must be live and its user (and the user it acts
 * as) still there. Checked against the database, or against what the change feed says has not
 * changed since: a revoked session, a changed or deleted user or agent drops the entry at once
 * (api/cache/change-feed.ts), so revocation stays immediate without a query per call.
 */
export async function resolveCaller(app: FastifyInstance, token: string): Promise<Caller | null> {
  const claims = readSessionToken(app, token);
  if (!claims) return null;
  const feed = changeFeedOf(app.db);
  if (!feed) return loadCaller(app.db, claims);
  const cache = namedCache<Caller | null>(feed, CALLER_CACHE);
  const key = [claims.sid, claims.sub, claims.ag, claims.pu ?? '', claims.pa ?? ''].join('|');
  const caller = await cache.get(key, async () => {
    const value = await loadCaller(app.db, claims);
    // A refusal is not kept: it costs no more than the query, and nothing can make it stale.
    const tags = value
      ? [
          `sessions:${claims.sid}`,
          `users:${claims.sub}`,
          `agents:${claims.ag}`,
          ...(claims.pu ? [`users:${claims.pu}`] : []),
          ...(claims.pa ? [`agents:${claims.pa}`] : []),
        ]
      : null;
    return { value, tags };
  });
  // Each request gets its own copy: nothing a route does to it reaches the next one.
  return caller && { ...caller, pseudo: caller.pseudo && { ...caller.pseudo } };
}

async function loadCaller(db: Kysely<Database>, claims: TokenClaims): Promise<Caller | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .innerJoin('agents as a', 'a.ag_code', 'u.ag_code')
    .select(['s.session_id', 'u.user_id', 'u.ag_code', 'a.daihyo_code', 'u.role_id', 'u.is_admin', 'u.is_provider'])
    .where('s.session_id', '=', claims.sid)
    .where('s.revoked_at', 'is', null)
    .where('u.user_id', '=', claims.sub)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.ag_code !== claims.ag) return null;
  const caller: Caller = {
    sessionId: row.session_id,
    userId: row.user_id,
    agCode: row.ag_code,
    daihyoCode: row.daihyo_code,
    roleId: row.role_id,
    isAdmin: row.is_admin,
    isProvider: row.is_provider,
    pseudo: null,
  };
  if (claims.pu || claims.pa) {
    // Acting as another agent is for provider administrators only; a stale claim ends the session.
    if (!(caller.isAdmin && caller.isProvider) || !claims.pu || !claims.pa) return null;
    const pseudo = await db
      .selectFrom('users as u')
      .innerJoin('agents as a', 'a.ag_code', 'u.ag_code')
      .select([
        'u.user_id',
        'u.ag_code',
        'a.ag_name',
        'a.daihyo_code',
        'a.invoice_no',
        'u.role_id',
        'u.is_admin',
        'u.is_provider',
      ])
      .where('u.user_id', '=', claims.pu)
      .where('u.ag_code', '=', claims.pa)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!pseudo) return null;
    caller.pseudo = {
      userId: pseudo.user_id,
      agCode: pseudo.ag_code,
      agName: pseudo.ag_name,
      daihyoCode: pseudo.daihyo_code,
      invoiceNo: pseudo.invoice_no,
      roleId: pseudo.role_id,
      isAdmin: pseudo.is_admin,
      isProvider: pseudo.is_provider,
    };
  }
  return caller;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? '';
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** 403 when a body id names someone other than the caller (or the agent it acts as). */
export function checkBodyIdentity(caller: Caller, body: unknown): void {
  if (!isPlainObject(body)) return;
  const allowed = (fields: string[], own: string[]) => {
    for (const f of fields) {
      const v = body[f];
      if (v === undefined || v === null || v === '') continue;
      if (typeof v !== 'string' || !own.includes(v)) throw problem.forbidden();
    }
  };
  const p = caller.pseudo;
  allowed(USER_ID_FIELDS, [caller.userId, ...(p ? [p.userId] : [])]);
  allowed(AG_CODE_FIELDS, [caller.agCode, ...(p ? [p.agCode] : [])]);
  allowed(DAIHYO_FIELDS, [caller.daihyoCode, ...(p ? [p.daihyoCode] : [])]);
}

export default fp(async function auth(app: FastifyInstance, opts: { secret: string }) {
  await app.register(jwt, { secret: opts.secret, verify: { ignoreExpiration: true } }); // expiry: readSessionToken
  app.decorateRequest('caller', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || !request.routeOptions.url) return;
    const config = request.routeOptions.config ?? {};
    if (config.public) return;
    const token = bearer(request);
    const caller = token ? await resolveCaller(app, token) : null;
    // Logs are still taken (as anonymous) from a browser whose session has just expired.
    if (!caller && config.optionalAuth) return;
    if (!caller) throw problem.unauthorized();
    request.caller = caller;
  });

  app.addHook('preValidation', async (request) => {
    if (request.caller) checkBodyIdentity(request.caller, request.body);
  });
});
