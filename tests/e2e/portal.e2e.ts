// The agent portal in Chromium: the portal top filled from the seeds, login popups, a content
// page opened from the news list, the favourite star, downloads (one file and the ZIP, checked
// byte for byte), the video watch log, and targeting between two agents.
import fs from 'node:fs/promises';
import t from 'tap';
import type { Page, Request } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { FIXTURE_TITLES } from '../../seeds/content-fixtures';
import { buildSeedFiles } from '../../seeds/demo-files';
import { readZip } from '../helpers/portal';
import { dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';

const e2e = useE2e(t);
const seedFiles = buildSeedFiles();

const jsonBody = (request: Request): Record<string, unknown> => {
  try {
    return JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
};

const isCall = (path: string) => (request: Request) =>
  new URL(request.url()).pathname === path && request.method() === 'POST';

/** Closes the login popups that are open (pattern 1 ones; a pattern-2 one is the test's business). */
async function closePatternOnePopups(page: Page) {
  const dialog = page.locator('dialog[open]').filter({ has: page.getByRole('button', { name: '閉じる' }) });
  for (let i = 0; i < 5; i++) {
    try {
      await dialog.first().waitFor({ timeout: 3000 });
    } catch {
      return;
    }
    await dialog.first().getByRole('button', { name: '閉じる' }).click();
    await page.waitForTimeout(200);
  }
}

/** Closes every login popup, ticking 確認しました where the popup asks for it. */
/** The path of a content of category 6 by title, read through the app's own list call. */
async function contentPathByTitle(page: Page, categoryId: number, title: string): Promise<string> {
  return page.evaluate(
    async ({ categoryId, title }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { userId: string; agCode: string };
      for (let pageNo = 1; pageNo < 10; pageNo++) {
        const response = await fetch('/api/Info/getCategoryContentsList', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
          body: JSON.stringify({
            systemKbn: '01',
            userId: user.userId,
            agCode: user.agCode,
            categoryId,
            page: pageNo,
            targetDate: localStorage.getItem('systemDate'),
          }),
        });
        const answer = (await response.json()) as {
          infoListData: Array<{ contentId: number; contentsTitle: string; detailPath: string }>;
        };
        const hit = answer.infoListData.find((i) => i.contentsTitle === title);
        if (hit) return `/${hit.detailPath}/categoryId/${categoryId}/contentsId/${hit.contentId}`;
        if (answer.infoListData.length === 0) break;
      }
      return '';
    },
    { categoryId, title },
  );
}

let sakuraOnlyPath = '';

t.test(
  'an agent sees the portal top, confirms a popup, stars and downloads from a news content, and watches a video',
  async (t) => {
    const page = await newPage(await e2e.browser());
    const popupCheck = page.waitForRequest(isCall('/api/LoginPopup/RegPopupCheckHistory'), { timeout: 30_000 });
    await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');

    // The pattern-2 popup comes first: 閉じる stays disabled until 確認しました is ticked.
    const confirmPopup = page.locator('dialog[open]').filter({ hasText: FIXTURE_TITLES.popupSakura });
    await confirmPopup.waitFor();
    const closeButton = confirmPopup.getByRole('button', { name: '閉じる' });
    t.ok(await closeButton.isDisabled(), 'close disabled before ticking');
    t.equal(
      await page.evaluate(() => document.documentElement.style.overflow),
      'hidden',
      'page scroll locked while the popup is shown',
    );
    await page.keyboard.press('Escape');
    t.ok(await confirmPopup.isVisible(), 'Escape does not close an unconfirmed pattern-2 popup');
    await screenshot(page, 'portal-popup-confirm');
    await confirmPopup.getByLabel('確認しました').check();
    const check = await popupCheck;
    t.match(jsonBody(check), { isChecked: true, categoryId: 15 }, 'the check is sent by RegPopupCheckHistory');
    t.ok((await check.response())?.ok(), 'check recorded');
    await closeButton.click({ timeout: 5000 });
    await confirmPopup.waitFor({ state: 'detached' });

    // Then the pattern-1 popup, one at a time.
    const hidePopup = page.locator('dialog[open]').filter({ hasText: FIXTURE_TITLES.popupAll });
    await hidePopup.waitFor();
    t.ok(await hidePopup.getByLabel('次回から表示しない').isVisible(), 'pattern 1 offers 次回から表示しない');
    await hidePopup.getByRole('button', { name: '閉じる' }).click();
    await hidePopup.waitFor({ state: 'detached' });
    t.equal(
      await page.evaluate(() => document.documentElement.style.overflow),
      '',
      'scrolling restored after the last popup',
    );

    // Every widget is filled from the seeds.
    const main = page.locator('main');
    await t.resolves(main.getByText('2027年春 新商品カタログ公開').first().waitFor(), 'carousel');
    t.ok((await page.locator('.swiper-slide').count()) >= 5, 'carousel slides');
    await t.resolves(main.getByRole('link', { name: /さくら文具 専用発注/ }).waitFor(), 'icon menu (agent-specific)');
    t.equal(
      await main.getByRole('link', { name: /さくら文具 専用発注/ }).getAttribute('target'),
      '_blank',
      'external icon menu link in a new tab',
    );
    // Hover images are fetched when the pointer first enters the menu, then swap in on hover.
    const iconLink = main.getByRole('link', { name: /さくら文具 専用発注/ });
    const hoverImages = () =>
      page.evaluate(
        () => performance.getEntriesByType('resource').filter((r) => /\/api\/media\/o\d/.test(r.name)).length,
      );
    await page.mouse.move(0, 0); // away from the menu, then a fresh load
    await page.reload({ waitUntil: 'networkidle' });
    await iconLink.waitFor();
    t.equal(await hoverImages(), 0, 'no hover image fetched with the page');
    await iconLink.hover();
    const over = iconLink.locator('img').nth(1);
    await over.waitFor({ state: 'visible' });
    await t.resolves(
      page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((r) => /\/api\/media\/o\d/.test(r.name)),
      ),
      'fetched on the first hover',
    );
    t.ok(
      await over.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      'the hover image is shown',
    );
    await t.resolves(
      main.getByRole('heading', { name: '管理者からのお知らせ' }).waitFor(),
      'administrator announcements',
    );
    await t.resolves(main.getByText(FIXTURE_TITLES.adminNotice).waitFor(), 'administrator announcement entry');
    await t.resolves(main.getByRole('link', { name: FIXTURE_TITLES.catalog }).first().waitFor(), 'news');
    await t.resolves(
      main.getByRole('link', { name: FIXTURE_TITLES.sakuraOnly }).first().waitFor(),
      'news targeted at this agent',
    );
    sakuraOnlyPath = new URL(
      (await main.getByRole('link', { name: FIXTURE_TITLES.sakuraOnly }).first().getAttribute('href')) ?? '',
      e2e.portal.url,
    ).pathname.replace(/^\/with-ag/, '');
    const favourites = main.locator('section', { has: page.getByRole('heading', { name: 'お気に入り' }) });
    await t.resolves(favourites.getByRole('link').first().waitFor(), 'favourites');
    t.equal(await favourites.getByRole('link').count(), 5, 'favourites: showCount entries');
    await t.resolves(favourites.getByRole('button', { name: /もっと見る/ }).waitFor(), 'the rest behind もっと見る');
    const recent = main.locator('section', { has: page.getByRole('heading', { name: '最近閲覧したページ' }) });
    await t.resolves(recent.getByRole('link').first().waitFor(), 'recently viewed');
    await t.resolves(main.getByRole('link', { name: /FAQ よくあるご質問/ }).waitFor(), 'side banners');
    const related = main.locator('section', { has: page.getByRole('heading', { name: '関連情報リンク' }) });
    await t.resolves(related.getByRole('link', { name: /Webカタログ/ }).waitFor(), 'related-information links');
    const incentive = page.getByRole('complementary', { name: 'インセンティブ進捗' });
    await t.resolves(
      incentive
        .getByText(/¥[\d,]+/)
        .first()
        .waitFor(),
      'floating incentive panel with yen amounts',
    );
    t.equal(
      await incentive.getByRole('link', { name: /詳細を見る/ }).getAttribute('target'),
      '_blank',
      'incentive details open in a new tab',
    );
    t.equal(await page.getByRole('button', { name: 'ページの先頭へ' }).count(), 0, 'no back-to-top at the top');
    await screenshot(page, 'portal-top');
    await page.mouse.wheel(0, 400);
    await t.resolves(page.getByRole('button', { name: 'ページの先頭へ' }).waitFor(), 'back-to-top after scrolling');

    // News list, then the content page.
    await main.getByRole('link', { name: 'お知らせ一覧へ' }).click();
    await page.waitForURL(/\/news$/);
    await t.resolves(page.getByRole('button', { name: '2ページ目' }).waitFor(), 'news list pages');
    await screenshot(page, 'news-list');
    await page.getByRole('link', { name: FIXTURE_TITLES.catalog }).click();
    await page.waitForURL(/\/contents\/categoryId\/1\/contentsId\/\d+$/);
    await t.resolves(page.getByRole('heading', { level: 1, name: FIXTURE_TITLES.catalog }).waitFor(), 'content title');
    await t.resolves(
      page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link', { name: 'お知らせ' }).waitFor(),
      'breadcrumb',
    );
    await t.resolves(page.getByText('13.7 KB').waitFor(), 'document size in KB with one decimal');

    const star = page.getByRole('button', { name: /お気に入り/ });
    t.equal(await star.getAttribute('aria-pressed'), 'false', 'not a favourite yet');
    const toggle = page.waitForRequest(isCall('/api/FavoritPage/toggleFavoritePage'));
    await star.click();
    t.match(jsonBody(await toggle), { processType: '1' }, 'register is process type 1');
    await t.resolves(
      page.waitForFunction(() => document.querySelector('button[aria-pressed="true"]') !== null),
      'star on',
    );

    // One file, byte for byte.
    const [single] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '注文書テンプレート.csv をダウンロード' }).click(),
    ]);
    t.equal(single.suggestedFilename(), '注文書テンプレート.csv', 'file name from Content-Disposition');
    t.same(
      await fs.readFile(await single.path()),
      seedFiles.docs.orderSheet.bytes,
      'downloaded bytes are the stored file',
    );

    // The ZIP of all documents.
    const [all] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'ダウンロード一括' }).click(),
    ]);
    t.match(all.suggestedFilename(), /\.zip$/, 'ZIP name');
    const entries = new Map(readZip(await fs.readFile(await all.path())).map((e) => [e.name, e.data]));
    t.same(
      [...entries.keys()].sort(),
      ['2027年春_新商品カタログ.pdf', '新商品価格表（2027年春）.pdf', '注文書テンプレート.csv'].sort(),
      'every document in the ZIP',
    );
    t.same(entries.get('2027年春_新商品カタログ.pdf'), seedFiles.docs.catalog.bytes, 'ZIP entry bytes');
    t.same(entries.get('注文書テンプレート.csv'), seedFiles.docs.orderSheet.bytes, 'ZIP entry bytes (CSV)');
    await screenshot(page, 'content-detail');

    // The favourite is listed on the portal top.
    await page.goto(`${e2e.portal.url}/portal-top`);
    await closePatternOnePopups(page);
    const favouritesAgain = page.locator('main section', { has: page.getByRole('heading', { name: 'お気に入り' }) });
    await t.resolves(
      favouritesAgain.getByRole('link', { name: FIXTURE_TITLES.catalog }).waitFor(),
      'starred content under favourites',
    );
    await t.resolves(
      page
        .locator('main section', { has: page.getByRole('heading', { name: '最近閲覧したページ' }) })
        .getByRole('link', { name: FIXTURE_TITLES.catalog })
        .waitFor(),
      'viewed content under recently viewed',
    );

    // A video: play is logged as operation type 04, and half of the duration once.
    const videoPath = await contentPathByTitle(page, 6, FIXTURE_TITLES.video);
    t.ok(videoPath, 'the video content is listed');
    await page.goto(`${e2e.portal.url}${videoPath}`);
    const video = page.locator('video').first();
    await video.waitFor();
    const isVideoLog = (detail: string) => (request: Request) =>
      isCall('/api/log')(request) &&
      jsonBody(request).operationType === '04' &&
      jsonBody(request).actionDetail === detail;
    const played = page.waitForRequest(isVideoLog('play'));
    const half = page.waitForRequest(isVideoLog('half'), { timeout: 30_000 });
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    const playLog = await played;
    t.match(
      jsonBody(playLog),
      { operationType: '04', controlName: 'video', genericField1: '6' },
      'play logged as operation type 04',
    );
    t.ok((await playLog.response())?.ok(), 'watch log written');
    await t.resolves(half, 'half-watched reported');
    const watched = page.waitForRequest(isCall('/api/SkilUp/skilupWatchHistoryReg'));
    await page.getByLabel('視聴完了').check();
    t.match(jsonBody(await watched), { isWatched: true }, '視聴完了 saved');
    await screenshot(page, 'content-video');
    await page.context().close();
  },
);

