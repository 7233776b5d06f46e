// npm run bench:oplog [-- --rows 50000000]
//
// The operation log at scale (docs/performance.md "Operation log at 50 million rows"). On the
// PostgreSQL server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), in a
// database of its own, portal_bench_oplog, KEPT between runs: the first run migrates it and fills
// operation_logs with --rows rows over two years in time order (generate_series, 1 million rows
// per statement with progress; indexes dropped during the load and built after it, as a restore
// would), later runs reuse it. Then it prints, at that size:
//  - insert time per row: single-row inserts (the API's recordOperation, one statement each) and
//    1,000-row batches;
//  - the queries run on the table: one user's operations in a month (operators' look-up), one
//    day's operations by type, a user's latest 100;
//  - the purge of the oldest day through the retention registry (api/retention/kinds.ts), 5,000
//    rows per statement, as the daily purge does;
//  - the sizes of the table and its indexes.
import os from 'node:os';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../api/db/connect';
import { migrateToLatest } from '../../api/db/migrate';
import { recordOperation } from '../../api/logs/operation-log';
import { retentionKinds } from '../../api/retention/kinds';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} needs a positive whole number`);
  return v;
}

const ROWS = flag('rows', 50_000_000);
const CHUNK = 1_000_000;
const DB_NAME = 'portal_bench_oplog';
const START = new Date('2024-12-01T00:00:00+09:00'); // two years before the end of the data
const SPAN_MS = 730 * 86_400_000;
const USERS = 5_000;
const AGENTS = 500;

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const exists = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
if (!exists.rowCount) {
  console.log(`creating database ${DB_NAME}`);
  await admin.query(
    `create database ${DB_NAME} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
  );
}
await admin.end();

const handle = await openDatabase({ kind: 'postgres', url: benchUrl });
const db = handle.db;
const ms = (t0: number) => performance.now() - t0;
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 1 ? n.toFixed(1) : n.toFixed(3));

