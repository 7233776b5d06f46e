// Notice registration (spec 001 "Notice registration", sections 4 and 5) clicked through in
// Chromium as a provider administrator would, against the real API: an empty submit shows every
// message of the rules one per line and keeps what was typed; a notice with a segment target,
// rich text, a link, an attachment, an image, a video, a search tag and a thumbnail is registered
// (CNF_0005 "no" switches to update mode on the new id); the targeted agent finds it by search at
// once and another agent gets ERR_0022; update, preview, the click mailer, copy and delete work;
// a plain agent cannot open the form.
import fs from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { expectNoA11yViolations } from './a11y';
import { answerDialog, dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';
import { nth } from '../helpers/indexing';

const e2e = useE2e(t, { tmpDir: 'content-reg' });

const errorBox = (page: Page) => page.getByTestId('form-errors').first();
const field = (page: Page, name: string) => page.locator(`#f-notification-reg__${name}`);

/** Files whose first bytes match their extension (the server checks the content). */
async function sampleFiles() {
  const pdf = path.join(e2e.tmpDir, 'キャンペーン要項.pdf');
  const png = path.join(e2e.tmpDir, '売場イメージ.png');
  const mp4 = path.join(e2e.tmpDir, '紹介動画.mp4');
  await fs.writeFile(
    pdf,
    Buffer.concat([Buffer.from('%PDF-1.4\n% e2e\n'), Buffer.alloc(200_000, 0x20), Buffer.from('\n%%EOF\n')]),
  );
  await fs.writeFile(png, Buffer.concat([Buffer.from('89504E470D0A1A0A0000000D49484452', 'hex'), Buffer.alloc(2_000)]));
  await fs.writeFile(
    mp4,
    Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('isom0000isomiso2'), Buffer.alloc(50_000)]),
  );
  return { pdf, png, mp4 };
}

/** Picks a file into a file-list section and waits until its upload is listed. */
async function upload(page: Page, section: string, file: string) {
  await field(page, section).setInputFiles(file);
  await page.getByRole('button', { name: `${path.basename(file)} を削除` }).waitFor();
}

async function searchAs(page: Page, keyword: string) {
  await page.goto(`${e2e.portal.url}/site-serch?keyWord=${encodeURIComponent(keyword)}`);
  await page.getByRole('heading', { name: `「${keyword}」の検索結果` }).waitFor();
}

