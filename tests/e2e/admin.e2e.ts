// The admin screens of spec 001 built on the generic form and list renderer, clicked through in
// Chromium as an administrator would: agent segments (create from a CSV in the modal, rename,
// download, delete; provider staff only), agent users (empty submit, create, edit, return with the search restored)
// and the admin top (pseudo-login of a provider administrator).
import fs from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { oneTimeCodeIn } from '../helpers/smtp-capture';
import { answerDialog, newPage, screenshot, useE2e } from './harness';
import { nth } from '../helpers/indexing';

const e2e = useE2e(t, { tmpDir: 'admin' });

async function signIn(page: Page, loginId: string, password: string) {
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL(/\/(login-otp|portal-top)/);
  if (page.url().includes('/login-otp')) {
    await page
      .getByLabel('セキュリティコード')
      .fill(oneTimeCodeIn(e2e.portal.smtp.latestTo(`${loginId}@portal.example.jp`)));
    await page.getByRole('button', { name: '認証' }).click();
  }
  await page.waitForURL(/\/portal-top$/);
}

const errorBox = (page: Page) => page.getByTestId('form-errors').first();

// Segments need provider staff (docs/decisions.md section 3): the provider administrator maintains them.
t.test('renames on two pages of the paged segment list are saved together', async (t) => {
  // 20 segments in a row of ids span two consecutive pages of 15 (the list pages on the server).
  const names = Array.from({ length: 20 }, (_, i) => `ページ送り検証${String(i + 1).padStart(2, '0')}`);
  await e2e.portal.db
    .insertInto('agent_segments')
    .values(names.map((n) => ({ ag_segment_name: n })))
    .execute();
  t.teardown(() =>
    e2e.portal.db.deleteFrom('agent_segments').where('ag_segment_name', 'like', 'ページ送り検証%').execute(),
  );
  const page = await newPage(await e2e.browser());
  await signIn(page, 'demo-provider', 'Provider#Demo2026');
  await page.goto(`${e2e.portal.url}/agsegment-reg`);
  await page.getByRole('columnheader', { name: /セグメント名/ }).waitFor();
  const ours = page.locator('tbody input[value^="ページ送り検証"]');
  const next = page.getByRole('button', { name: /次の15件/ });
  while ((await ours.count()) === 0) {
    const summary = await page.getByText(/件を表示/).innerText();
    await next.click();
    await page
      .getByText(/件を表示/)
      .filter({ hasNotText: summary })
      .waitFor();
  }
  const first = await ours.first().inputValue();
  await ours.first().fill(`${first}改`);
  const summary = await page.getByText(/件を表示/).innerText();
  await next.click();
  await page
    .getByText(/件を表示/)
    .filter({ hasNotText: summary })
    .waitFor();
  const second = await ours.first().inputValue();
  t.not(second, first, 'the next page shows other segments of ours');
  await ours.first().fill(`${second}改`);
  await page.getByRole('button', { name: '更新', exact: true }).click();
  await answerDialog(page, formatMessage('CNF_0001', ['AGセグメント', '更新']));
  await answerDialog(page, formatMessage('INF_0001', ['AGセグメント', '更新']));
  const saved = await e2e.portal.db
    .selectFrom('agent_segments')
    .select('ag_segment_name')
    .where('ag_segment_name', 'like', 'ページ送り検証%改')
    .orderBy('ag_segment_name')
    .execute();
  t.same(
    saved.map((r) => r.ag_segment_name),
    [`${first}改`, `${second}改`].sort(),
    'both renames saved: the edit on the page left behind was kept',
  );
  await page.context().close();
});

