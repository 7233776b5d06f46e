// For the load balancer and the orchestrator (docs/operations.md "Health and readiness"):
//  - GET /healthz: the process answers (200 while it runs, whatever else is wrong);
//  - GET /readyz: this instance can serve: the database answers, its migrations are at this
//    code's head, the change feed listens and the file storage is reachable; 200 naming each
//    part "ok", else 503 naming the part that fails. After SIGTERM it answers 503 "shutting down"
//    (api/server.ts) while requests are still served, so the balancer stops sending new ones.
// Outside the API: no operating hours, no session, never cached; a failing part is logged as a
// warning when it starts failing, never stored as an error.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { changeFeedOf } from '../cache/change-feed';
import { migrations } from '../../migrations/index';

/** A part that takes longer than this to answer counts as failing (a balancer's check times out too). */
const CHECK_TIMEOUT_MS = 3000;

export type ReadinessPart = 'database' | 'migrations' | 'changeFeed' | 'storage';

export interface Readiness {
  /** From now on /readyz answers 503 "shutting down". */
  beginShutdown(): void;
  readonly shuttingDown: boolean;
}

class PartFailure extends Error {}

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PartFailure(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

export default fp(async function health(app: FastifyInstance) {
  let shuttingDown = false;
  app.decorate('readiness', {
    beginShutdown: () => void (shuttingDown = true),
    get shuttingDown() {
      return shuttingDown;
    },
  } satisfies Readiness);

  const known = Object.keys(migrations);
  const checks: Record<ReadinessPart, () => Promise<void>> = {
    database: async () => void (await sql`select 1`.execute(app.db)),
    migrations: async () => {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(app.db);
      const applied = new Set(rows.map((r) => r.name));
      const pending = known.filter((name) => !applied.has(name));
      if (pending.length) throw new PartFailure(`${pending.length} pending`);
    },
    changeFeed: async () => {
      if (!changeFeedOf(app.db)?.isLive()) throw new PartFailure('not listening');
    },
    storage: () => app.storage.probe(),
  };

  const failing = new Set<ReadinessPart>();
  const run = async (part: ReadinessPart): Promise<string> => {
    try {
      await withinTimeout(checks[part]());
      failing.delete(part);
      return 'ok';
    } catch (err) {
      if (!failing.has(part)) app.log.warn({ part, err }, 'readiness: a part fails');
      failing.add(part);
      // Our own reasons are safe to say; anything else (paths, hosts, SQL) stays in the log.
      return err instanceof PartFailure ? `failing: ${err.message}` : 'failing';
    }
  };

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => noStore(reply).send({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (shuttingDown) return noStore(reply).status(503).send({ status: 'shutting down' });
    const [database, changeFeed, storage] = await Promise.all([run('database'), run('changeFeed'), run('storage')]);
    // The migrations are read from the database: said only when it answers.
    const migrationsState = database === 'ok' ? await run('migrations') : 'not checked';
    const parts = { database, migrations: migrationsState, changeFeed, storage };
    const ready = Object.values(parts).every((s) => s === 'ok');
    return noStore(reply)
      .status(ready ? 200 : 503)
      .send({
        status: ready ? 'ready' : 'not ready',
        ...(ready ? {} : { failing: Object.keys(parts).filter((p) => parts[p as ReadinessPart] !== 'ok') }),
        parts,
      });
  });
});
