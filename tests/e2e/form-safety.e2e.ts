// Issue 22 items 11, 8 and 9 in Chromium: removing the middle of three attachments on
// /shinseiform-ag keeps the other two (stable file ids); an edit lock taken with 編集する is given
// back when the page is closed, so the agent can edit at once; leaving a declared form with
// unsaved input asks CNF_0002 (the router's blocker) or the browser's own question (reload),
// and nothing is asked when nothing changed or after a save.
import fs from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { formatMessage } from '../../schemas/messages/format';
import { answerDialog, answerDialogsYourself, useE2e } from './harness';
import { nth } from '../helpers/indexing';

const e2e = useE2e(t, { tmpDir: 'form-safety' });

/** Polls the database until `check` holds (the browser's calls arrive on their own time). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
}

t.test('/shinseiform-ag: removing the middle of three attachments keeps the other two', async (t) => {
  const files: [string, Buffer][] = [
    [
      'manual.pdf',
      Buffer.concat([Buffer.from('%PDF-1.4\n% manual\n'), Buffer.alloc(2_000, 0x20), Buffer.from('\n%%EOF\n')]),
    ],
    ['依頼メモ.txt', Buffer.from('依頼メモ：来週中にご連絡ください。\n')],
    [
      '見積条件.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]), Buffer.from('見積条件のダミー')]),
    ],
  ];
  for (const [name, bytes] of files) await fs.writeFile(path.join(e2e.tmpDir, name), bytes);
  const agent = await e2e.signedIn('demo-agent', 'Agent#Demo20261');
  await agent.goto(`${e2e.portal.url}/shinseiform-ag`);
  await agent.getByRole('heading', { name: '申請フォーム' }).waitFor();
  await agent.locator('#f-shinseiform-ag__appTitle').fill('E2E 添付の削除');
  await agent.locator('#f-shinseiform-ag__appCategoryId').selectOption({ label: '見積依頼' });
  for (const [name] of files) {
    await agent.locator('#f-shinseiform-ag__appTempFileList').setInputFiles(path.join(e2e.tmpDir, name));
    await agent.getByRole('button', { name: `${name} を削除` }).waitFor();
  }
  await agent.getByRole('button', { name: '一時保存' }).click();
  await answerDialog(agent, formatMessage('CNF_0001', ['申請内容', '一時保存']));
  await answerDialog(agent, formatMessage('INF_0001', ['申請内容', '一時保存']));
  await agent.waitForURL(/\/shinseiform-ag\/appNo\/\d+$/);
  await agent.getByRole('button', { name: '見積条件.xlsx をダウンロード' }).waitFor();

  await agent.getByRole('button', { name: '依頼メモ.txt を削除' }).click();
  await agent.getByRole('button', { name: '一時保存' }).click();
  await answerDialog(agent, formatMessage('CNF_0001', ['申請内容', '一時保存']));
  await answerDialog(agent, formatMessage('INF_0001', ['申請内容', '一時保存']));
  await agent.reload();
  await agent.getByRole('button', { name: '見積条件.xlsx をダウンロード' }).waitFor();
  const names = await agent.getByRole('list', { name: '添付ファイル' }).getByRole('listitem').allInnerTexts();
  t.equal(names.length, 2, 'two attachments after the reload');
  t.match(names[0], 'manual.pdf');
  t.match(names[1], '見積条件.xlsx');
  for (const [name, bytes] of [nth(files, 0), nth(files, 2)]) {
    const download = agent.waitForEvent('download');
    await agent.getByRole('button', { name: `${name} をダウンロード` }).click();
    const saved = await (await download).path();
    t.same(await fs.readFile(saved), bytes, `${name}: its own contents`);
  }
  await agent.close();
});

t.test('closing a page that holds an edit lock gives it back: the agent edits at once', async (t) => {
  const row = await e2e.portal.db
    .selectFrom('applications')
    .select('app_no')
    .where('app_title', '=', '販促物発注')
    .executeTakeFirstOrThrow();
  const appNo = row.app_no;
  const lockOf = async (userId: string) =>
    Boolean(
      await e2e.portal.db
        .selectFrom('application_locks')
        .select('app_no')
        .where('app_no', '=', appNo)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
  const staff = await e2e.signedIn('demo-staff', 'Staff#Demo202611');
  await staff.goto(`${e2e.portal.url}/shinseiform-provider/appNo/${appNo}?preview=1`);
  await staff.getByRole('button', { name: '編集する' }).click();
  await staff.getByRole('button', { name: '登録・回答' }).waitFor();
  await until(() => lockOf('0000000005'));
  t.pass('staff hold the lock');
  await staff.close({ runBeforeUnload: true });
  await until(async () => !(await lockOf('0000000005')));
  t.pass('the closed page gave the lock back');

  const agent = await e2e.signedIn('demo-agent', 'Agent#Demo20261');
  await agent.goto(`${e2e.portal.url}/shinseiform-ag/appNo/${appNo}`);
  await until(() => lockOf('0000000003'));
  t.equal(await agent.getByRole('alertdialog').count(), 0, 'no 「他のユーザーが編集中です」');
  await agent.getByRole('heading', { name: '申請フォーム', exact: true }).waitFor();
  t.equal(await agent.getByRole('button', { name: '申請', exact: true }).count(), 1, 'the agent may edit and submit');
  await agent.close();
});

t.test(
  'leaving a form with unsaved input asks first; nothing is asked when nothing changed or after a save',
  async (t) => {
    const admin = await e2e.signedIn('demo-provider', 'Provider#Demo2026');
    // A notice form opened from the admin top: nothing typed, the browser's back leaves without a question.
    const openNoticeForm = async () => {
      await admin.getByRole('link', { name: 'お知らせ登録 ›', exact: true }).click();
      await admin.waitForURL(/\/notification-reg\?categoryId=1$/);
      await admin.locator('#f-notification-reg__title').waitFor();
    };
    await admin.goto(`${e2e.portal.url}/kanrisya-top`);
    await openNoticeForm();
    await admin.goBack();
    await admin.waitForURL(/\/kanrisya-top$/);
    t.pass('unchanged: left at once');

    await openNoticeForm();
    await admin.locator('#f-notification-reg__title').fill('保存していないお知らせ');
    await admin.goBack();
    await answerDialog(admin, formatMessage('CNF_0002'), 'キャンセル');
    t.match(admin.url(), /\/notification-reg\?categoryId=1$/, 'declined: still on the form');
    t.equal(
      await admin.locator('#f-notification-reg__title').inputValue(),
      '保存していないお知らせ',
      'with what was typed',
    );
    // A reload asks through the browser's own question.
    answerDialogsYourself(admin);
    const asked = new Promise<string>((resolve) =>
      admin.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))),
    );
    void admin.evaluate(() => window.location.reload()).catch(() => undefined);
    t.equal(await asked, 'beforeunload', 'a reload asks');
    t.equal(
      await admin.locator('#f-notification-reg__title').inputValue(),
      '保存していないお知らせ',
      'declined: the input stays',
    );
    // Agreeing leaves.
    await admin.goBack();
    await answerDialog(admin, formatMessage('CNF_0002'));
    await admin.waitForURL(/\/kanrisya-top$/);
    await admin.close();

    // A request form: unsaved input asks; after a save the form moves on without a question.
    const agent = await e2e.signedIn('demo-agent', 'Agent#Demo20261');
    await agent.goto(`${e2e.portal.url}/shinsei-kanri-ag`);
    await agent.getByRole('button', { name: '新規申請' }).click();
    await agent.locator('#f-shinseiform-ag__appTitle').fill('E2E 離脱の確認');
    await agent.goBack();
    await answerDialog(agent, formatMessage('CNF_0002'), 'キャンセル');
    t.match(agent.url(), /\/shinseiform-ag$/, 'declined: still on the request form');
    await agent.locator('#f-shinseiform-ag__appCategoryId').selectOption({ label: '見積依頼' });
    await agent.locator('#f-shinseiform-ag__appMemo').fill('保存してから移動します。');
    await agent.getByRole('button', { name: '一時保存' }).click();
    await answerDialog(agent, formatMessage('CNF_0001', ['申請内容', '一時保存']));
    await answerDialog(agent, formatMessage('INF_0001', ['申請内容', '一時保存']));
    await agent.waitForURL(/\/shinseiform-ag\/appNo\/\d+$/);
    t.equal(await agent.getByRole('alertdialog').count(), 0, 'the save moved on without a question');
    await agent.goBack();
    await agent.waitForURL((url) => !/\/shinseiform-ag\/appNo\//.test(url.pathname));
    t.pass("saved: the browser's back leaves without a question");
    await agent.close();
  },
);
