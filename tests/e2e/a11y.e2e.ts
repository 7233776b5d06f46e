// Accessibility as a test (issue 14, item 12): axe-core at WCAG 2.2 AA on every screen that
// exists. The screens are read from the route table (renderer/app/routes.tsx): every route with
// a built screen must be listed in SCREENS below with an address to open, or this test fails,
// so a new screen joins the check by adding one line here.
import fs from 'node:fs/promises';
import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { a11yViolations, expectNoA11yViolations } from './a11y';
import { dismissAllPopups, newPage, signIn, useE2e } from './harness';
import { nth } from '../helpers/indexing';

const e2e = useE2e(t);

type Who = 'none' | 'agent' | 'provider';

interface Screen {
  /** The route's path as in routes.tsx. */
  route: string;
  /** What to open (relative to /with-ag); '' = the route itself. */
  open?: string;
  who: Who;
  /** What to wait for before the check (a selector). */
  ready: string;
  /** Something to do after the page is ready (open a dialog, switch a mode). */
  act?: (page: Page) => Promise<void>;
  /** A route that only redirects (to another checked screen) or is reachable only through a flow; the reason. */
  skip?: string;
}

// Every built screen, once. `route` must match routes.tsx exactly.
const SCREENS: Screen[] = [
  { route: '/login', who: 'none', ready: 'form' },
  {
    route: '/login-otp',
    who: 'none',
    ready: 'main',
    skip: 'reached only from /login with the password in router state; checked in the sign-in flow below',
  },
  { route: '/logout', who: 'none', ready: 'main h1' },
  { route: '/password-reset', who: 'none', ready: 'form' },
  {
    route: '/password-update/token/:token',
    open: '/password-update/token/not-a-real-token',
    who: 'none',
    ready: 'main h1',
  },
  {
    route: '/password-update/token',
    who: 'none',
    ready: 'main h1',
    skip: 'the same screen as an invalid token, checked above',
  },
  { route: '/about', who: 'none', ready: 'main h1' },
  { route: '/error-page', who: 'none', ready: 'main h1' },
  { route: '/temporary', who: 'none', ready: 'main h1' },
  { route: '/out-of-operation', who: 'none', ready: 'main h1' },
  { route: '/incentive', who: 'none', ready: 'main [role="alert"]' }, // without a handoff: the error state (the screen with figures is checked in incentive.e2e.ts)
  { route: '/with-incentive', who: 'none', ready: 'main h1', skip: 'the same screen as /incentive' },
  { route: '/', who: 'agent', ready: 'main', skip: 'the same screen as /portal-top' },
  { route: '/portal-top', who: 'agent', ready: 'main section' },
  {
    route: '/site-serch',
    open: `/site-serch?keyWord=${encodeURIComponent('研修')}`,
    who: 'agent',
    ready: 'section[aria-labelledby="search-title"] ol > li',
  },
  {
    route: '/site-serch/categoryId/:categoryId',
    open: '/site-serch/categoryId/1',
    who: 'agent',
    ready: 'section[aria-labelledby="search-title"] ol > li',
  },
  { route: '/news', who: 'agent', ready: 'main li' },
  { route: '/faq', who: 'agent', ready: 'main li' },
  { route: '/application-form', who: 'agent', ready: 'main li' },
  { route: '/proposal', who: 'agent', ready: 'main li' },
  { route: '/manual', who: 'agent', ready: 'main li' },
  {
    route: '/contents/categoryId/:categoryId/contentsId/:contentsId',
    open: 'first-news',
    who: 'agent',
    ready: 'main h1',
  },
  {
    route: '/contents/categoryId/:categoryId/contentsId/:contentsId/ismodal/:ismodal',
    open: 'first-news-modal',
    who: 'agent',
    ready: 'main h1',
  },
  {
    route: '/skilup-event-detail/categoryId/:categoryId/contentsId/:contentsId',
    who: 'agent',
    ready: 'main',
    skip: 'an event opened from the list; checked with its application box in tests/e2e/skilup.e2e.ts',
  },
  { route: '/skilup-video-list', who: 'agent', ready: 'main h1' },
  { route: '/skilup-toranomaki', who: 'agent', ready: 'main h1' },
  { route: '/one-stop-gide', who: 'agent', ready: 'main section h2' },
  { route: '/skilup-event-list', who: 'agent', ready: 'main h1' },
  { route: '/notification-reg', open: '/notification-reg?categoryId=1', who: 'provider', ready: 'main form' },
  {
    route: '/kanrisya-notification-reg',
    open: '/kanrisya-notification-reg?categoryId=12',
    who: 'provider',
    ready: 'main form',
  },
  { route: '/event-touroku', open: '/event-touroku?categoryId=7', who: 'provider', ready: 'main form' },
  { route: '/skilup-touroku', open: '/skilup-touroku?categoryId=6', who: 'provider', ready: 'main form' },
  { route: '/incentive-jisseki-torikomi', who: 'provider', ready: 'main h1' },
  { route: '/login-popup-list', who: 'provider', ready: 'main table' },
  { route: '/mail-error-list', who: 'provider', ready: 'main table, main p[role="status"]' },
  // The chain's status line is drawn once the check has answered; the insight tables once the figures have.
  { route: '/kanri-audit', who: 'provider', ready: 'main p[role="status"]' },
  { route: '/kanri-insight', who: 'provider', ready: 'main table' },
  {
    route: '/one-stop-gide_kanri',
    who: 'provider',
    ready: 'main select',
    // Result mode: the candidates and the display targets of a category.
    act: async (page) => {
      await page.locator('main').getByLabel('カテゴリ', { exact: true }).selectOption({ label: 'FAQ' });
      await page.locator('main').getByRole('button', { name: '検索', exact: true }).click();
      await page.locator('main').getByRole('table', { name: '表示対象' }).getByRole('row').nth(1).waitFor();
    },
  },
  {
    route: '/login-popup-reg',
    open: '/login-popup-list',
    who: 'provider',
    ready: 'main table',
    // The registration takes its context from the list (session storage), not the URL.
    act: async (page) => {
      await page.getByRole('button', { name: '新規登録' }).click();
      await page.locator('main form').waitFor();
    },
  },
  { route: '/shinsei-kanri-ag', who: 'agent', ready: 'main h1' },
  { route: '/shinsei-kanri-provider', who: 'provider', ready: 'main h1' },
  { route: '/shinseiform-ag', who: 'agent', ready: 'main h1' },
  { route: '/shinseiform-ag/appNo/:appNo', open: '/shinseiform-ag/appNo/1', who: 'agent', ready: 'main h1' },
  {
    route: '/shinseiform-provider',
    who: 'provider',
    ready: 'main',
    skip: 'the receiver side files no new request: the form opens a request by its number (the route below)',
  },
  {
    route: '/shinseiform-provider/appNo/:appNo',
    open: '/shinseiform-provider/appNo/2',
    who: 'provider',
    ready: 'main h1',
  },
  { route: '/kanrisya-top', who: 'provider', ready: 'main h1' },
  { route: '/event-entry-dl', who: 'provider', ready: 'main form select' },
  { route: '/customer-serch', who: 'provider', ready: 'main form output' },
  { route: '/glovalnavi-kanri-list', who: 'provider', ready: 'main table' },
  {
    route: '/glovalnavi-kanri',
    open: '/glovalnavi-kanri?glovalNaviKanriId=1',
    who: 'provider',
    ready: 'main form table',
  },
  {
    route: '/preview-globalnavi/glovalNaviKanriId/:glovalNaviKanriId/detailKbn/:detailKbn',
    open: '/preview-globalnavi/glovalNaviKanriId/1/detailKbn/01',
    who: 'provider',
    ready: 'main nav',
  },
  { route: '/iconmenu-kanri-list', who: 'provider', ready: 'main table' },
  { route: '/iconmenu-kanri', open: '/iconmenu-kanri?iconMenuKanriId=1', who: 'provider', ready: 'main form table' },
  {
    route: '/preview-iconmenu/iconMenuKanriId/:iconMenuKanriId/detailKbn/:detailKbn',
    open: '/preview-iconmenu/iconMenuKanriId/1/detailKbn/01',
    who: 'provider',
    ready: 'main ul',
  },
  { route: '/agsegment-reg', who: 'provider', ready: 'main table' },
  {
    route: '/agsegment-reg',
    who: 'provider',
    ready: 'main table',
    // The new segment in its modal, with the error state of an empty save.
    act: async (page) => {
      await page.locator('main').getByRole('button', { name: '新規登録' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('button').last().waitFor();
      await modal
        .getByRole('button', { name: /登録|確定/ })
        .last()
        .click();
      await modal.locator('[role="alert"] li').first().waitFor();
    },
  },
  {
    route: '/kanrisya-top',
    who: 'provider',
    ready: 'main h1',
    // A navigation menu open (the disclosure of the header).
    act: async (page) => {
      await page
        .getByRole('navigation', { name: 'グローバルナビゲーション', exact: true })
        .locator('button[aria-expanded]')
        .first()
        .click();
      await page.locator('button[aria-expanded="true"]').first().waitFor();
    },
  },
  { route: '/aguser-maintenance', who: 'provider', ready: 'main form' },
  {
    route: '/aguser-maintenance',
    open: '/aguser-maintenance',
    who: 'provider',
    ready: 'main form',
    // The result mode of the list.
    act: async (page) => {
      await page.locator('main').getByRole('button', { name: '検索', exact: true }).click();
      await page.locator('main table tbody tr').first().waitFor();
    },
  },
  { route: '/aguser-reg', open: '/aguser-reg?agCode=A0000001', who: 'provider', ready: 'main form' },
  { route: '/signin-history', open: '/signin-history?agCode=A0000001', who: 'provider', ready: 'main div[aria-live]' },
  {
    route: '/aguser-reg',
    open: '/aguser-reg?agCode=A0000001',
    who: 'provider',
    ready: 'main form',
    // The error state: the form's error lines and the fields marked invalid.
    act: async (page) => {
      await page.locator('main').getByRole('button', { name: '確定' }).click();
      await page.locator('main [role="alert"] li').first().waitFor();
    },
  },
  { route: '/banner-touroku-list', who: 'provider', ready: 'main form' },
  {
    route: '/banner-touroku-list',
    who: 'provider',
    ready: 'main form',
    // The result mode: image cells, order inputs, a greyed (ended) carousel banner.
    act: async (page) => {
      await page.locator('#s-banner-reg__bannerKbn').selectOption('01');
      await page.locator('main').getByRole('button', { name: '検索', exact: true }).click();
      await page.locator('main table tbody tr').first().waitFor();
    },
  },
  {
    route: '/banner-touroku',
    open: '/banner-touroku?bannerKbn=02',
    who: 'provider',
    ready: 'main form',
    // The error state of an empty save.
    act: async (page) => {
      await page.locator('main').getByRole('button', { name: '確定' }).click();
      await page.locator('main [role="alert"] li').first().waitFor();
    },
  },
  {
    route: '/banner-touroku',
    open: '/banner-touroku?bannerKbn=02&bannerId=8&editMode=1',
    who: 'provider',
    ready: 'main form img',
  },
  {
    route: '/portal-top',
    who: 'agent',
    ready: 'main section',
    // Scrolled: the sticky header copy and ページの先頭へ.
    act: async (page) => {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(500);
    },
  },
  { route: '*', open: '/no-such-screen', who: 'agent', ready: 'main h1' },
];

/** The routes of routes.tsx that name a screen component. */
async function builtRoutes(): Promise<string[]> {
  const text = await fs.readFile('renderer/app/routes.tsx', 'utf8');
  const out: string[] = [];
  // pub(path, screen, title) or page/admin(path, title, screen[, permission, query needs])
  for (const m of text.matchAll(
    /^\s*(pub|page|admin)\('([^']+)',\s*(?:(\w+),\s*'[^']*'|'[^']*'(?:,\s*(\w+))?)(?:,\s*[^\n]*)?\),?\s*$/gm,
  )) {
    const screen = m[3] ?? m[4];
    if (screen) out.push(nth(m, 2));
  }
  if (/notFoundRoute: AppRoute = page\('\*'/.test(text)) out.push('*');
  return out;
}

t.test('the check finds what it should (a planted low-contrast text and an unlabelled input)', async (t) => {
  const page = await newPage(await e2e.browser());
  await page.goto(`${e2e.portal.url}/about`);
  await page.locator('main h1').waitFor();
  await page.evaluate(() => {
    const main = document.querySelector('main') as HTMLElement;
    const p = document.createElement('p');
    p.textContent = '薄い文字';
    p.style.color = '#cccccc';
    p.style.background = '#ffffff';
    main.append(p, document.createElement('input'));
  });
  const ids = (await a11yViolations(page)).map((v) => v.id).sort();
  t.same(ids, ['color-contrast', 'label'], 'both found');
  await page.context().close();
});

t.test('every built screen of the route table is in the list', async (t) => {
  const built = await builtRoutes();
  t.ok(built.length >= 25, `routes parsed (${built.length})`);
  const listed = new Set(SCREENS.map((s) => s.route));
  for (const route of built)
    t.ok(listed.has(route), `${route} is checked (add it to SCREENS in tests/e2e/a11y.e2e.ts)`);
  for (const s of SCREENS) t.ok(built.includes(s.route), `${s.route} is a built route`);
});

async function firstNewsPath(page: Page): Promise<string> {
  await page.goto(`${e2e.portal.url}/news`);
  const link = page.locator('main a[href*="/contentsId/"]').first();
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  return href.replace(/^\/with-ag/, '');
}

async function check(t: Test, page: Page, screen: Screen) {
  let open = screen.open ?? screen.route;
  if (open === 'first-news' || open === 'first-news-modal') {
    const path = await firstNewsPath(page);
    open = open === 'first-news' ? path : `${path}/ismodal/1`;
  }
  await page.goto(`${e2e.portal.url}${open}`);
  await page.locator(screen.ready).first().waitFor();
  await screen.act?.(page);
  await page.waitForTimeout(300);
  await expectNoA11yViolations(t, page, open);
}

for (const who of ['none', 'agent', 'provider'] as const) {
  t.test(`screens: ${who === 'none' ? 'public' : who}`, async (t) => {
    const page = await newPage(await e2e.browser());
    if (who === 'agent') {
      await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');
      // The popups after sign-in are part of the portal top: check them too, then close them.
      await page.locator('dialog[open]').first().waitFor();
      await expectNoA11yViolations(t, page, 'login popup');
      await dismissAllPopups(page);
    } else if (who === 'provider') {
      await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
      await dismissAllPopups(page);
    }
    for (const screen of SCREENS.filter((s) => s.who === who && !s.skip)) await check(t, page, screen);
    await page.context().close();
  });
}

t.test('the sign-in flow: the one-time code screen', async (t) => {
  const page = await newPage(await e2e.browser());
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByLabel('ログインID').fill('demo-agent2');
  await page.getByLabel('パスワード', { exact: true }).fill('Agent2#Demo2026');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL(/\/login-otp/);
  await page.getByLabel('セキュリティコード').waitFor();
  await expectNoA11yViolations(t, page, '/login-otp');
  // A wrong code shows the error: the error state is checked too.
  await page.getByLabel('セキュリティコード').fill('ZZZZZZ');
  await page.getByRole('button', { name: '認証' }).click();
  await page.getByRole('alert').filter({ hasText: /./ }).first().waitFor();
  await expectNoA11yViolations(t, page, '/login-otp with an error');
  await page.context().close();
});
