// Favourite pages and recently viewed pages of the portal top.
import t from 'tap';
import { messageIds, operationLogsOf } from '../helpers/api-probe';
import { createTestApp } from '../helpers/test-app';
import { contentByTitle, FIXTURE_TITLES as T, signInAs } from '../helpers/portal';
import { nth } from '../helpers/indexing';
import type { RecentlyViewedAnswer } from '../../schemas/wire/portal';

t.test('favourites and recently viewed', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const agent2 = await signInAs(h, 'demo-agent2');
  const catalog = await contentByTitle(h, T.catalog);
  const segment = await contentByTitle(h, T.segmentOnly);

  const favourites = async (s: typeof agent) => {
    const res = await s.call('/api/FavoritPage/getFavoritePageList', {
      userId: s.userId,
      agCode: s.agCode,
      targetDate: '',
    });
    t.equal(res.statusCode, 200);
    return res.json<{
      favoritListData: Array<{
        contentId: number;
        categoryId: number;
        categoryName: string;
        title: string;
        detailPath: string;
        isFavorite: boolean;
      }>;
      showCount: number;
    }>();
  };

  await t.test('the list: seeded favourites, showCount from the server', async (t) => {
    const list = await favourites(agent);
    t.equal(list.showCount, 5);
    t.equal(list.favoritListData.length, 7, 'seeded favourites of demo-agent');
    t.ok(list.favoritListData.every((f) => f.isFavorite && f.detailPath === 'contents' && f.categoryName.length > 0));
    t.same(Object.keys(nth(list.favoritListData, 0)).sort(), [
      'categoryId',
      'categoryName',
      'contentId',
      'detailPath',
      'isFavorite',
      'title',
    ]);
  });

  await t.test('register and release', async (t) => {
    const toggle = (processType: string, c = catalog, s = agent) =>
      s.call('/api/FavoritPage/toggleFavoritePage', {
        userId: s.userId,
        agCode: s.agCode,
        parsedUserId: s.userId,
        parsedAgCode: s.agCode,
        categoryId: c.categoryId,
        contentsId: String(c.contentId),
        processType,
        screenName: 'コンテンツ詳細',
      });
    const on = await toggle('1');
    t.equal(on.statusCode, 200);
    t.same(on.json(), { isFavorite: true });
    t.same((await toggle('1')).json(), { isFavorite: true }, 'registering twice is harmless');
    let list = await favourites(agent);
    t.equal(nth(list.favoritListData, 0).contentId, catalog.contentId, 'newest favourite first');
    t.equal(list.favoritListData.length, 8);
    const detail = await agent.call('/api/ContentsDetail/getContentsDetail', {
      categoryId: catalog.categoryId,
      contentId: catalog.contentId,
    });
    t.equal(detail.json().isFavorite, true, 'the detail shows the star');
    const off = await toggle('2');
    t.same(off.json(), { isFavorite: false });
    list = await favourites(agent);
    t.notOk(list.favoritListData.some((f) => f.contentId === catalog.contentId));
    const logs = (await operationLogsOf(h, agent.userId)).filter((l) => l.operation_type === '08');
    t.same(
      logs.map((l) => l.action_detail),
      ['register', 'register', 'release'],
      'each toggle is logged as type 08',
    );
    t.equal(nth(logs, 0).generic_field2, String(catalog.contentId));
    t.equal(nth(logs, 0).from_screen_name, 'コンテンツ詳細');

    t.equal((await toggle('3')).statusCode, 400, 'unknown processType');
    const missing = await agent.call('/api/FavoritPage/toggleFavoritePage', { categoryId: 1, processType: '1' });
    t.equal(missing.statusCode, 400);
    t.same(messageIds(missing), ['ERR_0001']);
    const foreign = await agent.call('/api/FavoritPage/toggleFavoritePage', {
      parsedUserId: agent2.userId,
      categoryId: catalog.categoryId,
      contentsId: catalog.contentId,
      processType: '1',
    });
    t.equal(foreign.statusCode, 403, 'parsedUserId of another user');
    t.equal((await toggle('1', { categoryId: 2, contentId: catalog.contentId })).statusCode, 403, 'the wrong category');
    t.equal((await toggle('1', { categoryId: 1, contentId: 999999 })).statusCode, 403, 'an unknown content');
    t.equal((await toggle('1', segment, agent2)).statusCode, 403, 'a content the caller may not see');
  });

  await t.test('a favourite whose content leaves its period drops out of the list', async (t) => {
    await agent.call('/api/FavoritPage/toggleFavoritePage', {
      categoryId: segment.categoryId,
      contentsId: segment.contentId,
      processType: '1',
    });
    t.ok((await favourites(agent)).favoritListData.some((f) => f.contentId === segment.contentId));
    h.clock.advance(41 * 86400_000); // the segment campaign ends 40 days after today
    const later = await signInAs(h, 'demo-agent');
    t.notOk((await favourites(later)).favoritListData.some((f) => f.contentId === segment.contentId));
    h.clock.advance(-41 * 86400_000);
  });

  await t.test('recently viewed', async (t) => {
    const list = async (s: typeof agent) => {
      const res = await s.call('/api/recentlyViewed/getRecentlyViewedPagesList', {
        userId: s.userId,
        agCode: s.agCode,
      });
      t.equal(res.statusCode, 200);
      return res.json<RecentlyViewedAnswer>().recentlyViewedListData;
    };
    const before = await list(agent2);
    t.equal(before.length, 4, 'seeded views of demo-agent2');
    t.ok(before.every((v) => /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/.test(v.viewDate)));
    const reg = await agent2.call('/api/RecentlyViewed/regRecentlyViewedHistory', {
      userId: agent2.userId,
      agCode: agent2.agCode,
      categoryId: catalog.categoryId,
      contentsId: catalog.contentId,
    });
    t.equal(reg.statusCode, 200);
    t.same(reg.json(), {});
    const after = await list(agent2);
    t.same(
      after[0],
      {
        contentId: catalog.contentId,
        categoryId: 1,
        categoryName: 'お知らせ',
        title: T.catalog,
        detailPath: 'contents',
        viewDate: '2026/11/20 10:00',
      },
      'the newest view first, at the server time',
    );
    h.clock.advance(60_000);
    await agent2.call('/api/RecentlyViewed/regRecentlyViewedHistory', {
      categoryId: nth(before, 0).categoryId,
      contentsId: nth(before, 0).contentId,
    });
    const again = await list(agent2);
    t.equal(nth(again, 0).contentId, nth(before, 0).contentId, 'viewing again moves it to the top');
    t.equal(again.length, 5, 'one row per content');
    const row = await h.db
      .selectFrom('content_views')
      .select('view_count')
      .where('user_id', '=', agent2.userId)
      .where('content_id', '=', nth(before, 0).contentId)
      .executeTakeFirstOrThrow();
    t.equal(row.view_count, 2);

    t.equal(
      (
        await agent2.call('/api/RecentlyViewed/regRecentlyViewedHistory', {
          categoryId: segment.categoryId,
          contentsId: segment.contentId,
        })
      ).statusCode,
      403,
      'not a visible content',
    );
    t.equal(
      (await agent2.call('/api/RecentlyViewed/regRecentlyViewedHistory', { categoryId: 1 })).statusCode,
      400,
      'contentsId is required',
    );
    t.equal((await h.post('/api/recentlyViewed/getRecentlyViewedPagesList', { systemKbn: '01' })).statusCode, 401);

    for (let i = 0; i < 12; i++) {
      const c = await h.db
        .selectFrom('contents')
        .select(['content_id', 'category_id'])
        .where('category_id', '=', 2)
        .where('display_target', '=', '0')
        .where('keisai_start', '<=', '2026-11-01')
        .orderBy('content_id')
        .offset(i)
        .limit(1)
        .executeTakeFirstOrThrow();
      await agent2.call('/api/RecentlyViewed/regRecentlyViewedHistory', {
        categoryId: c.category_id,
        contentsId: c.content_id,
      });
    }
    t.equal((await list(agent2)).length, 10, 'the ten most recent');
  });
});