t.test('a provider administrator creates a segment from a CSV, renames, downloads and deletes it', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(page, 'demo-provider', 'Provider#Demo2026');
  await page.goto(`${e2e.portal.url}/kanrisya-top`);
  await page.getByRole('link', { name: 'AGセグメント登録' }).click();
  await page.waitForURL(/\/agsegment-reg$/);
  await page.getByRole('columnheader', { name: /セグメント名/ }).waitFor();
  await screenshot(page, 'admin-segment-list');

  // Nothing selected and nothing changed: the catalogue messages above the table.
  await page.getByRole('button', { name: '削除', exact: true }).click();
  await t.resolves(
    errorBox(page)
      .getByText(formatMessage('ERR_0003', ['明細']))
      .waitFor(),
    'delete without selection: ERR_0003 明細',
  );
  await page.getByRole('button', { name: '更新', exact: true }).click();
  await t.resolves(
    errorBox(page)
      .getByText(formatMessage('ERR_0008', ['セグメント名']))
      .waitFor(),
    'update without changes: ERR_0008',
  );

  // New registration in the modal: empty submit, then a name and a CSV (quotes, a blank line).
  await page.getByRole('button', { name: '新規登録' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: '登録' }).click();
  await t.resolves(
    modal
      .getByText(formatMessage('ERR_0001', ['セグメント名']))
      .first()
      .waitFor(),
    'modal empty submit: name required',
  );
  await t.resolves(
    modal
      .getByText(formatMessage('ERR_0003', ['アップロードファイル']))
      .first()
      .waitFor(),
    'modal empty submit: file required',
  );
  const csv = path.join(e2e.tmpDir, 'e2e-segment.csv');
  await fs.writeFile(csv, 'A0000001\r\n"A0000002"\r\n\r\nA0000003\r\n');
  await modal.getByLabel('セグメント名').fill('E2E検証セグメント');
  await modal.getByLabel('アップロードファイル').setInputFiles(csv);
  await t.resolves(modal.getByText('3件').waitFor(), 'the CSV counts its non-blank lines');
  await screenshot(page, 'admin-segment-new');
  await modal.getByRole('button', { name: '登録' }).click();
  await answerDialog(page, formatMessage('CNF_0001', ['AGセグメント', '登録']));
  await answerDialog(page, formatMessage('INF_0001', ['AGセグメント', '登録']));
  const created = page.locator('tbody tr', { has: page.locator('input[value="E2E検証セグメント"]') });
  await t.resolves(created.waitFor(), 'the new segment is listed');
  t.match(await created.innerText(), /e2e-segment\.csv/, 'with its file name');

  // Rename in place: the row is marked changed, update saves it.
  await created.getByRole('textbox').fill('E2E検証セグメント改');
  const renamed = page.locator('tbody tr', { has: page.locator('input[value="E2E検証セグメント改"]') });
  t.match((await renamed.getAttribute('class')) ?? '', /changed/i, 'the renamed row is marked changed');
  await screenshot(page, 'admin-segment-renamed');
  await page.getByRole('button', { name: '更新', exact: true }).click();
  await answerDialog(page, formatMessage('CNF_0001', ['AGセグメント', '更新']));
  await answerDialog(page, formatMessage('INF_0001', ['AGセグメント', '更新']));
  await t.resolves(renamed.waitFor(), 'the new name is saved');
  t.notMatch((await renamed.getAttribute('class')) ?? '', /changed/i, 'no longer marked changed after the reload');

  // Download: the member codes as CSV under the uploaded file's name.
  const downloading = page.waitForEvent('download');
  await renamed.getByRole('button', { name: /ダウンロード/ }).click();
  const download = await downloading;
  t.equal(download.suggestedFilename(), 'e2e-segment.csv', 'download name from Content-Disposition');
  const saved = path.join(e2e.tmpDir, 'downloaded.csv');
  await download.saveAs(saved);
  const text = await fs.readFile(saved, 'utf8');
  t.match(text, /A0000001[\s\S]*A0000002[\s\S]*A0000003/, 'the downloaded CSV holds the codes');

  // Delete with selection.
  await renamed.getByRole('checkbox').check();
  await page.getByRole('button', { name: '削除', exact: true }).click();
  await answerDialog(page, formatMessage('CNF_0004'));
  await answerDialog(page, formatMessage('INF_0001', ['AGセグメント', '削除']));
  await t.resolves(renamed.waitFor({ state: 'detached' }), 'the segment is gone');
  await page.context().close();
});

