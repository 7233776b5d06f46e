// npm run bench:load [-- --connections 100 --seconds 10 --warmup 3]: the portal's mixed read path against a
// bare Fastify JSON POST, side by side in one run, on PGlite and (when DATABASE_URL is set) on
// PostgreSQL. Measurement only.
//
// The mix is recorded, not written by hand: for each of several signed-in users (agents of two
// agencies and segments, and the agency administrator) headless Chromium loads the portal top
// and every API call it makes is kept (path, body, token). The load then replays those calls in
// the same proportions, round robin, over N keep-alive connections for S seconds. The operation
// log calls (writes, rate-limited per client) are left out: this is the read path. The bare
// server and the portal each run in a process of their own; the load generator in a worker
// thread of this process (which also drives the browser). Needs a build (npm run build).
//
// Then site search under load (issue 26): the same users search with rotating 2–4-character
// keywords over the same connections (the search limit raised for this part, so the search and
// not the limit is measured), and the fair share: one agent floods search while another agent's
// portal top is measured beside it, once with the limit raised and once on a portal with the
// default per-user limits (RATE_LIMIT_SEARCH_PER_MINUTE, api/security/rate-limit.ts).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { launchBrowser, signIn } from '../e2e/harness';
import { startSmtpCapture } from '../helpers/smtp-capture';
import { startPortalProcess } from './portal-process';
import { passwordOf } from '../helpers/test-app';
import { nth } from '../helpers/indexing';

interface Call {
  path: string;
  body: string;
  token?: string;
}
interface Result {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  p50: number;
  p99: number;
}

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};

// ---- the load generator (a worker thread running load-generator.mjs) ------------------------

function runWorker(port: number, calls: Call[], connections: number, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const w = new Worker(fileURLToPath(new URL('./load-generator.mjs', import.meta.url)), {
      workerData: { port, calls, connections, seconds },
    });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

// ---- the bare server (its own process) --------------------------------------------------------

const BARE = `
  const app = require('fastify')();
  app.post('/bare', async (req) => ({ ok: true, echo: req.body ?? null }));
  app.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(app.server.address().port));
`;

function startBare(): Promise<{ port: number; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', BARE], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.once('data', (d) => resolve({ port: Number(String(d).trim()), stop: () => child.kill() }));
    child.once('error', reject);
  });
}

// ---- the run ------------------------------------------------------------------------------------

const USERS = ['demo-agent', 'demo-agent2', 'demo-agadmin'];

interface Mix {
  port: number;
  calls: Call[];
  /** The calls of each user's portal-top load. */
  byUser: Map<string, Call[]>;
  close: () => Promise<void>;
}

