// The portal as the browser tests see it: the real app and built screens on a free port,
// a fresh seeded database, mail to an SMTP capture, and a clock that runs from a chosen
// instant (so the tests do not depend on the hour CI runs at).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../api/app';
import { tokyoDate } from '../../api/clock';
import { loadConfig } from '../../api/config';
import { localDiskStorage } from '../../api/files/storage';
import { seedIfEmpty } from '../../seeds/index';
import { oneTimeCodeIn, startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture';
import { openTestDatabase } from '../helpers/test-db';
import type { DatabaseHandle } from '../../api/db/connect';

/** A clock that starts at `start` and then runs with real time; `set` jumps. */
export class RunningClock {
  private offset: number;
  constructor(start: Date) {
    this.offset = start.getTime() - Date.now();
  }
  now = () => new Date(Date.now() + this.offset);
  set(d: Date | string) {
    this.offset = new Date(d).getTime() - Date.now();
  }
}

/** Today at 10:00 in Tokyo. */
export function tokyoMorning(): Date {
  const d = new Date(Date.now() + 9 * 3600_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 1, 0, 0));
}

export interface Portal {
  url: string; // http://127.0.0.1:port/with-ag
  smtp: SmtpCapture;
  clock: RunningClock;
  /** The portal's database, for a test to find seeded rows (which event has applications …). */
  db: DatabaseHandle['db'];
  close(): Promise<void>;
}

export interface PortalOptions {
  operatingHours?: string;
  database?: DatabaseHandle;
  env?: Record<string, string>;
  definitionsDir?: string;
}

export async function startPortal(opts: PortalOptions = {}): Promise<Portal> {
  const smtp = await startSmtpCapture();
  const server = await startPortalServer({ ...opts, smtpUrl: smtp.url });
  return {
    ...server,
    smtp,
    close: async () => {
      await server.close();
      await smtp.close();
    },
  };
}

/** The portal alone, mailing to `smtpUrl` (the benchmarks run it in a process of its own: tests/bench/portal-process.ts). */
export async function startPortalServer(opts: {
  operatingHours?: string;
  smtpUrl: string;
  /** A migrated database of the test's own (a throwaway cluster), closed with the portal. */ database?: DatabaseHandle;
  /** More configuration (DEV_MODE for the playground's test). */ env?: Record<string, string>;
  /** A schemas directory of the test's own (definitions edited in a copy). */ definitionsDir?: string;
}): Promise<Omit<Portal, 'smtp'>> {
  const handle = opts.database ?? (await openTestDatabase());
  const clock = new RunningClock(tokyoMorning());
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-e2e-files-'));
  const storage = localDiskStorage(filesDir);
  // Its own data directory (resumable uploads live there): test files may run side by side.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-e2e-data-'));
  await seedIfEmpty(handle.db, { storage, today: tokyoDate(clock.now()) });
  const config = loadConfig({
    OPERATING_HOURS: opts.operatingHours ?? '08:00-21:00',
    SMTP_URL: opts.smtpUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    ...opts.env,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    clock,
    signingSecret: 'e2e-secret-0123456789-0123456789-abcdef',
    logger: false,
    distDir: path.resolve('dist/renderer'),
    storage,
    definitionsDir: opts.definitionsDir,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/with-ag`,
    clock,
    db: handle.db,
    close: async () => {
      await app.close();
      await handle.close();
      await fs.rm(filesDir, { recursive: true, force: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Pages whose native dialogs a test answers itself (the leave question of tests/e2e/form-safety.e2e.ts). */
const ownDialogs = new WeakSet<Page>();

export function answerDialogsYourself(page: Page): void {
  ownDialogs.add(page);
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  // A form with unsaved input asks before the page is left (beforeunload, docs/forms.md): a test
  // that goes to another address means to leave, so the question is answered "leave" (Playwright
  // would dismiss it and abort the navigation). Any other native dialog is dismissed, as by default.
  context.on('dialog', (dialog) => {
    const page = dialog.page();
    if (page && ownDialogs.has(page)) return;
    void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss());
  });
  return context.newPage();
}

/** Saves a screenshot for a person to look at (test-results/screens, not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const file = path.resolve('test-results', 'screens', `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  console.log(`# screenshot ${file}`);
}

/** Signs in on the login screen with the mailed one-time code and waits for the portal top (popups left open). */
export async function signIn(
  portal: Pick<Portal, 'url' | 'smtp'>,
  page: Page,
  loginId: string,
  password: string,
): Promise<void> {
  await page.goto(`${portal.url}/login`);
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL(/\/login-otp/);
  const code = oneTimeCodeIn(portal.smtp.latestTo(`${loginId}@portal.example.jp`));
  await page.getByLabel('セキュリティコード').fill(code);
  await page.getByRole('button', { name: '認証' }).click();
  await page.waitForURL(/\/portal-top$/);
}

/** Closes the login popups shown after sign-in, ticking 確認しました where a popup asks for it. */
export async function dismissAllPopups(page: Page) {
  const dialog = page.locator('dialog[open]').filter({ has: page.getByRole('button', { name: '閉じる' }) });
  for (let i = 0; i < 6; i++) {
    try {
      await dialog.first().waitFor({ timeout: 3000 });
    } catch {
      return;
    }
    const confirm = dialog.first().getByLabel('確認しました');
    if (await confirm.count()) await confirm.check();
    await dialog.first().getByRole('button', { name: '閉じる' }).click();
    await page.waitForTimeout(200);
  }
}

/** Answers the dialog that shows `text` with `button` and waits for it to close. */
export async function answerDialog(page: Page, text: string, button: 'OK' | 'キャンセル' = 'OK'): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(text, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.getByText(text, { exact: true }).waitFor({ state: 'detached' });
}

/** What a browser test file works with, once `useE2e`'s t.before has run. */
export interface E2e {
  readonly portal: Portal;
  /** The file's browser, launched as the file loads (while the portal starts). */
  browser(): Promise<Browser>;
  /** The file's temporary directory; only with the `tmpDir` option. */
  readonly tmpDir: string;
  /** A new page signed in as `loginId`, the login popups closed. */
  signedIn(loginId: string, password: string): Promise<Page>;
}

/**
 * The set-up every browser test file shares: the portal started in t.before (then the temporary
 * directory `portal-<tmpDir>-e2e-…` when asked), and in t.teardown the browser closed, then the
 * portal, then the directory. A file's own hooks registered before this call run before the portal
 * starts and are torn down after it (tap tears down last-registered first); `portal` may then be a
 * function reading what they made.
 */
export function useE2e(t: Test, opts: { portal?: PortalOptions | (() => PortalOptions); tmpDir?: string } = {}): E2e {
  let portal: Portal | undefined;
  let tmpDir: string | undefined;
  const browserPromise = launchBrowser();
  t.before(async () => {
    portal = await startPortal(typeof opts.portal === 'function' ? opts.portal() : opts.portal);
    if (opts.tmpDir) tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), `portal-${opts.tmpDir}-e2e-`));
  });
  t.teardown(async () => {
    await (await browserPromise).close();
    await portal?.close();
    if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
  });
  const e2e: E2e = {
    get portal() {
      if (!portal) throw new Error('the portal starts in t.before');
      return portal;
    },
    browser: () => browserPromise,
    get tmpDir() {
      if (!tmpDir) throw new Error('no temporary directory: useE2e without the tmpDir option, or before t.before');
      return tmpDir;
    },
    signedIn: async (loginId, password) => {
      const page = await newPage(await browserPromise);
      await signIn(e2e.portal, page, loginId, password);
      await dismissAllPopups(page);
      return page;
    },
  };
  return e2e;
}
