// npm run bench:scale [-- --contents 1000000 --agents 10000 --users 50000 --segments 3000 --sizes 10,30,100
//                        --runs 30 --name portal_scale --no-search-index --companies 500000
//                        --reads portal,detail,search,lists,notices,segment-csv,change-feed,search-index
//                        --scan-runs 3 --database postgres|pglite --pglite-dir DIR --callers 1,4,16]
//
// The portal's reads at the scale of a national supplier (issue 26, docs/performance.md "At national
// scale"). For each size (a percentage of the given sizes) the data set of tests/bench/scale/dataset.ts
// is built once into a database of its own (portal_scale_<contents>: kept, reused by later runs
// whose sizes match; bench:search --dataset finds the same ones), the app is started on it listening on a port, and every read is measured
// through real HTTP calls (keep-alive, one caller, warm database), p50 / p95 per size:
// - the portal top's calls for the demo agent (a member of 20 segments) with the API's caches
//   dropped before each round (uncached): each call, and the whole page (the calls in parallel);
//   only when asked (`--reads parallel`, not in the default): the whole page for 1, 4 and 16
//   (`--callers`) generated agents at once, uncached, each page's time;
// - a content detail with its targeting check (a content for all, for one of its segments, for its
//   agent code, and one it may not see);
// - site search, every query shape of bench:search (tests/bench/search-shapes.ts), through the
//   index and through an ILIKE scan (the baseline), each call reading the database;
// - the administrators' lists as the provider administrator, as their screens page them (first,
//   middle and last page): agent users by company name, segments, requests by status; notices
//   by period (first, middle and last page);
// - a segment CSV of 10,000 agent codes uploaded and a content targeted at the segment visible to
//   a member (the upload's call, then the member's first read);
// - the change feed: a CSV upload that replaces the members of a segment of 5,000 agents, and the
//   time until a second instance (another app on the same database) serves the change;
// - the search index rebuilt from the contents, as `npm run search:rebuild` does (last, seconds);
// then once: a registered companies import of 500,000 rows (on a database of its own).
// The data sets are left as they were: what a measurement changes is put back.
//
// --database pglite measures the same reads on PGlite: each data set is still built (or found) on
// the PostgreSQL server, then copied into a PGlite data directory (tests/bench/scale/pglite-copy.ts;
// kept under --pglite-dir, default <tmp>/portal-scale-pglite, and reused) and the app is started
// on the copy. The change feed is not measured there (it needs a second instance on the same
// database, and one process owns a PGlite data directory); the companies import runs on PGlite in
// memory; the process's RSS (PGlite lives in it) is printed per size.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { settleChanges } from '../../../api/cache/change-feed';
import { openDatabase, type DatabaseTarget } from '../../../api/db/connect';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { nth } from '../../helpers/indexing';
import {
  DEMO_AGENT,
  ensureScaleDataset,
  scaleAgentCode,
  scaleLoginId,
  scaleUserId,
  SCALE_PASSWORD,
  type ScaleDataset,
} from './dataset';
import { ensurePgliteCopy } from './pglite-copy';
import { timeCompanyImport } from '../companies';
import { searchSettings, type Matcher } from '../../../api/search/query';
import { SEARCH_SHAPES } from '../search-shapes';
import { rebuildSearchIndex } from '../../../api/search/index-content';
import { progressBar } from '../../../api/progress-bar';

