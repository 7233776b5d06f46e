// npm run dev: the analyst's loop in one command.
//  - the API from the sources under `tsx watch` (restarted when its code changes), with
//    DEV_MODE=true: it reloads schemas/forms and schemas/lists on change (definition-reload.ts)
//    and serves the playground's calls; the embedded database with the demo data unless
//    DATABASE_URL / SEED say otherwise;
//  - the renderer from vite's dev server (hot reload), proxying the API's paths to it.
// PORT is the API's port (default 3000), VITE_PORT the screens' (default 5173): open
// http://localhost:VITE_PORT/with-ag/ . Ctrl-C stops both; either one ending stops the other.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.PORT || '3000';
const vitePort = process.env.VITE_PORT || '5173';

const env = {
  ...process.env,
  DEV_MODE: 'true',
  PORT: apiPort,
  API_PORT: apiPort,
  VITE_PORT: vitePort,
  // Links in mails and the start-up line point at the screens, which vite serves in dev.
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${vitePort}`,
  // An analyst works at any hour; a restart should not wait out the load balancer's grace.
  OPERATING_HOURS: process.env.OPERATING_HOURS || 'always',
  SHUTDOWN_GRACE_MS: process.env.SHUTDOWN_GRACE_MS || '0',
};

// Each child runs in its own process group (stdin closed: a background group may not read the
// terminal), so Ctrl-C reaches only this process, which passes it on
// once: the API (under tsx watch, which relays it) then closes the database cleanly — a second
// signal would make it end at once (api/server.ts).
const children: ChildProcess[] = [
  // --clear-screen=false keeps the API's start-up lines (URL, demo accounts) on screen.
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'api/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  }),
  spawn(
    bin('vite'),
    ['--config', 'renderer/vite.config.ts', '--port', vitePort, '--strictPort', '--clearScreen', 'false'],
    { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true },
  ),
];
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (running(child)) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGHUP', () => stop('SIGTERM'));
// Should this process end any other way, the children do not outlive it.
process.on('exit', () => {
  for (const child of children) if (running(child)) child.kill('SIGTERM');
});

let left = children.length;
let failed = false;
for (const child of children) {
  child.on('exit', (code) => {
    if (code !== 0 && code !== null && !stopping) failed = true;
    left -= 1;
    if (left === 0) process.exit(failed ? 1 : 0);
    stop('SIGTERM'); // one ended (a start-up error, a port taken): the other goes too
  });
}
