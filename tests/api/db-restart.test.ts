// A PostgreSQL restart must not end the server (issue 14 item 3): pooled connections that the
// server closes (57P01) are dropped, calls made while the database is away answer 503
// ERR_SYS001 (not 500, and no error log), and the app recovers by itself when it is back.
// Runs on a throwaway cluster of its own (tests/helpers/throwaway-postgres.ts), whatever
// DATABASE_URL says; skipped with the reason where the PostgreSQL binaries are missing.
import t from 'tap';
import { openDatabase } from '../../api/db/connect';
import { migrateToLatest } from '../../api/db/migrate';
import { isDatabaseUnavailable } from '../../api/db/availability';
import { createTestApp } from '../helpers/test-app';
import { messageIds } from '../helpers/api-probe';
import { startThrowawayPostgres, throwawayUnavailable } from '../helpers/throwaway-postgres';

const unavailable = throwawayUnavailable();
t.test(
  'the server survives a PostgreSQL restart and answers 503 while it is away',
  { timeout: 180_000, skip: unavailable ?? false },
  async (t) => {
    const cluster = await startThrowawayPostgres();
    t.teardown(() => cluster.destroy());
    const lost: Error[] = [];
    const database = await openDatabase(
      { kind: 'postgres', url: cluster.url },
      { onConnectionError: (err) => lost.push(err) },
    );
    await migrateToLatest(database.db);
    const h = await createTestApp({ database });
    t.teardown(h.close);
    const { token } = await h.signIn('demo-agent');
    const read = () => h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token });
    const errorLogs = async () =>
      Number(
        (
          await h.db
            .selectFrom('error_logs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const logsBefore = await errorLogs();

    // Ten calls at once leave ten pooled connections behind.
    const warm = await Promise.all(Array.from({ length: 10 }, read));
    t.same([...new Set(warm.map((r) => r.statusCode))], [200], 'the database answers');

    await t.test(
      'a restart under load: every call answers 200 or 503, none 500, and the process lives on',
      async (t) => {
        let running = true;
        const statuses: number[] = [];
        const bodies = new Set<string>();
        const worker = async () => {
          while (running) {
            const res = await read();
            statuses.push(res.statusCode);
            if (res.statusCode !== 200) bodies.add(res.body);
          }
        };
        const workers = Array.from({ length: 6 }, worker);
        await new Promise((r) => setTimeout(r, 300));
        await cluster.restart();
        await new Promise((r) => setTimeout(r, 500));
        running = false;
        await Promise.all(workers);
        const counts = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
        t.ok(statuses.length > 20, `${statuses.length} calls: ${JSON.stringify(counts)}`);
        t.same(
          Object.keys(counts).filter((s) => s !== '200' && s !== '503'),
          [],
          'only 200 and 503',
        );
        for (const body of bodies)
          t.same(
            JSON.parse(body),
            { messages: [{ messageId: 'ERR_SYS001', args: [] }] },
            'a 503 says: try again later',
          );
        t.equal(statuses.at(-1), 200, 'the last calls work again');
      },
    );

    await t.test(
      'a stop while idle: the pooled connections die quietly; calls answer 503 until the database is back',
      async (t) => {
        await Promise.all(Array.from({ length: 10 }, read)); // idle pooled connections again
        const lostBefore = lost.length;
        await cluster.stop();
        await new Promise((r) => setTimeout(r, 300));
        t.ok(lost.length > lostBefore, `the pool told of ${lost.length - lostBefore} broken connections`);
        t.ok(lost.every(isDatabaseUnavailable), 'each is "database unavailable"');

        for (let i = 0; i < 3; i++) {
          const res = await read();
          t.equal(res.statusCode, 503, `call ${i + 1} while stopped`);
          t.same(messageIds(res), ['ERR_SYS001']);
          t.equal(res.headers['retry-after'], '5');
        }
        const login = await h.post('/api/Auth/login', {
          systemKbn: '01',
          loginId: 'demo-agent',
          password: 'Wrong#Password1',
        });
        t.equal(login.statusCode, 503, 'a public call too');

        await cluster.start();
        const res = await read();
        t.equal(res.statusCode, 200, 'the first call after the start works: the pool reconnected by itself');
        t.equal(
          (await h.post('/api/auth/validate', { systemKbn: '01' }, { token })).statusCode,
          200,
          'the session survived (it is in the database)',
        );
      },
    );

    t.equal(await errorLogs(), logsBefore, 'nothing was logged as an unexpected error');
  },
);
