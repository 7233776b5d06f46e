// Request management in Chromium (issue 13 "Done when"): an agent files a request with an
// attachment, saves a draft and submits it; staff filter the receiver list and open it while a
// second staff browser is told someone is editing (CNF_0011); the first replies with a status
// change and a mail to two addresses that a real SMTP listener receives; the agent reads the
// reply (never the internal memo) and completes the request. The lists (schemas/lists) page by
// 20 / 50 / 100 and bring conditions, page, page size and sort back from a form. Then a stale save:
// a colleague saves the draft another browser shows, whose save is asked CNF_0009 and reloads on
// yes; and a withdrawal (取下げ) after submitting.
import fs from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { answerDialog, screenshot, useE2e } from './harness';

const SHOTS = process.env.SHOTS_DIR;

const e2e = useE2e(t, { tmpDir: 'shinsei' });

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const TITLE = 'E2E 来期カタログの見積依頼';
const MEMO_SECRET = '社内限定：値引率は部長決裁';
const REPLY = 'お見積書を添付のとおりお送りします。ご確認ください。';

t.test('file, draft, submit, reply with mail, read and complete', async (t) => {
  const pdf = path.join(e2e.tmpDir, '見積依頼書.pdf');
  await fs.writeFile(
    pdf,
    Buffer.concat([Buffer.from('%PDF-1.4\n% e2e\n'), Buffer.alloc(20_000, 0x20), Buffer.from('\n%%EOF\n')]),
  );

  // The agent: the list starts in search mode, the new-request button opens the form.
  const agent = await e2e.signedIn('demo-agent', 'Agent#Demo20261');
  await agent.goto(`${e2e.portal.url}/shinsei-kanri-ag`);
  await agent.getByRole('heading', { name: '申請管理' }).waitFor();
  t.equal(await agent.locator('table').count(), 0, 'search mode: no results yet');
  await agent.locator('#main').getByRole('button', { name: '検索' }).click();
  await agent.locator('table tbody tr').first().waitFor();
  await shot(agent, 'shinsei-list-ag');

  // Period order is checked before any call.
  await agent.getByLabel('申請期間From').fill('2099-01-01');
  await agent.locator('#main').getByRole('button', { name: '検索' }).click();
  await agent
    .getByTestId('form-errors')
    .getByText(formatMessage('ERR_0005', ['申請期間From', '申請期間To']))
    .waitFor();
  await agent.getByRole('button', { name: 'クリア' }).click();

  await agent.getByRole('button', { name: '新規申請' }).click();
  await agent.getByRole('heading', { name: '申請フォーム' }).waitFor();
  // An empty memo without attachment: the rule message, nothing lost.
  await agent.locator('#f-shinseiform-ag__appTitle').fill(TITLE);
  await agent.getByRole('button', { name: '一時保存' }).click();
  await agent
    .getByTestId('form-errors')
    .getByText(formatMessage('ERR_0003', ['申請種別']))
    .waitFor();
  await agent
    .getByTestId('form-errors')
    .getByText(formatMessage('ERR_0002', ['申請内容または添付ファイル']))
    .waitFor();
  t.equal(await agent.locator('#f-shinseiform-ag__appTitle').inputValue(), TITLE, 'the title typed stays');

  await agent.locator('#f-shinseiform-ag__appCategoryId').selectOption({ label: '見積依頼' });
  await agent.getByText('関連情報').waitFor();
  await agent.locator('#f-shinseiform-ag__appTempFileList').setInputFiles(pdf);
  await agent.getByRole('button', { name: '見積依頼書.pdf を削除' }).waitFor();
  await agent.locator('#f-shinseiform-ag__wishDate').fill('2099-12-01');
  await shot(agent, 'shinsei-form-ag-new');
  await agent.getByRole('button', { name: '一時保存' }).click();
  await answerDialog(agent, formatMessage('CNF_0001', ['申請内容', '一時保存']));
  await answerDialog(agent, formatMessage('INF_0001', ['申請内容', '一時保存']));
  await agent.waitForURL(/\/shinseiform-ag\/appNo\/\d+$/);
  const appNo = /appNo\/(\d+)/.exec(agent.url())![1];
  await agent.getByText('一時保存', { exact: true }).first().waitFor();
  await agent.getByRole('button', { name: 'ダウンロード' }).first().waitFor(); // the stored attachment can be downloaded
  await shot(agent, 'shinsei-form-ag-draft');

  await agent.getByRole('button', { name: '申請', exact: true }).click();
  await answerDialog(agent, formatMessage('CNF_0001', ['申請内容', '申請']));
  await answerDialog(agent, formatMessage('INF_0001', ['申請内容', '申請']));
  await agent.locator('#main dl').getByText('プロバイダー確認中').waitFor();
  t.equal(await agent.getByRole('button', { name: '取下げ' }).count(), 1, 'withdraw shows once submitted');
  t.equal(await agent.getByRole('button', { name: '一時保存' }).count(), 0, 'no temporary save any more');

  // Staff filter the receiver list and open the request.
  const staff = await e2e.signedIn('demo-staff', 'Staff#Demo202611');
  await staff.goto(`${e2e.portal.url}/shinsei-kanri-provider`);
  await staff.locator('#main').getByLabel('キーワード').fill('来期カタログ');
  await staff.locator('#main').getByRole('button', { name: '検索' }).click();
  await staff.getByRole('link', { name: TITLE }).waitFor();
  t.equal(await staff.locator('table tbody tr').count(), 1, 'the filter finds the one request');
  await staff.locator('table').getByText('NEW').first().waitFor();
  await shot(staff, 'shinsei-list-provider');
  await staff.getByRole('link', { name: `申請No ${appNo} を開く` }).click();
  await staff.getByRole('heading', { name: '申請フォーム（受付）' }).waitFor();
  await staff.getByRole('button', { name: '登録・回答' }).waitFor();
  await staff.waitForTimeout(500); // the lock is set right after the form shows

  // A second staff browser is told someone is editing, and stays in preview.
  const second = await e2e.signedIn('demo-provider', 'Provider#Demo2026');
  await second.goto(`${e2e.portal.url}/shinseiform-provider/appNo/${appNo}`);
  await answerDialog(second, formatMessage('CNF_0011'), 'キャンセル');
  await second.getByRole('heading', { name: '申請フォーム（受付）（プレビュー）' }).waitFor();
  t.equal(await second.getByRole('button', { name: '登録・回答' }).count(), 0, 'preview: no reply button');
  await shot(second, 'shinsei-form-provider-preview');

  // The reply: status, answer, internal memo, then the mail modal.
  await staff.locator('#main').getByLabel('ステータス', { exact: true }).selectOption({ label: '代理店確認中' });
  await staff.locator('#f-shinseiform-provider__operateUser').fill('伊藤 翔太');
  await staff.locator('#f-shinseiform-provider__providerUser').fill('山本 大輔');
  await staff.locator('#f-shinseiform-provider__providerComment').fill(REPLY);
  await staff.locator('#f-shinseiform-provider__providerMemo').fill(MEMO_SECRET);
  await shot(staff, 'shinsei-form-provider');
  await staff.getByRole('button', { name: '登録・回答' }).click();
  const modal = staff.locator('dialog[open]');
  t.equal(
    await modal.getByLabel('To1', { exact: true }).inputValue(),
    'demo-agent@portal.example.jp',
    "To proposes the applicant's address",
  );
  await modal.getByLabel('To1', { exact: true }).fill('');
  await modal.getByRole('button', { name: 'OK' }).click();
  await modal.getByText(formatMessage('ERR_0001', ['送信先メールアドレス'])).waitFor();
  await modal.getByLabel('To1', { exact: true }).fill('bad-address');
  await modal.getByRole('button', { name: 'OK' }).click();
  await modal.getByText(formatMessage('ERR_0020', ['To1'])).waitFor();
  await modal.getByLabel('To1', { exact: true }).fill('tanaka@sakura-bungu.example.jp');
  await modal.getByLabel('Cc1', { exact: true }).fill('buyer@sakura-bungu.example.jp');
  await shot(staff, 'shinsei-mail-modal');
  const before = e2e.portal.smtp.mails.length;
  await modal.getByRole('button', { name: 'OK' }).click();
  await answerDialog(staff, formatMessage('CNF_0010'));
  await answerDialog(staff, formatMessage('INF_0001', ['回答とメール', '送信']));
  t.equal(e2e.portal.smtp.mails.length, before + 1, 'one mail');
  const mail = e2e.portal.smtp.latestTo('tanaka@sakura-bungu.example.jp')!;
  t.same([...mail.to].sort(), ['buyer@sakura-bungu.example.jp', 'tanaka@sakura-bungu.example.jp'], 'to both addresses');
  t.match(mail.text, REPLY);
  t.notOk(mail.raw.includes(MEMO_SECRET), 'no internal memo in the mail');
  await staff.waitForFunction(
    () => document.querySelector<HTMLSelectElement>('#main select[aria-label="ステータス"]')?.value === '30',
  );
  // Back asks CNF_0002 and gives the lock up, then the list comes back with its conditions.
  await staff.getByRole('button', { name: '戻る' }).click();
  await answerDialog(staff, formatMessage('CNF_0002'));
  await staff.waitForURL(/\/shinsei-kanri-provider\?isResearch=true/);
  await staff.getByRole('link', { name: TITLE }).waitFor();
  t.equal(await staff.locator('#main').getByLabel('キーワード').inputValue(), '来期カタログ', 'conditions restored');

  // The agent reads the reply as new, never the memo, and completes.
  await agent.goto(`${e2e.portal.url}/shinsei-kanri-ag?isResearch=true`);
  await agent.getByRole('link', { name: TITLE }).waitFor();
  const row = agent.locator('table tbody tr', { has: agent.getByRole('link', { name: TITLE }) });
  await row.getByText('NEW').waitFor();
  await agent.getByRole('link', { name: `申請No ${appNo} を開く` }).click();
  await agent.getByText(REPLY).waitFor();
  t.notOk((await agent.content()).includes(MEMO_SECRET), 'the internal memo is nowhere on the page');
  await shot(agent, 'shinsei-form-ag-reply');
  await agent.getByRole('button', { name: '完了' }).click();
  await answerDialog(agent, formatMessage('CNF_0001', ['申請', '完了']));
  await answerDialog(agent, formatMessage('INF_0001', ['申請', '完了']));
  await agent.locator('#main dl').getByText('代理店完了').waitFor();
  t.equal(await agent.getByRole('button', { name: '取下げ' }).count(), 0, 'a completed request cannot be withdrawn');

  // Back to the list restores the conditions.
  await agent.getByRole('button', { name: '戻る' }).click();
  await agent.waitForURL(/\/shinsei-kanri-ag\?isResearch=true/);
  await agent.getByRole('link', { name: TITLE }).waitFor();
});

