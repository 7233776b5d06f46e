// npm run bench:insight [-- --runs 20]
// npm run bench:insight -- --explain <repository function, e.g. reach> [--scope segment|agent]: the
// plans of its queries (for every agent, the big segment or one agent).
//
// The insight screen's sections at scale (issue 24, docs/insight.md, docs/performance.md), on
// PostgreSQL (DATABASE_URL names the server; default postgres://postgres@127.0.0.1:5432/postgres).
// The base data (10,000 agents, 50,000 users, 100,000 contents, segments, views, requests) comes
// from the shared generator (tests/bench/scale/dataset.ts) in the named database
// portal_insight_bench; this script adds the log data once (kept: a later run reuses it):
// 10 M operation-log rows, content views up to 2 M, 1 M searches with their result opens,
// sign-ins, check popups and their confirmations, skill-up programs and watch marks, events and
// entries. Everything is built set-based (generate_series) with triggers off, so the roll-ups the
// portal keeps on write (content_reach, content_view_days, application_status_history, and those
// of 0030 and 0032) are then refilled from their sources the way migrations 0026, 0030 and 0032
// fill them.
// Then p50 / p95 per section, calling the sections' SQL (api/resources/insight/repository.ts)
// for three scopes in turn: all agents, the big segment (5,000 agents), one agent. The drill-downs
// are timed as the screen asks for them: the total and the first page of 100 rows; a later page
// (a keyset seek after a row in the middle of the list) and every row (what the CSV reads, and
// what the drill-downs answered before they were paged) are timed as their own lines.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../api/db/schema';
import { openDatabase } from '../../api/db/connect';
import * as repo from '../../api/resources/insight/repository';
import { ensureScaleDataset } from './scale/dataset';
import { INSIGHT_ROLLUP_FILL } from '../../migrations/0030_insight_rollups';
import { INSIGHT_AUDIENCE_FILL } from '../../migrations/0032_insight_audiences';

