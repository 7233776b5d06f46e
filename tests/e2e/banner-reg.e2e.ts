// Banner maintenance (spec 001 "Banner maintenance list", "Banner register/edit", sections 4, 5)
// clicked through in Chromium against the real API: the list starts in search mode (delete,
// update and new disabled), the area is required; the provider registers a side banner with an
// image (tus, previewed) and a display period after an empty submit shows every message; back on
// the list the area is restored (isResearch=true); an agent sees the banner on the portal top;
// the list sorts with the spec's first directions, greys banners past their end date, saves
// display orders (the portal follows), edits show the stored image, delete needs a selection.
import fs from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { answerDialog, dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';
import { nth } from '../helpers/indexing';

const e2e = useE2e(t, { tmpDir: 'banner' });

const errorBox = (page: Page) => page.getByTestId('form-errors').first();
const field = (page: Page, name: string) => page.locator(`#f-banner-reg__${name}`);
const areaSelect = (page: Page) => page.locator('#s-banner-reg__bannerKbn');
const rows = (page: Page) => page.locator('table tbody tr');
const namesInTable = async (page: Page) =>
  (await page.locator('table tbody tr td:nth-child(3)').allInnerTexts()).map((s) => s.trim());

/** A 600×500 PNG drawn by the browser itself (the server checks the content, the portal shows it). */
async function bannerPng(page: Page, file: string) {
  const base64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 600;
    c.height = 500;
    const g = c.getContext('2d')!;
    g.fillStyle = '#0b5cad';
    g.fillRect(0, 0, 600, 500);
    g.fillStyle = '#ffffff';
    g.font = 'bold 56px sans-serif';
    g.fillText('WINTER SALE', 90, 270);
    return c.toDataURL('image/png').split(',')[1] ?? '';
  });
  await fs.writeFile(file, Buffer.from(base64, 'base64'));
}