t.test("a second agent does not see the first agent's targeted content", async (t) => {
  t.ok(sakuraOnlyPath, 'the first test found the targeted content');
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-agent2', 'Agent2#Demo2026');
  await closePatternOnePopups(page);
  const main = page.locator('main');
  await t.resolves(
    main.getByRole('link', { name: FIXTURE_TITLES.minatoOnly }).first().waitFor(),
    'own targeted news shown',
  );
  t.equal(await main.getByText(FIXTURE_TITLES.sakuraOnly).count(), 0, "the other agent's content is not in the news");
  t.equal(await main.getByRole('link', { name: /さくら文具 専用発注/ }).count(), 0, 'nor its icon menu');

  await page.goto(`${e2e.portal.url}/news`);
  await page.getByRole('link', { name: FIXTURE_TITLES.minatoOnly }).first().waitFor();
  t.equal(await page.getByText(FIXTURE_TITLES.sakuraOnly).count(), 0, 'nor in the news list');

  await page.goto(`${e2e.portal.url}${sakuraOnlyPath}`);
  const dialog = page.getByRole('alertdialog');
  await t.resolves(dialog.getByText(formatMessage('ERR_0022')).waitFor(), 'opening it directly shows ERR_0022');
  await dialog.getByRole('button', { name: 'OK' }).click();
  t.equal(await page.getByText(FIXTURE_TITLES.sakuraOnly).count(), 0, 'the title never shows');
  await page.context().close();
});

