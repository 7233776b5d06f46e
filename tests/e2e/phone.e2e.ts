// Agents on their phones (docs/phones.md): a 390 × 844 touch phone signs in with the mailed code
// and walks every agent screen doing its task — the password reset, the portal top (carousel
// swipe, icon menu, notices, favourites, recently viewed, banners, the incentive bar), the header
// menu, site search with its drawer, a content and its file's download, a video played inline
// and marked watched, the one-stop guide, the skill-up hub and playbook, an event applied for and
// cancelled, the incentive screen, and a request filed with an attachment and a supplier's reply.
// On every page: nothing wider than the screen, touch targets of 44 × 44 px, 16 px inputs, and
// axe (WCAG 2.2 AA). A provider acting for an agent keeps the business-date bar and 代行中, while
// the administrator screens stay desktop-only. Screenshots go to PHONE_SHOTS_DIR when it is set.
import fs from 'node:fs/promises';
import path from 'node:path';
import t, { type Test } from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { FIXTURE_TITLES } from '../../seeds/content-fixtures';
import { expectNoA11yViolations } from './a11y';
import { addDays } from '../../seeds/seed-utils';
import { tokyoDate } from '../../api/clock';
import { answerDialog, tokyoMorning, useE2e } from './harness';
import { oneTimeCodeIn, resetTokenIn } from '../helpers/smtp-capture';

const WIDTH = 390;
const PHONE = {
  viewport: { width: WIDTH, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
  locale: 'ja-JP',
  timezoneId: 'Asia/Tokyo',
};
const SHOTS = process.env.PHONE_SHOTS_DIR;

const e2e = useE2e(t, { tmpDir: 'phone' });
t.before(async () => {
  if (SHOTS) await fs.mkdir(SHOTS, { recursive: true });
});

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (await e2e.browser()).newContext(PHONE);
  // As the harness's pages: leaving a form answers "leave", other native dialogs are dismissed.
  context.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  return { context, page: await context.newPage() };
}

// Run in the page as a string: what is wider than the screen (outside a box that scrolls or
// clips it), touch targets under 44 × 44 px (links inside running text are exempt; a check box
// or radio counts by its label), and text fields under 16 px.
const LAYOUT_AUDIT = `(() => {
  const vw = document.documentElement.clientWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + ((el.labels && el.labels[0] && el.labels[0].textContent) || el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 24) + '"';
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden], [aria-hidden="true"], dialog:not([open])');
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || (r.right <= vw + 1 && r.left >= -1)) continue;
    let held = false;
    for (let a = el.parentElement; a && !held; a = a.parentElement) {
      if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(a).overflowX) && a.getBoundingClientRect().right <= vw + 1) held = true;
    }
    if (!held && getComputedStyle(el).position !== 'fixed') wide.push(name(el) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  const small = [];
  for (const el of document.querySelectorAll('button, select, textarea, input, summary, [role="button"], [role="tab"], a[href]')) {
    if (!shown(el) || el.getAttribute('tabindex') === '-1') continue;
    if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
    let r = el.getBoundingClientRect();
    if (r.bottom + window.scrollY < 0) continue; // the skip link, off screen until focused
    const boxed = el.tagName === 'INPUT' && (['checkbox', 'radio'].includes(el.type) || r.width <= 2);
    if (boxed) {
      const label = el.closest('label') || (el.labels && el.labels[0]);
      if (!label) continue;
      r = label.getBoundingClientRect();
    }
    if (r.width < 43.5 || r.height < 43.5) small.push(name(el) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
  }
  const tiny = [];
  for (const el of document.querySelectorAll('input, select, textarea')) {
    if (['checkbox', 'radio', 'file', 'hidden', 'range'].includes(el.type) || !shown(el) || el.getBoundingClientRect().width <= 2) continue;
    if (parseFloat(getComputedStyle(el).fontSize) < 16) tiny.push(name(el) + ' ' + getComputedStyle(el).fontSize);
  }
  return { scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 10), small: small.slice(0, 10), tiny: tiny.slice(0, 10) };
})()`;

interface Audit {
  scrollWidth: number;
  wide: string[];
  small: string[];
  tiny: string[];
}

let shotNo = 0;

