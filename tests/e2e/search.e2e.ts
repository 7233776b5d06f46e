// Site search in Chromium (spec 000 §2 "Site search results", §4 "Search screen"): a keyword from
// the header box, narrowing by a tag and a child category, the sort, paging, a result opened and
// the way back to the same page; the category page of the notices with its date range; the
// provider administrator's edit links.
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';

const e2e = useE2e(t);

const results = (page: Page) => page.locator('section[aria-labelledby="search-title"]');
const countText = async (page: Page) =>
  (await results(page).locator('header span').first().textContent())?.trim() ?? '';
const rowTitles = (page: Page) => results(page).locator('ol > li a[href*="/contentsId/"]').allTextContents();
const rowDates = async (page: Page) =>
  results(page)
    .locator('ol > li time')
    .evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
const currentPage = async (page: Page) =>
  (await results(page).locator('button[aria-current="page"]').textContent())?.trim();

t.test('an agent searches, narrows, sorts, pages, opens a result and comes back to the same page', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(page);

  // The header box.
  const box = page.getByRole('search').first();
  await box.getByRole('searchbox').fill('提案');
  await box.getByRole('button', { name: '検索' }).click();
  await page.waitForURL(/\/site-serch\?keyWord=/);
  await results(page).getByRole('heading', { name: '「提案」の検索結果' }).waitFor();
  await results(page).locator('ol > li').first().waitFor();
  t.equal(await countText(page), '57件', 'every hit of the seeds');
  t.equal(
    await results(page).getByRole('button', { name: 'おすすめ順' }).getAttribute('aria-pressed'),
    'true',
    'keyword mode starts with おすすめ順',
  );
  t.equal((await rowTitles(page)).length, 20, '20 rows a page');
  t.equal(await currentPage(page), '1');
  t.ok(
    await page
      .getByRole('navigation', { name: 'パンくずリスト' })
      .getByRole('link', { name: 'ポータルトップ' })
      .isVisible(),
    'ポータルトップ link',
  );
  t.equal(await page.getByLabel('掲載期間From').count(), 0, 'no date range for an agent outside the notices');
  await screenshot(page, 'search-results');

  // Narrow by the tag 提案書 and the child category 提案書 of 営業支援.
  const side = page.getByRole('complementary', { name: '絞り込み' });
  await side.getByRole('group', { name: '提案書のタグ' }).getByLabel('提案書').check();
  await side.getByRole('group', { name: '営業支援' }).getByLabel('提案書').check();
  await side.getByRole('button', { name: '絞り込む' }).click();
  await results(page).locator('header span', { hasText: '33件' }).waitFor();
  t.pass('narrowed to 33 hits');
  const categories = await results(page)
    .locator('ol > li')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  t.ok(
    categories.every((text) => text.includes('提案書')),
    'every row is in the 提案書 category',
  );
  t.ok(
    await side
      .getByRole('group', { name: '営業支援' })
      .getByRole('checkbox', { name: '営業支援' })
      .evaluate((e) => (e as HTMLInputElement).indeterminate),
    'the parent shows a partial selection',
  );
  await screenshot(page, 'search-narrowed');

  // Page 2, then a new sort goes back to page 1, newest first.
  await results(page).getByRole('button', { name: '次の20件 ›' }).click();
  t.equal(await currentPage(page), '2');
  await results(page).getByRole('button', { name: '新着順' }).click();
  t.equal(await currentPage(page), '1', 'a new sort starts at page 1');
  const dates = await rowDates(page);
  t.same(dates, [...dates].sort().reverse(), '新着順: newest first');

  // Page 2 of the newest order, open its first result, come back.
  await results(page).getByRole('button', { name: '2ページ目' }).click();
  t.equal(await currentPage(page), '2');
  const titlesOnPage2 = await rowTitles(page);
  t.equal(titlesOnPage2.length, 13, 'the last 13 rows');
  await results(page).getByRole('navigation', { name: '検索結果のページ送り' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'search-page2');
  await results(page).locator('ol > li a[href*="/contentsId/"]').first().click();
  await page.waitForURL(/\/contents\/categoryId\/4\/contentsId\/\d+$/);
  await page.getByRole('heading', { name: titlesOnPage2[0] }).first().waitFor();
  t.pass('the detail page of the result');
  await page.getByRole('button', { name: '戻る' }).first().click();
  await page.waitForURL(/\/site-serch\?keyWord=/);
  await results(page).locator('ol > li').first().waitFor();
  t.equal(await currentPage(page), '2', 'back on page 2');
  t.equal(
    await results(page).getByRole('button', { name: '新着順' }).getAttribute('aria-pressed'),
    'true',
    'the sort is kept',
  );
  t.equal(await countText(page), '33件', 'the narrowing is kept');
  t.same(await rowTitles(page), titlesOnPage2, 'the same rows');
  t.ok(
    await side.getByRole('group', { name: '提案書のタグ' }).getByLabel('提案書').isChecked(),
    'the side panel shows the narrowing',
  );
  await screenshot(page, 'search-back');

  // A new search from the header starts afresh.
  await box.getByRole('searchbox').fill('配送');
  await box.getByRole('button', { name: '検索' }).click();
  await results(page).getByRole('heading', { name: '「配送」の検索結果' }).waitFor();
  await results(page).locator('header span', { hasText: '23件' }).waitFor();
  t.equal(await currentPage(page), '1', 'a new search: page 1');
  await page.context().close();
});

