// Issue 14, item 10 in Chromium: the generic form and list renderer as the review found it. Rows
// that re-sorted while typing, error lines that moved on blur, inputs without maxlength, back
// asking CNF_0002 with nothing changed, the agent-code choice without names, and a delete on
// page 2 that jumped to page 1. (The 400 naming the label is tests/api/field-titles.test.ts.)
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';

const e2e = useE2e(t);

const errorLines = (page: Page) => page.getByTestId('form-errors').first().locator('li').allInnerTexts();

async function signInProvider(page: Page) {
  await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
}

t.test('segments sorted by name: a row being renamed stays put and keeps every keystroke', async (t) => {
  const page = await newPage(await e2e.browser());
  await signInProvider(page);
  await page.goto(`${e2e.portal.url}/agsegment-reg`);
  const main = page.getByRole('main');
  await main.locator('tbody tr').nth(1).waitFor();
  const names = () =>
    main
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.querySelector<HTMLInputElement>('input:not([type])')?.value ?? ''));
  const unsorted = await names();
  // The list pages on the server: the sorted page is a call away, so wait for its answer and
  // for the rows to be drawn in the new order before typing.
  const sortedPage = page.waitForResponse((r) => r.url().endsWith('/api/AgSegment/getAgSegmentList'));
  await main
    .getByRole('columnheader', { name: /セグメント名/ })
    .getByRole('button')
    .click();
  await sortedPage;
  const byName = [...unsorted].sort();
  await page.waitForFunction(
    (want) =>
      JSON.stringify(
        [...document.querySelectorAll('main tbody tr')].map(
          (r) => r.querySelector<HTMLInputElement>('input:not([type])')?.value ?? '',
        ),
      ) === want,
    JSON.stringify(byName),
  );
  const before = await names();
  t.equal(before.length, 2, 'two seeded segments');
  // The last row gets a name that sorts first (kana before kanji), typed key by key.
  const last = main.locator('tbody tr').last().locator('input:not([type])');
  await last.fill('');
  await last.pressSequentially('あいう新名称', { delay: 40 });
  const after = await names();
  t.same(after, [before[0], 'あいう新名称'], 'the row stayed last and holds the whole text');
  await screenshot(page, 'fixes-segment-typing');
  await page.context().close();
});