t.test('a provider administrator registers, updates, previews, mails, copies and deletes a notice', async (t) => {
  const browser = await e2e.browser();
  const admin = await newPage(browser);
  await signIn(e2e.portal, admin, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(admin);
  await admin.goto(`${e2e.portal.url}/kanrisya-top`);
  await admin.getByRole('link', { name: 'お知らせ登録 ›', exact: true }).click();
  await admin.waitForURL(/\/notification-reg\?categoryId=1$/);
  await t.resolves(
    admin.getByRole('heading', { name: 'お知らせ登録' }).waitFor(),
    'the title carries the category name',
  );
  t.equal(await admin.getByRole('button', { name: /メール送信/ }).count(), 0, 'no mail buttons in new mode');
  t.equal(await admin.getByRole('button', { name: 'プレビュー' }).count(), 0, 'no preview in new mode');

  // Empty submit: every message at once, one per line, from the catalogue; nothing typed is lost.
  await field(admin, 'kanriTag').fill('冬季,販促');
  await admin.getByRole('button', { name: '登録', exact: true }).click();
  const expected = [
    formatMessage('ERR_0003', ['サブカテゴリ']),
    formatMessage('ERR_0001', ['タイトル']),
    formatMessage('ERR_0001', ['本文']),
    formatMessage('ERR_0003', ['検索タグ']),
  ];
  await errorBox(admin).getByText(nth(expected, 0)).waitFor();
  t.same((await errorBox(admin).innerText()).split('\n').filter(Boolean), expected, 'every rule message, one per line');
  t.equal(await field(admin, 'kanriTag').inputValue(), '冬季,販促', 'what was typed stays');
  await screenshot(admin, 'content-reg-empty-submit');

  // Fill the whole notice.
  const title = 'E2E冬季販促キャンペーンのご案内';
  await field(admin, 'subCategoryId').selectOption({ index: 1 });
  await field(admin, 'title').fill(title);
  await admin.getByRole('radio', { name: 'AGセグメント' }).check();
  await admin.getByLabel('対象のAGセグメント').selectOption({ label: '首都圏代理店' });
  const editor = admin.getByRole('textbox', { name: '本文' });
  await editor.click();
  await editor.pressSequentially('首都圏の代理店さま向けに冬季販促キャンペーンを実施します。');
  await field(admin, 'contentsLinkList__0__caption').fill('キャンペーン特設ページ');
  await field(admin, 'contentsLinkList__0__url').fill('https://example.jp/winter');
  const files = await sampleFiles();
  await upload(admin, 'contentsTempFileList', files.pdf);
  await field(admin, 'contentsTempFileExp').fill('実施要項です');
  await upload(admin, 'contentsImgList', files.png);
  await upload(admin, 'contentsVideoList', files.mp4);
  await admin.getByRole('button', { name: '検索タグを選択' }).click();
  const tagDialog = admin.getByRole('dialog', { name: '検索タグを選択' });
  await tagDialog.getByRole('checkbox').first().check();
  await tagDialog.getByRole('button', { name: '決定' }).click();
  // The thumbnail uploaded (the seeds have no preset thumbnails yet); the list button then hides.
  const thumbnail = path.join(e2e.tmpDir, 'サムネイル.png');
  await fs.copyFile(files.png, thumbnail);
  await field(admin, 'thumbnailFileList').locator('input[type=file]').setInputFiles(thumbnail);
  await field(admin, 'thumbnailFileList').getByRole('button', { name: '選択を解除' }).waitFor();
  t.equal(
    await admin.getByRole('button', { name: '一覧から選択' }).count(),
    0,
    'the thumbnail list hides once a file is chosen',
  );
  await screenshot(admin, 'content-reg-filled');

  // Register: CNF_0001, INF_0001, then CNF_0005 "no" → update mode on the created id.
  await admin.getByRole('button', { name: '登録', exact: true }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['お知らせ', '登録']));
  await answerDialog(admin, formatMessage('INF_0001', ['お知らせ', '登録']));
  const savedAt = Date.now();
  await answerDialog(admin, formatMessage('CNF_0005'), 'キャンセル');
  await admin.waitForURL(/contentsId=\d+&editMode=1/);
  const contentsId = new URL(admin.url()).searchParams.get('contentsId')!;
  await t.resolves(admin.getByRole('heading', { name: 'お知らせ更新' }).waitFor(), 'update mode after register');
  t.equal(await field(admin, 'title').inputValue(), title, 'the saved record is loaded');
  await t.resolves(admin.getByText('キャンペーン要項.pdf').waitFor(), 'the attachment is stored');
  t.equal(await field(admin, 'contentsTempFileExp').inputValue(), '実施要項です');

  // The targeted agent finds it by search at once; another agent may not open it.
  const agent = await newPage(browser);
  await signIn(e2e.portal, agent, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(agent);
  await searchAs(agent, '冬季販促');
  await t.resolves(
    agent.getByRole('link', { name: title }).first().waitFor(),
    'the segment member finds the new notice',
  );
  t.ok(Date.now() - savedAt < 60_000, 'found right after the save');
  const other = await newPage(browser);
  await signIn(e2e.portal, other, 'demo-agent2', 'Agent2#Demo2026');
  await dismissAllPopups(other);
  await other.goto(`${e2e.portal.url}/contents/categoryId/1/contentsId/${contentsId}`);
  await t.resolves(other.getByText(formatMessage('ERR_0022')).first().waitFor(), 'another agent: ERR_0022');

  // Update: reloaded, and the agent sees the new title.
  const updated = 'E2E冬季販促キャンペーンのご案内（改訂）';
  await field(admin, 'title').fill(updated);
  await admin.getByRole('button', { name: '更新', exact: true }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['お知らせ', '更新']));
  await answerDialog(admin, formatMessage('INF_0001', ['お知らせ', '更新']));
  await admin.getByRole('heading', { name: 'お知らせ更新' }).waitFor();
  t.equal(await field(admin, 'title').inputValue(), updated, 'reloaded after update');
  await agent.goto(`${e2e.portal.url}/contents/categoryId/1/contentsId/${contentsId}`);
  await t.resolves(agent.getByRole('heading', { name: updated }).waitFor(), 'the agent sees the update at once');
  await screenshot(admin, 'content-reg-update');

  // Preview: the agent's page in a dialog, marked as a preview, without edit links.
  await admin.getByRole('button', { name: 'プレビュー' }).click();
  const preview = admin.getByRole('dialog', { name: 'お知らせ更新（プレビュー）' });
  await t.resolves(preview.getByRole('heading', { name: updated }).waitFor(), 'the preview shows the content');
  t.equal(await preview.getByRole('link', { name: '編集' }).count(), 0, 'no edit link in a preview');
  await screenshot(admin, 'content-reg-preview');
  await preview.getByRole('button', { name: '閉じる' }).last().click();

  // The click mailer, administrators of the targeted agents only.
  const agentMailBefore = e2e.portal.smtp.latestTo('demo-agent@portal.example.jp');
  await admin.getByRole('button', { name: 'メール送信（管理者のみ）' }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['管理者宛てのメール', '送信']));
  await answerDialog(admin, formatMessage('INF_0001', ['管理者宛てのメール', '送信']));
  t.match(
    e2e.portal.smtp.latestTo('demo-agadmin@portal.example.jp')?.text ?? '',
    updated,
    'the administrator of A0000001 got the mail',
  );
  t.equal(e2e.portal.smtp.latestTo('demo-agent@portal.example.jp'), agentMailBefore, 'a plain user did not');

  // Copy: the id is blank, the title reads 登録, the save creates another content.
  await admin.goto(`${e2e.portal.url}/notification-reg?categoryId=1&contentsId=${contentsId}&editMode=2`);
  await admin.getByRole('heading', { name: 'お知らせ登録' }).waitFor();
  t.equal(await field(admin, 'title').inputValue(), updated, 'the copy starts from the source');
  await field(admin, 'title').fill('E2E冬季販促キャンペーン（コピー）');
  await admin.getByRole('button', { name: '登録', exact: true }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['お知らせ', '登録']));
  await answerDialog(admin, formatMessage('INF_0001', ['お知らせ', '登録']));
  await answerDialog(admin, formatMessage('CNF_0005'), 'キャンセル');
  await admin.waitForURL(
    (url) => url.searchParams.get('editMode') === '1' && url.searchParams.get('contentsId') !== contentsId,
  );
  await admin.getByRole('heading', { name: 'お知らせ更新' }).waitFor();
  await t.resolves(admin.getByText('キャンペーン要項.pdf').waitFor(), 'the copy has the source attachment');

  // Delete the original: back to a blank new form; the agent gets ERR_0022.
  await admin.goto(`${e2e.portal.url}/notification-reg?categoryId=1&contentsId=${contentsId}&editMode=1`);
  await admin.getByRole('button', { name: '削除', exact: true }).click();
  await answerDialog(admin, formatMessage('CNF_0004'));
  await answerDialog(admin, formatMessage('INF_0001', ['お知らせ', '削除']));
  await admin.waitForURL(/\/notification-reg\?categoryId=1$/);
  await t.resolves(admin.getByRole('heading', { name: 'お知らせ登録' }).waitFor(), 'new mode after delete');
  t.equal(await field(admin, 'title').inputValue(), '', 'a blank form');
  await agent.goto(`${e2e.portal.url}/contents/categoryId/1/contentsId/${contentsId}`);
  await t.resolves(agent.getByText(formatMessage('ERR_0022')).first().waitFor(), 'deleted: the agent cannot open it');
});