/** The checks of every phone screen; `a11y: false` where the same screen was checked just before. */
async function checkScreen(t: Test, page: Page, name: string, opts: { a11y?: boolean } = {}) {
  await page.waitForTimeout(300);
  const audit = await page.evaluate<Audit>(LAYOUT_AUDIT);
  t.ok(audit.scrollWidth <= WIDTH, `${name}: document.documentElement.scrollWidth ${audit.scrollWidth} <= ${WIDTH}`);
  t.same(audit.wide, [], `${name}: nothing wider than the screen`);
  t.same(audit.small, [], `${name}: touch targets at least 44 × 44 px`);
  t.same(audit.tiny, [], `${name}: text fields at 16 px`);
  if (opts.a11y !== false) await expectNoA11yViolations(t, page, `${name} at ${WIDTH} px`);
  if (SHOTS)
    await page.screenshot({
      path: path.join(SHOTS, `${String(++shotNo).padStart(2, '0')}-${name}.png`),
      fullPage: true,
      scale: 'css',
    });
}

/** Closes the sign-in popups by touch, ticking 確認しました where one asks for it. */
async function closePopups(page: Page) {
  const dialog = page.locator('dialog[open]').filter({ has: page.getByRole('button', { name: '閉じる' }) });
  for (let i = 0; i < 6; i++) {
    try {
      await dialog.first().waitFor({ timeout: 3000 });
    } catch {
      return;
    }
    const confirm = dialog.first().getByLabel('確認しました');
    if (await confirm.count()) await confirm.tap();
    await dialog.first().getByRole('button', { name: '閉じる' }).last().tap();
    await page.waitForTimeout(200);
  }
}

async function signInByTouch(page: Page, loginId: string, password: string) {
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).tap();
  await page.waitForURL(/\/login-otp/);
  await page
    .getByLabel('セキュリティコード')
    .fill(oneTimeCodeIn(e2e.portal.smtp.latestTo(`${loginId}@portal.example.jp`)));
  await page.getByRole('button', { name: '認証' }).tap();
  await page.waitForURL(/\/portal-top$/);
}

/** A horizontal swipe with one finger (touch events through the DevTools protocol). */
async function swipe(page: Page, y: number, fromX: number, toX: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: fromX + ((toX - fromX) * i) / 8, y }],
    });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function openMenu(page: Page) {
  const button = page.getByRole('banner').getByRole('button', { name: /メニュー/ });
  await button.tap();
  t.equal(await button.getAttribute('aria-expanded'), 'true');
}

t.test('the sign-in screens and the password reset by touch', async (t) => {
  const { context, page } = await phone();
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByLabel('ログインID').waitFor();
  t.equal(await page.evaluate(() => window.innerWidth), WIDTH, "the layout viewport is the phone's width");
  await checkScreen(t, page, 'login');
  await page.getByRole('link', { name: /パスワードをお忘れ/ }).tap();
  await page.waitForURL(/\/password-reset$/);
  await page.getByLabel('代理店コード').fill('A0000001');
  await page.getByLabel('メールアドレス').fill('demo-agadmin@portal.example.jp');
  await checkScreen(t, page, 'password-reset');
  await page.getByRole('button', { name: '送信' }).tap();
  await page
    .getByText(/メールを送信しました/)
    .first()
    .waitFor();
  await page.goto(
    `${e2e.portal.url}/password-update/token/${resetTokenIn(e2e.portal.smtp.latestTo('demo-agadmin@portal.example.jp'))}`,
  );
  await page.getByLabel('新しいパスワード', { exact: true }).fill('Phone#Reset2026');
  await page.getByLabel('新しいパスワード（確認）').fill('Phone#Reset2026');
  await checkScreen(t, page, 'password-update');
  await page.getByRole('button', { name: '変更' }).tap();
  await t.resolves(
    page
      .getByText(/変更しました|完了/)
      .first()
      .waitFor(),
    'the password is changed',
  );

  // The tap on ログイン reaches the button (not the page behind it): the code screen follows.
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByLabel('ログインID').fill('demo-agadmin');
  await page.getByLabel('パスワード', { exact: true }).fill('Phone#Reset2026');
  await page.getByRole('button', { name: 'ログイン', exact: true }).tap();
  await page.waitForURL(/\/login-otp/);
  await checkScreen(t, page, 'login-otp');
  await context.close();
});