t.test('user form: error lines keep their order on blur, maxlength, back without changes, agent names', async (t) => {
  const page = await newPage(await e2e.browser());
  await signInProvider(page);
  const main = page.getByRole('main');

  // The agent-code choice of the user list names the agents.
  await page.goto(`${e2e.portal.url}/aguser-maintenance`);
  const agCode = main.getByLabel('代理店コード');
  await agCode.waitFor();
  const options = await agCode.locator('option').allInnerTexts();
  t.ok(
    options.includes('A0000001 株式会社さくら文具'),
    `agent names in the choice (${options.slice(0, 3).join(' / ')} …)`,
  );

  // A new user: back with nothing typed leaves at once (no CNF_0002).
  await page.goto(`${e2e.portal.url}/aguser-reg?agCode=A0000001`);
  await main.getByLabel('会社名').waitFor();
  await main.getByText('株式会社さくら文具').first().waitFor();
  await main.getByRole('button', { name: '戻る' }).click();
  await page.waitForURL(/\/aguser-maintenance/);
  t.equal(await page.getByRole('alertdialog').count(), 0, 'no confirmation when nothing changed');

  // Typed: back asks.
  await page.goto(`${e2e.portal.url}/aguser-reg?agCode=A0000001`);
  await main.getByLabel('会社名').fill('株式会社さくら文具');
  await main.getByRole('button', { name: '戻る' }).click();
  const dialog = page.getByRole('alertdialog');
  await t.resolves(dialog.getByText(formatMessage('CNF_0002')).waitFor(), 'CNF_0002 after a change');
  await dialog.getByRole('button', { name: 'キャンセル' }).click();

  // maxlength from the schema's maxLength (255).
  t.equal(await main.getByLabel('会社名').getAttribute('maxlength'), '255', 'the input carries maxlength');
  await main.getByLabel('備考1').fill('');
  await main.getByLabel('備考1').pressSequentially('あ'.repeat(20));
  await main.getByLabel('備考1').evaluate((e) => {
    // Typing past the limit: the browser stops at maxlength (a paste is cut the same way).
    (e as HTMLInputElement).focus();
  });
  await page.keyboard.insertText('い'.repeat(300));
  t.equal((await main.getByLabel('備考1').inputValue()).length, 255, 'typing stops at 255 characters');

  // Error order: an empty submit, then the e-mail corrected to a wrong shape and left.
  await main.getByLabel('会社名').fill('');
  await main.getByRole('button', { name: '確定' }).click();
  await page.getByTestId('form-errors').first().locator('li').first().waitFor();
  const first = await errorLines(page);
  t.same(first, [
    formatMessage('ERR_0001', ['会社名']),
    formatMessage('ERR_0001', ['部署名']),
    formatMessage('ERR_0001', ['担当者名']),
    formatMessage('ERR_0001', ['メールアドレス']),
    formatMessage('ERR_0003', ['機能権限']),
  ]);
  await main.getByLabel('メールアドレス').fill('user@example');
  await main.getByLabel('部署名').click();
  await page
    .getByTestId('form-errors')
    .first()
    .getByText(formatMessage('ERR_0020', ['メールアドレス']))
    .waitFor();
  t.same(
    await errorLines(page),
    [
      formatMessage('ERR_0001', ['会社名']),
      formatMessage('ERR_0001', ['部署名']),
      formatMessage('ERR_0001', ['担当者名']),
      formatMessage('ERR_0020', ['メールアドレス']),
      formatMessage('ERR_0003', ['機能権限']),
    ],
    'the e-mail line changed in its place',
  );
  await screenshot(page, 'fixes-user-errors');

  // Update mode: an unchanged record leaves without asking.
  await page.goto(`${e2e.portal.url}/aguser-reg?agCode=A0000001&userId=0000000003`);
  await main.getByLabel('会社名').waitFor();
  await t.resolves(
    page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[id$="__kaisyaName"]')?.value !== ''),
    'the record is loaded',
  );
  await main.getByRole('button', { name: '戻る' }).click();
  await page.waitForURL(/\/aguser-maintenance/);
  t.equal(await page.getByRole('alertdialog').count(), 0, 'no confirmation for an unchanged record');
  await page.context().close();
});

t.test('a delete on page 2 of the user list stays on page 2', async (t) => {
  const page = await newPage(await e2e.browser());
  await signInProvider(page);
  // Enough users of A0000001 for two pages (15 a page), made through the app's own call.
  const made = await page.evaluate(async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 14; i++) {
      const response = await fetch('/api/AgUser/createAgUser', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify({
          systemKbn: '01',
          agUserData: {
            agCode: 'A0000001',
            kaisyaName: '株式会社さくら文具',
            busyoName: `第${i}営業課`,
            tantousyaName: `試験 太郎${i}`,
            email: `paging${i}@sakura.example.jp`,
            roleId: '02',
          },
        }),
      });
      statuses.push(response.status);
    }
    return statuses;
  });
  t.ok(
    made.every((s) => s === 200),
    'users created',
  );

  await page.goto(`${e2e.portal.url}/aguser-maintenance`);
  const main = page.getByRole('main');
  await main.getByLabel('代理店コード').selectOption('A0000001');
  await main.getByRole('button', { name: '検索', exact: true }).click();
  await main.locator('tbody tr').first().waitFor();
  const pager = main.getByRole('navigation', { name: /ページ送り/ });
  await pager.getByRole('button', { name: '2ページ目' }).click();
  // The list pages on the server: page 2 is shown once its answer is drawn.
  await pager.locator('[aria-current="page"]').filter({ hasText: /^2$/ }).waitFor();
  t.equal(await pager.locator('[aria-current="page"]').innerText(), '2', 'on page 2');
  const rowsOnPage2 = await main.locator('tbody tr').count();
  t.ok(rowsOnPage2 >= 2, `rows on page 2 (${rowsOnPage2})`);
  await main.locator('tbody tr').first().getByRole('checkbox').check();
  await main.getByRole('button', { name: '削除', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.getByText(/削除/).last().waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await t.resolves(
    page.waitForFunction((n) => document.querySelectorAll('main tbody tr').length === n, rowsOnPage2 - 1),
    'one row fewer',
  );
  t.equal(await pager.locator('[aria-current="page"]').innerText(), '2', 'still on page 2');
  await screenshot(page, 'fixes-user-delete-page2');
  await page.context().close();
});