t.test('an agent administrator sees empty-submit errors, creates a user and edits it', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(page, 'demo-agadmin', 'Agadmin#Demo2026');
  await page.goto(`${e2e.portal.url}/aguser-maintenance`);
  const main = page.getByRole('main');

  // Search mode: no rows, delete and new disabled.
  await main.getByRole('button', { name: '検索', exact: true }).waitFor();
  t.ok(await main.getByRole('button', { name: '新規登録' }).isDisabled(), 'new is disabled in search mode');
  t.ok(await main.getByRole('button', { name: '削除', exact: true }).isDisabled(), 'delete is disabled in search mode');
  await screenshot(page, 'admin-user-search');
  await main.getByRole('button', { name: '検索', exact: true }).click();
  await main.locator('tbody tr').first().waitFor();
  await screenshot(page, 'admin-user-result');
  await main.getByRole('button', { name: '新規登録' }).click();
  await page.waitForURL(/\/aguser-reg\?agCode=A0000001$/);
  await page.getByRole('heading', { name: 'ユーザー登録' }).waitFor();
  await t.resolves(main.getByText('株式会社さくら文具').first().waitFor(), 'the agent name beside the read-only code');

  // Empty submit: every message in Japanese, one per line, above the form.
  await main.getByRole('button', { name: '確定' }).click();
  const expected = [
    formatMessage('ERR_0001', ['会社名']),
    formatMessage('ERR_0001', ['部署名']),
    formatMessage('ERR_0001', ['担当者名']),
    formatMessage('ERR_0001', ['メールアドレス']),
    formatMessage('ERR_0003', ['機能権限']),
  ];
  await errorBox(page).getByText(nth(expected, 0)).waitFor();
  const lines = await errorBox(page).locator('li').allInnerTexts();
  t.same(lines, expected, 'one line per message, in the order of the rules');
  t.equal(await page.getByRole('alertdialog').count(), 0, 'no dialog: the form stays');
  await screenshot(page, 'admin-user-empty-submit');

  // A field checked on blur; nothing typed is lost by a failed submit.
  await main.getByLabel('メールアドレス').fill('ｅ２ｅ@example');
  await main.getByLabel('会社名').click();
  await t.resolves(
    main
      .getByText(formatMessage('ERR_0018', ['メールアドレス']))
      .first()
      .waitFor(),
    'e-mail checked on blur',
  );
  await main.getByLabel('会社名').fill('株式会社さくら文具');
  await main.getByLabel('部署名').fill('E2E推進室');
  await main.getByLabel('担当者名').fill('試験 花子');
  await main.getByRole('button', { name: '確定' }).click();
  await errorBox(page)
    .getByText(formatMessage('ERR_0018', ['メールアドレス']))
    .waitFor();
  t.equal(await main.getByLabel('部署名').inputValue(), 'E2E推進室', 'typed values kept after a failed submit');
  await main.getByLabel('メールアドレス').fill('e2e-user@example.jp');
  await main.getByLabel('備考1').fill('E2E備考');
  await main.getByLabel('機能権限').selectOption({ label: '一般' });
  await main.getByRole('button', { name: '確定' }).click();
  await answerDialog(page, formatMessage('CNF_0001', ['ユーザー', '登録']));
  await answerDialog(page, formatMessage('INF_0001', ['ユーザー', '登録']));

  // Back on the list with the search restored (isResearch=true).
  await page.waitForURL(/\/aguser-maintenance\?isResearch=true$/);
  const row = main.locator('tbody tr', { hasText: 'e2e-user@example.jp' });
  await t.resolves(row.waitFor(), 'the new user is in the restored result');
  await row.getByRole('button', { name: /編集/ }).click();
  await page.getByRole('heading', { name: 'ユーザー編集' }).waitFor();
  await t.resolves(main.getByLabel('部署名').waitFor(), 'the edit form');
  t.equal(await main.getByLabel('部署名').inputValue(), 'E2E推進室', 'the stored values are loaded');
  t.equal(await main.getByLabel('備考1').inputValue(), 'E2E備考');
  await main.getByLabel('部署名').fill('E2E推進部');
  await main.getByLabel('備考1').fill(''); // emptied: the update clears it
  await screenshot(page, 'admin-user-edit');
  await main.getByRole('button', { name: '確定' }).click();
  await answerDialog(page, formatMessage('CNF_0001', ['ユーザー', '更新']));
  await answerDialog(page, formatMessage('INF_0001', ['ユーザー', '更新']));
  await page.waitForURL(/\/aguser-maintenance\?isResearch=true$/);
  await t.resolves(main.locator('tbody tr', { hasText: 'E2E推進部' }).waitFor(), 'the edited value in the list');
  await main.locator('tbody tr', { hasText: 'E2E推進部' }).getByRole('button', { name: /編集/ }).click();
  await page.getByRole('heading', { name: 'ユーザー編集' }).waitFor();
  await main.getByLabel('部署名').waitFor();
  t.equal(await main.getByLabel('部署名').inputValue(), 'E2E推進部');
  t.equal(await main.getByLabel('備考1').inputValue(), '', 'the emptied field stayed empty');
  await page.goBack();
  await page.waitForURL(/\/aguser-maintenance/);
  await main.locator('tbody tr').first().waitFor();

  // Clear in result mode: back to search mode without rows.
  await main.getByRole('button', { name: 'クリア' }).click();
  await t.resolves(main.locator('tbody tr').first().waitFor({ state: 'detached' }), 'clear empties the result');
  t.ok(await main.getByRole('button', { name: '新規登録' }).isDisabled(), 'search mode again');

  // Another agent's user form: ERR_SYS998.
  await page.goto(`${e2e.portal.url}/aguser-reg?agCode=A0000002`);
  await t.resolves(main.getByText(formatMessage('ERR_SYS998')).waitFor(), 'another agent: ERR_SYS998');
  await page.context().close();
});