const argv = process.argv.slice(2);
function flag(name: string, fallback: number): number {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(argv[i + 1]);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} needs a number`);
  return v;
}
function text(name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? fallback : String(argv[i + 1]);
}

const FULL = {
  contents: flag('contents', 1_000_000),
  agents: flag('agents', 10_000),
  users: flag('users', 50_000),
  segments: flag('segments', 3_000),
};
const PERCENTS = text('sizes', '10,30,100')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const RUNS = flag('runs', 30);
const BASE = text('name', 'portal_scale');
const COMPANIES = flag('companies', 500_000);
/** The groups of reads to measure (default all): a run that checks one change measures only its reads. */
const READS = new Set(
  text('reads', 'portal,detail,search,lists,notices,segment-csv,change-feed,search-index').split(','),
);
/** How many agents load the portal top at once (the opt-in read group `parallel`). */
const CALLERS = text('callers', '1,4,16')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
/** Calls of the ILIKE scan per search shape (the baseline is seconds a call at a million contents). */
const SCAN_RUNS = flag('scan-runs', 3);
const WARMUP = 3;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = text('database', 'postgres');
if (DATABASE !== 'postgres' && DATABASE !== 'pglite') throw new Error('--database: postgres or pglite');
const PGLITE_DIR = text('pglite-dir', path.join(os.tmpdir(), 'portal-scale-pglite'));
// The companies import's own database: on the same server, or PGlite (in memory) without DATABASE_URL.
if (DATABASE === 'postgres') process.env.DATABASE_URL = ADMIN_URL;
else delete process.env.DATABASE_URL;

// ---- figures ------------------------------------------------------------------------------------------

interface Figure {
  p50: number;
  p95: number;
  note?: string;
  /** Of p50 and p95; milliseconds unless said. */
  unit?: 's';
}
const pct = (sorted: number[], p: number) =>
  nth(sorted, Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)));
const summary = (times: number[], note?: string): Figure => {
  const s = [...times].sort((a, b) => a - b);
  return { p50: pct(s, 50), p95: pct(s, 95), note };
};
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

// ---- HTTP --------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  ms: number;
  json: Record<string, unknown>;
}

function client(base: string) {
  const post = async (token: string, path: string, body: Record<string, unknown> | FormData): Promise<Answer> => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : JSON.stringify({ systemKbn: '01', ...body }),
    });
    const raw = await res.text();
    const ms = performance.now() - t0;
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      json = { raw: raw.slice(0, 200) };
    }
    return { status: res.status, ms, json };
  };
  return { post };
}

type Instance = { h: TestApp; base: string };

async function startOn(target: DatabaseTarget): Promise<Instance> {
  const handle = await openDatabase(target);
  const h = await createTestApp({ database: handle });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return { h, base: `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}` };
}

/** Drops every cache of the instance: a message for each watched table and row the reads depend on, then settle. */
async function dropCaches(h: TestApp, tags: string[]) {
  await sql`select pg_notify('portal_changes', t) from unnest(${tags}::text[]) t`.execute(h.db);
  await settleChanges(h.db);
}

const TABLE_TAGS = [
  'contents',
  'content_agents',
  'content_files',
  'sub_categories',
  'login_popups',
  'agent_segment_members',
  'banners',
  'icon_menu_settings',
  'icon_menu_rows',
  'global_navi_settings',
  'global_navi_rows',
  'notifications',
  'categories',
  'thumbnails',
  'applications',
].map((t) => `${t}:*`);

function csvOf(codes: readonly string[]): Blob {
  return new Blob([codes.join('\r\n') + '\r\n'], { type: 'text/csv' });
}

function uploadForm(segmentId: number, codes: readonly string[], fileName: string): FormData {
  const form = new FormData();
  form.set('systemKbn', '01');
  form.set('agSegmentData', JSON.stringify({ agSegmentId: segmentId }));
  form.set('uploadFile', csvOf(codes), fileName);
  return form;
}

// ---- one size ----------------------------------------------------------------------------------------

type Row = { name: string; figure: Figure };

async function measureAt(ds: ScaleDataset, target: DatabaseTarget): Promise<Row[]> {
  const rows: Row[] = [];
  const { h, base } = await startOn(target);
  // Another instance on the same database, for the change feed (PGlite: one process per data directory).
  const second = target.kind === 'postgres' ? await startOn(target) : null;
  const http = client(base);
  try {
    const agent = await h.signIn('demo-agent');
    const provider = await h.signIn('demo-provider');
    const agentId = String(agent.user.userId);
    const sid = (t: string) =>
      (JSON.parse(Buffer.from(nth(t.split('.'), 1), 'base64url').toString('utf8')) as { sid: string }).sid;
    // The cached rows of a signed-in agent user's portal top (its session, its own rows, its agent's).
    const ownTags = (token: string, userId: string, agCode: string) => [
      `users:${userId}`,
      `agents:${agCode}`,
      `sessions:${sid(token)}`,
      `role_permissions:02`,
      `favorites:${userId}`,
      `content_views:${userId}`,
      `notification_reads:${userId}`,
      `application_reads:${userId}`,
      `incentive_floating:${agCode}`,
    ];
    const agentTags = [...TABLE_TAGS, ...ownTags(agent.token, agentId, DEMO_AGENT)];
    const scope = { userId: agentId, agCode: DEMO_AGENT };
    const series = async (label: string, runs: number, once: () => Promise<number>, note?: string) => {
      for (let i = 0; i < WARMUP; i++) await once();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push(await once());
      rows.push({ name: label, figure: summary(times, note) });
    };
    const expectOk = (a: Answer, what: string) => {
      if (a.status !== 200) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.json).slice(0, 300)}`);
      return a;
    };

    // -- the portal top, uncached
    const topOf = (scope: { userId: string; agCode: string }): Array<[string, string, Record<string, unknown>]> => [
      ['auth/validate', '/api/auth/validate', {}],
      ['GlobalNavi/getGlobalNaviData', '/api/GlobalNavi/getGlobalNaviData', scope],
      ['GlobalNavi/getNotificationBadges', '/api/GlobalNavi/getNotificationBadges', scope],
      ['Banner/getBannerList 01', '/api/Banner/getBannerList', { ...scope, bannerKbn: '01' }],
      ['Banner/getBannerList 02', '/api/Banner/getBannerList', { ...scope, bannerKbn: '02' }],
      ['Banner/getBannerList 03', '/api/Banner/getBannerList', { ...scope, bannerKbn: '03' }],
      ['IconMenu/getIconMenuyList', '/api/IconMenu/getIconMenuyList', scope],
      ['Info/getKanriInfo', '/api/Info/getKanriInfo', scope],
      ['Info/getPortalTopInfo', '/api/Info/getPortalTopInfo', scope],
      ['FavoritPage/getFavoritePageList', '/api/FavoritPage/getFavoritePageList', scope],
      ['recentlyViewed/getRecentlyViewedPagesList', '/api/recentlyViewed/getRecentlyViewedPagesList', scope],
      ['Incentive/getIncentiveFloating', '/api/Incentive/getIncentiveFloating', { ...scope, daihyoCode: scope.agCode }],
      ['LoginPopup/GetUserPopupList', '/api/LoginPopup/GetUserPopupList', scope],
    ];
    const top = topOf(scope);
    if (READS.has('portal'))
      for (const [label, path, body] of top) expectOk(await http.post(agent.token, path, body), label);
    const perCall = new Map<string, number[]>(top.map(([l]) => [l, []]));
    const page: number[] = [];
    for (let i = 0; READS.has('portal') && i < WARMUP + RUNS; i++) {
      // One by one (each call's own time), then the whole page in parallel as the browser asks it.
      for (const [label, path, body] of top) {
        await dropCaches(h, agentTags);
        const a = await http.post(agent.token, path, body);
        if (i >= WARMUP) perCall.get(label)!.push(a.ms);
      }
      await dropCaches(h, agentTags);
      const t0 = performance.now();
      await Promise.all(top.map(([, path, body]) => http.post(agent.token, path, body)));
      if (i >= WARMUP) page.push(performance.now() - t0);
    }
    if (READS.has('portal')) {
      rows.push({ name: 'portal top: the whole page (13 calls in parallel), uncached', figure: summary(page) });
      const slowest = [...perCall].map(([l, t]) => ({ l, f: summary(t) })).sort((a, b) => b.f.p95 - a.f.p95);
      for (const { l, f } of slowest) rows.push({ name: `portal top: ${l}, uncached`, figure: f });
    }

    // -- several agents at once (opt-in): each round drops the caches, then N generated users,
    // each the administrator of its own agent, load the whole portal top together; each page's
    // time. Users 4, 8, … but every tenth: their agents take part in the incentive (every fourth)
    // and are not re-consigned (every tenth), so every call of the page answers 200.
    for (const n of READS.has('parallel') ? CALLERS.map((c) => Math.min(c, Math.floor(ds.sizes.agents / 5))) : []) {
      const people = [];
      for (let i = 4; people.length < n; i += 4) {
        if (i % 10 === 0) continue;
        const s = await h.signIn(scaleLoginId(i), SCALE_PASSWORD);
        const userId = String(s.user.userId);
        people.push({
          token: s.token,
          calls: topOf({ userId, agCode: scaleAgentCode(i) }),
          userId,
          agCode: scaleAgentCode(i),
        });
      }
      const tags = [...TABLE_TAGS, ...people.flatMap((p) => ownTags(p.token, p.userId, p.agCode))];
      const pages: number[] = [];
      const rounds = Math.max(5, Math.floor(RUNS / 3));
      for (let i = 0; i < 1 + rounds; i++) {
        await dropCaches(h, tags);
        const t0 = performance.now();
        const times = await Promise.all(
          people.map(async (p) => {
            const answers = await Promise.all(p.calls.map(([, path, body]) => http.post(p.token, path, body)));
            answers.forEach((a, k) => expectOk(a, `${nth(p.calls, k)[0]} of ${p.agCode}`));
            return performance.now() - t0;
          }),
        );
        if (i > 0) pages.push(...times); // the first round warms up
      }
      rows.push({
        name: `portal top: ${n} agent${n === 1 ? '' : 's'} at once (${n * top.length} calls in parallel), each page, uncached`,
        figure: summary(pages, `${rounds} rounds`),
      });
    }

    // -- content detail with its targeting check
    const pickContent = async (where: string) =>
      Number(
        (
          await sql<{
            id: number;
          }>`select c.content_id as id from contents c where ${sql.raw(where)} and c.deleted_at is null
            and c.keisai_start <= date '2026-11-20' and c.keisai_end >= date '2026-11-20' and c.category_id = 1
            and not exists (select 1 from login_popups lp where lp.content_id = c.content_id) order by c.content_id desc limit 1`.execute(
            h.db,
          )
        ).rows[0]?.id ?? 0,
      );
    const details: Array<[string, number, number]> = [
      ['for all', await pickContent(`c.display_target = '0'`), 200],
      [
        'for one of its segments',
        await pickContent(
          `c.display_target = '1' and c.ag_segment_id in (select ag_segment_id from agent_segment_members where ag_code = '${DEMO_AGENT}')`,
        ),
        200,
      ],
      [
        'for its agent code',
        await pickContent(
          `c.display_target = '2' and exists (select 1 from content_agents ca where ca.content_id = c.content_id and ca.ag_code = '${DEMO_AGENT}')`,
        ),
        200,
      ],
      [
        'not for it (refused)',
        await pickContent(
          `c.display_target = '1' and c.ag_segment_id not in (select ag_segment_id from agent_segment_members where ag_code = '${DEMO_AGENT}')`,
        ),
        0,
      ],
    ];
    for (const [label, id, status] of READS.has('detail') ? details : []) {
      if (!id) {
        rows.push({ name: `content detail ${label}`, figure: { p50: NaN, p95: NaN, note: 'no such content' } });
        continue;
      }
      const body = { ...scope, categoryId: 1, contentId: id };
      const first = await http.post(agent.token, '/api/ContentsDetail/getContentsDetail', body);
      if (status === 200) expectOk(first, `detail ${label}`);
      else if (first.status === 200) throw new Error(`detail ${label}: answered 200`);
      await series(
        `content detail ${label} (${first.status})`,
        RUNS,
        async () => (await http.post(agent.token, '/api/ContentsDetail/getContentsDetail', body)).ms,
      );
    }

    // -- site search, every shape of bench:search, each call reading the database (the kept
    // results dropped before it, as a change of the index drops them), through the bigram index
    // and, as the baseline, through an ILIKE scan of the same text (the same answer).
    for (const shape of READS.has('search') ? SEARCH_SHAPES : []) {
      const once = async () => {
        await dropCaches(h, ['search_documents:*']);
        return http.post(agent.token, '/api/SiteSearch/getContentsList', { ...scope, ...shape.body });
      };
      const timed = async (matcher: Matcher, runs: number) => {
        searchSettings.matcher = matcher;
        try {
          const first = await once();
          if (first.status !== 200 && first.status !== 416)
            throw new Error(`search ${shape.name}: ${first.status} ${JSON.stringify(first.json).slice(0, 300)}`);
          const answer = first.status === 200 ? `${(first.json.containtsListData as unknown[]).length} rows` : '416';
          const times: number[] = [];
          for (let i = 0; i < runs + (matcher === 'index' ? WARMUP - 1 : 0); i++) times.push((await once()).ms);
          return { answer, figure: summary(times.slice(matcher === 'index' ? WARMUP - 1 : 0)) };
        } finally {
          searchSettings.matcher = 'index';
        }
      };
      const index = await timed('index', RUNS);
      const scan = await timed('scan', SCAN_RUNS);
      if (index.answer !== scan.answer)
        throw new Error(`search ${shape.name}: the index answered ${index.answer}, the scan ${scan.answer}`);
      rows.push({
        name: `site search: ${shape.name}`,
        figure: {
          ...index.figure,
          note: `${index.answer}; scan p95 ${fmt(scan.figure.p95)} ms, ${(scan.figure.p95 / index.figure.p95).toFixed(0)}× the index`,
        },
      });
    }

    // -- the administrators' lists (provider administrator)
    const firstAgent = (
      await h.db
        .selectFrom('agents')
        .select('ag_name')
        .where('ag_code', '=', scaleAgentCode(1))
        .executeTakeFirstOrThrow()
    ).ag_name;
    const rowsOf = (key: string) => (j: Record<string, unknown>) =>
      `${(j[key] as unknown[] | undefined)?.length ?? '?'} rows`;
    // Each list as its screen reads it (docs/forms.md "Paged lists"): the first page, the last
    // page, and a page in the middle reached from the one before (the pager's next); `whole` the
    // same call without paging (every row in one answer, as other callers still get it).
    const lists: Array<{
      label: string;
      path: string;
      body: Record<string, unknown>;
      result: string;
      pageSize: number;
      sort?: { column: string; direction: 'asc' | 'desc' };
      whole?: boolean;
    }> = [
      {
        label: `agent users by company name (${scaleAgentCode(1)}, ${firstAgent.slice(0, 3)})`,
        path: '/api/AgUser/getAgUserList',
        body: { agUserSearchCond: { agCode: scaleAgentCode(1), kaisyaName: firstAgent.slice(0, 3) } },
        result: 'agUserDataList',
        pageSize: 15,
      },
      {
        label: 'segments',
        path: '/api/AgSegment/getAgSegmentList',
        body: { categoryId: 101 },
        result: 'agSegmentDataList',
        pageSize: 15,
        whole: true,
      },
      {
        label: 'segments by name',
        path: '/api/AgSegment/getAgSegmentList',
        body: { categoryId: 101 },
        result: 'agSegmentDataList',
        pageSize: 15,
        sort: { column: 'agSegmentName', direction: 'asc' },
      },
      {
        label: 'requests by status (20), the last 30 days',
        path: '/api/ApplicationMgtProvider/GetApplicationList',
        body: { status: '20', appDateFrom: '2026/10/21', appDateTo: '2026/11/20' },
        result: 'appDataList',
        pageSize: 20,
        whole: true,
      },
      {
        label: 'requests by status (20), the last year',
        path: '/api/ApplicationMgtProvider/GetApplicationList',
        body: { status: '20', appDateFrom: '2025/11/21', appDateTo: '2026/11/20' },
        result: 'appDataList',
        pageSize: 20,
        whole: true,
      },
      {
        label: 'requests by status (20), the last year, by title',
        path: '/api/ApplicationMgtProvider/GetApplicationList',
        body: { status: '20', appDateFrom: '2025/11/21', appDateTo: '2026/11/20' },
        result: 'appDataList',
        pageSize: 20,
        sort: { column: 'applicationTitle', direction: 'asc' },
      },
    ];
    const listRuns = Math.max(5, Math.floor(RUNS / 3));
    for (const list of READS.has('lists') ? lists : []) {
      const { label, path, body, result, pageSize, sort } = list;
      const paged = (paging: Record<string, unknown>) =>
        http.post(provider.token, path, { ...body, paging: { pageSize, sort, ...paging } });
      const first = expectOk(await paged({ page: 1 }), `${label}: first page`);
      const { totalCount } = first.json.paging as { totalCount: number };
      const last = Math.max(1, Math.ceil(totalCount / pageSize));
      const middle = Math.max(1, Math.ceil(last / 2));
      const of = `of ${last} (${totalCount.toLocaleString('en')} rows, ${pageSize} a page)`;
      await series(
        `admin list: ${label}, first page`,
        listRuns,
        async () => (await paged({ page: 1 })).ms,
        `page 1 ${of}`,
      );
      await series(
        `admin list: ${label}, last page`,
        listRuns,
        async () => (await paged({ page: last })).ms,
        `page ${last} ${of}`,
      );
      if (middle > 1) {
        const before = expectOk(await paged({ page: middle - 1 }), `${label}: page ${middle - 1}`).json.paging as {
          first: unknown[];
          last: unknown[];
        };
        const anchor = { page: middle - 1, first: before.first, last: before.last };
        await series(
          `admin list: ${label}, middle page (next from the one before)`,
          listRuns,
          async () => (await paged({ page: middle, anchor })).ms,
          `page ${middle} ${of}`,
        );
      }
      if (!list.whole) continue;
      const whole = await http.post(provider.token, path, body);
      await series(
        `admin list: ${label}, every row in one answer (no paging)`,
        listRuns,
        async () => (await http.post(provider.token, path, body)).ms,
        whole.status === 200 ? rowsOf(result)(whole.json) : `${whole.status}`,
      );
    }
    const notices = expectOk(
      await http.post(provider.token, '/api/Info/getCategoryContentsList', { categoryId: 1, page: 1 }),
      'notices',
    );
    const total = Number(notices.json.totalCount);
    const lastPage = Math.max(1, Math.ceil(total / 20));
    const middle = Math.ceil(lastPage / 2);
    for (const [label, pageNo] of READS.has('notices')
      ? ([
          ['first page', 1],
          ['middle page', middle],
          ['last page', lastPage],
        ] as const)
      : []) {
      await series(
        `admin list: notices by period, ${label}`,
        Math.max(5, Math.floor(RUNS / 3)),
        async () =>
          (await http.post(provider.token, '/api/Info/getCategoryContentsList', { categoryId: 1, page: pageNo })).ms,
        `page ${pageNo} of ${lastPage} (${total.toLocaleString('en')} notices, 20 a page)`,
      );
    }

    // -- a segment CSV of 10,000 agent codes, and a content targeted at it visible to a member
    const target = (
      await sql<{ seg: number; content: number; agent: number }>`
        select c.ag_segment_id as seg, c.content_id as content from contents c
        where c.display_target = '1' and c.category_id = 1 and c.deleted_at is null
          and c.keisai_start <= date '2026-11-20' and c.keisai_end >= date '2026-11-20'
          and c.ag_segment_id <> ${ds.bigSegmentId}
        order by c.content_id desc limit 1`.execute(h.db)
    ).rows[0];
    if (target && READS.has('segment-csv')) {
      const oldCodes = (
        await h.db
          .selectFrom('agent_segment_members')
          .select('ag_code')
          .where('ag_segment_id', '=', target.seg)
          .execute()
      ).map((r) => r.ag_code);
      // The member: a generated user whose agent is not in the segment yet, and is in the file.
      const memberNo = (
        await sql<{ n: number }>`select g as n from generate_series(1, ${Math.min(ds.sizes.agents, 10_000)}::int) g
          where 'S' || lpad(g::text, 7, '0') not in (select ag_code from agent_segment_members where ag_segment_id = ${target.seg})
          limit 1`.execute(h.db)
      ).rows[0]?.n;
      const codes = Array.from({ length: 10_000 }, (_, i) => scaleAgentCode(i + 1));
      const memberLogin = scaleLoginId(Number(memberNo)); // user i belongs to agent i (i <= agents)
      const member = await h.signIn(memberLogin, SCALE_PASSWORD);
      if (String(member.user.userId) !== scaleUserId(Number(memberNo))) throw new Error(`${memberLogin}: another user`);
      const detailBody = { categoryId: 1, contentId: target.content };
      const before = await http.post(member.token, '/api/ContentsDetail/getContentsDetail', detailBody);
      const imports: number[] = [];
      const visible: number[] = [];
      const runs = Math.max(3, Math.floor(RUNS / 6));
      for (let i = 0; i < runs; i++) {
        const up = expectOk(
          await http.post(
            provider.token,
            '/api/AgSegment/upload/agSegment',
            uploadForm(target.seg, codes, 'agents-10000.csv'),
          ),
          'upload 10,000',
        );
        const seen = await http.post(member.token, '/api/ContentsDetail/getContentsDetail', detailBody);
        if (seen.status !== 200)
          throw new Error(`the member does not see the content after the upload: ${seen.status}`);
        imports.push(up.ms);
        visible.push(up.ms + seen.ms);
        expectOk(
          await http.post(
            provider.token,
            '/api/AgSegment/upload/agSegment',
            uploadForm(target.seg, oldCodes, 'restore.csv'),
          ),
          'restore',
        );
      }
      rows.push({
        name: 'segment CSV of 10,000 agent codes: the upload call',
        figure: summary(imports, `segment ${target.seg}; before: ${before.status}`),
      });
      rows.push({
        name: 'segment CSV of 10,000 agent codes: upload + the member sees the targeted content',
        figure: summary(visible),
      });
    }

    // -- the change feed: replacing the members of the 5,000-agent segment, seen by another instance
    if (READS.has('change-feed') && second) await measureChangeFeed(second);
    else if (READS.has('change-feed'))
      for (const name of [
        'change feed: the write (5,000-agent segment CSV replaced)',
        'change feed: after the write, until another instance serves the change',
      ])
        rows.push({
          name,
          figure: {
            p50: NaN,
            p95: NaN,
            note: 'not on PGlite: one process owns the data directory, so there is no second instance',
          },
        });
    async function measureChangeFeed(other: Instance) {
      const http2 = client(other.base);
      const big = ds.bigSegmentId;
      const bigCodes = (
        await h.db.selectFrom('agent_segment_members').select('ag_code').where('ag_segment_id', '=', big).execute()
      ).map((r) => r.ag_code);
      // The probe: an important notice of today for the big segment, first in its members' portal news.
      const probe = (
        await sql<{
          id: number;
        }>`insert into contents (category_id, title, body_html, keisai_start, keisai_end, jyuyo_flg, jyuyo_start, jyuyo_end,
          last_update, display_target, ag_segment_id)
        values (1, '【重要】bench:scale の変更通知プローブ', '<p>計測用</p>', date '2026-11-20', date '9999-12-31', true,
          date '2026-11-20', date '2026-12-31', date '2026-11-20', '1', ${big}) returning content_id as id`.execute(
          h.db,
        )
      ).rows[0]!.id;
      try {
        if (!bigCodes.includes(DEMO_AGENT)) throw new Error('the demo agent is not in the big segment');
        await settleChanges(other.h.db);
        const body = { ...scope, categoryId: 1, contentId: probe };
        // The second instance keeps the demo agent's portal news (cached): the change is served when it moves.
        const news = async () =>
          JSON.stringify((await http2.post(agent.token, '/api/Info/getPortalTopInfo', scope)).json.infoListData);
        const writes: number[] = [];
        const seenAfter: number[] = [];
        const runs = Math.max(3, Math.floor(RUNS / 6));
        const without = bigCodes.filter((c) => c !== DEMO_AGENT);
        for (let i = 0; i < runs * 2; i++) {
          const leaving = i % 2 === 0;
          const was = await news(); // cached on the second instance now
          await news();
          const up = expectOk(
            await http.post(
              provider.token,
              '/api/AgSegment/upload/agSegment',
              uploadForm(big, leaving ? without : bigCodes, 'big.csv'),
            ),
            'upload 5,000',
          );
          const t0 = performance.now();
          let now = was;
          for (let k = 0; k < 2000 && now === was; k++) now = await news();
          if (now === was) throw new Error('the second instance never served the change');
          writes.push(up.ms);
          seenAfter.push(performance.now() - t0);
          const direct = await http2.post(agent.token, '/api/ContentsDetail/getContentsDetail', body);
          if ((direct.status === 200) === leaving)
            throw new Error(`detail of the probe after the change: ${direct.status}`);
        }
        rows.push({ name: 'change feed: the write (5,000-agent segment CSV replaced)', figure: summary(writes) });
        rows.push({
          name: 'change feed: after the write, until another instance serves the change',
          figure: summary(seenAfter, 'polled through HTTP, includes one read'),
        });
      } finally {
        await sql`delete from contents where content_id = ${probe}`.execute(h.db);
        await h.db.deleteFrom('agent_segment_members').where('ag_segment_id', '=', big).execute();
        await h.db
          .insertInto('agent_segment_members')
          .values(bigCodes.map((ag_code) => ({ ag_segment_id: big, ag_code })))
          .execute();
      }
    }

    // -- the search index rebuilt from the contents (last: the reads above used the index as built)
    if (READS.has('search-index')) {
      const bar = progressBar('search documents, then the index');
      const built = await rebuildSearchIndex(h.db, { onProgress: (p) => bar(p.done, p.total) });
      rows.push({
        name: 'search index rebuilt (npm run search:rebuild)',
        figure: {
          p50: built.ms / 1000,
          p95: built.ms / 1000,
          unit: 's',
          note: `${built.documents.toLocaleString('en')} documents; one build`,
        },
      });
    }
  } finally {
    await second?.h.close();
    await h.close();
  }
  return rows;
}

