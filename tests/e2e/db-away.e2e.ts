// Issue 22 item 3 in Chromium: the portal served on a throwaway PostgreSQL cluster that is stopped
// while a screen reads. The screen says ERR_SYS001 and that it will resume (never a blank page or
// the unexpected-error page), and shows its data by itself once the database is back. (A write's
// answer while it is away is tests/api/db-away.test.ts; a form's save checks the session first,
// a read that waits the same way before anything is sent.)
import t from 'tap';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../api/db/connect';
import { migrateToLatest } from '../../api/db/migrate';
import { formatMessage } from '../../schemas/messages/format';
import { startThrowawayPostgres, throwawayUnavailable, type ThrowawayPostgres } from '../helpers/throwaway-postgres';
import { dismissAllPopups, launchBrowser, newPage, screenshot, signIn, startPortal, type Portal } from './harness';

const unavailable = throwawayUnavailable();
let cluster: ThrowawayPostgres;
let portal: Portal;
const browserPromise = launchBrowser();
t.before(async () => {
  if (unavailable) return;
  cluster = await startThrowawayPostgres();
  const database = await openDatabase({ kind: 'postgres', url: cluster.url });
  await migrateToLatest(database.db);
  portal = await startPortal({ database });
});
t.teardown(async () => {
  await (await browserPromise).close();
  await portal?.close();
  await cluster?.destroy();
});

/** An in-app navigation, as the app's own links make (the router hears popstate). */
const goInside = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/with-ag${path}`);

t.test(
  'a read while PostgreSQL is stopped shows ERR_SYS001 and the screen recovers when it is back',
  { timeout: 240_000, skip: unavailable ?? false },
  async (t) => {
    const page = await newPage(await browserPromise);
    await signIn(portal, page, 'demo-agent', 'Agent#Demo20261');
    await dismissAllPopups(page);
    await page.goto(`${portal.url}/news`);
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'お知らせ' }).first().waitFor();

    await cluster.stop();
    await goInside(page, '/faq');
    const notice = page.getByRole('status').filter({ hasText: formatMessage('ERR_SYS001') });
    await t.resolves(notice.waitFor(), 'ERR_SYS001 shows while the database is away');
    t.ok(await notice.getByText(formatMessage('INF_SYS001')).isVisible(), 'and says the screen resumes by itself');
    await screenshot(page, 'db-away-waiting');
    t.notMatch(page.url(), /error-page/, 'not the error page');
    t.equal(await page.getByText(formatMessage('ERR_SYS999')).count(), 0, 'no unexpected error');

    await cluster.start();
    await t.resolves(
      main.getByRole('heading', { name: 'FAQ' }).first().waitFor({ timeout: 60_000 }),
      'the FAQ list shows once the database is back',
    );
    await t.resolves(notice.waitFor({ state: 'detached' }), 'and the notice is gone');
    t.match(page.url(), /\/faq$/, 'on the screen that was asked for');
    await screenshot(page, 'db-away-recovered');
    await page.context().close();
  },
);
