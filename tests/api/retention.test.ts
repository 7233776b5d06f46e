// The daily retention purge (docs/operations.md "Retention"), on PGlite and (with DATABASE_URL)
// on PostgreSQL, with an injected clock: rows older than each kind's retention go, newer ones
// stay; deletes run in batches; one instance at a time (the lease row), once a day from
// RETENTION_PURGE_AT; the settings come from the RETENTION_* variables.
import t from 'tap';
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ConfigError } from '../../api/config';
import type { Caller } from '../../api/authority/caller';
import { pruneAuditLogs } from '../../api/audit/prune';
import { recordAudit } from '../../api/audit/record';
import type { Database } from '../../api/db/schema';
import { retentionKinds, type RetentionKind } from '../../api/retention/kinds';
import { RetentionPurge, LEASE_MS, PURGE_JOB, dueFrom } from '../../api/retention/purge';
import { retentionSettingsFrom, type RetentionSettings } from '../../api/retention/settings';
import { openTestDatabase } from '../helpers/test-db';
import { TestClock } from '../helpers/test-app';

const DAY = 86_400_000;
const USER = '0000000003'; // a seeded user (sessions, codes and tokens refer to users)
const log = Fastify({ logger: false }).log; // a silent logger
const AUDITOR: Caller = {
  sessionId: 'retention-test',
  userId: '0000000001',
  agCode: '',
  daihyoCode: '',
  roleId: '1',
  isAdmin: true,
  isProvider: true,
  pseudo: null,
};

/** A row of each kind at `at`, marked with `tag` so the test counts only its own rows. */
const fixtures: Record<
  string,
  {
    insert(db: Kysely<Database>, at: Date, tag: string): Promise<void>;
    count(db: Kysely<Database>, tag: string): Promise<number>;
  }
> = {
  operation_logs: {
    insert: (db, at, tag) =>
      db
        .insertInto('operation_logs')
        .values({
          source: 'server',
          user_id: USER,
          ag_code: 'A0000001',
          action_time: at,
          operation_type: '01',
          control_name: tag,
        })
        .execute()
        .then(() => undefined),
    count: (db, tag) => countWhere(db, sql`select count(*) as n from operation_logs where control_name = ${tag}`),
  },
  error_logs: {
    insert: (db, at, tag) =>
      db
        .insertInto('error_logs')
        .values({
          error_id: `${tag}-${at.getTime()}-${Math.random()}`.slice(0, 36),
          source: 'server',
          message: tag,
          created_at: at,
        })
        .execute()
        .then(() => undefined),
    count: (db, tag) => countWhere(db, sql`select count(*) as n from error_logs where message = ${tag}`),
  },
  search_histories: {
    insert: (db, at, tag) =>
      db
        .insertInto('search_histories')
        .values({
          user_id: USER,
          ag_code: 'A0000001',
          keyword: tag,
          category_id: null,
          result_count: 1,
          searched_at: at,
        })
        .execute()
        .then(() => undefined),
    count: (db, tag) => countWhere(db, sql`select count(*) as n from search_histories where keyword = ${tag}`),
  },
  sign_in_events: {
    insert: (db, at, tag) =>
      db
        .insertInto('sign_in_events')
        .values({ user_id: USER, ag_code: 'A0000001', kind: 'sign_in', at, detail: tag })
        .execute()
        .then(() => undefined),
    count: (db, tag) => countWhere(db, sql`select count(*) as n from sign_in_events where detail = ${tag}`),
  },
  sessions: {
    insert: (db, at, tag) =>
      db
        .insertInto('sessions')
        .values({ session_id: crypto.randomUUID(), user_id: USER, created_at: at, last_seen_at: at, user_agent: tag })
        .execute()
        .then(() => undefined),
    count: (db, tag) => countWhere(db, sql`select count(*) as n from sessions where user_agent = ${tag}`),
  },
  otp_challenges: {
    insert: (db, at, tag) =>
      db
        .insertInto('otp_challenges')
        .values({ challenge_id: crypto.randomUUID(), user_id: USER, code_hash: tag, created_at: at, expires_at: at })
        .execute()
        .then(() => undefined),
    count: (db, tag) => countWhere(db, sql`select count(*) as n from otp_challenges where code_hash = ${tag}`),
  },
  password_reset_tokens: {
    insert: (db, at, tag) =>
      db
        .insertInto('password_reset_tokens')
        .values({ token_hash: `${tag}:${crypto.randomUUID()}`, user_id: USER, created_at: at, expires_at: at })
        .execute()
        .then(() => undefined),
    count: (db, tag) =>
      countWhere(db, sql`select count(*) as n from password_reset_tokens where token_hash like ${`${tag}:%`}`),
  },
  trusted_browsers: {
    insert: (db, at, tag) =>
      db
        .insertInto('trusted_browsers')
        .values({
          browser_id: `${tag.slice(0, 8)}${crypto.randomUUID().slice(8)}`,
          user_id: USER,
          created_at: at,
          expires_at: at,
        })
        .execute()
        .then(() => undefined),
    count: (db, tag) =>
      countWhere(db, sql`select count(*) as n from trusted_browsers where browser_id like ${`${tag.slice(0, 8)}%`}`),
  },
  // Written through the chain (api/audit/record.ts), as the portal writes them: the audit module's
  // prune must keep what remains verifiable (tests/api/audit-chain.test.ts checks that part).
  audit_logs: {
    insert: (db, at, tag) =>
      recordAudit(db, { caller: AUDITOR, action: 'update', entity: 'retention', entityId: tag, at }),
    count: (db, tag) =>
      countWhere(db, sql`select count(*) as n from audit_logs where entity = 'retention' and entity_id = ${tag}`),
  },
  auth_attempts: {
    insert: (db, at, tag) =>
      db
        .insertInto('auth_attempts')
        .values({ kind: 'login', login_id: tag, ip: '192.0.2.1', attempted_at: at })
        .execute()
        .then(() => undefined),
    count: (db, tag) => countWhere(db, sql`select count(*) as n from auth_attempts where login_id = ${tag}`),
  },
};

