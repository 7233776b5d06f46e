// Site search results kept in memory (api/search/result-cache.ts, issue 26 "Under load"): a
// repeated search is answered without a query, and the cache never gives anyone a result that
// another target, posting period or business date should see — a new, retargeted, ended or
// started content, a segment membership or a tag change shows on the very next call, on this
// instance and (PostgreSQL) on another one sharing the database.
import { sql } from 'kysely';
import t from 'tap';
import { changeFeedOf } from '../../api/cache/change-feed';
import { namedCache } from '../../api/cache/tagged-cache';
import { openDatabase } from '../../api/db/connect';
import { SEARCH_RESULT_CACHE } from '../../api/search/result-cache';
import { reindexContent } from '../../api/search/index-content';
import { daysFromToday, signInAs, type Session } from '../helpers/portal';
import { plantContents, search } from '../helpers/search';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { nth } from '../helpers/indexing';

const KEYWORD = '隔離検証';
const DAY = 24 * 60 * 60_000;

/** Lets a change written straight to the database reach this instance's feed before the next call. */
const heard = async (h: TestApp) => {
  await changeFeedOf(h.db)?.settle();
};

const found = async (s: Session, body: Record<string, unknown> = {}) =>
  (await search(s, { keyword: KEYWORD, ...body })).rows.map((r) => r.contentsTitle).sort();

t.test('search results kept per viewer, criteria and date', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const cache = namedCache(changeFeedOf(h.db)!, SEARCH_RESULT_CACHE);
  const agent1 = await signInAs(h, 'demo-agent'); // A0000001, segment 首都圏代理店
  const agent2 = await signInAs(h, 'demo-agent2'); // A0000002, not in it
  const provider = await signInAs(h, 'demo-provider');

  await plantContents(h, [
    { key: 'all', title: `${KEYWORD}（全員）`, category: 5 },
    { key: 'seg', title: `${KEYWORD}（首都圏）`, category: 5, target: { segment: '首都圏代理店' } },
    { key: 'two', title: `${KEYWORD}（A0000002）`, category: 5, target: { agents: ['A0000002'] } },
    { key: 'soon', title: `${KEYWORD}（明日から）`, category: 5, start: 1 },
    { key: 'ends', title: `${KEYWORD}（今日まで）`, category: 5, start: -3, end: 0 },
  ]);
  await heard(h);

  await t.test('a repeated search is answered from memory, each viewer its own', async (t) => {
    const first1 = await found(agent1);
    const first2 = await found(agent2);
    t.same(first1, [`${KEYWORD}（今日まで）`, `${KEYWORD}（全員）`, `${KEYWORD}（首都圏）`]);
    t.same(first2, [`${KEYWORD}（A0000002）`, `${KEYWORD}（今日まで）`, `${KEYWORD}（全員）`]);
    const hits = cache.hits;
    t.same(await found(agent1), first1, 'the same answer again');
    t.same(await found(agent2), first2);
    t.equal(cache.hits - hits, 2, 'both from memory');
    const narrowed = await found(agent1, { narrowKeyword: '首都圏' });
    t.same(narrowed, [`${KEYWORD}（首都圏）`], 'other criteria are another entry, not the kept answer');
    t.same(
      await found(agent1, { categoryId: 1 }),
      [],
      'another category searched is another entry (nothing of category 5)',
    );
  });

  await t.test('the administrator of the same agent sees what the agent sees; staff see every target', async (t) => {
    const agadmin = await signInAs(h, 'demo-agadmin'); // administrator of A0000001
    t.same(await found(agadmin), await found(agent1), 'same agent: same contents');
    const staff = await signInAs(h, 'demo-staff'); // supplier staff see every display target
    t.ok((await found(staff)).includes(`${KEYWORD}（A0000002）`), 'staff see the content of another target');
    t.notOk((await found(agent1)).includes(`${KEYWORD}（A0000002）`), 'and agent 1 still does not');
  });

  await t.test('the business date: a provider administrator’s date never reaches an agent', async (t) => {
    const tomorrow = daysFromToday(1).replaceAll('-', '/');
    const ahead = await found(provider, { targetDate: tomorrow });
    t.ok(ahead.includes(`${KEYWORD}（明日から）`), 'tomorrow’s content on the business date of tomorrow');
    t.notOk(ahead.includes(`${KEYWORD}（今日まで）`), 'and not the one ending today');
    const today = await found(provider);
    t.notOk(today.includes(`${KEYWORD}（明日から）`), 'without the date: today');
    const agentAsking = await found(agent1, { targetDate: tomorrow });
    t.notOk(agentAsking.includes(`${KEYWORD}（明日から）`), 'an agent sending the date gets today (ignored)');
    t.ok(agentAsking.includes(`${KEYWORD}（今日まで）`));
  });

  await t.test('a new content and a retargeted one are found on the next call', async (t) => {
    t.notOk((await found(agent1)).includes(`${KEYWORD}（新規）`));
    const hits = cache.hits;
    await found(agent1);
    t.equal(cache.hits - hits, 1, 'kept before the change');
    const { fresh } = await plantContents(h, [
      { key: 'fresh', title: `${KEYWORD}（新規）`, category: 5, target: { agents: ['A0000001'] } },
    ]);
    await heard(h);
    t.ok((await found(agent1)).includes(`${KEYWORD}（新規）`), 'new for A0000001: found at once');
    t.notOk((await found(agent2)).includes(`${KEYWORD}（新規）`), 'never by A0000002');

    // Retarget: from A0000001 to A0000002 (the display target and its agent list).
    await h.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('content_agents').where('content_id', '=', fresh!).execute();
      await trx.insertInto('content_agents').values({ content_id: fresh!, ag_code: 'A0000002' }).execute();
      await reindexContent(trx, fresh!);
    });
    await heard(h);
    t.notOk((await found(agent1)).includes(`${KEYWORD}（新規）`), 'retargeted away: gone for A0000001 at once');
    t.ok((await found(agent2)).includes(`${KEYWORD}（新規）`), 'and found by A0000002 at once');

    // Only the agent list changes (no contents row, no reindex): still followed.
    await h.db.deleteFrom('content_agents').where('content_id', '=', fresh!).execute();
    await heard(h);
    t.notOk((await found(agent2)).includes(`${KEYWORD}（新規）`), 'an agent removed from the list: gone at once');
  });

  await t.test('segment membership, deletion, period and title changes', async (t) => {
    t.notOk((await found(agent2)).includes(`${KEYWORD}（首都圏）`));
    const segment = await h.db
      .selectFrom('agent_segments')
      .select('ag_segment_id')
      .where('ag_segment_name', '=', '首都圏代理店')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('agent_segment_members')
      .values({ ag_segment_id: segment.ag_segment_id, ag_code: 'A0000002' })
      .execute();
    await heard(h);
    t.ok((await found(agent2)).includes(`${KEYWORD}（首都圏）`), 'joined the segment: found at once');
    await h.db
      .deleteFrom('agent_segment_members')
      .where('ag_segment_id', '=', segment.ag_segment_id)
      .where('ag_code', '=', 'A0000002')
      .execute();
    await heard(h);
    t.notOk((await found(agent2)).includes(`${KEYWORD}（首都圏）`), 'left it: gone at once');

    const all = await h.db
      .selectFrom('contents')
      .select('content_id')
      .where('title', '=', `${KEYWORD}（全員）`)
      .executeTakeFirstOrThrow();
    await h.db
      .updateTable('contents')
      .set({ keisai_end: daysFromToday(-1) })
      .where('content_id', '=', all.content_id)
      .execute();
    await heard(h);
    t.notOk((await found(agent1)).includes(`${KEYWORD}（全員）`), 'its period ended yesterday: gone at once');
    await h.db
      .updateTable('contents')
      .set({ keisai_end: '9999-12-31', deleted_at: new Date() })
      .where('content_id', '=', all.content_id)
      .execute();
    await heard(h);
    t.notOk((await found(agent1)).includes(`${KEYWORD}（全員）`), 'deleted: gone at once');

    // The tags of the side panel follow a new tag.
    const tagsBefore = (await search(agent1, { keyword: KEYWORD })).tags.map((x) => x.tagName);
    await h.db.insertInto('tags').values({ tag_name: '検証用タグ', category_id: 5, display_order: 1 }).execute();
    await heard(h);
    const tagsAfter = (await search(agent1, { keyword: KEYWORD })).tags.map((x) => x.tagName);
    t.notOk(tagsBefore.includes('検証用タグ'));
    t.ok(tagsAfter.includes('検証用タグ'), 'a new tag shows in the side panel at once');
  });

  await t.test('the next day: a kept result of yesterday is never used', async (t) => {
    const before = await found(agent1);
    t.notOk(before.includes(`${KEYWORD}（明日から）`), 'not started today');
    t.ok(before.includes(`${KEYWORD}（今日まで）`), 'ends today');
    h.clock.advance(DAY);
    const nextDay = await signInAs(h, 'demo-agent'); // yesterday's session has expired
    const answer = await search(nextDay, { keyword: KEYWORD });
    t.equal(answer.status, 200);
    const after = answer.rows.map((r) => r.contentsTitle);
    t.ok(after.includes(`${KEYWORD}（明日から）`), 'started: found on its first day, no change heard');
    t.notOk(after.includes(`${KEYWORD}（今日まで）`), 'ended: gone the day after');
    h.clock.advance(-DAY);
  });
});

