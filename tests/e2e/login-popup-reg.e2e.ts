// Login popup management (spec 001 "Login popup management", spec 000 "Login popup modal") clicked
// through in Chromium: without its session-storage handoff the registration shows ERR_SYS998;
// from the list's 新規登録 an empty register shows every message, then a check-pattern-2 popup
// for one agent code is registered (CNF_0001, INF_0001, update mode on the new id); that agent
// sees it at its next sign-in and cannot close it before ticking 確認しました; another agent never
// sees it; the list shows it and deletes it after CNF_0001.
import fs from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { answerDialog, dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';

const e2e = useE2e(t, { tmpDir: 'login-popup' });

const field = (page: Page, name: string) => page.locator(`#f-login-popup-reg__${name}`);
const TITLE = '【みなと事務機様】お取引条件改定のご確認';

/** The titles of the popups shown after sign-in, closing each (ticking 確認しました where asked). */
async function popupTitles(page: Page): Promise<string[]> {
  const titles: string[] = [];
  const dialog = page.locator('dialog[open]').filter({ has: page.getByRole('button', { name: '閉じる' }) });
  for (let i = 0; i < 8; i++) {
    try {
      await dialog.first().waitFor({ timeout: 3000 });
    } catch {
      break;
    }
    titles.push((await dialog.first().getByRole('heading').first().textContent()) ?? '');
    const confirm = dialog.first().getByLabel('確認しました');
    if (await confirm.count()) await confirm.check();
    await dialog.first().getByRole('button', { name: '閉じる' }).click();
    await page.waitForTimeout(200);
  }
  return titles;
}

t.test('a provider registers a confirm popup for one agent code; only that agent sees it', async (t) => {
  const browser = await e2e.browser();
  const admin = await newPage(browser);
  await signIn(e2e.portal, admin, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(admin);

  // Opened without the list's handoff: ERR_SYS998 only.
  await admin.goto(`${e2e.portal.url}/login-popup-reg`);
  await t.resolves(admin.getByText(formatMessage('ERR_SYS998')).waitFor(), 'no stored context: ERR_SYS998');

  await admin.goto(`${e2e.portal.url}/kanrisya-top`);
  await admin.getByRole('link', { name: /ログインポップアップ管理/ }).click();
  await admin.waitForURL(/\/login-popup-list$/);
  await admin.getByRole('heading', { name: 'ログインポップアップ一覧' }).waitFor();
  await admin.getByRole('cell', { name: '年末年始の営業日と受注締切のお知らせ', exact: true }).waitFor();
  await screenshot(admin, 'login-popup-list');
  await admin.screenshot({ path: '/tmp/shots-popup/login-popup-list.png' });

  // Newest display start first; a click on the header turns the order round.
  const firstTitle = async () => (await admin.getByRole('row').nth(1).getByRole('cell').nth(2).textContent()) ?? '';
  t.equal(await admin.getByRole('columnheader', { name: /表示期間/ }).getAttribute('aria-sort'), 'descending');
  t.equal(await firstTitle(), '【重要】個人情報の取扱いに関する同意のお願い', 'the latest start first');
  await admin
    .getByRole('columnheader', { name: /表示期間/ })
    .getByRole('button')
    .click();
  t.equal(await firstTitle(), '秋の新商品フェア開催のお知らせ', 'ascending after a click: the earliest start first');
  await admin
    .getByRole('columnheader', { name: /表示期間/ })
    .getByRole('button')
    .click();

  // Delete with nothing selected: ERR_0003 明細.
  await admin.getByRole('button', { name: '削除', exact: true }).click();
  await t.resolves(admin.getByText(formatMessage('ERR_0003', ['明細'])).waitFor(), 'delete needs a selection');

  await admin.getByRole('button', { name: '新規登録' }).click();
  await admin.waitForURL(/\/login-popup-reg$/);
  await admin.getByRole('heading', { name: 'ログインポップアップ登録' }).waitFor();
  t.equal(await field(admin, 'keisaiKikanEnd').inputValue(), '9999-12-31', 'the default display end');

  // Empty register: every message, nothing typed lost.
  await admin.getByLabel('代理店コード', { exact: true }).check();
  await field(admin, 'contentsLinkList__0__caption').fill('改定の概要');
  await admin.getByRole('button', { name: '登録', exact: true }).click();
  const errors = admin.getByTestId('form-errors').first();
  for (const m of [
    formatMessage('ERR_0001', ['タイトル']),
    formatMessage('ERR_0002', ['代理店コード']),
    formatMessage('ERR_0001', ['本文']),
    formatMessage('ERR_0002', ['リンク1のURL']),
  ])
    await t.resolves(errors.getByText(m, { exact: true }).waitFor(), m);
  t.equal(await field(admin, 'contentsLinkList__0__caption').inputValue(), '改定の概要', 'nothing typed is lost');

  await field(admin, 'title').fill(TITLE);
  await field(admin, 'targetAgCode').fill('A0000002');
  // And a CSV of codes (quotes and blank lines dropped): "N件".
  const csv = path.join(e2e.tmpDir, '対象代理店.csv');
  await fs.writeFile(csv, '"A0000002"\r\n\r\nA0000003\r\n');
  await admin.locator('input[type=file][accept=".csv"]').setInputFiles(csv);
  await t.resolves(admin.getByLabel('取込件数 2件').waitFor(), 'two codes from the CSV');
  const editor = admin.getByRole('textbox', { name: '本文' });
  await editor.click();
  await editor.pressSequentially('来月からのお取引条件の改定内容をご確認ください。');
  await field(admin, 'contentsLinkList__0__url').fill('https://example.jp/terms');
  await admin.getByLabel('確認しました（確認するまで閉じられない）').check();
  await admin.screenshot({ path: '/tmp/shots-popup/login-popup-reg-filled.png', fullPage: true });
  await screenshot(admin, 'login-popup-reg-filled');

  await admin.getByRole('button', { name: '登録', exact: true }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['ログインポップアップ', '登録']));
  await answerDialog(admin, formatMessage('INF_0001', ['ログインポップアップ', '登録']));
  await t.resolves(
    admin.getByRole('heading', { name: 'ログインポップアップ更新' }).waitFor(),
    'update mode after register',
  );
  t.equal(await field(admin, 'title').inputValue(), TITLE, 'the saved popup is loaded again');
  t.match(await field(admin, 'contentsId').textContent(), /\d+/, 'with its new id');
  const stored = await admin.evaluate(() => sessionStorage.getItem('loginPopupRegParams'));
  t.match(stored, /"contentsId":"\d+"/, 'the handoff now names the popup');
  t.notOk(/contentsId/.test(admin.url()), 'the id stays out of the address');

  // Back without changes leaves for the admin top (no CNF_0002); after a change it asks.
  await field(admin, 'title').fill(`${TITLE}（改）`);
  await admin.getByRole('button', { name: '戻る' }).click();
  await answerDialog(admin, formatMessage('CNF_0002'), 'キャンセル');
  t.equal(await field(admin, 'title').inputValue(), `${TITLE}（改）`, 'staying keeps the edit');

  // The targeted agent, at its next sign-in.
  const agent2 = await newPage(browser);
  await signIn(e2e.portal, agent2, 'demo-agent2', 'Agent2#Demo2026');
  const dialog = agent2.locator('dialog[open]').filter({ hasText: TITLE });
  const shown = agent2.locator('dialog[open]').first();
  // Popups come one at a time; close the others until ours is in front.
  for (let i = 0; i < 6 && !(await dialog.count()); i++) {
    await shown.waitFor();
    if (await dialog.count()) break;
    const confirm = shown.getByLabel('確認しました');
    if (await confirm.count()) await confirm.check();
    await shown.getByRole('button', { name: '閉じる' }).click();
    await agent2.waitForTimeout(300);
  }
  await dialog.waitFor();
  await screenshot(agent2, 'login-popup-agent-confirm');
  await agent2.screenshot({ path: '/tmp/shots-popup/login-popup-agent-confirm.png' });
  t.ok(await dialog.getByRole('button', { name: '閉じる' }).isDisabled(), 'cannot close before 確認しました');
  await agent2.keyboard.press('Escape');
  t.equal(await dialog.count(), 1, 'Escape does not close it either');
  await dialog.getByRole('link', { name: '改定の概要' }).waitFor();
  await dialog.getByLabel('確認しました').check();
  // The tick is saved first (the token check, then the call); closing is allowed once it is.
  const close = dialog.getByRole('button', { name: '閉じる' });
  for (let i = 0; i < 50 && (await close.isDisabled()); i++) await agent2.waitForTimeout(100);
  t.notOk(await close.isDisabled(), 'ticked: closing is allowed');
  await dialog.getByRole('button', { name: '閉じる' }).click();
  await dialog.waitFor({ state: 'detached' });

  // Another agent never sees it.
  const agent = await newPage(browser);
  await signIn(e2e.portal, agent, 'demo-agent', 'Agent#Demo20261');
  const others = await popupTitles(agent);
  t.ok(others.length > 0, 'A0000001 gets its own popups');
  t.notOk(others.includes(TITLE), 'but never the popup for A0000002');

  // The list shows it with its target and check settings; delete after CNF_0001.
  await admin.goto(`${e2e.portal.url}/login-popup-list`);
  const row = admin.getByRole('row').filter({ hasText: TITLE });
  await row.waitFor();
  t.match(await row.textContent(), /代理店コード：A0000002、A0000003/, 'the typed code and the CSV codes');
  t.match(await row.textContent(), /確認しました/);
  await row.getByRole('button', { name: '編集' }).click();
  await admin.getByRole('heading', { name: 'ログインポップアップ更新' }).waitFor();
  t.equal(await field(admin, 'title').inputValue(), TITLE, 'edit opens the popup through the handoff');
  await admin.goto(`${e2e.portal.url}/login-popup-list`);
  await row.getByRole('checkbox').check();
  await admin.getByRole('button', { name: '削除', exact: true }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['選択したログインポップアップ', '削除']));
  await answerDialog(admin, formatMessage('INF_0001', ['ログインポップアップ', '削除']));
  await row.waitFor({ state: 'detached' });
  t.pass('deleted');
});
