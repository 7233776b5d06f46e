// Issue 14, items 7, 8, 9 and 11 in Chromium (item 10: form-fixes.e2e.ts, item 12: a11y.e2e.ts): defects an outside review found in the screens, each as it
// was reproduced (they failed before the fixes).
import t from 'tap';
import type { Page } from 'playwright-core';
import { DEFAULT_ADMIN_MANUAL_URL } from '../../api/config';
import { formatMessage } from '../../schemas/messages/format';
import { dismissAllPopups, newPage, screenshot, signIn, tokyoMorning, useE2e } from './harness';
import { nth } from '../helpers/indexing';

const e2e = useE2e(t);

const results = (page: Page) => page.locator('section[aria-labelledby="search-title"]');
const countOf = async (page: Page) => {
  const count = results(page).locator('header span').first();
  await count.waitFor();
  return (await count.textContent())?.trim() ?? '';
};

t.test('item 7: a narrowing does not leak into the next search typed in the address bar', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(page);

  // The fresh counts first, each in a full page load of its own.
  await page.goto(`${e2e.portal.url}/site-serch?keyWord=${encodeURIComponent('研修')}`);
  const fresh研修 = await countOf(page);
  await page.goto(`${e2e.portal.url}/site-serch/categoryId/2`);
  const freshCategory = await countOf(page);
  t.not(freshCategory, '0件', `category 2 has hits (${freshCategory})`);

  await page.goto(`${e2e.portal.url}/site-serch?keyWord=${encodeURIComponent('配送')}`);
  const before = await countOf(page);
  const side = page.getByRole('complementary', { name: '絞り込み' });
  await side.getByLabel('価格改定').first().check();
  await side.getByRole('button', { name: '絞り込む' }).click();
  await results(page).locator('header span', { hasNotText: before }).waitFor();
  t.not(await countOf(page), before, 'narrowed by the tag');

  // Typed in the address bar: a full page load, a new history entry.
  await page.goto(`${e2e.portal.url}/site-serch?keyWord=${encodeURIComponent('研修')}`);
  t.equal(await countOf(page), fresh研修, `研修 shows all its hits (${fresh研修}), not the narrowed set`);
  t.equal(fresh研修, '36件', 'the 36 hits of the seeds');
  const tag = side.getByLabel('価格改定');
  t.ok((await tag.count()) === 0 || !(await tag.first().isChecked()), 'the 価格改定 tag is not ticked');
  await page.goto(`${e2e.portal.url}/site-serch/categoryId/2`);
  t.equal(await countOf(page), freshCategory, 'the category page is not narrowed either');

  // A reload of a narrowed result keeps its narrowing (the same history entry).
  await page.goto(`${e2e.portal.url}/site-serch?keyWord=${encodeURIComponent('配送')}`);
  await countOf(page);
  await side.getByLabel('価格改定').first().check();
  await side.getByRole('button', { name: '絞り込む' }).click();
  await results(page).locator('header span', { hasNotText: before }).waitFor();
  const narrowed = await countOf(page);
  await page.reload();
  t.equal(await countOf(page), narrowed, 'a reload keeps the narrowing of its own entry');
  t.ok(await side.getByLabel('価格改定').first().isChecked(), 'and shows it ticked');
  await page.context().close();
});

t.test('item 8: the login popups show once after sign-in, not again on returning to the portal top', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');
  const popup = page.locator('dialog[open]');
  await popup.first().waitFor();
  t.pass('popups after sign-in');
  await dismissAllPopups(page);

  // Back to the top by the logo, then by a reload: no popup.
  await page.goto(`${e2e.portal.url}/site-serch?keyWord=${encodeURIComponent('研修')}`);
  await countOf(page);
  let listCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/LoginPopup/GetUserPopupList')) listCalls++;
  });
  await page.getByRole('link', { name: '代理店ポータル ポータルトップへ', exact: true }).click();
  await page.waitForURL(/\/portal-top$/);
  await page.waitForTimeout(2500);
  t.equal(await popup.count(), 0, 'no popup after the logo click');
  await page.reload();
  await page.getByRole('main').waitFor();
  await page.waitForTimeout(2500);
  t.equal(await popup.count(), 0, 'no popup after a reload');
  t.equal(listCalls, 0, 'the popup list is not even asked for');

  // A new sign-in (a trusted browser now: no one-time code) shows them again.
  await page.getByRole('button', { name: 'ログアウト' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(/\/logout$/);
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByLabel('ログインID').fill('demo-agent');
  await page.getByLabel('パスワード', { exact: true }).fill('Agent#Demo20261');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL(/\/portal-top$/);
  await popup.first().waitFor();
  t.pass('popups again after the next sign-in');
  await page.context().close();
});