t.test('the notices category page: newest first, the date range and 掲載期間外も表示 for everyone', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-agent2', 'Agent2#Demo2026');
  await dismissAllPopups(page);
  await page.goto(`${e2e.portal.url}/site-serch/categoryId/1`);
  await results(page).locator('ol > li').first().waitFor();
  t.equal(
    await results(page).getByRole('button', { name: '新着順' }).getAttribute('aria-pressed'),
    'true',
    'category mode starts with 新着順',
  );
  const trail = page.getByRole('navigation', { name: 'パンくずリスト' });
  await trail.getByText('お知らせ').waitFor();
  t.pass('breadcrumb of the category');
  const before = Number((await countText(page)).replace(/\D/g, ''));
  const side = page.getByRole('complementary', { name: '絞り込み' });
  t.ok(await side.getByLabel('掲載期間From').isVisible(), 'the date range on the notices');
  await side.getByLabel('掲載期間外も表示').check();
  await side.getByRole('button', { name: '絞り込む' }).click();
  await results(page)
    .locator('header span', { hasNotText: `${before}件` })
    .waitFor();
  const after = Number((await countText(page)).replace(/\D/g, ''));
  t.ok(after > before, `ended notices added (${before} → ${after})`);
  await screenshot(page, 'search-notices');

  // The rules in the browser: a single-character narrow keyword.
  await side.getByLabel('絞り込みキーワード').fill('配');
  await side.getByRole('button', { name: '絞り込む' }).click();
  const dialog = page.getByRole('alertdialog');
  await t.resolves(dialog.getByText('絞り込みキーワードは2文字以上で入力してください。').waitFor(), 'ERR_0028');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await side.getByLabel('絞り込みキーワード').fill('');

  // Failures of the search call (spec 000 §8): 416 and 500 answered by a stand-in server.
  const answers = [
    {
      status: 416,
      body: { messages: [{ messageId: 'ERR_0023', args: ['サイト内検索'] }] },
      text: formatMessage('ERR_0023', ['サイト内検索']),
    },
    {
      status: 500,
      body: { messages: [{ messageId: 'ERR_SYS999', args: [] }], errorId: 'x' },
      text: formatMessage('ERR_SYS999'),
    },
  ];
  for (const answer of answers) {
    await page.route('**/api/SiteSearch/getContentsList', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
    );
    await side.getByRole('button', { name: '絞り込む' }).click();
    await t.resolves(dialog.getByText(answer.text).waitFor(), `${answer.status}: ${answer.text}`);
    if (answer.status === 416) await screenshot(page, 'search-416');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.unroute('**/api/SiteSearch/getContentsList');
  }

  // The session ends (logged out elsewhere): the next search logs out and goes to the sign-in page.
  await page.evaluate(async () => {
    await fetch('/api/Auth/logout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
      body: '{"systemKbn":"01"}',
    });
  });
  await side.getByRole('button', { name: '絞り込む' }).click();
  await t.resolves(dialog.getByText(formatMessage('ERR_USER001')).waitFor(), '401: ERR_USER001');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(/\/login\?redirect=/);
  t.equal(await page.evaluate(() => localStorage.getItem('token')), null, 'the session is cleared');
  await page.context().close();
});

t.test('a provider administrator gets edit links with editMode update', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
  await page.goto(`${e2e.portal.url}/site-serch?keyWord=${encodeURIComponent('配送')}`);
  await results(page).locator('ol > li').first().waitFor();
  const edit = results(page)
    .getByRole('link', { name: /を編集$/ })
    .first();
  const href = (await edit.getAttribute('href')) ?? '';
  t.match(
    href,
    /\/notification-reg\?categoryId=\d+&contentsId=\d+&editMode=1$/,
    'the registration form in update mode',
  );
  t.ok(await page.getByLabel('掲載期間From').isVisible(), 'the date range for a provider administrator');
  await screenshot(page, 'search-provider');
  await page.context().close();
});