t.test('page sizes, sorting and the way back from a form', async (t) => {
  // More requests than one page of 20: A0000001's, submitted, within the default period.
  const now = e2e.portal.clock.now().getTime();
  await e2e.portal.db
    .insertInto('applications')
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        app_date: new Date(now - (i + 1) * 3600_000),
        status_kbn: '20',
        ag_code: 'A0000001',
        user_id: '0000000003',
        app_user: '田中 太郎',
        app_title: `ページ送り確認${String(30 - i).padStart(2, '0')}`,
        app_memo: '一覧のページ送りの確認です。',
        ag_updated_at: new Date(now - (i + 1) * 3600_000),
        updated_at: new Date(now - (i + 1) * 3600_000),
      })),
    )
    .execute();
  const agent = await e2e.signedIn('demo-agent', 'Agent#Demo20261');
  const titles = () => agent.locator('table tbody tr td:nth-child(4)').allInnerTexts();
  const pageSize = agent.locator('#main').getByLabel('表示件数');
  await agent.goto(`${e2e.portal.url}/shinsei-kanri-ag`);
  await agent.locator('#main').getByLabel('キーワード').fill('ページ送り確認');
  await agent.locator('#main').getByRole('button', { name: '検索' }).click();
  await agent.locator('table tbody tr').first().waitFor();
  t.equal(await agent.locator('table tbody tr').count(), 20, 'pages of 20 at first');
  t.equal(await pageSize.inputValue(), '20');
  await pageSize.selectOption('50');
  await agent.locator('table tbody tr').nth(29).waitFor();
  t.equal(await agent.locator('table tbody tr').count(), 30, 'a page of 50 holds all 30');
  t.equal(await agent.getByRole('navigation', { name: '申請管理のページ送り' }).count(), 0, 'one page: no page links');
  await pageSize.selectOption('20');

  // Sort by title (ascending, then descending), then page 2.
  const header = agent.getByRole('columnheader', { name: '件名' });
  await header.getByRole('button').click();
  await agent.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]')?.textContent?.includes('件名'));
  t.equal((await titles())[0], 'ページ送り確認01', 'ascending');
  await header.getByRole('button').click();
  await agent.waitForFunction(() =>
    document.querySelector('th[aria-sort="descending"]')?.textContent?.includes('件名'),
  );
  t.equal((await titles())[0], 'ページ送り確認30', 'a second click turns it round');
  await header.getByRole('button').click();
  await agent.getByRole('button', { name: '2ページ目' }).click();
  await agent.getByRole('link', { name: 'ページ送り確認21' }).waitFor();
  t.same(
    await titles(),
    Array.from({ length: 10 }, (_, i) => `ページ送り確認${21 + i}`),
    'page 2 of the ascending order',
  );
  await shot(agent, 'shinsei-list-ag-page2');

  // The title opens the form in preview mode; 戻る brings conditions, page, size and sort back.
  await agent.getByRole('link', { name: 'ページ送り確認25' }).click();
  await agent.getByRole('heading', { name: /プレビュー/ }).waitFor();
  t.match(agent.url(), /\/shinseiform-ag\/appNo\/\d+\?preview=1$/, 'preview mode');
  // A submitted request can still be withdrawn: the preview offers 編集する, which opens the form.
  t.equal(await agent.getByRole('button', { name: '取下げ' }).count(), 0, 'preview: no workflow button');
  await agent.getByRole('button', { name: '編集する' }).click();
  await agent.waitForURL(/\/shinseiform-ag\/appNo\/\d+$/);
  await agent.getByRole('button', { name: '取下げ' }).waitFor();
  t.equal(await agent.getByRole('button', { name: '編集する' }).count(), 0, 'no 編集する outside the preview');
  await agent.getByRole('button', { name: '戻る' }).click();
  await agent.waitForURL(/\/shinsei-kanri-ag\?isResearch=true/);
  await agent.getByRole('link', { name: 'ページ送り確認21' }).waitFor();
  t.equal(await agent.locator('#main').getByLabel('キーワード').inputValue(), 'ページ送り確認', 'conditions restored');
  t.equal(
    await agent.getByRole('button', { name: '2ページ目' }).getAttribute('aria-current'),
    'page',
    'the page restored',
  );
  t.equal(await pageSize.inputValue(), '20', 'the page size restored');
  t.equal(await header.getAttribute('aria-sort'), 'ascending', 'the sort restored');

  // A page size of 50 comes back too.
  await pageSize.selectOption('50');
  await agent.getByRole('link', { name: 'ページ送り確認01' }).click();
  await agent.getByRole('heading', { name: /プレビュー/ }).waitFor();
  await agent.getByRole('button', { name: '戻る' }).click();
  await agent.waitForURL(/\/shinsei-kanri-ag\?isResearch=true/);
  await agent.locator('table tbody tr').nth(29).waitFor();
  t.equal(await pageSize.inputValue(), '50');
  t.equal(await agent.locator('table tbody tr').count(), 30);
});