async function recordMix(env: Record<string, string> = {}): Promise<Mix> {
  const smtp = await startSmtpCapture();
  const portal = await startPortalProcess(smtp, env);
  const browser = await launchBrowser();
  const calls: Call[] = [];
  const byUser = new Map<string, Call[]>();
  try {
    for (const loginId of USERS) {
      const context = await browser.newContext({
        viewport: { width: 1366, height: 768 },
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      const page = await context.newPage();
      await signIn(portal, page, loginId, passwordOf(loginId));
      // Leave the portal top the sign-in landed on, so that only one load is recorded.
      await page.goto('about:blank');
      const seen: Call[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (r.method() !== 'POST' || !url.pathname.startsWith('/api/') || /log/i.test(url.pathname)) return;
        const auth = r.headers().authorization;
        seen.push({ path: url.pathname, body: r.postData() ?? '{}', token: auth?.replace(/^Bearer /, '') });
      });
      await page.goto(`${portal.url}/portal-top`, { waitUntil: 'networkidle' });
      calls.push(...seen);
      byUser.set(loginId, seen);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const port = Number(new URL(portal.url).port);
  return {
    port,
    calls,
    byUser,
    close: async () => {
      portal.stop();
      await smtp.close();
    },
  };
}

// ---- site search -----------------------------------------------------------------------------

/** Keywords of 2–4 characters found in the demo data (and a few that are not), rotated call by call. */
const KEYWORDS = [
  '研修',
  '在庫',
  '新製品',
  'カタログ',
  '価格',
  '改定',
  '申請',
  '物流',
  '請求書',
  '販促',
  '納期',
  '見積',
  'お知らせ',
  'オフィス',
  '文具',
  '用紙',
  'トナー',
  'faq',
  '営業',
  '提案書',
  'セミナー',
  '説明会',
  '休業',
  '年末',
  '配送',
  '返品',
  '発注',
  '受注',
  'システム',
  '手順',
  '管理者',
  '動画',
  '事例',
  '導入',
  'ご案内',
  '更新',
  '契約',
  'キャンペ',
  '新人',
  '接客',
];

/** The search calls of the recorded users: every keyword for each user's token, interleaved. */
function searchCalls(mix: Mix, users: readonly string[]): Call[] {
  const tokens = users.map((u) => mix.byUser.get(u)?.find((c) => c.token)?.token);
  const out: Call[] = [];
  for (const keyword of KEYWORDS)
    for (const token of tokens)
      if (token)
        out.push({
          path: '/api/SiteSearch/getContentsList',
          body: JSON.stringify({ systemKbn: '01', keyword, categoryId: '', isRegSerchHistory: false }),
          token,
        });
  return out;
}

/** One caller, one search after the other, before anything is kept: what a search costs uncached. */
async function coldSearches(port: number, calls: Call[]): Promise<{ p50: number; p95: number; n: number }> {
  const times: number[] = [];
  for (const c of calls) {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${c.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` },
      body: c.body,
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] ?? NaN;
  return { p50: pct(50), p95: pct(95), n: times.length };
}

const statusText = (r: Result) =>
  Object.entries(r.statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');

/** One agent floods search over `connections` while another agent's portal-top load runs on 10. */
async function fairShare(mix: Mix, connections: number, seconds: number, label: string) {
  const flood = searchCalls(mix, ['demo-agent']);
  const top = mix.byUser.get('demo-agent2') ?? [];
  const alone = await runWorker(mix.port, top, 10, seconds);
  const [flooding, beside] = await Promise.all([
    runWorker(mix.port, flood, connections, seconds),
    runWorker(mix.port, top, 10, seconds),
  ]);
  console.log(`  fair share, ${label}:`);
  console.log(`    demo-agent2's portal top alone (10 connections)    ${fmt(alone)}`);
  console.log(
    `    demo-agent floods search (${connections} connections)       ${fmt(flooding)}   [${statusText(flooding)}]`,
  );
  console.log(`    demo-agent2's portal top meanwhile (10 connections) ${fmt(beside)}`);
}

const fmt = (r: Result) =>
  `${(r.requests / r.seconds).toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   errors ${r.errors}`;

async function main() {
  const connections = arg('connections', 100);
  const seconds = arg('seconds', 10);
  const warmup = arg('warmup', 3);
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `${database}: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${connections} connections, ${seconds} s each after ${warmup} s not counted`,
  );
  // The search limit raised on this portal: the search itself is measured, not the limit.
  const mix = await recordMix({ RATE_LIMIT_SEARCH_PER_MINUTE: '100000000' });
  const counts = new Map<string, number>();
  for (const c of mix.calls) counts.set(c.path, (counts.get(c.path) ?? 0) + 1);
  console.log(
    `mix: ${mix.calls.length} calls from ${USERS.length} portal-top loads: ${[...counts].map(([p, n]) => `${p.replace('/api/', '')}×${n}`).join(', ')}`,
  );
  const bare = await startBare();
  try {
    const bareCalls = [{ path: '/bare', body: '{"systemKbn":"01"}' }];
    // Each target first gets a round that is not counted (JIT compilation, first fills of the
    // caches, the connection pool), as the issue's own measurement took two rounds.
    if (warmup > 0) await runWorker(bare.port, bareCalls, connections, warmup);
    const bareResult = await runWorker(bare.port, bareCalls, connections, seconds);
    if (warmup > 0) await runWorker(mix.port, mix.calls, connections, warmup);
    const portalResult = await runWorker(mix.port, mix.calls, connections, seconds);
    console.log(`  bare Fastify   ${fmt(bareResult)}`);
    console.log(`  portal reads   ${fmt(portalResult)}`);
    const bareRate = bareResult.requests / bareResult.seconds;
    console.log(
      `  ratio portal / bare: ${(portalResult.requests / portalResult.seconds / bareRate).toFixed(3)}; load average now ${nth(os.loadavg(), 0).toFixed(2)}`,
    );

    // Site search under load: several users, rotating keywords, the limit raised.
    const searches = searchCalls(mix, USERS);
    const cold = await coldSearches(mix.port, searches);
    console.log(
      `  site search, first call of each (${cold.n} = ${KEYWORDS.length} keywords × ${USERS.length} users, one caller): p50 ${cold.p50.toFixed(1)} ms, p95 ${cold.p95.toFixed(1)} ms`,
    );
    if (warmup > 0) await runWorker(mix.port, searches, connections, warmup);
    const searchResult = await runWorker(mix.port, searches, connections, seconds);
    console.log(`  site search    ${fmt(searchResult)}`);
    console.log(
      `  ratio search / bare: ${(searchResult.requests / searchResult.seconds / bareRate).toFixed(3)}; load average now ${nth(os.loadavg(), 0).toFixed(2)}`,
    );
    await fairShare(mix, connections, seconds, 'search limit raised (no limit in effect)');
  } finally {
    bare.stop();
    await mix.close();
  }
  // The fair share again on a portal with the default per-user limits.
  const limited = await recordMix();
  try {
    await runWorker(limited.port, limited.calls, connections, warmup || 1);
    await fairShare(limited, connections, seconds, 'default per-user limits');
  } finally {
    await limited.close();
  }
}

if (process.argv.includes('--one')) {
  await main();
} else {
  // Both databases in one run: this script once per database, one after the other.
  const { execFileSync } = await import('node:child_process');
  const args = [...process.argv.slice(1), '--one'];
  const run = (env: NodeJS.ProcessEnv) =>
    execFileSync(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit', env });
  const { DATABASE_URL, ...withoutPg } = process.env;
  run(withoutPg);
  run({ ...process.env, DATABASE_URL: DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
}
