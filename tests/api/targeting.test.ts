// Targeting proofs (docs/decisions.md sections 3–5): an agent never reads another agent's or another
// segment's content, nor out-of-period content, whatever ids or dates it sends; the business
// date counts only for provider administrators; pseudo-login reads as the pseudo agent.
import t from 'tap';
import { createTestApp } from '../helpers/test-app';
import {
  actingAs,
  contentByTitle,
  daysFromToday,
  expectedVisibleIds,
  FIXTURE_TITLES as T,
  signInAs,
  slash,
  TODAY,
} from '../helpers/portal';

t.test('targeting', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent'); // A0000001, segment 首都圏代理店
  const agent2 = await signInAs(h, 'demo-agent2'); // A0000002
  const provider = await signInAs(h, 'demo-provider');
  const staff = await signInAs(h, 'demo-staff');

  const sakura = await contentByTitle(h, T.sakuraOnly);
  const segment = await contentByTitle(h, T.segmentOnly);
  const minato = await contentByTitle(h, T.minatoOnly);
  const scheduled = await contentByTitle(h, T.scheduled);
  const expired = await contentByTitle(h, T.expired);

  /** Every id of a category list, all pages. */
  async function listAll(s: typeof agent, categoryId: number, targetDate?: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await s.call('/api/Info/getCategoryContentsList', {
        userId: s.userId,
        agCode: s.agCode,
        categoryId,
        page,
        targetDate,
      });
      t.equal(res.statusCode, 200);
      const body = res.json();
      ids.push(...body.infoListData.map((x: { contentId: number }) => x.contentId));
      if (body.infoListData.length < 20) return ids;
    }
  }

  await t.test('lists hold exactly what the oracle says, per agent', async (t) => {
    for (const s of [agent, agent2]) {
      const expected = await expectedVisibleIds(h, s.agCode, TODAY, { categoryId: 1 });
      const ids = await listAll(s, 1);
      t.same(new Set(ids), expected, `${s.loginId}: news list`);
      t.equal(ids.length, expected.size, `${s.loginId}: no duplicates across pages`);
    }
    const ids2 = await listAll(agent2, 1);
    t.notOk(ids2.includes(sakura.contentId), 'A0000002 does not list A0000001-only content');
    t.notOk(ids2.includes(segment.contentId), 'A0000002 does not list segment content');
    t.ok(ids2.includes(minato.contentId), 'A0000002 lists its own targeted content');
    const ids1 = await listAll(agent, 1);
    t.ok(
      ids1.includes(sakura.contentId) && ids1.includes(segment.contentId),
      'A0000001 lists its own and its segment content',
    );
    t.notOk(ids1.includes(minato.contentId), 'A0000001 does not list A0000002-only content');
    for (const ids of [ids1, ids2]) {
      t.notOk(ids.includes(scheduled.contentId), 'scheduled content not listed');
      t.notOk(ids.includes(expired.contentId), 'out-of-period content not listed');
    }
    const top = (await agent2.call('/api/Info/getPortalTopInfo', {}))
      .json()
      .infoListData.map((x: { contentId: number }) => x.contentId);
    t.notOk(
      top.includes(sakura.contentId) || top.includes(segment.contentId),
      'portal top news of A0000002 holds no foreign content',
    );
  });

  await t.test('A0000002 is refused every way to A0000001 and segment content', async (t) => {
    for (const c of [sakura, segment]) {
      const detail = await agent2.call('/api/ContentsDetail/getContentsDetail', {
        categoryId: c.categoryId,
        contentId: c.contentId,
      });
      t.equal(detail.statusCode, 403, 'detail 403');
      t.same(detail.json(), { messages: [{ messageId: 'ERR_0022', args: [] }] });
      t.equal(
        (
          await agent2.call('/api/FavoritPage/toggleFavoritePage', {
            categoryId: c.categoryId,
            contentsId: c.contentId,
            processType: '1',
          })
        ).statusCode,
        403,
        'favourite refused',
      );
      t.equal(
        (await agent2.call('/api/download', { categoryId: c.categoryId, contentId: c.contentId, fileName: '' }))
          .statusCode,
        403,
        'download all refused',
      );
      const fileName = (
        await h.db
          .selectFrom('content_files')
          .select('file_name')
          .where('content_id', '=', c.contentId)
          .executeTakeFirstOrThrow()
      ).file_name;
      t.equal(
        (await agent2.call('/api/download', { categoryId: c.categoryId, contentId: c.contentId, fileName })).statusCode,
        403,
        'download one refused',
      );
      t.equal(
        (
          await agent2.call('/api/RecentlyViewed/regRecentlyViewedHistory', {
            categoryId: c.categoryId,
            contentsId: c.contentId,
          })
        ).statusCode,
        403,
        'view refused',
      );
      t.equal(
        (await agent2.call('/api/SkilUp/GetWatchStatus', { categoryId: c.categoryId, contentsId: c.contentId }))
          .statusCode,
        403,
        'watch status refused',
      );
    }
    const favs = await h.db.selectFrom('favorites').select('content_id').where('user_id', '=', agent2.userId).execute();
    t.notOk(
      favs.some((f) => f.content_id === sakura.contentId || f.content_id === segment.contentId),
      'nothing was stored',
    );
    // and the same calls succeed for A0000001
    t.equal(
      (
        await agent.call('/api/ContentsDetail/getContentsDetail', {
          categoryId: sakura.categoryId,
          contentId: sakura.contentId,
        })
      ).statusCode,
      200,
    );
    t.equal(
      (
        await agent.call('/api/ContentsDetail/getContentsDetail', {
          categoryId: segment.categoryId,
          contentId: segment.contentId,
        })
      ).statusCode,
      200,
    );
  });

  await t.test('sending someone else ids is refused, not widened', async (t) => {
    const res = await agent2.call('/api/ContentsDetail/getContentsDetail', {
      userId: agent.userId,
      agCode: agent.agCode,
      categoryId: sakura.categoryId,
      contentId: sakura.contentId,
    });
    t.equal(res.statusCode, 403);
    const res2 = await agent2.call('/api/Info/getCategoryContentsList', { agCode: 'A0000001', categoryId: 1 });
    t.equal(res2.statusCode, 403, 'a foreign agCode on a list is refused');
    const res3 = await agent2.call('/api/download', {
      pseudoAgCode: 'A0000001',
      pseudoUserId: agent.userId,
      categoryId: sakura.categoryId,
      contentId: sakura.contentId,
      fileName: '',
    });
    t.equal(res3.statusCode, 403, 'pseudo ids of a non-provider are refused');
  });

  await t.test('out-of-period content is invisible', async (t) => {
    for (const c of [expired, scheduled]) {
      t.equal(
        (
          await agent.call('/api/ContentsDetail/getContentsDetail', {
            categoryId: c.categoryId,
            contentId: c.contentId,
          })
        ).statusCode,
        403,
      );
    }
  });

  await t.test('a business date from anyone but a provider administrator is ignored', async (t) => {
    const future = slash(daysFromToday(10));
    for (const s of [agent2, staff]) {
      const detail = await s.call('/api/ContentsDetail/getContentsDetail', {
        categoryId: scheduled.categoryId,
        contentId: scheduled.contentId,
        targetDate: future,
      });
      t.equal(detail.statusCode, 403, `${s.loginId}: scheduled content stays hidden`);
      const ids = await listAll(s, 1, future);
      t.notOk(ids.includes(scheduled.contentId), `${s.loginId}: not listed`);
    }
    const past = slash(daysFromToday(-100));
    const old = await agent2.call('/api/ContentsDetail/getContentsDetail', {
      categoryId: expired.categoryId,
      contentId: expired.contentId,
      targetDate: past,
    });
    t.equal(old.statusCode, 403, 'a past targetDate does not bring back out-of-period content');
  });

  await t.test('the provider administrator with a business date sees scheduled content', async (t) => {
    const future = slash(daysFromToday(10));
    t.equal(
      (
        await provider.call('/api/ContentsDetail/getContentsDetail', {
          categoryId: scheduled.categoryId,
          contentId: scheduled.contentId,
        })
      ).statusCode,
      403,
      'not today',
    );
    const detail = await provider.call('/api/ContentsDetail/getContentsDetail', {
      categoryId: scheduled.categoryId,
      contentId: scheduled.contentId,
      targetDate: future,
    });
    t.equal(detail.statusCode, 200);
    t.equal(detail.json().keisaiKikanStart, future);
    t.ok((await listAll(provider, 1, future)).includes(scheduled.contentId), 'listed on the business date');
    t.notOk((await listAll(provider, 1, future)).includes(expired.contentId));
    const oldDate = slash(daysFromToday(-100));
    t.equal(
      (
        await provider.call('/api/ContentsDetail/getContentsDetail', {
          categoryId: expired.categoryId,
          contentId: expired.contentId,
          targetDate: oldDate,
        })
      ).statusCode,
      200,
      'and past content on a past date',
    );
    t.equal(
      (
        await provider.call('/api/download', {
          categoryId: scheduled.categoryId,
          contentId: scheduled.contentId,
          fileName: '',
          targetDate: future,
        })
      ).statusCode,
      200,
      'and may download it',
    );
  });

  await t.test('supplier staff see every target; pseudo-login reads as the pseudo agent', async (t) => {
    for (const s of [provider, staff]) {
      t.equal(
        (
          await s.call('/api/ContentsDetail/getContentsDetail', {
            categoryId: sakura.categoryId,
            contentId: sakura.contentId,
          })
        ).statusCode,
        200,
        `${s.loginId} reads targeted content`,
      );
    }
    const asMinato = actingAs(h, provider, { userId: agent2.userId, agCode: 'A0000002' });
    t.equal(
      (
        await asMinato.call('/api/ContentsDetail/getContentsDetail', {
          categoryId: sakura.categoryId,
          contentId: sakura.contentId,
        })
      ).statusCode,
      403,
      'acting as A0000002: A0000001 content hidden',
    );
    t.equal(
      (
        await asMinato.call('/api/ContentsDetail/getContentsDetail', {
          categoryId: minato.categoryId,
          contentId: minato.contentId,
        })
      ).statusCode,
      200,
      'acting as A0000002: its content visible',
    );
    const ids = await listAll(asMinato, 1);
    t.same(
      new Set(ids),
      await expectedVisibleIds(h, 'A0000002', TODAY, { categoryId: 1 }),
      'acting as A0000002 lists what A0000002 sees',
    );
    const future = slash(daysFromToday(10));
    t.equal(
      (
        await asMinato.call('/api/ContentsDetail/getContentsDetail', {
          categoryId: scheduled.categoryId,
          contentId: scheduled.contentId,
          targetDate: future,
        })
      ).statusCode,
      200,
      'the provider administrator keeps the business date while acting',
    );
  });

  await t.test('badges count only visible, new, unread contents (plus notifications)', async (t) => {
    const badges = async (s: typeof agent) =>
      Object.fromEntries(
        (await s.call('/api/GlobalNavi/getNotificationBadges', {}))
          .json()
          .notificationList.map((b: { categoryId: number; notificationNum: number }) => [
            b.categoryId,
            b.notificationNum,
          ]),
      );
    const b2 = await badges(agent2);
    const visible = await expectedVisibleIds(h, 'A0000002', TODAY, { categoryId: 1 });
    const rows = await h.db
      .selectFrom('contents')
      .select(['content_id', 'keisai_start', 'new_days'])
      .where('category_id', '=', 1)
      .execute();
    const views = new Set(
      (await h.db.selectFrom('content_views').select('content_id').where('user_id', '=', agent2.userId).execute()).map(
        (v) => v.content_id,
      ),
    );
    const isNew = (r: { keisai_start: string; new_days: number }) =>
      r.new_days > 0 && r.keisai_start <= TODAY && daysBetween(r.keisai_start, TODAY) < r.new_days;
    const newUnread = rows.filter((r) => visible.has(r.content_id) && isNew(r) && !views.has(r.content_id)).length;
    const notifications = 2; // seeds/platform.ts: two unread notices for everyone in category 1
    t.equal(b2[1], newUnread + notifications, 'category 1 badge of A0000002');
    const b1 = await badges(agent);
    t.ok(b1[1] > b2[1], 'A0000001 counts its targeted new contents too');

    const catalog = await contentByTitle(h, T.catalog);
    await agent2.call('/api/RecentlyViewed/regRecentlyViewedHistory', {
      categoryId: catalog.categoryId,
      contentsId: catalog.contentId,
    });
    t.equal((await badges(agent2))[1], b2[1] - 1, 'reading a new content lowers the badge');
  });
});

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400000);
}