async function countWhere(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<number> {
  const r = await (query as ReturnType<typeof sql<{ n: string | number }>>).execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

const settings = (over: Partial<RetentionSettings> = {}): RetentionSettings => ({
  ...retentionSettingsFrom({}),
  batchSize: 100,
  pauseMs: 0,
  ...over,
});

t.test('retention purge', async (t) => {
  const handle = await openTestDatabase({ seed: { today: '2026-11-20' } });
  t.teardown(() => handle.close());
  const db = handle.db;
  // 2026-11-20 04:00 in Tokyo: after the default purge time (03:00).
  const clock = new TestClock(new Date('2026-11-19T19:00:00Z'));
  const freeLease = () => db.deleteFrom('job_leases').execute();

  t.test('every registry kind has a fixture here (a new kind needs one)', async (t) => {
    t.same(retentionKinds.map((k) => k.kind).sort(), Object.keys(fixtures).sort());
    t.ok(
      retentionKinds.some((k) => k.kind === 'audit_logs'),
      'audit rows too, pruned through the audit module',
    );
  });

  t.test("rows older than each kind's retention go, newer ones stay", async (t) => {
    await freeLease();
    // The audit trail is pruned in its own order, stopping at the first row not yet due; the
    // seeds' import row (written days before the clock) would stop it before the old rows written
    // below, so the chain is emptied up to the clock first.
    await pruneAuditLogs(db, { before: clock.now(), batchSize: 100 });
    const s = settings();
    const now = clock.now().getTime();
    for (const k of retentionKinds) {
      const days = s.days[k.kind] ?? k.defaultDays;
      const f = fixtures[k.kind]!;
      await f.insert(db, new Date(now - days * DAY - 60_000), `old-${k.kind}`);
      await f.insert(db, new Date(now - days * DAY - 400 * DAY), `old-${k.kind}`);
      await f.insert(db, new Date(now - days * DAY + 60_000), `new-${k.kind}`);
      await f.insert(db, new Date(now - 60_000), `new-${k.kind}`);
    }
    const result = await new RetentionPurge(db, clock, s, log).runOnce();
    t.ok(result, 'the purge ran');
    for (const k of retentionKinds) {
      const f = fixtures[k.kind]!;
      t.equal(await f.count(db, `old-${k.kind}`), 0, `${k.kind}: rows before the cutoff are gone`);
      t.equal(await f.count(db, `new-${k.kind}`), 2, `${k.kind}: rows after the cutoff stay`);
      t.ok((result?.removed[k.kind] ?? 0) >= 2, `${k.kind}: counted`);
      t.equal(result?.cutoffs[k.kind]?.getTime(), now - (s.days[k.kind] ?? 0) * DAY, `${k.kind}: cutoff`);
    }
  });

  t.test('the days come from the RETENTION_* variables', async (t) => {
    await freeLease();
    const s = settings({ days: { ...settings().days, operation_logs: 10 } });
    const now = clock.now().getTime();
    await fixtures.operation_logs!.insert(db, new Date(now - 11 * DAY), 'ten-days');
    await fixtures.operation_logs!.insert(db, new Date(now - 9 * DAY), 'ten-days-new');
    await new RetentionPurge(db, clock, s, log).runOnce();
    t.equal(await fixtures.operation_logs!.count(db, 'ten-days'), 0);
    t.equal(await fixtures.operation_logs!.count(db, 'ten-days-new'), 1);
  });

  t.test('deletes go in batches of batchSize rows, with the pause between them', async (t) => {
    const kind = retentionKinds.find((k) => k.kind === 'operation_logs')!;
    const cutoff = new Date(clock.now().getTime() - 3000 * DAY);
    const at = new Date(cutoff.getTime() - DAY);
    await db
      .insertInto('operation_logs')
      .values(
        Array.from({ length: 250 }, () => ({
          source: 'server' as const,
          user_id: USER,
          ag_code: 'A0000001',
          action_time: at,
          operation_type: '01',
          control_name: 'batch',
        })),
      )
      .execute();
    let pauses = 0;
    const removed = await kind.prune(db, cutoff, 100, async () => {
      pauses++;
    });
    t.equal(removed, 250);
    t.equal(pauses, 2, 'three statements (100, 100, 50): a pause between each');
    t.equal(await fixtures.operation_logs!.count(db, 'batch'), 0);
  });

  t.test('one instance at a time; once a day from RETENTION_PURGE_AT', async (t) => {
    await freeLease();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const slow: RetentionKind = {
      kind: 'slow',
      envVar: 'RETENTION_SLOW_DAYS',
      defaultDays: 1,
      prune: async () => {
        entered();
        await gate;
        return 0;
      },
    };
    const a = new RetentionPurge(db, clock, settings(), log, [slow]);
    const b = new RetentionPurge(db, clock, settings(), log, [slow]);
    const running = a.runIfDue();
    await inside;
    t.equal(await b.runIfDue(), null, 'the second instance does nothing while the first holds the lease');
    t.equal(await b.runOnce(), null, 'not even when asked explicitly');
    release();
    t.ok(await running, 'the first finished its run');
    t.equal(await b.runIfDue(), null, "the day's run is done: the other instance does not repeat it");
    t.equal(await a.runIfDue(), null, 'nor does the same one');

    clock.advance(DAY); // 04:00 the next day
    const c = new RetentionPurge(db, clock, settings(), log, []);
    t.ok(await c.runIfDue(), 'the next day runs again');

    clock.advance(DAY - 2 * 3600_000); // 02:00 the day after: before RETENTION_PURGE_AT
    t.equal(await c.runIfDue(), null, 'not before the purge time');
    clock.advance(3600_000); // 03:00
    t.ok(await c.runIfDue(), 'due from the purge time');
  });

  t.test('a holder that died: its lease runs out and another instance takes over', async (t) => {
    await freeLease();
    await db
      .insertInto('job_leases')
      .values({ job: PURGE_JOB, holder: 'dead-instance', lease_until: new Date(clock.now().getTime() + LEASE_MS) })
      .execute();
    const b = new RetentionPurge(db, clock, settings(), log, []);
    t.equal(await b.runIfDue(), null, 'the lease is still running');
    clock.advance(LEASE_MS);
    t.ok(await b.runIfDue(), 'after the lease ran out');
    const row = await db.selectFrom('job_leases').selectAll().where('job', '=', PURGE_JOB).executeTakeFirstOrThrow();
    t.equal(row.last_finished_at?.getTime(), clock.now().getTime(), 'the finish is recorded');
    t.equal(row.lease_until.getTime(), clock.now().getTime(), 'and the lease given up');
  });

  t.test('a failing kind gives the lease up without marking the day done', async (t) => {
    await freeLease();
    const broken: RetentionKind = {
      kind: 'broken',
      envVar: 'RETENTION_BROKEN_DAYS',
      defaultDays: 1,
      prune: async () => {
        throw new Error('disk full');
      },
    };
    await t.rejects(new RetentionPurge(db, clock, settings(), log, [broken]).runIfDue(), /disk full/);
    t.ok(await new RetentionPurge(db, clock, settings(), log, []).runIfDue(), 'another try the same day runs');
  });
});

t.test('settings from the environment', async (t) => {
  const configErrorOf = (env: Record<string, string>) => {
    try {
      retentionSettingsFrom(env);
      return null;
    } catch (err) {
      return err;
    }
  };
  const d = retentionSettingsFrom({});
  t.equal(d.days.operation_logs, 730);
  t.equal(d.days.error_logs, 365);
  t.equal(d.days.search_histories, 365);
  t.equal(d.days.sign_in_events, 1095);
  t.equal(d.batchSize, 5000);
  t.equal(d.purgeAtMinute, 180);
  const s = retentionSettingsFrom({ RETENTION_SIGN_IN_EVENT_DAYS: '400', RETENTION_PURGE_AT: '22:30' });
  t.equal(s.days.sign_in_events, 400);
  t.equal(s.purgeAtMinute, 22 * 60 + 30);
  t.ok(
    configErrorOf({ RETENTION_OPERATION_LOG_DAYS: '0' }) instanceof ConfigError,
    JSON.stringify({ RETENTION_OPERATION_LOG_DAYS: '0' }),
  );
  t.ok(
    configErrorOf({ RETENTION_ERROR_LOG_DAYS: 'a year' }) instanceof ConfigError,
    JSON.stringify({ RETENTION_ERROR_LOG_DAYS: 'a year' }),
  );
  t.ok(
    configErrorOf({ RETENTION_PURGE_AT: '3:00' }) instanceof ConfigError,
    JSON.stringify({ RETENTION_PURGE_AT: '3:00' }),
  );
  t.ok(
    configErrorOf({ RETENTION_BATCH_SIZE: '10' }) instanceof ConfigError,
    JSON.stringify({ RETENTION_BATCH_SIZE: '10' }),
  );
  // 2026-11-20 01:00 Tokyo → the due instant is 2026-11-20 03:00 Tokyo.
  t.equal(dueFrom(new Date('2026-11-19T16:00:00Z'), 180).toISOString(), '2026-11-19T18:00:00.000Z');
});