t.test('a stale save asks CNF_0009 and reloads; a submitted request is withdrawn', async (t) => {
  const title = 'E2E 競合する下書き';
  const agent = await e2e.signedIn('demo-agent', 'Agent#Demo20261');
  await agent.goto(`${e2e.portal.url}/shinseiform-ag`);
  await agent.getByRole('heading', { name: '申請フォーム' }).waitFor();
  await agent.locator('#f-shinseiform-ag__appTitle').fill(title);
  await agent.locator('#f-shinseiform-ag__appCategoryId').selectOption({ label: '見積依頼' });
  await agent.locator('#f-shinseiform-ag__appMemo').fill('最初の内容');
  await agent.getByRole('button', { name: '一時保存' }).click();
  await answerDialog(agent, formatMessage('CNF_0001', ['申請内容', '一時保存']));
  await answerDialog(agent, formatMessage('INF_0001', ['申請内容', '一時保存']));
  await agent.waitForURL(/\/shinseiform-ag\/appNo\/\d+$/);
  const appNo = /appNo\/(\d+)/.exec(agent.url())![1];

  // A colleague of the same agent saves the draft the first browser still shows.
  const colleague = await e2e.signedIn('demo-agadmin', 'Agadmin#Demo2026');
  await colleague.goto(`${e2e.portal.url}/shinseiform-ag/appNo/${appNo}`);
  // The first browser holds the edit lock: the colleague is asked CNF_0011 and edits anyway.
  await answerDialog(colleague, formatMessage('CNF_0011'));
  await colleague.locator('#f-shinseiform-ag__appMemo').fill('同僚が書き換えた内容');
  await colleague.getByRole('button', { name: '一時保存' }).click();
  await answerDialog(colleague, formatMessage('CNF_0001', ['申請内容', '一時保存']));
  await answerDialog(colleague, formatMessage('INF_0001', ['申請内容', '一時保存']));

  // The first browser's save is stale: CNF_0009, and yes reloads the colleague's version.
  await agent.locator('#f-shinseiform-ag__appMemo').fill('古い画面からの変更');
  await agent.getByRole('button', { name: '一時保存' }).click();
  await answerDialog(agent, formatMessage('CNF_0001', ['申請内容', '一時保存']));
  await answerDialog(agent, formatMessage('CNF_0009'));
  await agent.waitForFunction(
    () => document.querySelector<HTMLTextAreaElement>('#f-shinseiform-ag__appMemo')?.value === '同僚が書き換えた内容',
  );
  t.pass('reloaded with the stored version');

  // Submit, then withdraw: the status becomes 代理店取下げ and no action is left to the agent.
  await agent.getByRole('button', { name: '申請', exact: true }).click();
  await answerDialog(agent, formatMessage('CNF_0001', ['申請内容', '申請']));
  await answerDialog(agent, formatMessage('INF_0001', ['申請内容', '申請']));
  await agent.locator('#main dl').getByText('プロバイダー確認中').waitFor();
  await agent.getByRole('button', { name: '取下げ' }).click();
  await answerDialog(agent, formatMessage('CNF_0001', ['申請', '取下げ']));
  await answerDialog(agent, formatMessage('INF_0001', ['申請', '取下げ']));
  await agent.locator('#main dl').getByText('代理店取下げ').waitFor();
  t.equal(await agent.getByRole('button', { name: '取下げ' }).count(), 0, 'no withdraw once withdrawn');
  t.equal(await agent.getByRole('button', { name: '申請', exact: true }).count(), 0, 'nor submit');
  await shot(agent, 'shinsei-form-ag-withdrawn');
});