t.test('item 8: a reload before the last popup is closed still shows the rest', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');
  const popup = page.locator('dialog[open]');
  await popup.first().waitFor();
  const first = await popup.first().locator('h2, h1').first().textContent();
  await page.reload();
  await popup.first().waitFor();
  t.equal(await popup.first().locator('h2, h1').first().textContent(), first, 'the unclosed popup is shown again');
  await page.context().close();
});

t.test('item 9: outside operating hours the login page and the closed page say so and when it opens', async (t) => {
  const morning = tokyoMorning();
  const evening = new Date(morning.getTime() + 12 * 3600_000); // 22:00 Tokyo
  e2e.portal.clock.set(evening);
  t.teardown(() => e2e.portal.clock.set(morning));
  const tomorrow = new Date(morning.getTime() + 24 * 3600_000 + 9 * 3600_000);
  const opensAt = `${tomorrow.getUTCFullYear()}/${String(tomorrow.getUTCMonth() + 1).padStart(2, '0')}/${String(tomorrow.getUTCDate()).padStart(2, '0')} 8:00`;

  const page = await newPage(await e2e.browser());
  await page.goto(`${e2e.portal.url}/login`);
  const notice = page.getByRole('status').filter({ hasText: 'サービス時間外' });
  await notice.waitFor();
  t.match(await notice.textContent(), /8:00〜21:00/, 'the login page names the hours');
  t.match(await notice.textContent(), opensAt, `and when it opens (${opensAt})`);
  await screenshot(page, 'fixes-login-closed');

  // Trying anyway leads to the closed page, which says when it opens.
  await page.getByLabel('ログインID').fill('demo-agent');
  await page.getByLabel('パスワード', { exact: true }).fill('Agent#Demo20261');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL(/\/out-of-operation$/);
  await page.getByTestId('opens-at').waitFor();
  t.match(await page.getByTestId('opens-at').textContent(), opensAt, 'the closed page says when it opens');
  await screenshot(page, 'fixes-out-of-operation');

  // In the morning the login page has no notice.
  e2e.portal.clock.set(morning);
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByLabel('ログインID').waitFor();
  await page.waitForTimeout(1000);
  t.equal(await notice.count(), 0, 'no notice while open');
  await page.context().close();
});

t.test(
  'item 11: the sticky header copy carries the agent and logout; 管理者マニュアル is ADMIN_MANUAL_URL',
  async (t) => {
    const page = await newPage(await e2e.browser());
    await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
    await dismissAllPopups(page);
    const manual = page.getByRole('link', { name: /管理者マニュアル/ }).first();
    t.equal(
      await manual.getAttribute('href'),
      DEFAULT_ADMIN_MANUAL_URL,
      "the configured address (default: the administrators' manuals), not the agents' manual list",
    );
    await page.mouse.wheel(0, 1200);
    const copy = page
      .locator('header + div, div:has(> div > nav[aria-label="グローバルナビゲーション（固定ヘッダー）"])')
      .filter({ has: page.getByRole('navigation', { name: 'グローバルナビゲーション（固定ヘッダー）' }) })
      .last();
    await copy.waitFor();
    t.match(await copy.innerText(), /P0000001/, 'agent code');
    t.match(await copy.innerText(), /オフィスサプライ株式会社/, 'agent name');
    await t.resolves(copy.getByRole('button', { name: 'ログアウト' }).waitFor(), 'logout');
    const overlaps = await copy.evaluate((root) => {
      const inner = root.firstElementChild as HTMLElement;
      const boxes = [...inner.children].map((c) => c.getBoundingClientRect());
      return (
        boxes.slice(1).some((b, i) => b.left < (boxes[i]?.right ?? 0) - 1) || inner.scrollWidth > inner.clientWidth + 1
      );
    });
    t.notOk(overlaps, 'nothing in the copy overlaps at 1366 wide');
    await screenshot(page, 'fixes-sticky-header');
    await page.context().close();
  },
);