t.test(
  'a provider registers a side banner with an image and a period; an agent sees it on the portal top',
  async (t) => {
    const browser = await e2e.browser();
    const admin = await newPage(browser);
    await signIn(e2e.portal, admin, 'demo-provider', 'Provider#Demo2026');
    await dismissAllPopups(admin);
    await admin.goto(`${e2e.portal.url}/kanrisya-top`);
    await admin.getByRole('link', { name: 'バナー登録 ›', exact: true }).click();
    await admin.waitForURL(/\/banner-touroku-list$/);
    await admin.getByRole('heading', { name: 'バナーメンテナンス' }).waitFor();

    // Search mode: only the area selector and search work.
    for (const name of ['削除', '更新', '新規登録'])
      t.ok(
        await admin.locator('#main').getByRole('button', { name, exact: true }).isDisabled(),
        `${name} is disabled in search mode`,
      );
    t.equal(await rows(admin).count(), 0, 'no rows in search mode');
    await admin.locator('#main').getByRole('button', { name: '検索', exact: true }).click();
    await errorBox(admin)
      .getByText(formatMessage('ERR_0003', ['バナーエリア']))
      .waitFor();
    await screenshot(admin, 'banner-list-search');

    // Result mode for the side banners.
    await areaSelect(admin).selectOption({ label: 'サイドバナー' });
    await admin.locator('#main').getByRole('button', { name: '検索', exact: true }).click();
    await rows(admin).first().waitFor();
    t.ok(await areaSelect(admin).isDisabled(), 'the selector is locked in result mode');
    t.notOk(
      await admin.locator('#main').getByRole('button', { name: '新規登録' }).isDisabled(),
      'new is enabled in result mode',
    );
    const seeded = await rows(admin).count();

    // New: the empty submit shows every message, one per line.
    await admin.locator('#main').getByRole('button', { name: '新規登録' }).click();
    await admin.waitForURL(/\/banner-touroku\?bannerKbn=02$/);
    await admin.getByRole('heading', { name: 'バナー登録' }).waitFor();
    t.equal(await field(admin, 'bannerKbn').inputValue(), '02', 'the area of the list');
    await field(admin, 'bannerCaption').fill('12月27日受注分まで、対象商品が最大15%OFF');
    await admin.locator('#main').getByRole('button', { name: '確定' }).click();
    const expected = [
      formatMessage('ERR_0001', ['バナー名']),
      formatMessage('ERR_0001', ['リンクURL']),
      formatMessage('ERR_0003', ['バナー画像']),
    ];
    await errorBox(admin).getByText(nth(expected, 0)).waitFor();
    t.same(
      (await errorBox(admin).innerText()).split('\n').filter(Boolean),
      expected,
      'every rule message, one per line',
    );
    t.equal(
      await field(admin, 'bannerCaption').inputValue(),
      '12月27日受注分まで、対象商品が最大15%OFF',
      'what was typed stays',
    );

    // Fill it, with the period the wrong way round first (ERR_0005).
    const name = 'E2E冬のまとめ買いセール';
    await field(admin, 'bannerName').fill(name);
    await field(admin, 'bannerUrl').fill('/news');
    const png = path.join(e2e.tmpDir, '冬のセール.png');
    await bannerPng(admin, png);
    await field(admin, 'bannerImageFileList').setInputFiles(png);
    await admin.locator('#main').getByRole('button', { name: '冬のセール.png を削除' }).waitFor();
    const preview = admin.getByRole('img', { name: '冬のセール.png のプレビュー' });
    await preview.waitFor();
    t.ok(
      await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 600),
      'the picked image is previewed',
    );
    await field(admin, 'dispDtFrom').fill('2099-12-31');
    await field(admin, 'dispDtTo').fill('2026-01-01');
    await admin.locator('#main').getByRole('button', { name: '確定' }).click();
    await errorBox(admin)
      .getByText(formatMessage('ERR_0005', ['表示期間From', '表示期間To']))
      .waitFor();
    t.equal(
      await admin.locator('#main').getByRole('button', { name: '冬のセール.png を削除' }).count(),
      1,
      'the uploaded image stays after a failed save',
    );
    const today = new Date(e2e.portal.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
    await field(admin, 'dispDtFrom').fill(today);
    await field(admin, 'dispDtTo').fill('2099-12-31');
    await screenshot(admin, 'banner-form-new');

    await admin.locator('#main').getByRole('button', { name: '確定' }).click();
    await answerDialog(admin, formatMessage('CNF_0001', ['バナー', '登録']));
    await answerDialog(admin, formatMessage('INF_0001', ['バナー', '登録']));

    // Back on the list: the area is restored and searched again.
    await admin.waitForURL(/\/banner-touroku-list\?isResearch=true$/);
    await admin.getByRole('cell', { name, exact: true }).waitFor();
    t.equal(await areaSelect(admin).inputValue(), '02', 'the last area is restored');
    t.equal(await rows(admin).count(), seeded + 1, 'the new banner is listed');
    const newRow = admin.locator('tr', { has: admin.getByRole('cell', { name, exact: true }) });
    t.ok(
      await newRow
        .locator('img')
        .evaluate(
          (img: HTMLImageElement) =>
            img.complete && img.naturalWidth === 600 && /\?t=\d+$/.test(img.getAttribute('src') ?? ''),
        ),
      'its image, with a cache-busting parameter',
    );

    // Sorting: name desc first, then asc; period asc; order desc.
    await admin
      .locator('#main')
      .getByRole('button', { name: /^バナー名/ })
      .click();
    t.equal(
      await admin.getByRole('columnheader', { name: /バナー名/ }).getAttribute('aria-sort'),
      'descending',
      'name sorts descending first',
    );
    const desc = await namesInTable(admin);
    t.same(
      desc,
      [...desc].sort((a, b) => b.localeCompare(a, 'ja')),
      'rows in descending name order',
    );
    await admin
      .locator('#main')
      .getByRole('button', { name: /^バナー名/ })
      .click();
    t.equal(
      await admin.getByRole('columnheader', { name: /バナー名/ }).getAttribute('aria-sort'),
      'ascending',
      'a second click turns it round',
    );
    await admin
      .locator('#main')
      .getByRole('button', { name: /^表示期間/ })
      .click();
    t.equal(
      await admin.getByRole('columnheader', { name: /表示期間/ }).getAttribute('aria-sort'),
      'ascending',
      'period sorts ascending first',
    );
    t.equal((await namesInTable(admin)).at(-1), name, 'the banner starting today is last by period');
    await admin
      .locator('#main')
      .getByRole('button', { name: /^表示順/ })
      .click();
    t.equal(
      await admin.getByRole('columnheader', { name: /表示順/ }).getAttribute('aria-sort'),
      'descending',
      'order sorts descending first',
    );
    t.equal((await namesInTable(admin))[0], name, 'the new banner goes last in display order (first when descending)');

    // Display orders: a wrong one is refused, then the new banner moves to the top.
    const order = newRow.getByRole('textbox');
    await order.fill('a');
    await admin.locator('#main').getByRole('button', { name: '更新', exact: true }).click();
    await errorBox(admin)
      .getByText(formatMessage('ERR_0025', ['表示順']))
      .waitFor();
    await order.fill('0');
    await admin.locator('#main').getByRole('button', { name: '更新', exact: true }).click();
    await answerDialog(admin, formatMessage('CNF_0001', ['表示順', '更新']));
    await answerDialog(admin, formatMessage('INF_0001', ['表示順', '更新']));
    await admin.waitForFunction(
      (n) =>
        [...document.querySelectorAll('table tbody tr')].some(
          (tr) =>
            tr.textContent?.includes(n) &&
            tr.querySelector<HTMLInputElement>('input[type=text], input:not([type])')?.value === '0',
        ),
      name,
    );
    t.pass('the display order is saved');
    await admin.locator('#main').getByRole('button', { name: '更新', exact: true }).click();
    await errorBox(admin)
      .getByText(formatMessage('ERR_0008', ['表示順']))
      .waitFor();
    await screenshot(admin, 'banner-list-result');

    // An agent sees it on the portal top, first among the side banners, with its image.
    const agent = await newPage(browser);
    await signIn(e2e.portal, agent, 'demo-agent', 'Agent#Demo20261');
    await dismissAllPopups(agent);
    const side = agent.getByRole('region', { name: 'サイドバナー' });
    await side.getByText(name).waitFor();
    t.equal((await side.locator('li').first().innerText()).split('\n')[0], name, 'first in display order');
    const image = side.locator('li').first().locator('img');
    await image.waitFor();
    t.ok(
      await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 600),
      'its image is shown',
    );
    await side.getByText(name).scrollIntoViewIfNeeded();
    await screenshot(agent, 'banner-portal-top');
    await agent.context().close();

    // Edit shows the stored image; delete needs a selection.
    await newRow.getByRole('button', { name: /^編集/ }).click();
    await admin.waitForURL(/\/banner-touroku\?bannerKbn=02&bannerId=\d+&editMode=1$/);
    await admin.getByRole('heading', { name: 'バナー編集' }).waitFor();
    t.equal(await field(admin, 'bannerName').inputValue(), name);
    const stored = admin.getByRole('img', { name: '冬のセール.png のプレビュー' });
    await stored.waitFor();
    t.ok(
      await stored.evaluate(
        (img: HTMLImageElement) => img.complete && img.naturalWidth === 600 && /\?t=\d+$/.test(img.src),
      ),
      'the stored image through its cache-busting address',
    );
    await screenshot(admin, 'banner-form-edit');
    await admin.locator('#main').getByRole('button', { name: '戻る' }).click();
    await admin.waitForURL(/\/banner-touroku-list\?isResearch=true$/);
    await admin.getByRole('cell', { name, exact: true }).waitFor();
    await admin.locator('#main').getByRole('button', { name: '削除', exact: true }).click();
    await errorBox(admin)
      .getByText(formatMessage('ERR_0003', ['明細']))
      .waitFor();
    await admin.context().close();
  },
);

