// The app as the tests use it: a fresh seeded database, an injected clock, mail to a real
// SMTP capture, and helpers to sign in as the demo accounts.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Locker } from '@tus/server';
import { buildApp } from '../../api/app';
import type { DatabaseHandle } from '../../api/db/connect';
import { tokyoDate } from '../../api/clock';
import { loadConfig } from '../../api/config';
import { localDiskStorage, type FileStorage } from '../../api/files/storage';
import type { AuthLimits } from '../../api/resources/auth/limits';
import type { OutboxSettings } from '../../api/mail/settings';
import { seedIfEmpty } from '../../seeds/index';
import { buildSeedFiles, writeSeedFiles } from '../../seeds/demo-files';
import { demoAccounts } from '../../seeds/platform';
import { oneTimeCodeIn, startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { openTestDatabase } from './test-db';

/** 2026-11-20 10:00 in Tokyo: inside operating hours. */
export const DEFAULT_NOW = new Date('2026-11-20T01:00:00Z');

export class TestClock {
  constructor(private current: Date) {}
  now = () => new Date(this.current);
  set(d: Date | string) {
    this.current = new Date(d);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  smtp: SmtpCapture;
  db: FastifyInstance['db'];
  /** The app's file storage (a temporary directory holding the seeded files). */
  storage: FileStorage;
  post(
    url: string,
    body?: unknown,
    opts?: { token?: string; cookies?: Record<string, string>; ip?: string },
  ): Promise<LightMyRequestResponse>;
  /** Signs in through the one-time code; returns the token, the user and the browser's cookies. */
  signIn(
    loginId: string,
    password?: string,
  ): Promise<{ token: string; user: Record<string, unknown>; cookies: Record<string, string> }>;
  close(): Promise<void>;
}

export const passwordOf = (loginId: string) => {
  const a = demoAccounts.find((x) => x.loginId === loginId);
  if (!a) throw new Error(`no demo account ${loginId}`);
  return a.password;
};

export function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.cookies as Array<{ name: string; value: string }>) out[c.name] = c.value;
  return out;
}

export async function createTestApp(
  opts: {
    now?: Date;
    operatingHours?: string;
    authLimits?: Partial<AuthLimits>;
    /** A migrated database of the test's own (closed with the app). */ database?: DatabaseHandle;
    /** The file storage (default: a temporary directory); the seeded files are written to it. */
    storage?: FileStorage;
    /** More configuration (e.g. the S3_ settings of a test bucket). */
    env?: Record<string, string>;
    uploadLocker?: Locker;
    /** The mail outbox's retry timing (short in tests that wait for a retry). */ mailOutbox?: Partial<OutboxSettings>;
    /** A schemas directory of the test's own (a copy it edits), instead of the repository's. */
    definitionsDir?: string;
  } = {},
): Promise<TestApp> {
  const clock = new TestClock(opts.now ?? DEFAULT_NOW);
  const today = tokyoDate(clock.now());
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-files-'));
  const storage = opts.storage ?? localDiskStorage(filesDir);
  // Its own data directory (resumable uploads live there): test files run side by side.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-data-'));
  if (opts.database) {
    await seedIfEmpty(opts.database.db, { storage, today });
  } else {
    // The rows come with the seeded template; the files they point to are written here.
    await writeSeedFiles(storage, buildSeedFiles());
  }
  const handle = opts.database ?? (await openTestDatabase({ seed: { today } }));
  const smtp = await startSmtpCapture();
  const config = loadConfig({
    OPERATING_HOURS: opts.operatingHours ?? '08:00-21:00',
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://portal.test',
    // The per-user limits of the expensive calls count per clock minute, and a test's clock stands
    // still: limits out of reach unless a test sets its own (tests/api/rate-limit.test.ts).
    RATE_LIMIT_SEARCH_PER_MINUTE: '1000000',
    RATE_LIMIT_DOWNLOAD_PER_MINUTE: '1000000',
    RATE_LIMIT_CSV_PER_MINUTE: '1000000',
    RATE_LIMIT_IMPORT_PER_MINUTE: '1000000',
    ...opts.env,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    clock,
    signingSecret: 'test-secret-0123456789-0123456789-abcdef',
    logger: false,
    authLimits: opts.authLimits,
    distDir: '/nonexistent',
    storage,
    uploadLocker: opts.uploadLocker,
    mailOutbox: opts.mailOutbox,
    definitionsDir: opts.definitionsDir,
  });
  // Tests change rows straight through `db` (another connection, like an operator's SQL or
  // another instance): on PostgreSQL the change reaches the caches by NOTIFY a moment later,
  // so each request first waits for what was committed before it. PGlite hands it over at once.
  await app.ready();
  if (handle.kind === 'postgres') {
    const inject = app.inject.bind(app) as (o: InjectOptions) => Promise<LightMyRequestResponse>;
    (app as { inject: unknown }).inject = async (o: InjectOptions) => {
      await handle.changes.settle();
      return inject(o);
    };
  }

  const post: TestApp['post'] = (url, body, o = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
      cookies: o.cookies,
      remoteAddress: o.ip,
    });

  const signIn: TestApp['signIn'] = async (loginId, password = passwordOf(loginId)) => {
    const first = await post('/api/Auth/login', { systemKbn: '01', loginId, password });
    if (first.statusCode !== 200) throw new Error(`login ${loginId}: ${first.statusCode} ${first.body}`);
    const cookies = cookiesOf(first);
    const email = `${loginId}@portal.example.jp`;
    const code = oneTimeCodeIn(smtp.latestTo(email));
    const second = await post('/api/Auth/OtpLogin', { systemKbn: '01', loginId, password, otp: code }, { cookies });
    if (second.statusCode !== 200) throw new Error(`otp ${loginId}: ${second.statusCode} ${second.body}`);
    const json = second.json();
    return { token: json.token, user: json.user, cookies: { ...cookies, ...cookiesOf(second) } };
  };

  return {
    app,
    clock,
    smtp,
    db: handle.db,
    storage,
    post,
    signIn,
    close: async () => {
      await app.close();
      await smtp.close();
      await handle.close();
      await fs.rm(filesDir, { recursive: true, force: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