t.test('a failing widget shows ERR_SYS003 naming it, the others keep working; broken images fall back', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-agent2', 'Agent2#Demo2026');
  await page.route('**/api/Banner/getBannerList', async (route) => {
    if ((jsonBody(route.request()) as { bannerKbn?: string }).bannerKbn === '02')
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"messages":[{"messageId":"ERR_SYS999","args":[]}]}',
      });
    else await route.continue();
  });
  await page.route(/\/api\/media\//, async (route) => {
    if (route.request().resourceType() === 'image') await route.fulfill({ status: 404, body: '' });
    else await route.continue();
  });
  await page.goto(`${e2e.portal.url}/portal-top`);
  const text = formatMessage('ERR_SYS003', ['サイドバナー']);
  await t.resolves(page.getByRole('alertdialog').getByText(text).waitFor(), 'SYS003 names the side banner');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await closePatternOnePopups(page);
  const main = page.locator('main');
  await t.resolves(main.getByText(text).waitFor(), 'the failure is shown in place');
  await t.resolves(main.getByRole('link', { name: FIXTURE_TITLES.minatoOnly }).first().waitFor(), 'news still loads');
  const related = main.locator('section', { has: page.getByRole('heading', { name: '関連情報リンク' }) });
  await t.resolves(related.getByRole('link', { name: /Webカタログ/ }).waitFor(), 'related links still load');
  await t.resolves(main.locator('[data-image-fallback]').first().waitFor(), 'failed images show the placeholder');
  await screenshot(page, 'portal-widget-failure');
  await page.context().close();
});