try {
  await migrateToLatest(db);
  const version = (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v.split(',')[0];
  console.log(
    `# operation-log benchmark: ${version}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );

  // ---- the data, once ----------------------------------------------------------------------
  const count = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from operation_logs`.execute(db)).rows[0]?.n ?? 0);
  let have = await count();
  if (have < ROWS * 0.99) {
    console.log(`filling operation_logs: ${have.toLocaleString('en')} rows now, ${ROWS.toLocaleString('en')} wanted`);
    const t0 = performance.now();
    await sql`drop index if exists operation_logs_user_idx`.execute(db);
    await sql`drop index if exists operation_logs_action_time_brin`.execute(db);
    for (let from = have; from < ROWS; from += CHUNK) {
      const to = Math.min(ROWS, from + CHUNK) - 1;
      const t1 = performance.now();
      // Row i happens at START + i * SPAN / ROWS: time order, as the API writes them.
      await sql`insert into operation_logs (source, user_id, ag_code, action_time, operation_type,
          from_screen_name, to_screen_name, control_name, current_url, ip)
        select case when i % 3 = 0 then 'server' else 'client' end,
          lpad((i * 7919 % ${USERS})::text, 10, '0'),
          'A' || lpad((i * 7919 % ${USERS} % ${AGENTS})::text, 7, '0'),
          ${START}::timestamptz + (i * (${SPAN_MS}::float8 / ${ROWS})) * interval '1 millisecond',
          lpad((1 + i % 11)::text, 2, '0'),
          'ポータルTOP', 'コンテンツ詳細', 'link',
          '/with-ag/contents-detail?categoryId=1&contentsId=' || (i % 400),
          '10.' || (i % 250) || '.' || (i % 199) || '.' || (i % 97)
        from generate_series(${from}::bigint, ${to}::bigint) as i`.execute(db);
      console.log(
        `  rows ${(to + 1).toLocaleString('en')} / ${ROWS.toLocaleString('en')} (${fmt(ms(t1) / 1000)} s this million, ${fmt(ms(t0) / 1000)} s in all)`,
      );
    }
    const t2 = performance.now();
    await sql`create index operation_logs_user_idx on operation_logs (user_id, action_time)`.execute(db);
    console.log(`  index (user_id, action_time) built in ${fmt(ms(t2) / 1000)} s`);
    const t3 = performance.now();
    await sql`create index operation_logs_action_time_brin on operation_logs using brin (action_time)`.execute(db);
    console.log(`  BRIN index (action_time) built in ${fmt(ms(t3) / 1000)} s`);
    const t4 = performance.now();
    await sql`vacuum analyze operation_logs`.execute(db);
    console.log(`  vacuum analyze in ${fmt(ms(t4) / 1000)} s; loaded in ${fmt(ms(t0) / 60_000)} min`);
    have = await count();
  }
  console.log(`operation_logs holds ${have.toLocaleString('en')} rows`);

  // ---- inserts -----------------------------------------------------------------------------
  const last = (await sql<{ t: Date }>`select max(action_time) as t from operation_logs`.execute(db)).rows[0]?.t;
  const now = new Date((last ?? new Date()).getTime() + 1000);
  const entry = (i: number) => ({
    source: 'client' as const,
    userId: String(i % USERS).padStart(10, '0'),
    agCode: `A${String(i % AGENTS).padStart(7, '0')}`,
    actionTime: new Date(now.getTime() + i),
    operationType: '10',
    fromScreenName: 'ポータルTOP',
    controlName: 'link',
    currentUrl: '/with-ag/portal-top',
    ip: '10.0.0.1',
  });
  const SINGLE = 2_000;
  // The baseline, measured in the same minute (the machine's load and its disk's commit time
  // change from run to run): the same single-row inserts into an empty table with the same
  // columns and indexes. The difference is what 50 million rows cost an insert.
  await sql`drop table if exists operation_logs_empty`.execute(db);
  await sql`create table operation_logs_empty (like operation_logs including all)`.execute(db);
  let t = performance.now();
  for (let i = 0; i < SINGLE; i++) {
    const e = entry(i);
    await sql`insert into operation_logs_empty (source, user_id, ag_code, action_time, operation_type, from_screen_name, control_name, current_url, ip)
      values (${e.source}, ${e.userId}, ${e.agCode}, ${e.actionTime}, ${e.operationType}, ${e.fromScreenName}, ${e.controlName}, ${e.currentUrl}, ${e.ip})`.execute(
      db,
    );
  }
  const emptyMs = ms(t);
  await sql`drop table operation_logs_empty`.execute(db);
  t = performance.now();
  for (let i = 0; i < SINGLE; i++) await recordOperation(db, entry(i));
  console.log(
    `insert, one row per statement (recordOperation): ${fmt((ms(t) / SINGLE) * 1000)} µs per row (${SINGLE} rows); the same into an empty table with the same indexes: ${fmt((emptyMs / SINGLE) * 1000)} µs per row`,
  );
  const BATCHES = 20;
  const BATCH = 1_000;
  t = performance.now();
  for (let b = 0; b < BATCHES; b++) {
    await db
      .insertInto('operation_logs')
      .values(
        Array.from({ length: BATCH }, (_, k) => {
          const e = entry(SINGLE + b * BATCH + k);
          return {
            source: e.source,
            user_id: e.userId,
            ag_code: e.agCode,
            action_time: e.actionTime,
            operation_type: e.operationType,
            from_screen_name: e.fromScreenName,
            control_name: e.controlName,
            current_url: e.currentUrl,
            ip: e.ip,
          };
        }),
      )
      .execute();
  }
  console.log(
    `insert, ${BATCH}-row batches: ${fmt((ms(t) / (BATCHES * BATCH)) * 1000)} µs per row (${BATCHES} batches)`,
  );

  // ---- queries -----------------------------------------------------------------------------
  const monthFrom = new Date(START.getTime() + 400 * 86_400_000);
  const monthTo = new Date(monthFrom.getTime() + 30 * 86_400_000);
  const dayFrom = new Date(START.getTime() + 500 * 86_400_000);
  const dayTo = new Date(dayFrom.getTime() + 86_400_000);
  const queries: { name: string; run: () => Promise<number> }[] = [
    {
      name: "one user's operations in a month (operators' look-up)",
      run: async () =>
        (
          await db
            .selectFrom('operation_logs')
            .selectAll()
            .where('user_id', '=', '0000001234')
            .where('action_time', '>=', monthFrom)
            .where('action_time', '<', monthTo)
            .orderBy('action_time')
            .execute()
        ).length,
    },
    {
      name: "one day's operations counted by type",
      run: async () =>
        (
          await db
            .selectFrom('operation_logs')
            .select(['operation_type', (eb) => eb.fn.countAll<string>().as('n')])
            .where('action_time', '>=', dayFrom)
            .where('action_time', '<', dayTo)
            .groupBy('operation_type')
            .execute()
        ).reduce((s, r) => s + Number(r.n), 0),
    },
    {
      name: "a user's latest 100 operations",
      run: async () =>
        (
          await db
            .selectFrom('operation_logs')
            .selectAll()
            .where('user_id', '=', '0000004321')
            .orderBy('action_time', 'desc')
            .limit(100)
            .execute()
        ).length,
    },
  ];
  const plan = await sql<{ 'QUERY PLAN': string }>`explain select operation_type, count(*) from operation_logs
    where action_time >= ${dayFrom} and action_time < ${dayTo} group by operation_type`.execute(db);
  const access = plan.rows.map((r) => r['QUERY PLAN'].trim()).filter((l) => /Scan/.test(l));
  console.log(`plan of the day's query: ${access.join(' / ')}`);
  for (const q of queries) {
    await q.run(); // warm
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < 5; i++) {
      const t1 = performance.now();
      rows = await q.run();
      times.push(ms(t1));
    }
    times.sort((a, b) => a - b);
    console.log(`query: ${q.name}: median ${fmt(times[2] ?? 0)} ms, max ${fmt(times[4] ?? 0)} ms (${rows} rows)`);
  }

  // ---- the purge of the oldest day ---------------------------------------------------------
  const oldest = (await sql<{ t: Date }>`select min(action_time) as t from operation_logs`.execute(db)).rows[0]?.t;
  if (oldest) {
    const cutoff = new Date(oldest.getTime() + 86_400_000);
    const kind = retentionKinds.find((k) => k.kind === 'operation_logs');
    if (!kind) throw new Error('operation_logs is not in the retention registry');
    let statements = 0;
    t = performance.now();
    const removed = await kind.prune(db, cutoff, 5_000, async () => {
      statements++;
    });
    const total = ms(t);
    console.log(
      `purge of the oldest day (${oldest.toISOString()} + 1 day): ${removed.toLocaleString('en')} rows in ${fmt(total)} ms, ${statements + 1} statements of at most 5,000 rows, ${fmt(total / (statements + 1))} ms per statement`,
    );
  }

  const sizes = await sql<{ name: string; size: string }>`
    select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size from pg_class c
    where c.relname in ('operation_logs', 'operation_logs_pkey', 'operation_logs_user_idx', 'operation_logs_action_time_brin')
    order by pg_relation_size(c.oid) desc`.execute(db);
  console.log(`sizes: ${sizes.rows.map((r) => `${r.name} ${r.size}`).join(', ')}`);
} finally {
  await handle.close();
}