t.test('an agent walks every agent screen on a phone', async (t) => {
  const { context, page } = await phone();
  await signInByTouch(page, 'demo-agent', 'Agent#Demo20261');
  await page.locator('dialog[open]').first().waitFor();
  await checkScreen(t, page, 'login-popup');
  await closePopups(page);

  // Portal top.
  const main = page.getByRole('main');
  await main.getByRole('region', { name: 'アイコンメニュー' }).getByRole('link').first().waitFor();
  for (const part of ['お知らせ', 'お気に入り', '最近閲覧したページ', '関連情報リンク'])
    await main.getByRole('heading', { name: part, exact: true }).waitFor();
  await main.getByRole('region', { name: 'サイドバナー' }).getByRole('link').first().waitFor();
  const carousel = main.locator('.swiper').first();
  await carousel.locator('.swiper-slide-active').waitFor();
  // The swipe goes to the previous banner (autoplay only ever moves forward).
  await carousel.evaluate((el) => {
    type Swiper = {
      realIndex: number;
      swipeDirection?: string;
      on(event: string, fn: (s: Swiper) => void): void;
      once(event: string, fn: (s: Swiper) => void): void;
    };
    const swiper = (el as unknown as { swiper: Swiper }).swiper;
    const w = window as unknown as { swiped?: { from: number; to?: number; direction?: string } };
    // The slide shown when the finger lands, and the first change after it lifts.
    swiper.on('touchStart', (s) => {
      if (!w.swiped) w.swiped = { from: s.realIndex };
    });
    swiper.once('touchEnd', (s) => {
      w.swiped!.direction = s.swipeDirection;
      s.once('slideChange', (after) => {
        w.swiped!.to = after.realIndex;
      });
    });
  });
  const box = (await carousel.boundingBox())!;
  await swipe(page, box.y + box.height / 3, 60, 330);
  await page.waitForFunction(() => (window as unknown as { swiped?: { to?: number } }).swiped?.to !== undefined);
  const swiped = await page.evaluate(
    () => (window as unknown as { swiped: { from: number; to: number; direction: string } }).swiped,
  );
  const slides = await carousel.locator('.swiper-pagination-bullet').count();
  t.equal(swiped.direction, 'prev', 'the carousel takes the swipe');
  t.equal(swiped.to, (swiped.from - 1 + slides) % slides, 'and shows the previous banner');
  // The incentive panel is a bar at the bottom; a tap on the bar unfolds it.
  const incentive = page.getByRole('complementary', { name: 'インセンティブ進捗' });
  const fold = incentive.getByRole('button', { name: /インセンティブ進捗を/ });
  t.equal(await fold.getAttribute('aria-expanded'), 'false', 'the incentive panel starts folded on a phone');
  const bar = (await incentive.boundingBox())!;
  t.ok(bar.width >= WIDTH - 32 && bar.height >= 44, 'a bar across the screen, tall enough to tap');
  // A tap on the title, not on the button itself: the button's hit area covers the bar.
  const title = (await incentive.getByText('インセンティブ進捗', { exact: true }).boundingBox())!;
  await page.touchscreen.tap(title.x + title.width / 2, title.y + title.height / 2);
  t.equal(await fold.getAttribute('aria-expanded'), 'true', 'a tap on the bar unfolds it');
  await incentive
    .getByText(/¥[\d,]+/)
    .first()
    .waitFor();
  await checkScreen(t, page, 'portal-top');

  // The header menu: navigation with badges, the account and logout; a link closes it.
  await openMenu(page);
  const banner = page.getByRole('banner');
  const nav = banner.getByRole('navigation', { name: 'グローバルナビゲーション', exact: true });
  await nav.getByRole('link', { name: /お知らせ/ }).waitFor();
  t.match(await nav.innerText(), /\d+/, 'the navigation shows its badges');
  await banner.getByText('A0000001').waitFor();
  await banner.getByRole('button', { name: 'ログアウト' }).waitFor();
  await checkScreen(t, page, 'header-menu');
  await nav.getByRole('button', { name: /営業支援/ }).tap();
  await nav.locator('button[aria-expanded="true"] + div a').first().waitFor();
  await checkScreen(t, page, 'header-menu-dropdown', { a11y: false });
  await nav
    .getByRole('link', { name: /お知らせ/ })
    .first()
    .tap();
  await page.waitForURL(/\/news$/);
  await t.resolves(
    banner.locator('button[aria-expanded="false"]', { hasText: 'メニュー' }).waitFor(),
    'navigating closes the menu',
  );
  await main.locator('li a[href*="/contentsId/"]').first().waitFor();
  await checkScreen(t, page, 'news');
  for (const list of ['/faq', '/application-form', '/proposal', '/manual']) {
    await page.goto(`${e2e.portal.url}${list}`);
    await main.locator('li').first().waitFor();
    await checkScreen(t, page, list.slice(1));
  }

  // Site search from the menu, narrowed in the drawer.
  await openMenu(page);
  await banner.getByRole('searchbox').fill('研修');
  await banner.getByRole('button', { name: '検索' }).tap();
  await page.waitForURL(/\/site-serch\?/);
  const results = main.locator('section[aria-labelledby="search-title"] ol > li');
  await results.first().waitFor();
  await checkScreen(t, page, 'site-search');
  const drawerButton = main.getByRole('button', { name: '絞り込み', exact: true });
  await drawerButton.tap();
  const drawer = main.getByRole('region', { name: '絞り込み' });
  const drawerBox = (await drawer.boundingBox())!;
  t.ok(drawerBox.x >= 0 && drawerBox.x + drawerBox.width <= WIDTH, 'the narrowing drawer is inside the screen');
  await checkScreen(t, page, 'site-search-drawer');
  const before = await main.locator('#search-title').locator('xpath=..').innerText();
  await drawer.getByRole('checkbox').first().tap();
  await drawer.getByRole('button', { name: '絞り込む' }).tap();
  await drawer.waitFor({ state: 'hidden' });
  await page.waitForFunction(
    (text) => document.getElementById('search-title')?.parentElement?.innerText !== text,
    before,
  );
  t.pass('the drawer closes and the results are narrowed');
  await checkScreen(t, page, 'site-search-narrowed', { a11y: false });

  // A content with files: one downloaded by touch.
  await page.goto(`${e2e.portal.url}/news`);
  await main.getByRole('link', { name: FIXTURE_TITLES.catalog }).tap();
  await page.getByRole('heading', { level: 1, name: FIXTURE_TITLES.catalog }).waitFor();
  await checkScreen(t, page, 'content-detail');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '注文書テンプレート.csv をダウンロード' }).tap(),
  ]);
  t.equal(download.suggestedFilename(), '注文書テンプレート.csv', 'the file downloads');

  // The skill-up hub, a video played inline and marked watched.
  await page.goto(`${e2e.portal.url}/skilup-video-list`);
  await page.getByRole('heading', { name: '新着動画' }).waitFor();
  await checkScreen(t, page, 'skilup-hub');
  await main.getByRole('button', { name: '動画を探す' }).tap();
  await checkScreen(t, page, 'skilup-drawer', { a11y: false });
  await main.getByRole('button', { name: /を閉じる/ }).tap();
  await page.getByRole('list', { name: 'STEP1 新人基礎' }).getByRole('link', { name: /第1回/ }).tap();
  await page.getByRole('heading', { level: 1, name: /第1回/ }).waitFor();
  const video = page.locator('video').first();
  t.ok(await video.evaluate((v: HTMLVideoElement) => v.playsInline), 'the video plays inline');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0);
  const videoBox = (await video.boundingBox())!;
  t.ok(videoBox.x >= 0 && videoBox.x + videoBox.width <= WIDTH, 'the player fits the screen');
  await page.getByLabel('視聴完了').tap();
  await page.getByText('視聴済みとして記録されています').waitFor();
  await checkScreen(t, page, 'video-detail');

  // The playbook: a chapter, its video modal, watched.
  await page.goto(`${e2e.portal.url}/skilup-toranomaki`);
  await page.getByRole('button', { name: /第2章/ }).tap();
  t.equal(
    await page.getByRole('button', { name: /第2章/ }).getAttribute('aria-pressed'),
    'true',
    'the chapter is active',
  );
  await checkScreen(t, page, 'playbook');
  await page.getByRole('button', { name: '動画を見る' }).tap();
  const modal = page.getByRole('dialog', { name: /第2章/ });
  await modal.locator('video').waitFor();
  await checkScreen(t, page, 'playbook-video');
  await modal.getByRole('button', { name: '閉じる' }).last().tap();
  await page.getByLabel('視聴完了').tap();
  await page.getByRole('button', { name: /第2章/ }).getByText('視聴済み').waitFor();

  // The one-stop guide.
  await page.goto(`${e2e.portal.url}/one-stop-gide`);
  await main.locator('section h2').first().waitFor();
  await checkScreen(t, page, 'one-stop');

  // Events: apply, cancel (asked first), by touch.
  const OPEN_EVENT = '新商品説明会（東京会場）のご案内（第1回）';
  await page.goto(`${e2e.portal.url}/skilup-event-list`);
  await page.getByRole('tabpanel').getByRole('listitem').first().waitFor();
  await checkScreen(t, page, 'events');
  await page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: OPEN_EVENT }).locator('a').first().tap();
  await page.getByRole('heading', { level: 1, name: OPEN_EVENT }).waitFor();
  await checkScreen(t, page, 'event-detail');
  await page.getByRole('button', { name: 'お申し込み', exact: true }).tap();
  const applied = page.getByRole('dialog', { name: 'イベントのお申し込みを受付ました' });
  await applied.getByText('イベントのお申し込みを受付しました。').waitFor();
  await checkScreen(t, page, 'event-applied');
  await applied.getByRole('button', { name: '閉じる' }).last().tap();
  await page.getByText('お申し込み済みです。').waitFor();
  await page.getByRole('button', { name: 'お申し込みをキャンセル' }).tap();
  await page
    .getByRole('alertdialog')
    .getByText(formatMessage('CNF_0001', ['イベントのお申し込み', 'キャンセル']))
    .waitFor();
  await checkScreen(t, page, 'event-cancel-question');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).tap();
  const cancelled = page.getByRole('dialog', { name: 'イベントのお申し込みをキャンセルしました' });
  await cancelled.getByRole('button', { name: '閉じる' }).last().tap();
  await page.getByRole('button', { name: 'お申し込み', exact: true }).waitFor();
  t.pass('applied and cancelled');

  // Requests: the list, a new request with an attachment through the file chooser, a reply.
  await page.goto(`${e2e.portal.url}/shinsei-kanri-ag`);
  await page.getByRole('heading', { name: '申請管理' }).waitFor();
  await checkScreen(t, page, 'requests-search');
  await main.getByRole('button', { name: '検索', exact: true }).tap();
  await main.locator('table tbody tr').first().waitFor();
  await checkScreen(t, page, 'requests-list');
  await main.getByRole('button', { name: '新規申請' }).tap();
  await page.getByRole('heading', { name: '申請フォーム' }).waitFor();
  const TITLE = 'スマートフォンからの見積依頼';
  await page.locator('#f-shinseiform-ag__appTitle').fill(TITLE);
  await page.locator('#f-shinseiform-ag__appCategoryId').selectOption({ label: '見積依頼' });
  const fileInput = page.locator('#f-shinseiform-ag__appTempFileList');
  t.equal(
    await fileInput.getAttribute('capture'),
    null,
    "the file input offers the phone's own picker (files, or the camera where the type allows)",
  );
  const pdf = path.join(e2e.tmpDir, '見積依頼書.pdf');
  await fs.writeFile(
    pdf,
    Buffer.concat([Buffer.from('%PDF-1.4\n% phone\n'), Buffer.alloc(8_000, 0x20), Buffer.from('\n%%EOF\n')]),
  );
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    main.getByRole('button', { name: 'ファイルを追加' }).tap(),
  ]);
  await chooser.setFiles(pdf);
  await page.getByRole('button', { name: '見積依頼書.pdf を削除' }).waitFor();
  await page.locator('#f-shinseiform-ag__appMemo').fill('A4コピー用紙 100箱の見積をお願いします。');
  await checkScreen(t, page, 'request-new');
  await page.getByRole('button', { name: '一時保存' }).tap();
  await answerDialog(page, formatMessage('CNF_0001', ['申請内容', '一時保存']));
  await answerDialog(page, formatMessage('INF_0001', ['申請内容', '一時保存']));
  await page.waitForURL(/\/shinseiform-ag\/appNo\/\d+$/);
  await page.getByRole('button', { name: '申請', exact: true }).tap();
  await answerDialog(page, formatMessage('CNF_0001', ['申請内容', '申請']));
  await answerDialog(page, formatMessage('INF_0001', ['申請内容', '申請']));
  await page.locator('#main dl').getByText('プロバイダー確認中').waitFor();
  await checkScreen(t, page, 'request-filed');
  await page.goto(`${e2e.portal.url}/shinsei-kanri-ag`);
  await main.getByLabel('キーワード').fill('販促物発注');
  await main.getByRole('button', { name: '検索', exact: true }).tap();
  await main.getByRole('link', { name: '販促物発注', exact: true }).tap();
  await page.getByText(/パンフレットは在庫が200部/).waitFor();
  await checkScreen(t, page, 'request-reply');

  // The incentive screen, from the bar's 詳細を見る (a new tab): tables scroll in their box.
  await page.goto(`${e2e.portal.url}/portal-top`);
  const panel = page.getByRole('complementary', { name: 'インセンティブ進捗' });
  await panel.getByRole('button', { name: /インセンティブ進捗を/ }).tap();
  await panel
    .getByText(/¥[\d,]+/)
    .first()
    .waitFor();
  const tabPromise = context.waitForEvent('page');
  await panel.getByRole('link', { name: /詳細を見る/ }).tap();
  const tab = await tabPromise;
  const reward = tab.locator('table[aria-label="奨励金実績"]');
  await reward.waitFor({ timeout: 20_000 });
  await tab.locator('svg').first().waitFor();
  const boxes = await reward.evaluate((table) => {
    const wrap = table.parentElement!;
    return { table: table.scrollWidth, wrap: wrap.clientWidth, overflow: getComputedStyle(wrap).overflowX };
  });
  t.ok(
    boxes.table > boxes.wrap && boxes.overflow === 'auto',
    `the table (${boxes.table} px) scrolls inside its box (${boxes.wrap} px)`,
  );
  const chartsFit = await tab.evaluate(
    (w) => [...document.querySelectorAll('main svg')].every((svg) => svg.getBoundingClientRect().right <= w),
    WIDTH,
  );
  t.ok(chartsFit, 'the charts fit the screen');
  await checkScreen(t, tab, 'incentive');
  await context.close();
});

