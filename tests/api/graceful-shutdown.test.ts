// SIGTERM to a real server process (api/server.ts, on a temporary embedded database): readiness
// fails first (503 "shutting down") while the server still answers, then the port closes, the
// requests that were in flight all complete, and the process exits 0.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One request on a connection of its own; resolves with the status, or the connection error's code. */
function request(
  port: number,
  method: string,
  url: string,
  body?: string,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: body ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(body);
  });
}

/**
 * A request whose body has not all arrived: in flight at the server until `finish()` sends the
 * rest. Resolves `answered` with the status.
 */
function slowRequest(port: number, url: string, body: string) {
  const bytes = Buffer.from(body);
  let answered!: (r: { status: number; body: string } | { error: string }) => void;
  const done = new Promise<{ status: number; body: string } | { error: string }>((resolve) => (answered = resolve));
  const req = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
    },
    (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => answered({ status: res.statusCode ?? 0, body: text }));
    },
  );
  req.on('error', (err: NodeJS.ErrnoException) => answered({ error: err.code ?? err.message }));
  const sent = new Promise<void>((resolve) => req.write(bytes.subarray(0, 5), () => resolve()));
  return { finish: () => req.end(bytes.subarray(5)), done, sent };
}

t.test(
  'SIGTERM: readiness fails first, requests in flight complete, then the port closes and the process exits 0',
  { timeout: 400_000 },
  async (t) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shutdown-'));
    t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED: 'none',
        OPERATING_HOURS: 'always',
        SHUTDOWN_GRACE_MS: '3000',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    t.teardown(() => void child.kill('SIGKILL'));
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('is running')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${out}`)));
    });
    const statusOf = (r: { status: number } | { error: string }) => ('status' in r ? r.status : r.error);
    t.equal(statusOf(await request(port, 'GET', '/readyz')), 200, 'ready');

    const CALL = '/api/System/checkOperationTime';
    const inFlight = Array.from({ length: 10 }, () => slowRequest(port, CALL, JSON.stringify({ systemKbn: '01' })));
    // Their headers and the first bytes of their bodies are on the wire, seconds before the grace ends.
    await Promise.all(inFlight.map((r) => r.sent));

    child.kill('SIGTERM');
    let readiness = await request(port, 'GET', '/readyz');
    while ('status' in readiness && readiness.status === 200) readiness = await request(port, 'GET', '/readyz');
    t.same(readiness, { status: 503, body: JSON.stringify({ status: 'shutting down' }) }, 'readiness fails first');

    // After the grace the server stops taking connections, while the requests in flight are held open.
    // (A connection that lands in the very moment of closing is reset; the next one is refused.)
    let health = await request(port, 'GET', '/healthz');
    while (statusOf(health) !== 'ECONNREFUSED') health = await request(port, 'GET', '/healthz');
    t.same(health, { error: 'ECONNREFUSED' }, 'then the port closes');

    for (const r of inFlight) r.finish();
    const answers = await Promise.all(inFlight.map((r) => r.done));
    t.same(
      answers.map(statusOf),
      inFlight.map(() => 200),
      'every request in flight completed after the port closed',
    );

    t.equal(await exited, 0, 'the process exits 0');
  },
);