const arg = (k: string, d: number) => {
  const i = process.argv.indexOf(`--${k}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const RUNS = arg('runs', 20);
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = { agents: 10_000, users: 50_000, contents: 100_000, segments: 200 };
const LOGS = { operationLogs: 10_000_000, contentViews: 2_000_000, searches: 1_000_000 };
const TODAY = '2026-11-20';

function note(text: string) {
  process.stderr.write(`${text}\n`);
}

async function step(c: pg.Client, label: string, text: string, values: unknown[] = []) {
  const t0 = performance.now();
  await c.query(text, values);
  note(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** The log data of this benchmark, once per data set (marked by a comment on a table). */
async function ensureLogs(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const mark = await c.query<{ d: string | null }>(`select obj_description('search_result_opens'::regclass) as d`);
    if (mark.rows[0]?.d === JSON.stringify(LOGS)) {
      note('insight logs: reusing');
      return;
    }
    note('insight logs: building');
    await c.query(`set session_replication_role = replica`);
    await c.query(`set synchronous_commit = off`);
    await c.query(`set work_mem = '256MB'`);
    await c.query(`select setseed(0.24)`);
    for (const t of [
      'operation_logs',
      'search_result_opens',
      'search_histories',
      'sessions',
      'popup_check_history',
      'skilup_watch_status',
      'event_entries',
    ])
      await c.query(`truncate ${t} cascade`);
    // A user's agent: the generator spreads users over agents; read it instead of guessing.
    await c.query(`create temp table ua as select row_number() over (order by user_id) as n, user_id, ag_code
      from users where user_id like '5%'`);
    await c.query(`create index on ua (n)`);
    const nUsers = Number((await c.query<{ n: string }>(`select count(*) as n from ua`)).rows[0]!.n);
    for (let lo = 1; lo <= LOGS.operationLogs; lo += 1_000_000) {
      await step(
        c,
        `operation logs ${lo.toLocaleString('en')}…`,
        `insert into operation_logs (source, user_id, ag_code, action_time, operation_type, from_screen_name, to_screen_name, control_name)
         select case when g % 3 = 0 then 'server' else 'client' end, u.user_id, u.ag_code,
                timestamptz '${TODAY} 18:00+09' - (g % 31536000) * interval '1 second' * 1.0,
                (array['01', '02', '03', '04'])[1 + g % 4], 'TOP', 'お知らせ', 'link'
         from generate_series($1::int, $2::int) g join ua u on u.n = 1 + (g::bigint * 7919) % $3::int`,
        [lo, Math.min(LOGS.operationLogs, lo + 999_999), nUsers],
      );
    }
    const views = Number((await c.query<{ n: string }>(`select count(*) as n from content_views`)).rows[0]!.n);
    const range = await c.query<{ lo: number; hi: number }>(
      `select min(content_id) as lo, max(content_id) as hi from contents where deleted_at is null`,
    );
    const { lo: cLo, hi: cHi } = range.rows[0]!;
    // Views of the last 90 days, up to the total (the generator's are older).
    let g0 = 1;
    while (
      Number((await c.query<{ n: string }>(`select count(*) as n from content_views`)).rows[0]!.n) < LOGS.contentViews
    ) {
      await step(
        c,
        `content views from ${views.toLocaleString('en')}`,
        `insert into content_views (user_id, content_id, first_viewed_at, last_viewed_at, view_count)
         select u.user_id, $4::int + ((g * 104729::bigint) % ($5::int - $4::int + 1))::int,
                timestamptz '${TODAY} 18:00+09' - (g % 90) * interval '1 day',
                timestamptz '${TODAY} 18:00+09' - (g % 45) * interval '1 day', 1 + g % 4
         from generate_series($1::int, $2::int) g join ua u on u.n = 1 + (g::bigint * 31) % $3::int
         on conflict do nothing`,
        [g0, g0 + 499_999, nUsers, cLo, cHi],
      );
      g0 += 500_000;
    }
    // 1 M searches over a year: 3,000 keywords with a long tail; one in eight finds nothing.
    await step(
      c,
      'searches',
      `insert into search_histories (user_id, ag_code, keyword, category_id, result_count, searched_at)
       select u.user_id, u.ag_code, 'キーワード' || ((g::bigint * g) % 3000)::text, null,
              case when (g::bigint * g) % 3000 % 8 = 0 then 0 else 1 + g % 200 end,
              timestamptz '${TODAY} 18:00+09' - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
       from generate_series(1, $1::int) g join ua u on u.n = 1 + (g::bigint * 13) % $2::int`,
      [LOGS.searches, nUsers],
    );
    await step(
      c,
      'result opens',
      `insert into search_result_opens (history_id, user_id, ag_code, content_id, opened_at)
       select h.history_id, h.user_id, h.ag_code, $1::int + h.history_id % 1000, h.searched_at + interval '20 seconds'
       from search_histories h where h.result_count > 0 and h.history_id % 3 = 0`,
      [cLo],
    );
    await step(
      c,
      'sign-ins',
      `insert into sessions (session_id, user_id, created_at, last_seen_at)
       select 'bench-' || g, u.user_id, timestamptz '${TODAY} 18:00+09' - (g % 365) * interval '1 day' - (g % 3600) * interval '1 second',
              timestamptz '${TODAY} 18:00+09' - (g % 365) * interval '1 day'
       from generate_series(1, 600000) g join ua u on u.n = 1 + (g::bigint * 17) % ($1::int * 9 / 10)`,
      [nUsers],
    );
    // 20 check popups for everyone or a segment, confirmed by about half of the users.
    await step(
      c,
      'popups',
      `insert into login_popups (content_id, check_patern, check_disp_target)
       select content_id, '2', case when n % 5 = 0 then '2' else '1' end from (
         select content_id, row_number() over (order by content_id) as n from contents
         where deleted_at is null and keisai_start <= date '${TODAY}' and keisai_end >= date '${TODAY}'
           and display_target in ('0', '1') order by content_id limit 20) x
       on conflict do nothing`,
    );
    await step(
      c,
      'popup confirmations',
      `insert into popup_check_history (user_id, content_id, is_checked, checked_at)
       select u.user_id, p.content_id, true, timestamptz '${TODAY} 09:00+09'
       from login_popups p cross join ua u where p.check_patern = '2' and (u.n + p.content_id) % 2 = 0
       on conflict do nothing`,
    );
    // Skill-up: 5 programs of 4 phases of 5 chapters; watch marks of a quarter of the users.
    await step(
      c,
      'skill-up',
      `with pr as (
         insert into skilup_programs (category_id, skilup_name, display_order)
         select 6, 'ベンチ講座' || g, g from generate_series(1, 5) g returning skilup_id, display_order),
       ph as (
         insert into skilup_phases (skilup_id, phase_name, display_order)
         select skilup_id, 'フェーズ' || j, j from pr cross join generate_series(1, 4) j returning phase_id, skilup_id)
       insert into skilup_contents (content_id, skilup_id, phase_id, display_order)
       select $1::int + (row_number() over (order by phase_id))::int * 7 + k, skilup_id, phase_id, k
       from ph cross join generate_series(1, 5) k
       on conflict do nothing`,
      [cLo],
    );
    await step(
      c,
      'watch marks',
      `insert into skilup_watch_status (user_id, content_id, is_watched, updated_at)
       select u.user_id, s.content_id, (u.n + s.content_id) % 3 > 0, timestamptz '${TODAY} 09:00+09' - (u.n % 200) * interval '1 day'
       from skilup_contents s cross join ua u where u.n % 4 = 0 and (u.n + s.display_order) % 5 > 0
       on conflict do nothing`,
    );
    await step(
      c,
      'events',
      `insert into events (content_id, kaisai_at, registration_end_at, capacity)
       select content_id, timestamptz '${TODAY} 14:00+09' - (n % 120) * interval '1 day', timestamptz '${TODAY} 14:00+09' - (n % 120 + 3) * interval '1 day', 100 + n % 5 * 50
       from (select content_id, row_number() over (order by content_id) as n from contents
             where deleted_at is null and content_id > $1::int + 1000 order by content_id limit 300) x
       on conflict do nothing`,
      [cLo],
    );
    await step(
      c,
      'event entries',
      `insert into event_entries (content_id, user_id, ag_code, applied_by, applied_at, cancelled_at)
       select e.content_id, u.user_id, u.ag_code, u.user_id, e.registration_end_at - interval '5 days',
              case when u.n % 9 = 0 then e.registration_end_at - interval '4 days' end
       from events e cross join ua u where (u.n * 7 + e.content_id) % 400 = 0
       on conflict do nothing`,
    );
    note('  roll-ups kept on write, refilled from their sources (as migration 0026 fills them)');
    await step(c, 'truncate roll-ups', `truncate content_reach, content_view_days, application_status_history`);
    await step(
      c,
      'content_reach',
      `insert into content_reach (content_id, ag_code, first_opened_at)
       select v.content_id, u.ag_code, min(v.first_viewed_at) from content_views v join users u on u.user_id = v.user_id group by 1, 2`,
    );
    await step(
      c,
      'content_view_days',
      `insert into content_view_days (content_id, view_date, ag_code, views)
       select v.content_id, cast(v.last_viewed_at at time zone 'Asia/Tokyo' as date), u.ag_code, sum(v.view_count)
       from content_views v join users u on u.user_id = v.user_id group by 1, 2, 3`,
    );
    await step(
      c,
      'application_status_history',
      `insert into application_status_history (app_no, status_kbn, by_receiver, changed_at)
       select app_no, '20', false, app_date from applications where status_kbn <> '10'
       union all select app_no, status_kbn, true, provider_updated_at from applications where provider_updated_at is not null
       union all select app_no, status_kbn, false, coalesce(ag_updated_at, updated_at) from applications where status_kbn in ('40', '90')`,
    );
    for (const [i, statement] of INSIGHT_ROLLUP_FILL.entries())
      await step(c, `0030 roll-ups ${i + 1}/${INSIGHT_ROLLUP_FILL.length}`, statement);
    for (const [i, statement] of INSIGHT_AUDIENCE_FILL.entries())
      await step(c, `0032 audiences ${i + 1}/${INSIGHT_AUDIENCE_FILL.length}`, statement);
    await step(c, 'vacuum analyze', `vacuum analyze`);
    await c.query(`comment on table search_result_opens is '${JSON.stringify(LOGS)}'`);
  } finally {
    await c.end();
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const t0 = performance.now();
  const ds = await ensureScaleDataset(SERVER, {
    ...SIZES,
    name: 'portal_insight_bench',
    today: TODAY,
    searchIndex: false,
  });
  note(`base data: ${ds.reused ? 'reused' : 'built'} (${ds.name})`);
  await ensureLogs(ds.url);
  const counts = new pg.Client({ connectionString: ds.url });
  await counts.connect();
  const sizes: Record<string, number> = {};
  for (const t of [
    'agents',
    'users',
    'contents',
    'operation_logs',
    'content_views',
    'search_histories',
    'search_result_opens',
    'sessions',
    'popup_check_history',
    'content_reach',
    'content_view_days',
  ])
    sizes[t] = Number((await counts.query<{ n: string }>(`select count(*) as n from ${t}`)).rows[0]!.n);
  await counts.end();
  note(`data ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const handle = await openDatabase({ kind: 'postgres', url: ds.url });
  const db = handle.db;
  const period = { from: '2026-10-22', to: TODAY };
  const scopes: repo.Scope[] = [
    { ...period, segmentId: null, agentCode: null },
    { ...period, segmentId: ds.bigSegmentId, agentCode: null },
    { ...period, segmentId: null, agentCode: 'S0000042' },
  ];
  // The drill-downs read the first content of the reach list and the first popup.
  const firstContent = (await repo.reach(db, scopes[0]!)).contents[0]!.contentId;
  const firstPopup = (await repo.popups(db, scopes[0]!))[0]!.contentId;
  // A later page of each drill-down starts after the middle row of the whole list of its scope.
  const middle = async <T>(rows: Promise<T[]>) => {
    const list = await rows;
    return list[Math.floor(list.length / 2)] ?? null;
  };
  const unopenedAt = await Promise.all(scopes.map((s) => middle(repo.unopenedAgents(db, s, firstContent))));
  const pendingAt = await Promise.all(scopes.map((s) => middle(repo.pendingUsers(db, s, firstPopup))));
  const sections: Record<string, (s: repo.Scope) => Promise<unknown>> = {
    reach: (s) => repo.reach(db, s),
    'reach: not opened (drill-down, total and first page of 100)': (s) =>
      repo.unopenedAgentsPage(db, s, firstContent, null),
    'reach: not opened (drill-down, a page from the middle)': (s) =>
      repo.unopenedAgentsPage(db, s, firstContent, unopenedAt[scopes.indexOf(s)] ?? null),
    'reach: not opened (every row, as the CSV reads them)': (s) => repo.unopenedAgents(db, s, firstContent),
    popups: (s) => repo.popups(db, s),
    'popups: not yet (drill-down, total and first page of 100)': (s) => repo.pendingUsersPage(db, s, firstPopup, null),
    'popups: not yet (drill-down, a page from the middle)': (s) =>
      repo.pendingUsersPage(db, s, firstPopup, pendingAt[scopes.indexOf(s)] ?? null),
    'popups: not yet (every row, as the CSV reads them)': (s) => repo.pendingUsers(db, s, firstPopup),
    search: (s) => repo.search(db, s),
    'skill-up and events': async (s) => {
      const n = await repo.scopeSize(db, s);
      return Promise.all([repo.skilupPhases(db, s, n), repo.events(db, s)]);
    },
    requests: (s) => Promise.all([repo.openRequests(db, s, new Date()), repo.requestDurations(db, s)]),
    activity: (s) => Promise.all([repo.activity(db, s), repo.idleAgents(db, s)]),
  };
  const scopeNames = ['all agents', 'big segment', 'one agent'];
  const out: {
    section: string;
    p50: number;
    p95: number;
    max: number;
    byScope: Record<string, { p50: number; p95: number }>;
  }[] = [];
  for (const [name, run] of Object.entries(sections)) {
    for (const s of scopes) await run(s); // warm-up
    const ms: number[] = [];
    const per: number[][] = scopes.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      const s = scopes[i % scopes.length]!;
      const a = performance.now();
      await run(s);
      const took = performance.now() - a;
      ms.push(took);
      per[i % scopes.length]!.push(took);
    }
    ms.sort((x, y) => x - y);
    const byScope: Record<string, { p50: number; p95: number }> = {};
    for (const [i, list] of per.entries()) {
      if (!list.length) continue;
      list.sort((x, y) => x - y);
      byScope[scopeNames[i]!] = { p50: Math.round(pct(list, 50)), p95: Math.round(pct(list, 95)) };
    }
    const row = {
      section: name,
      p50: Math.round(pct(ms, 50)),
      p95: Math.round(pct(ms, 95)),
      max: Math.round(ms[ms.length - 1]!),
      byScope,
    };
    out.push(row);
    note(
      `${name}: p50 ${row.p50} ms, p95 ${row.p95} ms (${Object.entries(byScope)
        .map(([k, v]) => `${k} ${v.p50}/${v.p95}`)
        .join(', ')})`,
    );
  }
  await handle.close();
  console.log(JSON.stringify({ sizes, runs: RUNS, scopes: scopeNames, sections: out }, null, 2));
}