t.test('a provider administrator acts as another agent and the header shows 代行中', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(page, 'demo-provider', 'Provider#Demo2026');
  await page.goto(`${e2e.portal.url}/kanrisya-top`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'システムメンテナンス' }).waitFor();
  await screenshot(page, 'admin-top-provider');
  const code = main.getByLabel('代理店コード', { exact: true });
  await code.fill('ZZ99');
  await main.getByRole('button', { name: '代行ログイン' }).click();
  await t.resolves(
    main.getByText(formatMessage('ERR_0006', ['代理店コード'])).waitFor(),
    'an unregistered code: ERR_0006',
  );
  await code.fill('A0000002');
  await main.getByRole('button', { name: '代行ログイン' }).click();
  const header = page.getByRole('banner').first();
  await t.resolves(header.getByText('代行中').waitFor(), 'the header shows 代行中');
  await t.resolves(header.getByText('A0000002').first().waitFor(), 'with the agent acted for');
  await screenshot(page, 'admin-top-pseudo');

  // The own code cancels.
  await main.getByLabel('代理店コード', { exact: true }).fill('P0000001');
  // Cancelling reloads the page (PseudoLoginBox): the context is closed only once the reload is done.
  const reloaded = page.waitForEvent('load');
  await main.getByRole('button', { name: '代行を解除' }).click();
  await reloaded;
  await t.resolves(header.getByText('代行中').waitFor({ state: 'detached' }), 'the own code cancels the pseudo-login');
  await page.context().close();
});

t.test('an agent administrator sees only the allowed groups and no provider tools', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(page, 'demo-agadmin', 'Agadmin#Demo2026');
  await page.goto(`${e2e.portal.url}/kanrisya-top`);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'AGユーザーメンテナンス' }).waitFor();
  t.equal(
    await main.getByRole('link', { name: 'AGセグメント登録' }).count(),
    0,
    'no segment button: segments need provider staff',
  );
  t.equal(await main.getByRole('heading', { name: 'システムメンテナンス' }).count(), 0, 'no provider-admin group');
  t.equal(await main.getByRole('heading', { name: '代行ログイン' }).count(), 0, 'no pseudo-login');
  t.equal(await main.getByRole('heading', { name: '業務日付切替' }).count(), 0, 'no business-date switch');
  await screenshot(page, 'admin-top-agadmin');
  await page.context().close();
});
