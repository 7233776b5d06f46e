// GET /healthz and GET /readyz (api/plugins/health.ts): health answers while the process runs;
// readiness names each part ok, and answers 503 naming the part that fails — the storage probe
// rejecting, the change feed not listening, a migration missing — or "shutting down" once
// shutdown began. Both answer outside operating hours and without a session, never cached.
import { sql } from 'kysely';
import pg from 'pg';
import t from 'tap';
import { changeFeedOf } from '../../api/cache/change-feed';
import { createTestApp } from '../helpers/test-app';
import { nth } from '../helpers/indexing';

const get = (h: { app: import('fastify').FastifyInstance }, url: string) => h.app.inject({ method: 'GET', url });
const READY = { status: 'ready', parts: { database: 'ok', migrations: 'ok', changeFeed: 'ok', storage: 'ok' } };

t.test('health and readiness: every part ok, outside operating hours, without a token, never cached', async (t) => {
  const h = await createTestApp({ now: new Date('2026-11-20T15:00:00Z') }); // 00:00 in Tokyo: the API is closed
  t.teardown(h.close);
  t.equal(
    (await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' })).statusCode,
    503,
    'the API is closed now',
  );
  const health = await get(h, '/healthz');
  t.equal(health.statusCode, 200);
  t.same(health.json(), { status: 'ok' });
  t.equal(health.headers['cache-control'], 'no-store');
  const ready = await get(h, '/readyz');
  t.equal(ready.statusCode, 200);
  t.same(ready.json(), READY);
  t.equal(ready.headers['cache-control'], 'no-store');
});

t.test('readiness fails naming the part: storage, migrations, change feed; then shutting down', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const errorLogs = async () =>
    Number(nth((await sql<{ n: number }>`select count(*)::int as n from error_logs`.execute(h.db)).rows, 0).n);
  const loggedBefore = await errorLogs();

  // The storage cannot be reached: its reason (a path, a host) stays in the log.
  const probe = h.app.storage.probe;
  h.app.storage.probe = async () => {
    throw new Error('EACCES: permission denied, access /srv/secret/files');
  };
  let res = await get(h, '/readyz');
  t.equal(res.statusCode, 503);
  t.same(res.json(), { status: 'not ready', failing: ['storage'], parts: { ...READY.parts, storage: 'failing' } });
  t.notMatch(res.body, /secret/, 'the reason is not answered');
  t.equal((await get(h, '/healthz')).statusCode, 200, 'the process still answers');
  h.app.storage.probe = probe;
  t.equal((await get(h, '/readyz')).statusCode, 200, 'ready again once the storage answers');

  // A migration of this code that the database has not applied (an older database).
  const last = nth(
    (await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(h.db)).rows,
    0,
  ).name;
  const row = nth(
    (
      await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from kysely_migration where name = ${last}`.execute(h.db)
    ).rows,
    0,
  );
  await sql`delete from kysely_migration where name = ${last}`.execute(h.db);
  res = await get(h, '/readyz');
  t.equal(res.statusCode, 503);
  t.same(res.json(), {
    status: 'not ready',
    failing: ['migrations'],
    parts: { ...READY.parts, migrations: 'failing: 1 pending' },
  });
  await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(h.db);
  t.equal((await get(h, '/readyz')).statusCode, 200, 'ready at head');

  // The change feed stops listening: on PostgreSQL its connection is cut at the server (it
  // reconnects by itself); PGlite's feed cannot break, so it is closed.
  const feed = changeFeedOf(h.db)!;
  if (process.env.DATABASE_URL) {
    const own = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await own.connect();
    const dbName = nth((await sql<{ d: string }>`select current_database() as d`.execute(h.db)).rows, 0).d;
    await own.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query = 'listen portal_changes'`,
      [dbName],
    );
    await own.end();
    while (feed.isLive()) await new Promise((resolve) => setTimeout(resolve, 20));
  } else {
    await feed.close();
  }
  res = await get(h, '/readyz');
  t.equal(res.statusCode, 503);
  t.same(res.json(), {
    status: 'not ready',
    failing: ['changeFeed'],
    parts: { ...READY.parts, changeFeed: 'failing: not listening' },
  });
  if (process.env.DATABASE_URL) {
    while (!feed.isLive()) await new Promise((resolve) => setTimeout(resolve, 50));
    t.equal((await get(h, '/readyz')).statusCode, 200, 'ready again once the feed has reconnected');
  }

  h.app.readiness.beginShutdown();
  res = await get(h, '/readyz');
  t.equal(res.statusCode, 503);
  t.same(res.json(), { status: 'shutting down' });
  t.equal((await get(h, '/healthz')).statusCode, 200, 'health still answers while shutting down');
  t.equal(await errorLogs(), loggedBefore, 'nothing stored in the error log');
});