// ---- the run -----------------------------------------------------------------------------------------

const started = performance.now();
const version = await (async () => {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  const v = (await c.query<{ v: string }>('select version() as v')).rows[0]!.v.split(',')[0];
  await c.end();
  if (DATABASE === 'postgres') return v;
  const pglite = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  return `PGlite ${pglite.version} (copies of the data sets of ${v})`;
})();
console.log(
  `# bench:scale on ${version}, ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; 100 % = ${Object.entries(FULL)
    .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
    .join(', ')}; sizes ${PERCENTS.join(', ')} %; ${RUNS} runs after ${WARMUP} warm-up calls`,
);

const bySize = new Map<number, Row[]>();
const builds: string[] = [];
for (const p of PERCENTS) {
  const sizes = {
    contents: Math.max(1, Math.round((FULL.contents * p) / 100)),
    agents: Math.max(1, Math.round((FULL.agents * p) / 100)),
    users: Math.max(1, Math.round((FULL.users * p) / 100)),
    segments: Math.max(1, Math.round((FULL.segments * p) / 100)),
  };
  const ds = await ensureScaleDataset(ADMIN_URL, {
    ...sizes,
    name: `${BASE}_${sizes.contents}`,
    searchIndex: !argv.includes('--no-search-index'),
  });
  builds.push(
    `${p} %: ${ds.name} ${
      ds.reused
        ? 'reused'
        : `built (${Object.entries(ds.timings)
            .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
            .join(', ')})`
    }`,
  );
  if (DATABASE === 'postgres') {
    bySize.set(p, await measureAt(ds, { kind: 'postgres', url: ds.url }));
    continue;
  }
  const copy = await ensurePgliteCopy(ds, PGLITE_DIR);
  // PGlite runs in this process: its memory is the process's (sampled while the reads run).
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 250);
  try {
    bySize.set(p, await measureAt(ds, { kind: 'pglite', dataDir: copy.dataDir }));
  } finally {
    clearInterval(sampler);
  }
  builds.push(
    `${p} %: PGlite copy ${copy.reused ? 'reused' : `loaded in ${copy.seconds.toFixed(0)} s`}, ${mb(copy.bytes)} on disk (${copy.dataDir}); RSS ${mb(rssBefore)} before the app, peak ${mb(peak)} while measuring`,
  );
}

