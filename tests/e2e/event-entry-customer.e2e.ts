// Event entry download and registered company search (spec 001; issue 10), clicked through in
// Chromium by the provider administrator: the download asks for an event (ERR_0003), saves an
// applied event's entry file under the event's CSV file name, and the file reads back as a table
// with the applicants; an event nobody applied for says ERR_0009 and saves nothing. The company
// search checks the name (ERR_0001), shows the count, narrows by prefecture, says WRN_0003 for
// no match, and clears.
import fs from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { formatMessage } from '../../schemas/messages/format';
import { parseCsvRecords } from '../../schemas/rules/csv-records';
import { ENTRY_FILE_HEADER } from '../../api/resources/event-entry/entry-file';
import { newPage, screenshot, signIn, useE2e } from './harness';
import { nth } from '../helpers/indexing';

const e2e = useE2e(t, { tmpDir: 'entry' });

const errorBox = (page: import('playwright-core').Page) => page.getByTestId('form-errors').first();

t.test('the provider downloads the entry file of an applied event', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
  await page.goto(`${e2e.portal.url}/kanrisya-top`);
  await page.getByRole('link', { name: 'イベント申込ダウンロード' }).click();
  await page.waitForURL(/\/event-entry-dl$/);
  const panel = page.getByRole('region', { name: 'イベント申込ダウンロード' });
  const select = panel.getByLabel('イベント', { exact: true });
  await select.waitFor();
  await screenshot(page, 'event-entry-dl');

  await panel.getByRole('button', { name: 'ダウンロード' }).click();
  await errorBox(page)
    .getByText(formatMessage('ERR_0003', ['イベント']))
    .waitFor();
  t.pass('no event chosen: ERR_0003');
  await screenshot(page, 'event-entry-dl-required');

  // The seeded event with three applications (one cancelled), and one nobody applied for.
  const events = await e2e.portal.db
    .selectFrom('contents as c')
    .innerJoin('events as e', 'e.content_id', 'c.content_id')
    .select(['c.content_id', 'c.title', 'e.csv_file_name'])
    .where('c.category_id', '=', 7)
    .orderBy('c.content_id')
    .execute();
  const applied = nth(events, 0);
  const withEntries = new Set(
    (await e2e.portal.db.selectFrom('event_entries').select('content_id').execute()).map((r) => r.content_id),
  );
  const empty = events.find((e) => !withEntries.has(e.content_id))!;
  // Each option reads 「yyyy/MM/dd HH:mm」, an ideographic space, then the title (the date the event is held first).
  const labels = await select.locator('option').allTextContents();
  const labelOf = (title: string) => labels.find((l) => l.endsWith(`\u3000${title}`)) ?? title;
  t.match(
    labelOf(applied.title),
    /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}\u3000/,
    'the dropdown lists the events by date and title',
  );
  await select.selectOption({ label: labelOf(applied.title) });
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'ダウンロード' }).click();
  const download = await downloading;
  t.equal(download.suggestedFilename(), applied.csv_file_name, "saved under the event's CSV file name");
  const saved = path.join(e2e.tmpDir, 'entries.csv');
  await download.saveAs(saved);
  const bytes = await fs.readFile(saved);
  t.same([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with BOM');
  const table = parseCsvRecords(bytes.toString('utf8')).map((r) => r.cells);
  t.same(table[0], [...ENTRY_FILE_HEADER], 'the header row');
  t.equal(table.length, 4, 'three applications');
  t.ok(
    table.slice(1).every((row) => row.length === ENTRY_FILE_HEADER.length),
    'every row has every column: a table',
  );
  t.same(
    table.slice(1).map((r) => [r[2], r[9]]),
    [
      ['キャンセル', '中村 優子'],
      ['申込', '山本 直樹'],
      ['申込', '吉田 大輔'],
    ],
  );
  t.equal(await errorBox(page).locator('li').count(), 0, 'no message after a download');

  await select.selectOption({ label: labelOf(empty.title) });
  await panel.getByRole('button', { name: 'ダウンロード' }).click();
  await errorBox(page)
    .getByText(formatMessage('ERR_0009', ['申込データ']))
    .waitFor();
  t.pass('an event nobody applied for: ERR_0009');
  await screenshot(page, 'event-entry-dl-empty');

  await panel.getByRole('button', { name: '戻る' }).click();
  await page.waitForURL(/\/kanrisya-top$/);
  await page.context().close();
});

t.test('the provider searches the registered companies', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
  await page.goto(`${e2e.portal.url}/kanrisya-top`);
  await page.getByRole('link', { name: '登録企業検索' }).click();
  await page.waitForURL(/\/customer-serch$/);
  await page.getByText(/登録企業（400社）の中から/).waitFor();
  t.pass('the explanation with the size of the register');
  const panel = page.getByRole('region', { name: '登録企業検索' });
  const name = panel.getByLabel('会社名', { exact: true });
  await screenshot(page, 'customer-serch');

  await panel.getByRole('button', { name: '検索' }).click();
  await errorBox(page)
    .getByText(formatMessage('ERR_0001', ['会社名']))
    .waitFor();
  t.pass('a name is required');

  await name.fill('丸の内');
  await panel.getByRole('button', { name: '検索' }).click();
  const count = panel.locator('output').filter({ hasText: '件' });
  await count.getByText('3件').waitFor();
  t.equal(await errorBox(page).locator('li').count(), 0, 'the message is gone after a search');
  await panel.getByLabel('都道府県', { exact: true }).selectOption('東京都');
  await panel.getByRole('button', { name: '検索' }).click();
  await count.getByText('1件').waitFor();
  t.pass('the prefecture narrows the count');
  await screenshot(page, 'customer-serch-count');

  await name.fill('存在しない会社');
  await name.press('Enter');
  await errorBox(page).getByText(formatMessage('WRN_0003')).waitFor();
  await count.getByText('0件').waitFor();
  t.pass('no match: WRN_0003 (Enter searches)');
  await screenshot(page, 'customer-serch-none');

  await panel.getByRole('button', { name: 'クリア' }).click();
  t.equal(await name.inputValue(), '');
  t.equal(await panel.getByLabel('都道府県', { exact: true }).inputValue(), '');
  t.equal(await count.count(), 0, 'the count is cleared too');
  await page.context().close();
});
