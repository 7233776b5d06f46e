// The portal top's news and the paged category lists (api/resources/info/repository.ts) ask the
// important contents and the others apart (issue 26: index-ordered at national scale). Their
// answer must stay the one order of "important first, newest posting, then id": checked against
// an oracle computed here from the raw rows, across page boundaries that fall inside the
// important ones, with important periods that have ended or not begun, for an agent (targeting)
// and for the provider (every target).
import t from 'tap';
import { createTestApp } from '../helpers/test-app';
import { daysFromToday, expectedVisibleIds, signInAs, TODAY, type Session } from '../helpers/portal';

const CATEGORY = 2; // FAQ
const PAGE = 20;

t.test('news and category lists keep important first, newest, then id', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const provider = await signInAs(h, 'demo-provider');
  const segment = await h.db
    .selectFrom('agent_segments')
    .select('ag_segment_id')
    .where('ag_segment_name', '=', '関西・九州代理店') // A0000001 is not a member
    .executeTakeFirstOrThrow();

  // 30 important (some outside their important period) and 35 others, posting starts that tie.
  const rows = Array.from({ length: 65 }, (_, i) => {
    const important = i < 30;
    const jyuyo = important ? (i % 5 === 0 ? 'ended' : i % 7 === 0 ? 'later' : 'now') : null;
    return {
      category_id: CATEGORY,
      title: `並び順の確認 ${i}`,
      keisai_start: daysFromToday(-(i % 9)),
      last_update: TODAY,
      jyuyo_flg: important,
      jyuyo_start: jyuyo === 'later' ? daysFromToday(3) : jyuyo ? daysFromToday(-20) : null,
      jyuyo_end:
        jyuyo === 'ended' ? daysFromToday(-1) : jyuyo === 'now' && i % 2 ? null : jyuyo ? daysFromToday(10) : null,
      display_target: i % 11 === 3 ? ('1' as const) : ('0' as const),
      ag_segment_id: i % 11 === 3 ? segment.ag_segment_id : null,
    };
  });
  await h.db.insertInto('contents').values(rows).execute();

  const all = await h.db
    .selectFrom('contents')
    .select(['content_id', 'keisai_start', 'jyuyo_flg', 'jyuyo_start', 'jyuyo_end'])
    .where('category_id', '=', CATEGORY)
    .execute();
  const importantNow = (r: (typeof all)[number]) =>
    r.jyuyo_flg && (r.jyuyo_start ?? TODAY) <= TODAY && (r.jyuyo_end ?? TODAY) >= TODAY;
  const oracle = (visible: Set<number>) =>
    all
      .filter((r) => visible.has(r.content_id))
      .sort(
        (a, b) =>
          Number(importantNow(b)) - Number(importantNow(a)) ||
          b.keisai_start.localeCompare(a.keisai_start) ||
          b.content_id - a.content_id,
      )
      .map((r) => r.content_id);

  async function listAll(s: Session): Promise<{ ids: number[]; totals: number[] }> {
    const ids: number[] = [];
    const totals: number[] = [];
    for (let page = 1; page < 20; page++) {
      const res = await s.call('/api/Info/getCategoryContentsList', { categoryId: CATEGORY, page });
      t.equal(res.statusCode, 200);
      const json = res.json<{ infoListData: { contentId: number }[]; totalCount: number }>();
      totals.push(json.totalCount);
      if (json.infoListData.length === 0) break;
      t.ok(json.infoListData.length <= PAGE);
      ids.push(...json.infoListData.map((r) => r.contentId));
    }
    return { ids, totals };
  }

  const forAgent = oracle(await expectedVisibleIds(h, 'A0000001', TODAY, { categoryId: CATEGORY }));
  t.ok(forAgent.length > 2 * PAGE, 'several pages');
  const agentList = await listAll(agent);
  t.same(agentList.ids, forAgent, 'the agent: every page in the one order');
  t.ok(
    agentList.totals.every((n) => n === forAgent.length),
    'the agent: the total on every page',
  );

  const everyone = new Set(all.map((r) => r.content_id));
  const visibleToProvider = new Set(
    (
      await h.db
        .selectFrom('contents')
        .select('content_id')
        .where('category_id', '=', CATEGORY)
        .where('deleted_at', 'is', null)
        .where('keisai_start', '<=', TODAY)
        .where('keisai_end', '>=', TODAY)
        .execute()
    )
      .map((r) => r.content_id)
      .filter((id) => everyone.has(id)),
  );
  const forProvider = oracle(visibleToProvider);
  t.ok(forProvider.length > forAgent.length, 'the provider sees the segment contents too');
  t.same((await listAll(provider)).ids, forProvider, 'the provider: every page in the one order');

  // The portal top's news is the same order's head (category 1 has the seeds' own contents).
  await h.db.updateTable('contents').set({ category_id: 1 }).where('category_id', '=', CATEGORY).execute();
  const allNews = await h.db
    .selectFrom('contents')
    .select(['content_id', 'keisai_start', 'jyuyo_flg', 'jyuyo_start', 'jyuyo_end'])
    .where('category_id', '=', 1)
    .execute();
  all.splice(0, all.length, ...allNews);
  const expectedNews = oracle(await expectedVisibleIds(h, 'A0000001', TODAY, { categoryId: 1 })).slice(0, 10);
  t.equal(expectedNews.length, 10);
  const top = await agent.call('/api/Info/getPortalTopInfo', {});
  t.equal(top.statusCode, 200);
  t.same(
    top.json<{ infoListData: { contentId: number }[] }>().infoListData.map((r) => r.contentId),
    expectedNews,
    'the portal news: the first ten in the one order',
  );
});