t.test(
  'a provider acting for an agent keeps the business-date bar and 代行中; the administrator screens stay desktop-only',
  async (t) => {
    const { context, page } = await phone();
    await signInByTouch(page, 'demo-provider', 'Provider#Demo2026');
    await closePopups(page);
    await page.goto(`${e2e.portal.url}/kanrisya-top`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'システムメンテナンス' }).waitFor();
    t.ok(
      (await page.evaluate(() => document.documentElement.scrollWidth)) >= 1024,
      'an administrator screen keeps the desktop width',
    );
    // Desktop-only: the page is wider than the screen, so its forms are sent from the keyboard.
    await page.getByRole('textbox', { name: '業務日付' }).fill(addDays(tokyoDate(tokyoMorning()), 1));
    // Both switches reload the page.
    let reloaded = page.waitForEvent('load');
    await page.getByRole('textbox', { name: '業務日付' }).press('Enter');
    await reloaded;
    await page.getByText(/業務日付切替中/).waitFor();
    await main.getByLabel('代理店コード', { exact: true }).fill('A0000002');
    reloaded = page.waitForEvent('load');
    await main.getByLabel('代理店コード', { exact: true }).press('Enter');
    await reloaded;
    await page.getByRole('banner').getByText('代行中').waitFor({ state: 'attached' });
    await page.goto(`${e2e.portal.url}/news`);
    await main.locator('li').first().waitFor();
    await page.getByText(/業務日付切替中/).waitFor();
    await checkScreen(t, page, 'provider-as-agent');
    await openMenu(page);
    const acting = page.getByRole('group', { name: '代行中の代理店' });
    await acting.getByText('A0000002').waitFor();
    t.ok(await acting.isVisible(), 'the menu shows the agent acted for');
    await checkScreen(t, page, 'provider-as-agent-menu');
    await context.close();
  },
);