let companies: { seconds: number; rows: number } | null = null;
if (COMPANIES > 0) companies = await timeCompanyImport(COMPANIES);

console.log('');
for (const b of builds) console.log(`# data set ${b}`);
console.log('');
console.log(`| read | ${PERCENTS.map((p) => `${p} % p50 | ${p} % p95`).join(' | ')} | note |`);
console.log(`|---|${PERCENTS.map(() => '---|---').join('|')}|---|`);
const names = bySize.get(nth(PERCENTS, PERCENTS.length - 1))!.map((r) => r.name);
for (const name of names) {
  const cells = PERCENTS.map((p) => {
    const f = bySize.get(p)!.find((r) => r.name === name)?.figure;
    return f && !Number.isNaN(f.p50) ? `${fmt(f.p50)} ${f.unit ?? 'ms'} | ${fmt(f.p95)} ${f.unit ?? 'ms'}` : '– | –';
  });
  const note = bySize.get(nth(PERCENTS, PERCENTS.length - 1))!.find((r) => r.name === name)?.figure.note ?? '';
  console.log(`| ${name} | ${cells.join(' | ')} | ${note} |`);
}
if (companies)
  console.log(
    `\nregistered companies import of ${companies.rows.toLocaleString('en')} rows (CSV parsed, checked, written, one transaction): ${companies.seconds.toFixed(1)} s`,
  );
console.log(
  `\n# load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
