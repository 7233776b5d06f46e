// The sign-in history screen (docs/security.md "Sign-in history") in Chromium: an agent
// administrator opens his own history from the ログイン履歴 link of his row in the AG user
// maintenance list, sees his sign-in with the address and browser, widens to every user of his
// agent, filters by kind and downloads the CSV.
import t from 'tap';
import { expectNoA11yViolations } from './a11y';
import { dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';

const e2e = useE2e(t);

t.test('an agent administrator reads the sign-in history of his agent', async (t) => {
  const browser = await e2e.browser();
  const page = await newPage(browser);
  await signIn(e2e.portal, page, 'demo-agadmin', 'Agadmin#Demo2026');
  await dismissAllPopups(page);

  await page.goto(`${e2e.portal.url}/aguser-maintenance`);
  const main = page.locator('main');
  await main.getByRole('button', { name: '検索', exact: true }).click();
  await main.getByRole('link', { name: '佐藤 健一 のログイン履歴' }).click();
  await page.waitForURL(/\/signin-history\?agCode=A0000001&userId=0000000002$/);

  const table = main.getByRole('table', { name: 'ログイン履歴' });
  await table.getByRole('row').nth(1).waitFor();
  const first = table.getByRole('row').nth(1);
  t.match(await first.innerText(), /ログイン成功/, 'his own sign-in, newest first');
  t.match(await first.innerText(), /HeadlessChrome|Chrome/, 'with the browser');
  const kinds = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
  t.ok(kinds.includes('セキュリティコード送信'), 'the code mailed before it');
  await screenshot(page, 'signin-history-user');
  await expectNoA11yViolations(t, page, 'the sign-in history with rows');

  await main.getByRole('button', { name: '代理店の全ユーザーを表示' }).click();
  await main.getByText('A0000001 株式会社さくら文具（全ユーザー）').waitFor();
  t.equal(await main.getByLabel('ユーザーID').inputValue(), '');

  await main.getByLabel('セキュリティコード送信', { exact: true }).check();
  await main.getByRole('button', { name: '検索', exact: true }).click();
  await table.getByRole('row').nth(1).waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('table[aria-label="ログイン履歴"] tbody tr td:nth-child(3)')].every(
      (td) => td.textContent === 'セキュリティコード送信',
    ),
  );
  t.pass('filtered by kind');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'CSV出力' }).click(),
  ]);
  t.equal(download.suggestedFilename(), 'signin-history_A0000001.csv');
  await screenshot(page, 'signin-history-agent');
});
