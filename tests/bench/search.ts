// npm run bench:search [-- --n 100000 --runs 40 --scan-runs 15] [--dataset]
//
// Site-search benchmark (issue 5, docs/performance.md). On a fresh database (PGlite in memory,
// or a new database on the server of DATABASE_URL, dropped afterwards): the demo seeds plus N
// generated contents (tests/bench/corpus.ts), the index rebuilt and timed, then p50 / p95 of
// /api/SiteSearch/getContentsList THROUGH THE API (fastify.inject, a signed-in agent) for each
// query shape, once with the bigram index and once with a plain ILIKE '%…%' scan of the same
// normalised text (the baseline: the same query and answer, only the access path differs).
//
// --dataset (PostgreSQL only): instead of N contents on a fresh database, the kept national-scale
// data set of tests/bench/scale/dataset.ts with N contents (agents N/100, users N/20, segments
// 3N/1,000 — bench:scale's proportions, so N = 1,000,000 is bench:scale's 100 % data set, reused
// when built), where the demo agent A0000001 belongs to 20 segments; with --keep-index its search
// index is used as built instead of being rebuilt and timed. --name <db> names the data set
// (default portal_scale_<N>, bench:scale's): a copy of its own when a change of the schema is measured.
import os from 'node:os';
import { sql } from 'kysely';
import { searchSettings, type Matcher } from '../../api/search/query';
import { rebuildSearchIndex } from '../../api/search/index-content';
import { openDatabase } from '../../api/db/connect';
import { CHANGE_CHANNEL, settleChanges } from '../../api/cache/change-feed';
import { createTestApp } from '../helpers/test-app';
import { ensureScaleDataset } from './scale/dataset';
import { signInAs } from '../helpers/portal';
import { generateContents } from './corpus';
import { nth } from '../helpers/indexing';
import { SEARCH_SHAPES as SHAPES, type SearchShape as Shape } from './search-shapes';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} needs a number`);
  return v;
}

const N = flag('n', 100_000);
const RUNS = flag('runs', 40);
const SCAN_RUNS = flag('scan-runs', 15);
const WARMUP = 3;

const pct = (sorted: number[], p: number) =>
  nth(sorted, Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)));
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

const DATASET = process.argv.includes('--dataset');
const KEEP_INDEX = DATASET && process.argv.includes('--keep-index');
const NAME = process.argv.includes('--name') ? process.argv[process.argv.indexOf('--name') + 1]! : `portal_scale_${N}`;

const started = performance.now();
async function openDataset() {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error('--dataset needs DATABASE_URL (a PostgreSQL server)');
  const ds = await ensureScaleDataset(server, {
    contents: N,
    agents: Math.max(1, Math.round(N / 100)),
    users: Math.max(1, Math.round(N / 20)),
    segments: Math.max(1, Math.round((3 * N) / 1000)),
    name: NAME,
  });
  return createTestApp({ database: await openDatabase({ kind: 'postgres', url: ds.url }) });
}
const h = DATASET ? await openDataset() : await createTestApp();
try {
  const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const version = nth((await sql<{ v: string }>`select version() as v`.execute(h.db)).rows, 0).v.split(',')[0];
  console.log(
    `# site-search benchmark: ${kind} (${version}), N = ${N.toLocaleString('en')}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );

  if (!DATASET) {
    const generated = await generateContents(h.db, { n: N, today: '2026-11-20' });
    console.log(
      `generated ${generated.contents.toLocaleString('en')} contents in ${(generated.ms / 1000).toFixed(1)} s`,
    );
  }
  // --keep-index: the data set's index as its build left it (the build's own time is printed then).
  const rebuilt = KEEP_INDEX ? null : await rebuildSearchIndex(h.db);
  const sizes = nth(
    (
      await sql<{
        docs: string;
        gin: string;
        pk: string;
      }>`select pg_total_relation_size('search_documents') as docs, pg_relation_size('search_documents_bigrams_idx') as gin, pg_relation_size('search_documents_pkey') as pk`.execute(
        h.db,
      )
    ).rows,
    0,
  );
  const mb = (b: string | number) => `${(Number(b) / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `${rebuilt ? `index build (rebuildSearchIndex): ${(rebuilt.ms / 1000).toFixed(1)} s for ${rebuilt.documents.toLocaleString('en')} documents` : 'index kept from the data set'}; search_documents ${mb(sizes.docs)} in all, of which GIN ${mb(sizes.gin)}`,
  );

  const agent = await signInAs(h, 'demo-agent');
  // Every timed search reads the database: the kept results (api/search/result-cache.ts) are
  // dropped first, as a change of the index drops them (the call waits for that change to arrive).
  // Without this a repeated shape, and the scan after the index, would be answered from memory.
  const call = async (shape: Shape) => {
    await sql`select pg_notify(${CHANGE_CHANNEL}, 'search_documents:*')`.execute(h.db);
    await settleChanges(h.db);
    const t0 = performance.now();
    const res = await agent.call('/api/SiteSearch/getContentsList', shape.body);
    const ms = performance.now() - t0;
    const rows = res.statusCode === 200 ? (res.json().containtsListData as unknown[]).length : -1;
    return { ms, status: res.statusCode, rows };
  };
  const measure = async (shape: Shape, matcher: Matcher, runs: number) => {
    searchSettings.matcher = matcher;
    let answer = { status: 0, rows: 0 };
    for (let i = 0; i < WARMUP; i++) answer = await call(shape);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push((await call(shape)).ms);
    times.sort((a, b) => a - b);
    if (times.length === 0) return { ...answer, p50: NaN, p95: NaN }; // the steady-state pass times nothing
    return { ...answer, p50: pct(times, 50), p95: pct(times, 95) };
  };

  // A steady state first: every shape once through each path (caches, JIT, the planner's statistics).
  for (const shape of SHAPES) for (const matcher of ['index', 'scan'] as const) await measure(shape, matcher, 0);

  console.log('');
  console.log(
    '| query shape | answer | index p50 | index p95 | ILIKE scan p50 | ILIKE scan p95 | scan / index (p50) | scan / index (p95) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const shape of SHAPES) {
    const index = await measure(shape, 'index', RUNS);
    const scan = await measure(shape, 'scan', SCAN_RUNS);
    if (index.status !== scan.status || index.rows !== scan.rows)
      throw new Error(`${shape.name}: index answered ${index.status}/${index.rows}, scan ${scan.status}/${scan.rows}`);
    const answer = index.status === 200 ? `${index.rows} rows` : `${index.status}`;
    console.log(
      `| ${shape.name} | ${answer} | ${fmt(index.p50)} ms | ${fmt(index.p95)} ms | ${fmt(scan.p50)} ms | ${fmt(scan.p95)} ms | ${(scan.p50 / index.p50).toFixed(1)}× | ${(scan.p95 / index.p95).toFixed(1)}× |`,
    );
  }
  searchSettings.matcher = 'index';
  console.log('');
  console.log(
    `# runs: ${RUNS} (index), ${SCAN_RUNS} (scan) after ${WARMUP} warm-up calls each; load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
} finally {
  searchSettings.matcher = 'index';
  await h.close();
}
