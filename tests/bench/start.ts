// npm run bench:start: the cold start of the server as `npm start` runs it (the compiled bundle,
// `node dist/server/server.js`) beside the TypeScript runner it replaced (`tsx api/server.ts`), on
// one existing database: the time from spawning the process to its first answered call, and the
// resident memory of the process tree after 20 more calls. Runs alternate between the two.
//
//   npm run build && npm run bench:start [-- --runs 5]
//
// PGlite by default (a DATA_DIR migrated and seeded by an uncounted first start); with
// DATABASE_URL (a server URL) a fresh database on that server is created and dropped.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { nth } from '../helpers/indexing';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const bundle = path.join(root, 'dist/server/server.js');
if (!fs.existsSync(bundle)) {
  console.error('dist/server/server.js is missing: run `npm run build` first.');
  process.exit(1);
}
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

const STARTS = {
  tsx: [path.join(root, 'node_modules/.bin/tsx'), 'api/server.ts'],
  node: [process.execPath, '--enable-source-maps', 'dist/server/server.js'],
} as const;
type Kind = keyof typeof STARTS;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

/** Resident memory (kB) of a process and all its descendants. */
function treeRssKb(pid: number): number {
  let total = 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) total += treeRssKb(Number(child));
    }
  } catch {
    // the process ended meanwhile
  }
  return total;
}

async function answered(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/System/checkOperationTime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ systemKbn: '01' }),
    });
    return res.status === 200;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function startOnce(kind: Kind, env: NodeJS.ProcessEnv): Promise<{ ms: number; rssMb: number }> {
  const port = await freePort();
  const [command, ...args] = STARTS[kind];
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    while (!(await answered(port))) {
      if (child.exitCode !== null) throw new Error(`${kind} start ended with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - started;
    for (let i = 0; i < 20; i++) await answered(port);
    return { ms, rssMb: treeRssKb(child.pid!) / 1024 };
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) =>
  nth(
    [...xs].sort((a, b) => a - b),
    Math.floor(xs.length / 2),
  );

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    OPERATING_HOURS: 'always',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_MS: '0',
    SEED: 'demo',
  };
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `bench_start_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(
      `create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
    );
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  try {
    console.log(`${database}: migrating and seeding with a first start (not counted)…`);
    await startOnce('node', env);
    const results: Record<Kind, { ms: number; rssMb: number }[]> = { tsx: [], node: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const kind of ['tsx', 'node'] as const) {
        const r = await startOnce(kind, env);
        results[kind].push(r);
        console.log(
          `run ${i + 1} ${kind.padEnd(4)} first answer ${(r.ms / 1000).toFixed(2)} s, RSS ${r.rssMb.toFixed(0)} MB`,
        );
      }
    }
    console.log(`\n${database}, ${RUNS} runs each (median):`);
    for (const kind of ['tsx', 'node'] as const) {
      const xs = results[kind];
      console.log(
        `  ${kind === 'tsx' ? 'tsx api/server.ts (before)' : 'node dist/server/server.js'}: first answer ${(median(xs.map((r) => r.ms)) / 1000).toFixed(2)} s, RSS ${median(xs.map((r) => r.rssMb)).toFixed(0)} MB`,
      );
    }
    const ratio = median(results.node.map((r) => r.ms)) / median(results.tsx.map((r) => r.ms));
    console.log(
      `  compiled / tsx: time ${ratio.toFixed(2)}, memory ${(median(results.node.map((r) => r.rssMb)) / median(results.tsx.map((r) => r.rssMb))).toFixed(2)}`,
    );
  } finally {
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