t.test('rows past their end date are greyed; clear returns to search mode', async (t) => {
  const browser = await e2e.browser();
  const admin = await newPage(browser);
  await signIn(e2e.portal, admin, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(admin);
  await admin.goto(`${e2e.portal.url}/banner-touroku-list`);
  await areaSelect(admin).selectOption({ label: 'カルーセルバナー' });
  await admin.locator('#main').getByRole('button', { name: '検索', exact: true }).click();
  const ended = admin.locator('tr', { has: admin.getByRole('cell', { name: '夏季まとめ買いキャンペーン（終了）' }) });
  await ended.waitFor();
  t.equal(await ended.locator('[data-row-style-label]').innerText(), '（表示期間終了）', 'said to screen readers');
  const grey = await ended
    .locator('td')
    .nth(2)
    .evaluate((td) => getComputedStyle(td).backgroundColor);
  const live = admin.locator('tr', { has: admin.getByRole('cell', { name: 'オフィス環境改善 提案書セット' }) });
  t.not(
    grey,
    await live
      .locator('td')
      .nth(2)
      .evaluate((td) => getComputedStyle(td).backgroundColor),
    'the ended row is greyed',
  );
  t.equal(await live.locator('[data-row-style-label]').count(), 0, 'a live row is not');
  await ended.scrollIntoViewIfNeeded();
  await screenshot(admin, 'banner-list-greyed');
  await admin.locator('#main').getByRole('button', { name: 'クリア' }).click();
  await admin.locator('#main').getByRole('button', { name: '検索', exact: true }).waitFor();
  t.ok(await admin.locator('#main').getByRole('button', { name: '新規登録' }).isDisabled(), 'search mode again');
  t.equal(await rows(admin).count(), 0);
  await admin.context().close();
});
