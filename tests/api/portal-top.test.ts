// The calls of the portal top widgets: banners, icon menu, news, administrator announcements,
// the floating incentive panel, and the navigation badges.
import t from 'tap';
import { readAll } from '../../api/files/storage';
import { messageIds } from '../helpers/api-probe';
import { createTestApp } from '../helpers/test-app';
import { actingAs, contentByTitle, daysFromToday, FIXTURE_TITLES as T, signInAs, slash } from '../helpers/portal';
import { nth } from '../helpers/indexing';
import type { BadgesAnswer } from '../../schemas/wire/navigation';
import type { IconMenuAnswer } from '../../schemas/wire/portal';

t.test('portal top', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const agent2 = await signInAs(h, 'demo-agent2');
  const agadmin = await signInAs(h, 'demo-agadmin');
  const provider = await signInAs(h, 'demo-provider');
  const staff = await signInAs(h, 'demo-staff');

  await t.test('banners of each kind in their display period, in order', async (t) => {
    const carousel = await agent.call('/api/Banner/getBannerList', { bannerKbn: '01' });
    t.equal(carousel.statusCode, 200);
    const names = carousel.json().bannerListData.map((b: { bannerName: string }) => b.bannerName);
    t.same(
      names,
      [
        '2027年春 新商品カタログ公開',
        '年末まとめ買いキャンペーン',
        'オフィス環境改善 提案書セット',
        '新人営業研修 動画公開中',
        '受発注システム 操作ガイド',
      ],
      'in-period carousel banners in display order',
    );
    for (const [kbn, n] of [
      ['02', 3],
      ['03', 4],
      ['04', 2],
      ['05', 2],
    ] as const) {
      const res = await agent.call('/api/Banner/getBannerList', { bannerKbn: kbn, targetDate: '' });
      t.equal(res.json().bannerListData.length, n, `kind ${kbn}`);
    }
    const first = carousel.json().bannerListData[0];
    t.same(Object.keys(first).sort(), ['bannerCaption', 'bannerImgFileName', 'bannerName', 'bannerUrl']);
    t.match(first.bannerImgFileName, /^\/api\/media\/b\d+-\d+-[A-Za-z0-9_-]{43}\?t=\d+$/); // cache-busting time parameter
    const img = await h.app.inject({ method: 'GET', url: first.bannerImgFileName });
    t.equal(img.statusCode, 200);
    t.equal(img.headers['content-type'], 'image/png');
    const stored = await h.db
      .selectFrom('banners')
      .select('image_key')
      .where('banner_name', '=', first.bannerName)
      .executeTakeFirstOrThrow();
    t.same(img.rawPayload, await readAll(h.storage, stored.image_key), 'the image bytes are the stored file');
    t.same([...img.rawPayload.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG');

    const future = slash(daysFromToday(10));
    const scheduledName = '2027年度 価格改定のご案内（予告）';
    const forProvider = (await provider.call('/api/Banner/getBannerList', { bannerKbn: '01', targetDate: future }))
      .json()
      .bannerListData.map((b: { bannerName: string }) => b.bannerName);
    t.ok(
      forProvider.includes(scheduledName),
      'the provider administrator sees the scheduled banner on the business date',
    );
    const forAgent = (await agent.call('/api/Banner/getBannerList', { bannerKbn: '01', targetDate: future }))
      .json()
      .bannerListData.map((b: { bannerName: string }) => b.bannerName);
    t.notOk(forAgent.includes(scheduledName), 'an agent cannot move the date');
  });

  await t.test('banner failures', async (t) => {
    const bad = await agent.call('/api/Banner/getBannerList', { bannerKbn: '06' });
    t.equal(bad.statusCode, 400);
    t.same(messageIds(bad), ['ERR_0025']);
    const missing = await agent.call('/api/Banner/getBannerList', {});
    t.equal(missing.statusCode, 400);
    t.same(messageIds(missing), ['ERR_0001']);
    const wrongSystem = await h.post(
      '/api/Banner/getBannerList',
      { systemKbn: '02', bannerKbn: '01' },
      { token: agent.token },
    );
    t.equal(wrongSystem.statusCode, 400);
    const noToken = await h.post('/api/Banner/getBannerList', { systemKbn: '01', bannerKbn: '01' });
    t.equal(noToken.statusCode, 401);
    t.same(messageIds(noToken), ['ERR_USER001']);
  });

  await t.test('icon menu resolved per target with current and scheduled lists', async (t) => {
    const names = async (s: typeof agent, body: Record<string, unknown> = {}) => {
      const res = await s.call('/api/IconMenu/getIconMenuyList', { userId: s.userId, agCode: s.agCode, ...body });
      t.equal(res.statusCode, 200);
      return res.json<IconMenuAnswer>().iconMenuListData;
    };
    const standard = await names(agent2);
    t.same(
      standard.map((m) => m.menuName),
      ['お知らせ', 'FAQ', '申請フォーム', '提案書', 'マニュアル', 'スキルアップ', 'イベント', 'Webカタログ'],
      'A0000002 gets the default setting',
    );
    const catalog = nth(standard, 7);
    t.equal(catalog.linkURL, 'https://catalog.example.jp/');
    t.equal(catalog.isSaparateTab, true);
    t.not(catalog.imageFileNomal, catalog.imageFileOver, 'normal and hover images differ');
    for (const path of [catalog.imageFileNomal, catalog.imageFileOver]) {
      const img = await h.app.inject({ method: 'GET', url: path });
      t.equal(img.statusCode, 200);
      t.equal(img.headers['content-type'], 'image/png');
    }
    const sakura = await names(agent);
    t.equal(nth(sakura, 0).menuName, 'さくら文具 専用発注', 'A0000001 gets its own setting');
    t.equal(sakura.length, 8);

    const inTwoWeeks = slash(daysFromToday(14));
    t.ok(
      (await names(provider, { targetDate: inTwoWeeks })).some((m) => m.menuName === '申請管理'),
      'the scheduled list on the business date',
    );
    t.notOk(
      (await names(agent2, { targetDate: inTwoWeeks })).some((m) => m.menuName === '申請管理'),
      'an agent stays on the current list',
    );
    h.clock.advance(14 * 86400_000);
    const later = await signInAs(h, 'demo-agent2');
    const scheduled = await names(later);
    t.equal(scheduled.length, 9, 'from the scheduled date the scheduled list replaces the current one');
    t.equal(nth(scheduled, 7).menuName, '申請管理');
    h.clock.advance(-14 * 86400_000);
  });

  await t.test('portal top news and administrator announcements', async (t) => {
    const res = await agent2.call('/api/Info/getPortalTopInfo', {
      userId: agent2.userId,
      agCode: agent2.agCode,
      targetDate: '',
    });
    t.equal(res.statusCode, 200);
    const items = res.json().infoListData as Array<Record<string, unknown>>;
    t.equal(items.length, 10, 'ten news');
    t.ok(items.every((i) => i.categoryId === 1 && i.detailPath === 'contents'));
    const catalog = await contentByTitle(h, T.catalog);
    t.same(
      items[0],
      {
        contentId: catalog.contentId,
        contentsTitle: T.catalog,
        postPeriod: slash(daysFromToday(-1)),
        subCategoryName: '商品情報',
        categoryId: 1,
        detailPath: 'contents',
        fileFlg: true,
        newFlg: true,
        jyuyoFlg: true,
      },
      'the important news first, with its flags',
    );
    const periods = items.slice(1).map((i) => String(i.postPeriod));
    t.ok(
      periods.every((p) => p <= slash(daysFromToday(0))),
      'nothing scheduled',
    );

    const kanri = async (s: typeof agent) =>
      (await s.call('/api/Info/getKanriInfo', {}))
        .json()
        .infoListData.map((i: { contentsTitle: string }) => i.contentsTitle);
    t.same(
      await kanri(agent2),
      [T.adminNotice, 'パスワードポリシー変更のお知らせ'],
      'A0000002: announcements for all, in period, important first',
    );
    t.same(
      await kanri(agadmin),
      [T.adminNotice, T.adminNoticeSegment, 'パスワードポリシー変更のお知らせ'],
      'A0000001 also gets its segment announcement',
    );
  });

  await t.test('floating incentive panel', async (t) => {
    const res = await agent.call('/api/Incentive/getIncentiveFloating', {
      userId: agent.userId,
      agCode: agent.agCode,
      daihyoCode: 'A0000001',
      targetDate: '',
    });
    t.equal(res.statusCode, 200);
    const body = res.json();
    t.equal(body.daihyoCode, 'A0000001');
    t.equal(body.hokokuYear, 2026);
    t.equal(body.hokokuMonth, 10, 'the latest report month before today');
    t.ok(body.shoreiRuikeiZokagaku > 0);

    const minus = (await agent2.call('/api/Incentive/getIncentiveFloating', {})).json();
    t.equal(minus.daihyoCode, 'A0000002');
    t.ok(
      minus.hyoshoRuikeiZokagaku < 0 && minus.shoreiShinchokuJokyo < 0 && minus.hyoshoRuikeiKadoId < 0,
      'negative figures come through as negative numbers',
    );

    const earlier = (await provider.call('/api/Incentive/getIncentiveFloating', {})).statusCode;
    t.equal(earlier, 403, 'the provider itself takes no part in the incentive');
    t.equal((await staff.call('/api/Incentive/getIncentiveFloating', {})).statusCode, 403, 'nor does supplier staff');
    const acting = actingAs(h, provider, { userId: agent2.userId, agCode: 'A0000002' });
    const asAgent = await acting.call('/api/Incentive/getIncentiveFloating', { targetDate: '2026/07/15' });
    t.equal(asAgent.statusCode, 200, 'acting as an entrant agent');
    t.equal(asAgent.json().hokokuMonth, 7, 'on the business date');
    // The seeds report every month from January three years back (seeds/incentive.ts).
    const beforeFirstReport = await acting.call('/api/Incentive/getIncentiveFloating', { targetDate: '2022/12/31' });
    t.same(beforeFirstReport.json(), {}, 'no figures yet: {}');

    t.equal(
      (await agent2.call('/api/Incentive/getIncentiveFloating', { daihyoCode: 'A0000001' })).statusCode,
      403,
      'another daihyoCode is refused',
    );
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '0' })
      .where('role_id', '=', '02')
      .where('category_id', '=', 11)
      .execute();
    t.equal(
      (await agent.call('/api/Incentive/getIncentiveFloating', {})).statusCode,
      403,
      'without the incentive permission',
    );
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '1' })
      .where('role_id', '=', '02')
      .where('category_id', '=', 11)
      .execute();
    await h.db.updateTable('agents').set({ is_incentive_entry: false }).where('ag_code', '=', 'A0000001').execute();
    t.equal((await agent.call('/api/Incentive/getIncentiveFloating', {})).statusCode, 403, 'without isIncentiveEntry');
    await h.db.updateTable('agents').set({ is_incentive_entry: true }).where('ag_code', '=', 'A0000001').execute();
  });

  await t.test('navigation badges count notifications and new unread contents', async (t) => {
    const res = await agent2.call('/api/GlobalNavi/getNotificationBadges', {
      userId: agent2.userId,
      agCode: agent2.agCode,
    });
    t.equal(res.statusCode, 200);
    const list = res.json<BadgesAnswer>().notificationList;
    t.ok(list.length > 0);
    t.ok(list.every((b) => Number.isInteger(b.notificationNum) && b.notificationNum > 0));
    t.same(
      list.map((b) => b.categoryId),
      [...list.map((b) => b.categoryId)].sort((a, b) => a - b),
      'ordered by category',
    );
    t.ok(
      list.some((b) => b.categoryId === 6),
      'new skill-up videos count',
    );
    t.notOk(
      list.some((b) => b.categoryId === 15),
      'login popups are not badges',
    );
    const mine = list.find((b) => b.categoryId === 13);
    t.notOk(mine, 'A0000001 notification (category 13) is not counted for A0000002');
    const forAgent = (await agent.call('/api/GlobalNavi/getNotificationBadges', {})).json<BadgesAnswer>()
      .notificationList;
    t.ok(
      forAgent.some((b) => b.categoryId === 13),
      'but is for A0000001',
    );
  });
});
