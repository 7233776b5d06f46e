// A PostgreSQL cluster of the test's own (STACK-NOTES "Local PostgreSQL without a running
// service"): initdb into a temporary directory, start, stop and restart it on a free port, so a
// test may take the server away without touching the shared one. As root the server runs as
// the postgres user (runuser), which owns the data and socket directories.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { nth } from './indexing';

const run = promisify(execFile);
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why a throwaway cluster cannot be made here, or null when it can. */
export function throwawayUnavailable(): string | null {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb')) || !fs.existsSync(path.join(PG_BIN, 'pg_ctl')))
    return `no PostgreSQL binaries in ${PG_BIN} (set PG_BIN)`;
  if (process.getuid?.() === 0) {
    try {
      fs.accessSync('/usr/sbin/runuser');
    } catch {
      return 'running as root without runuser to start PostgreSQL as the postgres user';
    }
  }
  return null;
}

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

export interface ThrowawayPostgres {
  url: string;
  start(): Promise<void>;
  /** Fast shutdown: open sessions are ended (57P01), as in a real restart. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const data = path.join(base, 'data');
  const sock = path.join(base, 'sock');
  fs.mkdirSync(data);
  fs.mkdirSync(sock);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    fs.chmodSync(base, 0o755);
    await run('chown', ['-R', 'postgres:', data, sock]);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('/usr/sbin/runuser', ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args])
      : run(path.join(PG_BIN, tool), args);
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const ctl = (...args: string[]) => pg('pg_ctl', ['-D', data, '-l', path.join(sock, 'pg.log'), ...args]);
  const options = `-p ${port} -k ${sock} -c listen_addresses=127.0.0.1`;
  const cluster: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => void (await ctl('-o', options, '-w', 'start')),
    stop: async () => void (await ctl('-m', 'fast', '-w', 'stop')),
    restart: async () => void (await ctl('-o', options, '-m', 'fast', '-w', 'restart')),
    destroy: async () => {
      await ctl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
  // A test process that dies (the very fault some tests look for) must not leave a server behind.
  const stopOnExit = () => {
    try {
      const args = [path.join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'];
      if (asRoot) execFileSync('/usr/sbin/runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' });
      else execFileSync(nth(args, 0), args.slice(1), { stdio: 'ignore' });
    } catch {
      // already stopped
    }
    fs.rmSync(base, { recursive: true, force: true });
  };
  process.once('exit', stopOnExit);
  await cluster.start();
  return cluster;
}
