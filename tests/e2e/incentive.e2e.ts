// The incentive screen in Chromium (issue 12): demo-agent opens 詳細を見る on the portal top's
// floating panel, the screen lands in a new tab with the address bar cleaned, shows both tables
// and four charts with the report month highlighted and negatives styled, switches year and
// system (the reward part alone is fetched again), and downloads the performance file. A reused
// handoff address gets ERR_USER006. The provider's import screen: a bad row changes nothing
// and is named; a good file is checked (dry run) and imported.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import type { Page, Request } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';

const e2e = useE2e(t);

const isCall = (p: string) => (request: Request) =>
  new URL(request.url()).pathname === p && request.method() === 'POST';

t.test('demo-agent opens the incentive screen from the portal top', async (t) => {
  const browser = await e2e.browser();
  const page = await newPage(browser);
  await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(page);
  const panel = page.getByRole('complementary', { name: 'インセンティブ進捗' });
  await panel
    .getByText(/¥[\d,]+/)
    .first()
    .waitFor();
  // Issue 22 item 7: the panel adds up every target system and says so; the screen names its system.
  t.equal(
    await panel
      .getByRole('definition')
      .first()
      .evaluate((el) =>
        el.closest('dl')?.getAttribute('aria-describedby')
          ? document.getElementById(el.closest('dl')!.getAttribute('aria-describedby')!)?.textContent
          : null,
      ),
    'すべての対象システムの合計',
    'the panel says what its figures add up',
  );

  const calls: string[] = [];
  // Listened on the context: the new tab's first calls start before its page object is handed over.
  // Request.frame() throws for a request whose frame is gone (a keep-alive call sent while a
  // page unloads); an exception in this listener would end the whole file, so such calls are skipped.
  const onRequest = (r: Request) => {
    if (r.method() !== 'POST' || !r.url().includes('/api/')) return;
    let fromOtherPage = false;
    try {
      fromOtherPage = r.frame().page() !== page;
    } catch {
      return;
    }
    if (fromOtherPage) calls.push(new URL(r.url()).pathname);
  };
  page.context().on('request', onRequest);
  const popupPromise = page.context().waitForEvent('page');
  await panel.getByRole('link', { name: /詳細を見る/ }).click();
  const tab = await popupPromise;
  const reward = tab.locator('table[aria-label="奨励金実績"]');
  await reward.waitFor({ timeout: 20_000 });
  const landed = new URL(tab.url());
  t.equal(landed.pathname, '/with-ag/incentive', 'the screen named Incentive');
  t.equal(landed.search, '', 'the handoff values are gone from the address bar');
  t.equal(
    await tab.evaluate(() => window.localStorage.getItem('incentiveHandoff')),
    null,
    'and read once from local storage',
  );
  t.same(
    calls.filter((c) => c !== '/api/log').slice(0, 3),
    ['/api/Auth/checkIncentiveDisplay', '/api/Incentive/getInitialDisplayData', '/api/Incentive/getIncentiveJisseki'],
    'check display, initial data, performance, in that order',
  );

  const system = tab.getByLabel('対象システム');
  t.equal(await system.inputValue(), '01', 'the first target system is preselected');
  t.ok(await tab.getByRole('radio', { name: '当年' }).isChecked(), 'current year by default');
  await t.resolves(tab.getByText('累計増加額').first().waitFor(), 'summary rows of the current year');
  await t.resolves(tab.getByText('進捗状況').waitFor());
  t.same(
    await tab.locator('section[aria-labelledby] dl dt').allInnerTexts(),
    [
      '累計増加額（Web受発注システム）',
      '進捗状況（Web受発注システム）',
      '累計増加額（Web受発注システム）',
      '累計稼働ID数（Web受発注システム）',
    ],
    'the summary figures name the target system they are of',
  );
  await t.resolves(tab.locator('table[aria-label="表彰実績"]').waitFor(), 'the commendation table');
  t.equal(await tab.locator('figure[data-chart]').count(), 4, 'four charts');
  t.ok((await tab.locator('figure[data-chart] svg rect').count()) > 20, 'bars are drawn');
  t.ok((await tab.locator('figure[data-chart] svg path').count()) >= 4, 'the cumulative lines are drawn');
  const headCells = await tab.locator('table[aria-label="表彰実績"] thead th').allInnerTexts();
  t.same(
    headCells.slice(1, 13),
    ['8月', '9月', '10月', '11月', '12月', '1月', '2月', '3月', '4月', '5月', '6月', '7月'],
    'commendation in fiscal order',
  );
  const lastMonth = new Date(Date.now() + 9 * 3600_000).getUTCMonth() || 12; // last month in Tokyo, 1-12
  t.equal(
    await reward.locator('thead th[data-current="true"]').innerText(),
    `${lastMonth}月`,
    'the report month is highlighted',
  );
  t.ok((await reward.locator('td[data-current="true"]').count()) >= 6, 'its column too');
  const negativeCell = tab.locator('td[data-negative="true"]').first();
  t.match(await negativeCell.innerText(), /^-[\d,]+(\.\d+)?%?$/, 'a negative figure');
  t.equal(await negativeCell.evaluate((el) => getComputedStyle(el).color), 'rgb(192, 38, 45)', 'in the negative style');
  const texts = await tab.locator('figure[data-chart]').first().locator('svg text').allTextContents();
  const ticks = texts.filter((x) => /^\u00a0*-?[\d,]+\u00a0*$/.test(x));
  t.ok(ticks.length >= 8, 'value ticks on both axes');
  t.ok(
    ticks.every((x) => x.length === 11),
    'chart ticks padded to 11 characters',
  );
  await screenshot(tab, 'incentive-current');
  await tab.locator('table[aria-label="表彰実績"]').scrollIntoViewIfNeeded();
  await screenshot(tab, 'incentive-commendation');

  // Year and system: the reward part alone is fetched again.
  calls.length = 0;
  const before = await reward.locator('tbody tr').first().innerText();
  const rewardOnly = tab.waitForRequest(isCall('/api/Incentive/getIncentiveJisseki/shorei'));
  await tab.getByRole('radio', { name: '前年' }).check();
  const body = JSON.parse((await rewardOnly).postData() ?? '{}');
  t.equal(body.targetYear, '1');
  await tab.waitForFunction(
    (b) => document.querySelector('table[aria-label="奨励金実績"] tbody tr')?.textContent !== b,
    before.replaceAll('\t', ''),
  );
  t.equal(await tab.getByText('進捗状況').count(), 0, 'no summary rows for the previous year');
  t.equal(
    await reward.locator('thead th[data-current="true"]').innerText(),
    '12月',
    'a past year is reported to December',
  );
  await system.selectOption('02');
  await tab.waitForResponse((r) => isCall('/api/Incentive/getIncentiveJisseki/shorei')(r.request()));
  t.same(
    [...new Set(calls.filter((c) => c !== '/api/log'))],
    ['/api/Incentive/getIncentiveJisseki/shorei'],
    'only the reward part is fetched',
  );
  await screenshot(tab, 'incentive-previous-year');

  // The performance file.
  const downloadPromise = tab.waitForEvent('download');
  await tab.getByRole('button', { name: '実績ファイルダウンロード' }).click();
  const download = await downloadPromise;
  t.match(download.suggestedFilename(), /^インセンティブ実績_A0000001_\d{6}\.csv$/, 'a Japanese file name');
  const bytes = await fs.readFile(await download.path());
  t.same([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with BOM for Excel');
  t.match(bytes.toString('utf8'), /Web受発注システム,奨励金/);

  // The scheme explanations open in a new tab.
  t.equal(await tab.getByRole('link', { name: '奨励金制度について' }).getAttribute('target'), '_blank');

  // A handoff address used again is refused.
  const handoff = await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? '';
    const user = JSON.parse(localStorage.getItem('user') ?? '{}');
    const res = await fetch('/api/Auth/RegRenkeiLogin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ systemKbn: '01', userId: user.userId, agCode: user.agCode }),
    });
    return { token: (await res.json()).token as string, user };
  });
  const url = `${e2e.portal.url}/incentive?systemkbn=01&agcode=A0000001&daihyoCode=A0000001&token=${handoff.token}&userid=${handoff.user.userId}`;
  const first = await page.context().newPage();
  await first.goto(url);
  await first.locator('table[aria-label="奨励金実績"]').waitFor();
  const fresh = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'ja-JP' });
  const again = await fresh.newPage();
  await again.goto(url);
  await t.resolves(
    again.getByRole('alert').getByText(formatMessage('ERR_USER006')).waitFor(),
    'a reused handoff token: ERR_USER006',
  );
  t.equal(new URL(again.url()).search, '', 'the address bar is cleaned there too');
  await screenshot(again, 'incentive-reused-token');
  await fresh.close();
});