t.test('item 11: the floating incentive panel leaves the side column reachable at 1366×768', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(page);
  const panel = page
    .getByRole('complementary')
    .filter({ hasText: 'インセンティブ進捗' })
    .or(page.locator('[class*="_incentive_"]'))
    .first();
  await panel.waitFor();
  const coveredLinks = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('aside a')]
        .filter((a) => {
          const r = a.getBoundingClientRect();
          if (r.width === 0 || r.bottom <= 0 || r.top >= innerHeight) return false;
          const hit = document.elementFromPoint(r.left + r.width / 2, Math.min(r.top + r.height / 2, innerHeight - 1));
          return hit !== null && !a.contains(hit);
        })
        .map((a) => (a.textContent ?? '').trim().slice(0, 20)),
    );
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(500);
  t.same(await coveredLinks(), [], 'at the bottom of the page no side-column link is under the panel');
  await screenshot(page, 'fixes-floating-bottom');

  // A link under the panel, reached by keyboard, is scrolled clear of it (scroll-padding).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  const hidden = await coveredLinks();
  t.ok(hidden.length > 0, `at the top the panel covers a side link (${hidden[0]})`);
  const link = page.locator('aside a').filter({ hasText: hidden[0] }).first();
  await link.evaluate((a) => {
    // Focus the link before it, then Tab onto it, as a keyboard user would.
    const all = [...document.querySelectorAll<HTMLElement>('a, button, input, select, textarea')];
    all[all.indexOf(a as HTMLElement) - 1]?.focus();
  });
  await page.keyboard.press('Tab');
  await page.waitForTimeout(600);
  t.ok(await link.evaluate((a) => document.activeElement === a), 'the link has the focus');
  t.notOk((await coveredLinks()).includes(nth(hidden, 0)), 'and is not under the panel');
  await page.context().close();
});

t.test('item 11: messages, the password link without a token, 重要 in lists, one name per screen', async (t) => {
  const page = await newPage(await e2e.browser());

  // A half-width code with a symbol: the format message, not "enter it half-width".
  await page.goto(`${e2e.portal.url}/password-reset`);
  await page.getByLabel('代理店コード').fill('A-000001');
  await page.getByLabel('メールアドレス').fill('demo-agent@portal.example.jp');
  await page.getByRole('button', { name: /送信/ }).click();
  await t.resolves(page.getByText(formatMessage('ERR_0020', ['代理店コード'])).waitFor(), 'ERR_0020 for A-000001');
  t.equal(await page.getByText(formatMessage('ERR_0018', ['代理店コード'])).count(), 0, 'not ERR_0018');

  // A wrong password on a form labelled ログインID says ログインID.
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByLabel('ログインID').fill('demo-agent');
  await page.getByLabel('パスワード', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await t.resolves(
    page.getByText('ログインIDまたはパスワードが正しくありません。').waitFor(),
    'USER002 names the ログインID',
  );

  // The reset link cut off before its token: the error screen, not a sign-in page.
  for (const path of ['/password-update/token/', '/password-update/token']) {
    await page.goto(`${e2e.portal.url}${path}`);
    await t.resolves(
      page.getByText(formatMessage('ERR_USER005')).first().waitFor(),
      `${path}: the invalid-link screen`,
    );
  }
  await screenshot(page, 'fixes-password-no-token');

  await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(page);

  // 重要 in the category list; the important news comes first.
  await page.goto(`${e2e.portal.url}/news`);
  const rows = page.getByRole('main').locator('ul li');
  await rows.first().waitFor();
  t.match(await rows.first().innerText(), /重要/, 'the first (important) row carries 重要');
  t.ok((await rows.filter({ hasText: '重要' }).count()) < (await rows.count()), 'not every row');
  await screenshot(page, 'fixes-news-important');

  // One name per screen: the title, the heading and the breadcrumb root agree.
  t.equal(await page.getByRole('heading', { level: 1 }).first().innerText(), 'お知らせ');
  t.match(await page.title(), /^お知らせ｜/, 'the document title says お知らせ, not ニュース一覧');
  const trail = page.getByRole('navigation', { name: 'パンくずリスト' });
  t.equal(await trail.getByRole('link').first().innerText(), 'ポータルトップ', 'breadcrumb root on the list');
  await page.goto(`${e2e.portal.url}/site-serch?keyWord=${encodeURIComponent('研修')}`);
  await results(page).locator('ol > li').first().waitFor();
  t.equal(await trail.getByRole('link').first().innerText(), 'ポータルトップ', 'the same root on the search screen');
  t.equal(await page.getByRole('link', { name: 'ホーム' }).count(), 0, 'no ホーム anywhere');
  await page.context().close();
});