/** EXPLAIN ANALYZE of every query one repository function runs, on the kept data set. */
async function explain(url: string, section: string, segmentId: number) {
  const pool = new pg.Pool({ connectionString: url });
  const seen: { sql: string; params: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (e) => {
      if (e.level === 'query') seen.push({ sql: e.query.sql, params: e.query.parameters });
    },
  });
  // --scope segment | agent: the plans for the big segment or one agent instead of every agent.
  const scope = process.argv[process.argv.indexOf('--scope') + 1];
  const s: repo.Scope = {
    from: '2026-10-22',
    to: TODAY,
    segmentId: process.argv.includes('--scope') && scope === 'segment' ? segmentId : null,
    agentCode: process.argv.includes('--scope') && scope === 'agent' ? 'S0000042' : null,
  };
  const fn = (
    repo as unknown as Record<string, (db: unknown, s: repo.Scope, x?: unknown, after?: null) => Promise<unknown>>
  )[section];
  if (!fn) throw new Error(`no section ${section}`);
  // The drill-downs read the first content of the reach list and the first popup, as the run does.
  const third =
    section === 'skilupPhases'
      ? SIZES.agents
      : section.startsWith('pendingUsers')
        ? (await repo.popups(db, s))[0]!.contentId
        : section.startsWith('unopenedAgents')
          ? (await repo.reach(db, s)).contents[0]!.contentId
          : new Date();
  seen.length = 0;
  await fn(db, s, third, null); // a drill-down's page: the first
  for (const q of seen) {
    const r = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${q.sql}`, [...q.params]);
    console.log(`${r.rows.map((x) => x['QUERY PLAN']).join('\n')}\n`);
  }
  await pool.end();
}

const explainAt = process.argv.indexOf('--explain');
if (explainAt > 0) {
  const ds = await ensureScaleDataset(SERVER, {
    ...SIZES,
    name: 'portal_insight_bench',
    today: TODAY,
    searchIndex: false,
  });
  await explain(ds.url, process.argv[explainAt + 1] ?? 'reach', ds.bigSegmentId);
} else {
  await main();
}
