// Content pages: the detail, breadcrumbs, skill-up watch status and the paged category lists.
import t from 'tap';
import { readAll } from '../../api/files/storage';
import { messageIds } from '../helpers/api-probe';
import { createTestApp } from '../helpers/test-app';
import {
  contentByTitle,
  daysFromToday,
  expectedVisibleIds,
  FIXTURE_TITLES as T,
  signInAs,
  slash,
  TODAY,
} from '../helpers/portal';
import { nth } from '../helpers/indexing';

t.test('content pages', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const agent2 = await signInAs(h, 'demo-agent2');
  const provider = await signInAs(h, 'demo-provider');
  const catalog = await contentByTitle(h, T.catalog);
  const video = await contentByTitle(h, T.video);

  await t.test('the detail of a content with links, documents and images', async (t) => {
    const res = await agent2.call('/api/ContentsDetail/getContentsDetail', {
      userId: agent2.userId,
      agCode: agent2.agCode,
      categoryId: catalog.categoryId,
      contentId: catalog.contentId,
      targetDate: '',
    });
    t.equal(res.statusCode, 200);
    const d = res.json();
    t.match(d, {
      categoryId: 1,
      categoryName: 'お知らせ',
      subCategoryName: '商品情報',
      contentsId: catalog.contentId,
      title: T.catalog,
      keisaiKikanStart: slash(daysFromToday(-1)),
      keisaiKikanEnd: '9999/12/31',
      newFlg: true,
      jyuyoFlg: true,
      isFavorite: false,
      updateFormPath: '',
    });
    t.type(d.subCategoryId, 'number');
    t.match(d.lastUpdate, /^\d{4}\/\d{2}\/\d{2}$/);
    t.match(d.contentsBody, /<p>2027年春の新商品カタログを公開しました/);
    t.same(
      d.contentsLinkList.map((l: { rowNo: number }) => l.rowNo),
      [1, 2, 3],
    );
    t.equal(d.contentsLinkList[0].url, 'https://catalog.example.jp/2027spring/');
    t.same(d.contentsVideoList, []);
    t.same(
      d.contentsTempFileList.map((f: { tempFileName: string }) => f.tempFileName),
      ['2027年春_新商品カタログ.pdf', '新商品価格表（2027年春）.pdf', '注文書テンプレート.csv'],
    );
    const stored = await h.db
      .selectFrom('content_files')
      .select(['file_name', 'file_size', 'stored_key'])
      .where('content_id', '=', catalog.contentId)
      .where('kind', '=', 'file')
      .orderBy('row_no')
      .execute();
    for (const [i, f] of d.contentsTempFileList.entries()) {
      t.equal(f.tempFileSize, nth(stored, i).file_size, `size of ${f.tempFileName}`);
      t.equal(
        f.tempFileSize,
        (await readAll(h.storage, nth(stored, i).stored_key)).length,
        'the size of the stored bytes',
      );
    }
    t.equal(d.contentsImgList.length, 2);
    t.equal(d.contentsImgList[0].imgExp, 'カタログの表紙');
    const img = await h.app.inject({ method: 'GET', url: d.contentsImgList[0].imgPath });
    t.equal(img.statusCode, 200);
    t.equal(img.headers['content-type'], 'image/png');
    const pdf = await h.app.inject({ method: 'GET', url: d.contentsTempFileList[0].tempFilePath });
    t.equal(pdf.statusCode, 200, 'a document opens in the browser through its path');
    t.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
    t.match(String(pdf.headers['content-disposition']), /^inline; /);
  });

  await t.test('edit path for provider administrators only; ids as strings; failures', async (t) => {
    const forProvider = await provider.call('/api/ContentsDetail/getContentsDetail', {
      categoryId: String(catalog.categoryId),
      contentId: String(catalog.contentId),
    });
    t.equal(forProvider.json().updateFormPath, '/notification-reg');
    const wrongCategory = await agent.call('/api/ContentsDetail/getContentsDetail', {
      categoryId: 2,
      contentId: catalog.contentId,
    });
    t.equal(wrongCategory.statusCode, 403);
    t.same(messageIds(wrongCategory), ['ERR_0022']);
    t.equal(
      (await agent.call('/api/ContentsDetail/getContentsDetail', { categoryId: 1, contentId: 99999999 })).statusCode,
      403,
      'unknown content: the same 403',
    );
    t.equal(
      (await agent.call('/api/ContentsDetail/getContentsDetail', { categoryId: 1, contentId: 'abc' })).statusCode,
      400,
    );
    t.equal((await agent.call('/api/ContentsDetail/getContentsDetail', { categoryId: 1 })).statusCode, 400);
    await h.db
      .updateTable('contents')
      .set({ deleted_at: new Date() })
      .where('content_id', '=', catalog.contentId)
      .execute();
    t.equal(
      (await agent.call('/api/ContentsDetail/getContentsDetail', { categoryId: 1, contentId: catalog.contentId }))
        .statusCode,
      403,
      'a deleted content',
    );
    await h.db.updateTable('contents').set({ deleted_at: null }).where('content_id', '=', catalog.contentId).execute();
  });

  await t.test('a skill-up video: the detail, the video by range, the watch status', async (t) => {
    const d = (
      await agent.call('/api/ContentsDetail/getContentsDetail', {
        categoryId: video.categoryId,
        contentId: video.contentId,
      })
    ).json();
    t.equal(d.categoryName, 'スキルアップ');
    t.equal(d.updateFormPath, '');
    t.equal(d.contentsVideoList.length, 1);
    const v = d.contentsVideoList[0];
    t.match(v, { rowNo: 1, videoName: '新人研修_第1回.webm', videoExp: '第1回 オフィス用品業界の基礎知識' });
    const head = await h.app.inject({ method: 'GET', url: v.videoPath, headers: { range: 'bytes=0-3' } });
    t.equal(head.statusCode, 206);
    t.equal(head.headers['content-type'], 'video/webm');
    t.same([...head.rawPayload], [0x1a, 0x45, 0xdf, 0xa3], 'the EBML header of a WebM');
    t.match(String(head.headers['content-range']), /^bytes 0-3\/\d+$/);
    t.equal(
      (
        await provider.call('/api/ContentsDetail/getContentsDetail', {
          categoryId: video.categoryId,
          contentId: video.contentId,
        })
      ).json().updateFormPath,
      '/skilup-touroku',
    );

    const status = (s = agent) =>
      s.call('/api/SkilUp/GetWatchStatus', {
        userId: s.userId,
        agCode: s.agCode,
        categoryId: video.categoryId,
        contentsId: video.contentId,
        isWatched: false,
      });
    t.same((await status()).json(), { isWatched: false });
    const save = await agent.call('/api/SkilUp/skilupWatchHistoryReg', {
      categoryId: video.categoryId,
      contentsId: video.contentId,
      isWatched: true,
    });
    t.equal(save.statusCode, 200);
    t.same(save.json(), { isWatched: true });
    t.same((await status()).json(), { isWatched: true });
    t.same((await status(agent2)).json(), { isWatched: false }, 'per user');
    t.same(
      (
        await agent.call('/api/SkilUp/skilupWatchHistoryReg', {
          categoryId: video.categoryId,
          contentsId: video.contentId,
          isWatched: false,
        })
      ).json(),
      { isWatched: false },
    );
    t.equal(
      (
        await agent.call('/api/SkilUp/skilupWatchHistoryReg', {
          categoryId: video.categoryId,
          contentsId: video.contentId,
        })
      ).statusCode,
      400,
      'isWatched required',
    );
    const hidden = await contentByTitle(h, T.minatoOnly);
    t.equal(
      (
        await agent.call('/api/SkilUp/skilupWatchHistoryReg', {
          categoryId: hidden.categoryId,
          contentsId: hidden.contentId,
          isWatched: true,
        })
      ).statusCode,
      403,
    );
  });

  await t.test('breadcrumbs follow the navigation the agent sees', async (t) => {
    const crumbs = async (categoryId: unknown) =>
      agent.call('/api/Breadcrumbs/getBreadcrumbs', { userId: agent.userId, agCode: agent.agCode, categoryId });
    t.same((await crumbs(2)).json(), {
      breadcrumbsList: [
        { categoryId: 10, categoryName: '営業支援', categoryUrl: '' },
        { categoryId: 2, categoryName: 'FAQ', categoryUrl: '/faq' },
      ],
    });
    t.same((await crumbs('1')).json(), {
      breadcrumbsList: [{ categoryId: 1, categoryName: 'お知らせ', categoryUrl: '/news' }],
    });
    t.same(
      (await crumbs(7)).json().breadcrumbsList.map((c: { categoryName: string }) => c.categoryName),
      ['スキルアップ', 'イベント'],
    );
    t.same(
      (await crumbs(12)).json(),
      { breadcrumbsList: [{ categoryId: 12, categoryName: '管理者お知らせ', categoryUrl: '' }] },
      'a category outside the navigation',
    );
    const unknown = await crumbs(4242);
    t.equal(unknown.statusCode, 400);
    t.same(messageIds(unknown), ['ERR_0009']);
    t.equal((await crumbs(undefined)).statusCode, 400);
  });

  await t.test('category list pages with paging', async (t) => {
    const page = (s: typeof agent, categoryId: unknown, n?: number) =>
      s.call('/api/Info/getCategoryContentsList', {
        userId: s.userId,
        agCode: s.agCode,
        categoryId,
        page: n,
        targetDate: '',
      });
    for (const categoryId of [1, 2, 3, 4, 5]) {
      const expected = await expectedVisibleIds(h, 'A0000002', TODAY, { categoryId });
      const first = (await page(agent2, categoryId)).json();
      t.equal(first.totalCount, expected.size, `category ${categoryId}: totalCount`);
      t.equal(first.infoListData.length, Math.min(20, expected.size));
      t.ok(first.infoListData.every((i: { categoryId: number }) => i.categoryId === categoryId));
    }
    const p1 = (await page(agent2, 1, 1)).json();
    const p2 = (await page(agent2, '1', 2)).json();
    t.equal(p2.totalCount, p1.totalCount);
    t.equal(p2.infoListData.length, 20);
    const ids1 = new Set(p1.infoListData.map((i: { contentId: number }) => i.contentId));
    t.notOk(
      p2.infoListData.some((i: { contentId: number }) => ids1.has(i.contentId)),
      'pages do not overlap',
    );
    const dates = [...p1.infoListData, ...p2.infoListData]
      .filter((i: { contentId: number }) => i.contentId !== catalog.contentId)
      .map((i: { postPeriod: string }) => i.postPeriod);
    t.same(dates, [...dates].sort().reverse(), 'newest first after the important news');
    const last = Math.ceil(p1.totalCount / 20);
    t.same((await page(agent2, 1, last + 1)).json().infoListData, [], 'past the last page: empty');
    const forms = (await page(agent2, 3)).json().infoListData;
    t.ok(
      forms.every((f: { fileFlg: boolean }) => f.fileFlg),
      'every form has a document',
    );
    t.equal((await page(agent2, 100)).statusCode, 400, 'an admin category is no list');
    t.equal((await page(agent2, 1, 0)).statusCode, 400, 'page starts at 1');
    t.equal((await page(agent2, undefined)).statusCode, 400, 'categoryId required');
  });
});
