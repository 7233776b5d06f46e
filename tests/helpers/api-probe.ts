// Small helpers for the API tests: the inventory of registered API routes (read from the app
// itself), how a route treats a missing or bad token, raw requests and the message codes of
// an answer.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';
import { nth } from './indexing';

/** Method and full path of every route the app registered, read from printRoutes. */
export function registeredRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const prefixAt: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([\s│├└─]*)([^\s│├└─].*?)(?: \(([A-Z, ]+)\))?$/.exec(line.trimEnd());
    if (!m) continue;
    const depth = Math.round(nth(m, 1).length / 4);
    const parent = depth > 0 ? (prefixAt[depth - 1] ?? '') : '';
    // printRoutes drops the "/" before a wildcard child ("api/files" then "*" is /api/files/*).
    const path = parent + (nth(m, 2).startsWith('*') && parent !== '' && !parent.endsWith('/') ? '/' : '') + m[2];
    prefixAt[depth] = path;
    prefixAt.length = depth + 1;
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      out.push({ method, path });
  }
  return out;
}

/** Paths of the POST routes under /api/, sorted. */
export function apiPostRoutes(app: FastifyInstance): string[] {
  return registeredRoutes(app)
    .filter((r) => r.method === 'POST' && r.path.startsWith('/api/'))
    .map((r) => r.path)
    .sort();
}

/** A concrete URL for a route pattern: every :param and * becomes "x". */
export const urlOf = (pattern: string) => pattern.replace(/:\w+/g, 'x').replace(/\*/g, 'x');

export type Access = 'auth' | 'optionalAuth' | 'public';

const isSessionExpired = (res: LightMyRequestResponse) =>
  res.statusCode === 401 && messageIds(res).includes('ERR_USER001');

/**
 * How a route treats tokens, found by asking it: a route that needs a token refuses a call
 * without one (401 ERR_USER001); an optional-auth route accepts no token but refuses a bad one;
 * a public route ignores both.
 */
/**
 * How a route treats tokens: 'auth' needs one; 'optionalAuth' works without one but uses a
 * valid one (so the identity check refuses someone else's ids in the body); 'public' ignores it.
 */
export async function probeAccess(h: TestApp, path: string, validToken?: string): Promise<Access> {
  const noToken = await h.post(urlOf(path), { systemKbn: '01' });
  if (isSessionExpired(noToken)) return 'auth';
  if (!validToken) return 'public';
  const claimsOther = await h.post(urlOf(path), { systemKbn: '01', userId: '9999999999' }, { token: validToken });
  return claimsOther.statusCode === 403 ? 'optionalAuth' : 'public';
}

/** The messageIds of an error answer (empty when the body has none). */
export function messageIds(res: LightMyRequestResponse): string[] {
  try {
    const body = res.json<{ messages?: { messageId: string }[] }>();
    return (body.messages ?? []).map((m) => m.messageId);
  } catch {
    return [];
  }
}

/** A POST with a raw payload (for malformed JSON and other bodies post() would encode). */
export function rawPost(
  h: TestApp,
  url: string,
  payload: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return h.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
}

/** The operation log rows of a user, oldest first. */
export function operationLogsOf(h: TestApp, userId: string) {
  return h.db.selectFrom('operation_logs').selectAll().where('user_id', '=', userId).orderBy('log_id').execute();
}

/** Fails loudly when a body leaks internals (stack frames, SQL, file paths). */
export function leaksInternals(body: string): boolean {
  return /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\bselect\b|\binsert into\b|\bfrom "|relation "|syntax error/i.test(
    body,
  );
}

/** A mail address of a demo account. */
export const mailOf = (loginId: string) => `${loginId}@portal.example.jp`;