t.test('a provider administrator with a business date sees scheduled content', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
  await page.goto(`${e2e.portal.url}/news`);
  await page.getByRole('link', { name: FIXTURE_TITLES.catalog }).first().waitFor();
  t.equal(await page.getByText(FIXTURE_TITLES.scheduled).count(), 0, 'scheduled content hidden on the system date');

  const later = new Date(e2e.portal.clock.now().getTime() + 9 * 3600_000 + 12 * 86_400_000);
  const businessDate = `${later.getUTCFullYear()}/${String(later.getUTCMonth() + 1).padStart(2, '0')}/${String(later.getUTCDate()).padStart(2, '0')}`;
  await page.evaluate((date) => localStorage.setItem('businessDate', date), businessDate);
  const listCall = page.waitForRequest(isCall('/api/Info/getCategoryContentsList'));
  await page.reload();
  t.match(jsonBody(await listCall), { targetDate: businessDate }, 'the business date is the target date');
  await t.resolves(
    page.getByRole('link', { name: FIXTURE_TITLES.scheduled }).first().waitFor(),
    'scheduled content listed',
  );
  await page.getByRole('link', { name: FIXTURE_TITLES.scheduled }).first().click();
  await t.resolves(page.getByRole('heading', { level: 1, name: FIXTURE_TITLES.scheduled }).waitFor(), 'and opens');
  await t.resolves(page.getByRole('link', { name: '編集' }).waitFor(), 'provider administrators see 編集');
  const edit = await page.getByRole('link', { name: '編集' }).getAttribute('href');
  t.match(
    edit ?? '',
    /\/notification-reg\?categoryId=1&contentsId=\d+&editMode=1$/,
    'edit link carries categoryId, contentsId, editMode',
  );
  t.match(
    (await page.getByRole('link', { name: 'コピーして新規' }).getAttribute('href')) ?? '',
    /editMode=2$/,
    'copy link',
  );
  await page.context().close();
});