t.test(
  'another instance on the same PostgreSQL database drops its kept results when a content changes',
  { skip: !process.env.DATABASE_URL && 'PostgreSQL only (PGlite is one process)' },
  async (t) => {
    const h = await createTestApp();
    t.teardown(h.close);
    const name = nth((await sql<{ name: string }>`select current_database() as name`.execute(h.db)).rows, 0).name;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = await createTestApp({ database: await openDatabase({ kind: 'postgres', url: url.toString() }) });
    t.teardown(other.close);
    const here = await signInAs(h, 'demo-agent2');
    const { token } = await other.signIn('demo-agent2');
    const there = async () =>
      (
        (await other.post('/api/SiteSearch/getContentsList', { systemKbn: '01', keyword: KEYWORD }, { token })).json()
          .containtsListData as Array<{ contentsTitle: string }>
      ).map((r) => r.contentsTitle);
    const cache = namedCache(changeFeedOf(other.db)!, SEARCH_RESULT_CACHE);
    t.same(await there(), [], 'nothing yet');
    const hits = cache.hits;
    t.same(await there(), []);
    t.equal(cache.hits - hits, 1, 'kept on the other instance');

    await plantContents(h, [
      { key: 'x', title: `${KEYWORD}（別インスタンス）`, category: 5, target: { agents: ['A0000002'] } },
    ]);
    await heard(h);
    t.same(await found(here), [`${KEYWORD}（別インスタンス）`], 'the writer’s instance finds it');
    // The other instance hears the NOTIFY within milliseconds; wait for it as a later request would.
    await changeFeedOf(other.db)!.settle();
    t.same(await there(), [`${KEYWORD}（別インスタンス）`], 'and the other instance at once');
  },
);