t.test(
  'a FAQ has no important flag and no mail buttons and continues blank; the important period clears; a plain agent cannot open the form',
  async (t) => {
    const browser = await e2e.browser();
    const admin = await newPage(browser);
    await signIn(e2e.portal, admin, 'demo-provider', 'Provider#Demo2026');
    await dismissAllPopups(admin);
    await admin.goto(`${e2e.portal.url}/notification-reg?categoryId=2`);
    await t.resolves(admin.getByRole('heading', { name: 'FAQ登録' }).waitFor(), 'FAQ登録');
    t.equal(
      await admin.getByRole('checkbox', { name: '重要' }).count(),
      0,
      'no important flag for a one-stop-guide category',
    );

    // Register a FAQ; CNF_0005 "yes" gives a blank new form on the same route.
    const registerFaq = async (title: string, goOn: 'OK' | 'キャンセル') => {
      await field(admin, 'subCategoryId').selectOption({ index: 1 });
      await field(admin, 'title').fill(title);
      await admin.getByRole('textbox', { name: '本文' }).click();
      await admin
        .getByRole('textbox', { name: '本文' })
        .pressSequentially('マイページの請求書一覧から再発行できます。');
      await admin.getByRole('button', { name: '検索タグを選択' }).click();
      await admin.getByRole('dialog', { name: '検索タグを選択' }).getByRole('checkbox').first().check();
      await admin.getByRole('dialog', { name: '検索タグを選択' }).getByRole('button', { name: '決定' }).click();
      await admin.getByRole('button', { name: '登録', exact: true }).click();
      await answerDialog(admin, formatMessage('CNF_0001', ['FAQ', '登録']));
      await answerDialog(admin, formatMessage('INF_0001', ['FAQ', '登録']));
      await answerDialog(admin, formatMessage('CNF_0005'), goOn);
    };
    await registerFaq('E2E 請求書の再発行はできますか？', 'OK');
    await admin.getByRole('heading', { name: 'FAQ登録' }).waitFor();
    t.equal(new URL(admin.url()).search, '?categoryId=2', 'still a new FAQ');
    await t.resolves(
      admin.waitForFunction(() => document.querySelector<HTMLInputElement>('#f-notification-reg__title')?.value === ''),
      'a blank form',
    );
    await registerFaq('E2E 納品書の宛名は変更できますか？', 'キャンセル');
    await admin.getByRole('heading', { name: 'FAQ更新' }).waitFor();
    await admin.getByRole('button', { name: 'プレビュー' }).waitFor();
    t.equal(
      await admin.getByRole('button', { name: /メール送信/ }).count(),
      0,
      'no mail buttons for a FAQ in update mode',
    );
    t.equal(await admin.getByRole('checkbox', { name: '重要' }).count(), 0, 'no important flag in update mode either');

    // The administrator announcements use the same form.
    await admin.goto(`${e2e.portal.url}/kanrisya-notification-reg?categoryId=12`);
    await t.resolves(admin.getByRole('heading', { name: '管理者お知らせ登録' }).waitFor(), '管理者お知らせ登録');

    await admin.goto(`${e2e.portal.url}/notification-reg?categoryId=1`);
    await admin.getByRole('heading', { name: 'お知らせ登録' }).waitFor();
    // Agent codes from a CSV: blank lines dropped, quotes removed, "N件"; another target clears them.
    await admin.getByRole('radio', { name: '代理店コード' }).check();
    const csv = path.join(e2e.tmpDir, '対象代理店.csv');
    await fs.writeFile(csv, '"A0000001"\r\n\r\nA0000004\r\n "A0000005" \r\n');
    await admin.locator('input[type=file][accept=".csv"]').setInputFiles(csv);
    await t.resolves(admin.getByLabel('取込件数 3件').waitFor(), 'three codes from the CSV');
    await admin.getByRole('radio', { name: '全代理店' }).check();
    await admin.getByRole('radio', { name: '代理店コード' }).check();
    t.equal(await admin.getByText('対象代理店.csv').count(), 0, 'a change of target clears the code list');

    const important = admin.getByRole('checkbox', { name: '重要' });
    await important.check();
    await field(admin, 'jyuyoKikanStart').fill('2026-12-01');
    await important.uncheck();
    t.equal(await field(admin, 'jyuyoKikanStart').inputValue(), '', 'the important flag off clears the period');

    const agent = await newPage(browser);
    await signIn(e2e.portal, agent, 'demo-agent', 'Agent#Demo20261');
    await dismissAllPopups(agent);
    await agent.goto(`${e2e.portal.url}/notification-reg?categoryId=1`);
    await t.resolves(
      agent
        .getByRole('button', { name: '登録', exact: true })
        .waitFor({ timeout: 3000 })
        .then(
          () => false,
          () => true,
        ),
      'no form for a plain agent',
    );
    t.equal(await agent.getByRole('button', { name: '登録', exact: true }).count(), 0);
  },
);

t.test('the notice form passes axe-core in new and update mode', async (t) => {
  const browser = await e2e.browser();
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  const page = await context.newPage();
  await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
  for (const [query, button] of [
    ['categoryId=1', '登録'],
    ['categoryId=1&contentsId=1&editMode=1', '更新'],
  ]) {
    await page.goto(`${e2e.portal.url}/notification-reg?${query}`);
    await page.getByRole('button', { name: button, exact: true }).waitFor();
    await expectNoA11yViolations(t, page, `notice form ${query}`);
  }
  await context.close();
});
