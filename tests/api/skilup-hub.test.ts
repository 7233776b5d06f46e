// The skill-up hub (/api/SkilUp/getVideoList, narrowVideoList) and the sales playbook
// (/api/SkilUp/getToranomaki): phases, videos, thumbnails, watched marks, narrowing, the
// administrators' options, and targeting.
import t from 'tap';
import { messageIds } from '../helpers/api-probe';
import { createTestApp } from '../helpers/test-app';
import { signInAs, type Session } from '../helpers/portal';
import { SKILUP_SEED } from '../../seeds/skilup-events';
import { nth } from '../helpers/indexing';
import type { PlaybookAnswer, VideoListAnswer } from '../../schemas/wire/skilup';

t.test('skill-up hub and playbook', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const agent2 = await signInAs(h, 'demo-agent2');
  const provider = await signInAs(h, 'demo-provider');

  const videoList = async (s: Session, body: Record<string, unknown> = {}) => {
    const res = await s.call('/api/SkilUp/getVideoList', {
      userId: s.userId,
      agCode: s.agCode,
      targetDate: '',
      ...body,
    });
    t.equal(res.statusCode, 200);
    return res.json<VideoListAnswer>();
  };
  const narrow = (s: Session, body: Record<string, unknown>) =>
    s.call('/api/SkilUp/narrowVideoList', { userId: s.userId, agCode: s.agCode, ...body });
  const scheduled = await h.db
    .selectFrom('contents')
    .select(['content_id', 'title'])
    .where('category_id', '=', 6)
    .where('keisai_start', '>', '2026-11-20')
    .executeTakeFirstOrThrow();

  await t.test('the initial view: phases, videos, tags and the server display counts', async (t) => {
    const list = await videoList(agent);
    t.same(
      list.phaseListData.map((p) => p.phaseName),
      SKILUP_SEED.videoPhases,
    );
    t.same(
      list.phaseListData.map((p) => p.isOpen),
      [true, false, false],
    );
    t.ok(list.phaseListData.every((p) => p.categoryId === 6 && p.iconFileName !== ''));
    t.equal(list.newVideoListDispNum, 4, 'the program overrides the default 3');
    t.equal(list.videoListDispNum, 3);
    t.ok(list.videoListData.length >= 20, `${list.videoListData.length} videos`);
    t.ok(
      list.videoListData.every((v) => v.categoryId === 6 && v.detailPath === 'contents' && v.updateFormPath === ''),
      'no edit path for an agent',
    );
    t.notOk(
      list.videoListData.some((v) => v.contentsId === scheduled.content_id),
      'a video not yet posted is not listed',
    );
    const first = list.videoListData.filter((v) => v.phaseName === SKILUP_SEED.videoPhases[0]);
    t.match(nth(first, 0).videoTitle, /第1回/, 'the 新人研修 series in its order');
    t.match(nth(first, 1).videoTitle, /第2回/);
    t.ok(
      list.videoListData.some((v) => v.isNewVideo),
      'some videos are new',
    );
    // Thumbnails: a picked image for 商品研修, the first video (frame at 1 s on screen) for the others.
    const product = list.videoListData.filter((v) => v.phaseName === SKILUP_SEED.videoPhases[1]);
    t.ok(product.every((v) => /\.png$/.test(v.thumbnailName) && v.thumbnailPath.startsWith('/api/media/')));
    t.ok(
      first.every(
        (v) => /\.webm$/.test(v.thumbnailName) && v.thumbnailPath.startsWith('/api/media/') && v.videoCaption !== '',
      ),
    );
    const image = await h.app.inject({ method: 'GET', url: nth(product, 0).thumbnailPath });
    t.equal(image.statusCode, 200, 'the thumbnail is served');
    t.equal(image.headers['content-type'], 'image/png');
    t.ok(
      list.skulupTagData.some(
        (x) => x.tagName === '新人向け' && x.phaseName === SKILUP_SEED.videoPhases[0] && !x.isChecked,
      ),
    );
  });

  await t.test('watched marks are per user and narrow to unwatched', async (t) => {
    const list = await videoList(agent);
    const target = nth(list.videoListData, 0);
    const saved = await agent.call('/api/SkilUp/skilupWatchHistoryReg', {
      categoryId: 6,
      contentsId: target.contentsId,
      isWatched: true,
    });
    t.equal(saved.statusCode, 200);
    t.equal((await videoList(agent)).videoListData.find((v) => v.contentsId === target.contentsId)?.isWatched, true);
    t.equal(
      (await videoList(agent2)).videoListData.find((v) => v.contentsId === target.contentsId)?.isWatched,
      false,
      'another user is not affected',
    );
    const unwatched = await narrow(agent, { isOnlyUnWatched: true });
    t.equal(unwatched.statusCode, 200);
    const body = unwatched.json<VideoListAnswer>();
    t.notOk(body.videoListData.some((v) => v.contentsId === target.contentsId));
    t.equal(body.videoListData.length, list.videoListData.length - 1);
    t.equal(body.phaseListData.length, 3, 'phases stay for the view');
  });

  await t.test('keyword and tag narrowing, and their rules', async (t) => {
    const byKeyword = (await narrow(agent, { narrowKeyword: 'ヒアリング' })).json<VideoListAnswer>();
    t.ok(byKeyword.videoListData.length >= 1);
    t.ok(
      byKeyword.videoListData.every((v) => /ヒアリング/.test(v.videoTitle) || v.videoCaption.includes('ヒアリング')),
      byKeyword.videoListData.map((v) => v.videoTitle).join(),
    );
    const tag = (await videoList(agent)).skulupTagData.find((x) => x.tagName === '新人向け')!;
    const byTag = (await narrow(agent, { narrowTags: `${tag.tagId}` })).json<VideoListAnswer>();
    t.ok(byTag.videoListData.length >= 5);
    t.ok(byTag.videoListData.every((v) => v.phaseName === SKILUP_SEED.videoPhases[0]));
    t.ok(byTag.skulupTagData.find((x) => x.tagId === tag.tagId)?.isChecked, 'the chosen tag comes back checked');

    const one = await narrow(agent, { narrowKeyword: '研' });
    t.equal(one.statusCode, 400);
    t.same(one.json().messages, [{ messageId: 'ERR_0028', args: ['キーワード', '2'] }]);
    const long = await narrow(agent, { narrowKeyword: 'あ'.repeat(51) });
    t.equal(long.statusCode, 400);
    t.same(messageIds(long), ['ERR_0025']);
    t.equal((await narrow(agent, { narrowKeyword: 'あ'.repeat(101) })).statusCode, 400, 'over the wire limit');
    t.equal((await narrow(agent, { narrowKeyword: '研修\u0000' })).statusCode, 400, 'control characters');
    const badTags = await narrow(agent, { narrowTags: '1,abc' });
    t.equal(badTags.statusCode, 400);
    t.same(badTags.json().messages, [{ messageId: 'ERR_0025', args: ['タグ'] }]);
    const sanitised = await narrow(agent, { narrowKeyword: "'; drop table contents; --" });
    t.equal(sanitised.statusCode, 200, 'SQL text is only a keyword');
    t.same(sanitised.json<VideoListAnswer>().videoListData, []);
  });

  await t.test('administrators: edit path and videos outside the posting period', async (t) => {
    const list = await videoList(provider);
    t.ok(list.videoListData.every((v) => v.updateFormPath === '/skilup-touroku'));
    t.notOk(list.videoListData.some((v) => v.contentsId === scheduled.content_id));
    const outside = (await narrow(provider, { isOutsidePostPeriod: true })).json<VideoListAnswer>();
    t.ok(
      outside.videoListData.some((v) => v.contentsId === scheduled.content_id),
      'provider administrators see a scheduled video',
    );
    const forAgent = (await narrow(agent, { isOutsidePostPeriod: true })).json<VideoListAnswer>();
    t.notOk(
      forAgent.videoListData.some((v) => v.contentsId === scheduled.content_id),
      'an agent asking for it does not',
    );
    const agadmin = await signInAs(h, 'demo-agadmin');
    const forAgentAdmin = (await narrow(agadmin, { isOutsidePostPeriod: true })).json<VideoListAnswer>();
    t.notOk(
      forAgentAdmin.videoListData.some((v) => v.contentsId === scheduled.content_id),
      'nor an agent administrator',
    );
    t.ok(forAgentAdmin.videoListData.every((v) => v.updateFormPath === ''));
  });

  await t.test('targeting and forged ids', async (t) => {
    const list = await videoList(agent);
    const target = nth(list.videoListData, 2);
    await h.db
      .updateTable('contents')
      .set({ display_target: '2' })
      .where('content_id', '=', target.contentsId)
      .execute();
    await h.db.insertInto('content_agents').values({ content_id: target.contentsId, ag_code: 'A0000002' }).execute();
    t.notOk(
      (await videoList(agent)).videoListData.some((v) => v.contentsId === target.contentsId),
      'a video for another agent is hidden',
    );
    t.ok(
      (await videoList(agent2)).videoListData.some((v) => v.contentsId === target.contentsId),
      'its agent sees it',
    );
    const forged = await agent.call('/api/SkilUp/getVideoList', { userId: agent2.userId, agCode: agent2.agCode });
    t.equal(forged.statusCode, 403);
    t.same(messageIds(forged), ['ERR_0022']);
    t.equal((await agent.call('/api/SkilUp/narrowVideoList', { userId: agent2.userId })).statusCode, 403);
    t.equal((await agent.call('/api/SkilUp/getToranomaki', { categoryId: 8, agCode: agent2.agCode })).statusCode, 403);
    t.equal((await h.post('/api/SkilUp/getVideoList', { systemKbn: '01' })).statusCode, 401, 'no token');
    t.equal((await agent.call('/api/SkilUp/getVideoList', { systemKbn: '02' })).statusCode, 400);
    // Restore for the playbook test below.
    await h.db.deleteFrom('content_agents').where('content_id', '=', target.contentsId).execute();
    await h.db
      .updateTable('contents')
      .set({ display_target: '0' })
      .where('content_id', '=', target.contentsId)
      .execute();
  });

  await t.test('the playbook: phases, chapters, watched checkbox, comments, dispCount', async (t) => {
    const res = await agent.call('/api/SkilUp/getToranomaki', {
      userId: agent.userId,
      agCode: agent.agCode,
      categoryId: 8,
    });
    t.equal(res.statusCode, 200);
    const book = res.json<PlaybookAnswer>();
    t.same(
      book.skilupPhaseList.map((p) => p.phaseName),
      SKILUP_SEED.playbookPhases,
    );
    t.same(
      book.skilupPhaseList.map((p) => p.phaseKouseiList.length),
      [3, 3, 3, 3],
    );
    t.equal(book.dispCount, 2, 'the program overrides the default 3');
    t.equal(book.skilupCommentList.length, 5);
    const chapter = nth(nth(book.skilupPhaseList, 0).phaseKouseiList, 0);
    t.equal(chapter.chapterName, '第1章');
    t.ok(chapter.chapterTitle.length > 0 && chapter.chapterComment.length > 0);
    t.equal(chapter.chapterCategoryId, 6, 'the modal shows a training video');
    t.equal(chapter.isWatched, false);
    t.equal(
      (
        await agent.call('/api/SkilUp/skilupWatchHistoryReg', {
          categoryId: 8,
          contentsId: chapter.chapterId,
          isWatched: true,
        })
      ).statusCode,
      200,
    );
    const again = (await agent.call('/api/SkilUp/getToranomaki', { categoryId: '8' })).json<PlaybookAnswer>();
    t.equal(nth(nth(again.skilupPhaseList, 0).phaseKouseiList, 0).isWatched, true, 'the chapter checkbox is saved');
    const other = (await agent2.call('/api/SkilUp/getToranomaki', { categoryId: 8 })).json<PlaybookAnswer>();
    t.equal(nth(nth(other.skilupPhaseList, 0).phaseKouseiList, 0).isWatched, false);

    // A linked video the agent may not see: the chapter falls back to itself.
    await h.db
      .updateTable('contents')
      .set({ display_target: '2' })
      .where('content_id', '=', chapter.chapterContentsId)
      .execute();
    await h.db
      .insertInto('content_agents')
      .values({ content_id: chapter.chapterContentsId, ag_code: 'A0000002' })
      .execute();
    const hidden = (await agent.call('/api/SkilUp/getToranomaki', { categoryId: 8 })).json<PlaybookAnswer>();
    const c = nth(nth(hidden.skilupPhaseList, 0).phaseKouseiList, 0);
    t.same([c.chapterCategoryId, c.chapterContentsId], [8, chapter.chapterId]);
    // A chapter targeted elsewhere is not listed at all.
    await h.db
      .updateTable('contents')
      .set({ display_target: '2' })
      .where('content_id', '=', chapter.chapterId)
      .execute();
    await h.db.insertInto('content_agents').values({ content_id: chapter.chapterId, ag_code: 'A0000002' }).execute();
    const fewer = (await agent.call('/api/SkilUp/getToranomaki', { categoryId: 8 })).json<PlaybookAnswer>();
    t.equal(nth(fewer.skilupPhaseList, 0).phaseKouseiList.length, 2);
    const none = (await agent.call('/api/SkilUp/getToranomaki', { categoryId: 1 })).json<PlaybookAnswer>();
    t.same(none, { skilupPhaseList: [], skilupCommentList: [], dispCount: 3 }, 'a category without a program');
    t.equal((await agent.call('/api/SkilUp/getToranomaki', { categoryId: 'x' })).statusCode, 400);
  });
});
