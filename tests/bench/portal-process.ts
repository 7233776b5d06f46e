// The portal in a process of its own for the benchmarks, as in production: nothing of the
// browser that drives it (Playwright keeps an AsyncLocalStorage, so every promise of a portal in
// its process paid for promise tracking) and nothing of the load generator. Run as a file, it
// starts the browser tests' portal (seeded database, built screens) mailing to BENCH_SMTP_URL and
// prints its URL.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPortalServer } from '../e2e/harness';
import type { SmtpCapture } from '../helpers/smtp-capture';

export interface PortalProcess {
  url: string; // http://127.0.0.1:port/with-ag
  smtp: SmtpCapture;
  stop(): void;
}

/**
 * Starts the portal process, mailing to `smtp` (the caller's capture, to read sign-in codes);
 * `env`: more configuration of the portal (bench:load raises RATE_LIMIT_SEARCH_PER_MINUTE).
 */
export function startPortalProcess(smtp: SmtpCapture, env: Record<string, string> = {}): Promise<PortalProcess> {
  return new Promise((resolve, reject) => {
    // BENCH_PORTAL_ARGS: Node options for the portal process alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    const extra = (process.env.BENCH_PORTAL_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...extra, '--import', 'tsx', fileURLToPath(import.meta.url)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_SMTP_URL: smtp.url, BENCH_PORTAL_ENV: JSON.stringify(env) },
    });
    child.stdout.once('data', (d) => resolve({ url: String(d).trim(), smtp, stop: () => child.kill('SIGTERM') }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the portal process ended (${code})`)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = JSON.parse(process.env.BENCH_PORTAL_ENV ?? '{}') as Record<string, string>;
  const server = await startPortalServer({ smtpUrl: String(process.env.BENCH_SMTP_URL), env });
  console.log(server.url);
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
