// The parts of the two-instance test, all real: a fresh PostgreSQL database, portal processes
// started as in production (each with its own port and DATA_DIR, one database, one bucket, one
// JWT_SECRET), HAProxy in front (.ci/services/balancer.sh), mail to an SMTP capture, and a small
// HTTP client that signs in with the mailed one-time code.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { oneTimeCodeIn, type SmtpCapture } from '../helpers/smtp-capture';
import { passwordOf } from '../helpers/test-app';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh database on the server of DATABASE_URL, created as .ci/run creates its own (UTF8, C.UTF-8). */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_cluster_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** How production starts the server: package.json "start" after `npm run build` (.ci/run builds first). */
export function serverCommand(): [string, ...string[]] {
  return [process.execPath, '--enable-source-maps', path.join(repoRoot, 'dist/server/server.js')];
}

export interface Instance {
  name: string;
  port: number;
  url: string; // http://127.0.0.1:port
  process: ChildProcess;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<string>;
  /** Standard error and the last lines of output, for a failure message. */
  output(): string;
}

export interface InstanceSettings {
  name: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
}

/** Starts one portal process; resolves once it answers GET /readyz with 200. */
export async function startInstance(s: InstanceSettings): Promise<Instance> {
  const [cmd, ...args] = serverCommand();
  const child = spawn(cmd, args, {
    cwd: repoRoot,
    env: { ...process.env, ...s.env, PORT: String(s.port), HOST: '127.0.0.1', DATA_DIR: s.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
  );
  const instance: Instance = {
    name: s.name,
    port: s.port,
    url: `http://127.0.0.1:${s.port}`,
    process: child,
    exited,
    output: () => log,
  };
  let ended: string | null = null;
  void exited.then((how) => (ended = how));
  for (;;) {
    if (ended) throw new Error(`${s.name} ended (${ended}) before it was ready:\n${log}`);
    const status = await getStatus(`${instance.url}/readyz`);
    if (status === 200) return instance;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The status of a GET, or 0 when nothing answers. */
export function getStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
}

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/** HAProxy on a free port in front of the given instance ports (round robin, checks on /readyz). */
export async function startBalancer(backendPorts: number[]): Promise<Balancer> {
  const port = await freePort();
  const { stdout } = await run('bash', [
    path.join(repoRoot, '.ci/services/balancer.sh'),
    'start',
    String(port),
    ...backendPorts.map(String),
  ]);
  const dir = /^BALANCER_DIR=(.*)$/m.exec(stdout)?.[1];
  if (!dir) throw new Error(`the balancer did not start:\n${stdout}`);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await run('bash', [path.join(repoRoot, '.ci/services/balancer.sh'), 'stop', dir]);
    },
  };
}

/** A portal call's answer: status, headers and body bytes. */
export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
  text(): string;
}

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    body,
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
    text: () => body.toString('utf8'),
  };
}

/** POST of a JSON body with systemKbn, as the screens send every call. */
export function post(
  base: string,
  apiPath: string,
  body: Record<string, unknown>,
  token?: string,
  cookie?: string,
): Promise<Answer> {
  return call(`${base}${apiPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ systemKbn: '01', ...body }),
  });
}

function cookieHeader(a: Answer): string {
  return a.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Signs in a demo account through `base` with the one-time code mailed to the capture; the token. */
export async function signIn(base: string, smtp: SmtpCapture, loginId: string): Promise<string> {
  const password = passwordOf(loginId);
  const first = await post(base, '/api/Auth/login', { loginId, password });
  if (first.status !== 200) throw new Error(`login ${loginId}: ${first.status} ${first.text()}`);
  const code = oneTimeCodeIn(smtp.latestTo(`${loginId}@portal.example.jp`));
  const second = await post(
    base,
    '/api/Auth/OtpLogin',
    { loginId, password, otp: code },
    undefined,
    cookieHeader(first),
  );
  if (second.status !== 200) throw new Error(`otp ${loginId}: ${second.status} ${second.text()}`);
  return second.json<{ token: string }>().token;
}

export async function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** Seconds since `start`, for the per-step timings the test prints. */
export const secondsSince = (start: number) => ((performance.now() - start) / 1000).toFixed(1);
