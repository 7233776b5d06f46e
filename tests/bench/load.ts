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

async function recordMix(): Promise<{ port: number; calls: Call[]; close: () => Promise<void> }> {
  const smtp = await startSmtpCapture();
  const portal = await startPortalProcess(smtp);
  const browser = await launchBrowser();
  const calls: Call[] = [];
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
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const port = Number(new URL(portal.url).port);
  return {
    port,
    calls,
    close: async () => {
      portal.stop();
      await smtp.close();
    },
  };
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
  const mix = await recordMix();
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
    console.log(
      `  ratio portal / bare: ${(portalResult.requests / portalResult.seconds / (bareResult.requests / bareResult.seconds)).toFixed(3)}; load average now ${nth(os.loadavg(), 0).toFixed(2)}`,
    );
  } finally {
    bare.stop();
    await mix.close();
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