t.test('the provider imports monthly figures: a bad row changes nothing, then a dry run and the import', async (t) => {
  const browser = await e2e.browser();
  const page: Page = await newPage(browser);
  await signIn(e2e.portal, page, 'demo-staff', 'Staff#Demo202611');
  await dismissAllPopups(page);
  await page.goto(`${e2e.portal.url}/kanrisya-top`);
  const button = page.getByRole('link', { name: 'インセンティブ実績取込' });
  if (await button.count()) await button.click();
  else await page.goto(`${e2e.portal.url}/incentive-jisseki-torikomi`);
  await page.getByRole('heading', { name: 'インセンティブ実績取込' }).waitFor();

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'incentive-e2e-'));
  const header = '代表コード,対象システム,年,月,売上実績,目標,稼働ID数';
  const year = new Date().getFullYear();
  const badFile = path.join(dir, 'bad.csv');
  await fs.writeFile(
    badFile,
    `\uFEFF${header}\r\nA0000001,01,${year - 2},1,9990000,,210\r\nA0000001,01,${year - 2},13,1000,,1\r\n`,
  );
  // The portal's own picker (ファイルを選択), not the browser's file input (issue 22).
  const shownInputs = await page
    .locator('main input[type="file"]')
    .evaluateAll((inputs) => inputs.filter((i) => i.getBoundingClientRect().width > 2).length);
  t.equal(shownInputs, 0, 'no browser file input ("Choose File") on the screen');
  await t.resolves(page.getByRole('button', { name: '取込ファイルを選択' }).waitFor(), 'the ファイルを選択 button');
  await page.getByLabel('取込ファイル', { exact: true }).setInputFiles(badFile);
  await page.getByRole('button', { name: '取込内容を確認' }).click();
  await t.resolves(
    page
      .getByRole('alert')
      .getByText(formatMessage('ERR_0015', ['3', '月']))
      .waitFor(),
    'the bad row is named',
  );
  t.ok(await page.getByRole('button', { name: '取り込む' }).isDisabled(), 'nothing to import');

  const goodFile = path.join(dir, 'good.csv');
  await fs.writeFile(goodFile, `\uFEFF${header}\r\nA0000001,01,${year - 2},1,9990000,,210\r\n`);
  await page.getByLabel('取込ファイル', { exact: true }).setInputFiles(goodFile);
  await page.getByRole('button', { name: '取込内容を確認' }).click();
  await t.resolves(page.getByText(/取込内容の確認.*更新 1件/).waitFor(), 'the dry run lists the change');
  await screenshot(page, 'incentive-import-dry-run');
  await page.getByRole('button', { name: '取り込む' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText(formatMessage('CNF_0003', ['1'])).waitFor();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await t.resolves(page.getByText(formatMessage('INF_0001', ['インセンティブ実績', '取込'])).waitFor(), 'imported');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await t.resolves(page.getByText(/取込結果.*更新 1件/).waitFor());
  await fs.rm(dir, { recursive: true, force: true });
});
