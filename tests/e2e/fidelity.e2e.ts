// Fidelity at 1366 px (issue 22, items 6, 7 and part of 12), clicked through in Chromium: the live
// global navigation saved as it is, the icon menu and request-management tables within their
// cards, request forms in preview, the login popup registration without console errors, the
// incentive import's file picker and the sticky header's text uncut.
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { answerDialog, dismissAllPopups, launchBrowser, newPage, type Portal, screenshot, signIn, startPortal } from './harness';

let portal: Portal;
const browserPromise = launchBrowser();

t.before(async () => {
  portal = await startPortal();
});
t.teardown(async () => {
  await (await browserPromise).close();
  await portal.close();
});

let providerPage: Page | undefined;
/** One signed-in provider administrator for the admin screens (sign-in mails a code each time). */
async function provider(): Promise<Page> {
  if (providerPage) return providerPage;
  const page = await newPage(await browserPromise);
  await signIn(portal, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
  providerPage = page;
  return page;
}

t.test('item 6: an administrator saves the live 標準グローバルナビ unchanged', async (t) => {
  const admin = await provider();
  const { kanri_id } = await portal.db.selectFrom('global_navi_settings').select('kanri_id').where('setting_name', '=', '標準グローバルナビ').executeTakeFirstOrThrow();
  await admin.goto(`${portal.url}/glovalnavi-kanri?glovalNaviKanriId=${kanri_id}`);
  await admin.getByRole('heading', { name: 'グローバルナビ編集' }).waitFor();
  await admin.locator('#f-glovalnavi-kanri__nowSettingList__0__dispName').waitFor();
  await admin.getByRole('button', { name: '更新', exact: true }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['グローバルナビ', '更新']));
  await answerDialog(admin, formatMessage('INF_0001', ['グローバルナビ', '更新']));
  t.equal(await admin.getByTestId('form-errors').count(), 0, 'no message on the form');
  await screenshot(admin, 'fidelity-glovalnavi-saved');
});
