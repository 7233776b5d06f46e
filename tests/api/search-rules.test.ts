// /api/SiteSearch/getContentsList: the keyword rules and their messages (spec 000 §5), the
// posting-date range and its fallbacks, 416 above the maximum, targeting and posting periods,
// the options only provider administrators (or the notices category) get, the narrowing, the
// tag list and the search history.
import t from 'tap';
import { sql } from 'kysely';
import { reindexContents } from '../../api/search/index-content';
import { SEARCH_MAX_RESULTS } from '../../api/search/query';
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
import { search } from '../helpers/search';
import { nth } from '../helpers/indexing';

const msg = (messageId: string, ...args: string[]) => ({ messageId, args });

t.test('site search rules and authority', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent'); // A0000001, segment 首都圏代理店
  const agent2 = await signInAs(h, 'demo-agent2'); // A0000002
  const agadmin = await signInAs(h, 'demo-agadmin'); // administrator of A0000001, not provider
  const provider = await signInAs(h, 'demo-provider');
  const staff = await signInAs(h, 'demo-staff');

  const sakura = await contentByTitle(h, T.sakuraOnly);
  const segment = await contentByTitle(h, T.segmentOnly);
  const minato = await contentByTitle(h, T.minatoOnly);
  const scheduled = await contentByTitle(h, T.scheduled);
  const expired = await contentByTitle(h, T.expired);

  await t.test('keyword rules and messages', async (t) => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await search(agent, body);
      return { status: res.status, messages: res.body.messages };
    };
    t.same(
      await refused({}),
      { status: 400, messages: [msg('ERR_0001', 'キーワード')] },
      'required without a category',
    );
    t.same(await refused({ keyword: '' }), { status: 400, messages: [msg('ERR_0001', 'キーワード')] });
    t.same(
      await refused({ keyword: '研' }),
      { status: 400, messages: [msg('ERR_0028', 'キーワード', '2')] },
      'one character',
    );
    t.same(
      await refused({ keyword: '研\u3000' }),
      { status: 400, messages: [msg('ERR_0028', 'キーワード', '2')] },
      'a full-width space does not count',
    );
    t.same(
      await refused({ keyword: ' 研 ' }),
      { status: 400, messages: [msg('ERR_0028', 'キーワード', '2')] },
      'half-width spaces do not count',
    );
    t.same(
      await refused({ keyword: '\u3000\u3000' }),
      { status: 400, messages: [msg('ERR_0028', 'キーワード', '2')] },
      'only spaces',
    );
    t.same(
      await refused({ keyword: 'あ'.repeat(51) }),
      { status: 400, messages: [msg('ERR_0025', 'キーワード')] },
      'over 50 characters',
    );
    t.equal((await search(agent, { keyword: 'あ'.repeat(50) })).status, 200, '50 characters');
    t.same(
      await refused({ keyword: '研修', narrowKeyword: '新' }),
      { status: 400, messages: [msg('ERR_0028', '絞り込みキーワード', '2')] },
      'a single-character narrow keyword',
    );
    t.same(
      await refused({ keyword: 'a', narrowKeyword: 'b' }),
      { status: 400, messages: [msg('ERR_0028', 'キーワード', '2'), msg('ERR_0028', '絞り込みキーワード', '2')] },
      'every message at once',
    );
    t.same(
      await refused({ categoryId: 2, keyword: 'x' }),
      { status: 400, messages: [msg('ERR_0028', 'キーワード', '2')] },
      'a keyword given on a category page is checked too',
    );

    const whole = await search(agent, { keyword: '研修' });
    t.ok(whole.ids.length > 0);
    t.same(
      (await search(agent, { keyword: '研 修' })).ids,
      whole.ids,
      'a space between two single characters: the same as without',
    );
    t.same(
      (await search(agent, { keyword: '研修', narrowKeyword: '\u3000 ' })).ids,
      whole.ids,
      'a narrow keyword of spaces only is no narrowing',
    );
    const narrowed = await search(agent, { keyword: '研修', narrowKeyword: '新人' });
    t.ok(
      narrowed.ids.length > 0 &&
        narrowed.ids.length < whole.ids.length &&
        narrowed.ids.every((id) => whole.ids.includes(id)),
      'the narrow keyword narrows',
    );
    t.equal(
      (await search(agent, { keyword: '!=&|<>()[]{}~*"' })).status,
      200,
      'the special characters are plain characters',
    );
  });

  await t.test('a category listing holds exactly the visible contents of the category, newest first', async (t) => {
    for (const s of [agent, agent2]) {
      for (const categoryId of [1, 2, 6]) {
        const res = await search(s, { categoryId });
        t.equal(res.status, 200);
        t.same(
          new Set(res.ids),
          await expectedVisibleIds(h, s.agCode, TODAY, { categoryId }),
          `${s.loginId}: category ${categoryId}`,
        );
        const periods = res.rows.map((r) => r.postPeriod);
        t.same(periods, [...periods].sort().reverse(), 'newest first');
        t.ok(
          res.rows.every((r) => r.serchScore === 0),
          'no score without a keyword',
        );
      }
    }
    const notices = await search(agent, { categoryId: '1' });
    t.ok(
      notices.ids.includes(sakura.contentId) && notices.ids.includes(segment.contentId),
      'A0000001: its own and its segment content',
    );
    t.notOk(notices.ids.includes(minato.contentId), 'not A0000002-only content');
    t.notOk(
      notices.ids.includes(scheduled.contentId) || notices.ids.includes(expired.contentId),
      'nothing outside its posting period',
    );
  });

  await t.test('a category the caller may not search is refused', async (t) => {
    for (const categoryId of [12, 15, 100, 99999]) {
      const res = await search(agent, { categoryId });
      t.equal(res.status, 403, `category ${categoryId}`);
      t.same(res.body, { messages: [msg('ERR_0022')] });
    }
  });

  await t.test('targetDate counts for provider administrators only', async (t) => {
    const later = slash(daysFromToday(12)); // the scheduled price revision has started
    t.notOk(
      (await search(agent, { categoryId: 1, targetDate: later })).ids.includes(scheduled.contentId),
      'an agent cannot look ahead',
    );
    t.ok(
      (await search(provider, { categoryId: 1, targetDate: later })).ids.includes(scheduled.contentId),
      'a provider administrator can',
    );
    t.notOk(
      (await search(provider, { categoryId: 1 })).ids.includes(scheduled.contentId),
      'and without it reads today',
    );
  });

  await t.test(
    'provider staff see every display target; a provider administrator acting as an agent sees that agent',
    async (t) => {
      const all = await search(staff, { categoryId: 1 });
      t.ok(
        [sakura, segment, minato].every((c) => all.ids.includes(c.contentId)),
        'staff: every target',
      );
      const acting = actingAs(h, provider, { userId: '0000000004', agCode: 'A0000002' });
      const asMinato = await search(acting, { categoryId: 1 });
      t.same(
        new Set(asMinato.ids),
        await expectedVisibleIds(h, 'A0000002', TODAY, { categoryId: 1 }),
        'acting as A0000002',
      );
    },
  );

  await t.test('the posting-date range: fallbacks, order, format (provider administrators)', async (t) => {
    const from = daysFromToday(-30);
    const to = daysFromToday(-5);
    const all = await search(provider, { categoryId: 2 });
    const startOf = new Map(all.rows.map((r) => [r.contentId, r.postPeriod.replaceAll('/', '-')]));
    const within = (lo: string, hi: string) =>
      new Set([...startOf].filter(([, s]) => s >= lo && s <= hi).map(([id]) => id));
    t.ok(within(from, to).size > 0 && within(from, to).size < all.ids.length, 'the range selects some');
    t.same(
      new Set((await search(provider, { categoryId: 2, postPeriodFrom: slash(from), postPeriodTo: slash(to) })).ids),
      within(from, to),
      'from and to',
    );
    t.same(
      new Set((await search(provider, { categoryId: 2, postPeriodFrom: slash(from) })).ids),
      within(from, '9999-12-31'),
      'only from: to is 9999-12-31',
    );
    t.same(
      new Set((await search(provider, { categoryId: 2, postPeriodTo: slash(to) })).ids),
      within('2001-01-01', to),
      'only to: from is 2001-01-01',
    );
    t.same(
      new Set((await search(provider, { categoryId: 2, postPeriodFrom: from, postPeriodTo: from })).ids),
      within(from, from),
      'yyyy-MM-dd is accepted too',
    );
    const order = await search(provider, { categoryId: 2, postPeriodFrom: slash(to), postPeriodTo: slash(from) });
    t.same(
      [order.status, order.body.messages],
      [400, [msg('ERR_0005', '掲載期間From', '掲載期間To')]],
      'from after to',
    );
    const bad = await search(provider, { categoryId: 2, postPeriodFrom: '2026/02/30', postPeriodTo: 'x' });
    t.same(
      [bad.status, bad.body.messages],
      [400, [msg('ERR_0025', '掲載期間From'), msg('ERR_0025', '掲載期間To')]],
      'not a date',
    );
  });

  await t.test(
    'options for provider administrators only: ignored for agents outside the notices category',
    async (t) => {
      const base = await search(agent, { keyword: '配送' });
      const tried = await search(agent, {
        keyword: '配送',
        isOutsidePostPeriod: true,
        postPeriodFrom: '2099/01/01',
        postPeriodTo: 'nonsense',
      });
      t.equal(tried.status, 200, 'no error for options that do not apply');
      t.same(tried.ids, base.ids, 'the same result as without them');
      t.notOk(tried.ids.includes(expired.contentId), 'the ended content stays hidden');
      const admin = await search(agadmin, { categoryId: 2, isOutsidePostPeriod: true, postPeriodFrom: '2099/01/01' });
      t.same(
        admin.ids,
        (await search(agadmin, { categoryId: 2 })).ids,
        'an agent administrator is not a provider administrator',
      );

      const everything = await search(provider, { keyword: '配送', isOutsidePostPeriod: true });
      t.ok(everything.ids.includes(expired.contentId), 'a provider administrator sees ended contents');
      const price = await search(provider, { keyword: 'コピー用紙の価格改定', isOutsidePostPeriod: true });
      t.ok(price.ids.includes(scheduled.contentId), 'and scheduled ones');
    },
  );

  await t.test('on the notices category everyone gets the range and ended notices, never future ones', async (t) => {
    const withEnded = await search(agent, { categoryId: 1, isOutsidePostPeriod: true });
    t.ok(withEnded.ids.includes(expired.contentId), 'an ended notice');
    t.notOk(withEnded.ids.includes(scheduled.contentId), 'not a scheduled one');
    t.notOk(withEnded.ids.includes(minato.contentId), 'targeting still applies');
    const ranged = await search(agent, {
      categoryId: 1,
      isOutsidePostPeriod: true,
      postPeriodTo: slash(daysFromToday(-60)),
    });
    t.ok(
      ranged.ids.includes(expired.contentId) && ranged.rows.every((r) => r.postPeriod <= slash(daysFromToday(-60))),
      'the range applies',
    );
    const order = await search(agent, { categoryId: 1, postPeriodFrom: '2026/12/01', postPeriodTo: '2026/11/01' });
    t.same(
      [order.status, order.body.messages],
      [400, [msg('ERR_0005', '掲載期間From', '掲載期間To')]],
      'and is checked',
    );
  });

  await t.test('edit links for provider administrators only', async (t) => {
    const asProvider = await search(provider, { categoryId: 1 });
    t.ok(
      asProvider.rows.length > 0 && asProvider.rows.every((r) => r.updateFormPath === '/notification-reg'),
      'provider administrator: the registration form',
    );
    for (const s of [agent, agadmin, staff]) {
      t.ok(
        (await search(s, { categoryId: 1 })).rows.every((r) => r.updateFormPath === ''),
        `${s.loginId}: none`,
      );
    }
  });

  await t.test('narrowing by categories and tags; the tag list', async (t) => {
    const all = await search(agent, { keyword: '配送' });
    const categoriesOf = (rows: typeof all.rows) => [...new Set(rows.map((r) => r.categoryId))].sort();
    t.ok(categoriesOf(all.rows).length > 1, 'hits in several categories');
    const only2 = await search(agent, { keyword: '配送', narrowCategorys: [2], isNarrowCategory: true });
    t.same(categoriesOf(only2.rows), [2], 'narrowCategorys');
    t.same(
      only2.ids,
      all.ids.filter((id) => all.rows.find((r) => r.contentId === id)!.categoryId === 2),
      'the same rows of that category',
    );
    t.same(
      (await search(agent, { keyword: '配送', narrowCategorys: [2], isNarrowCategory: false })).ids,
      all.ids,
      'ignored without isNarrowCategory',
    );
    t.same(
      (await search(agent, { keyword: '配送', categoryId: 1, narrowCategorys: ['2'], isNarrowCategory: true })).ids,
      [],
      'outside the category searched: nothing',
    );
    t.same(
      (await search(agent, { keyword: '配送', narrowCategorys: [12], isNarrowCategory: true })).ids,
      [],
      'a category that is not searchable: nothing',
    );

    const tagId = (
      await h.db.selectFrom('tags').select('tag_id').where('tag_name', '=', '配送').executeTakeFirstOrThrow()
    ).tag_id;
    const tagged = await search(agent, { keyword: '配送', narrowTags: [tagId] });
    const carriers = new Set(
      (await h.db.selectFrom('content_tags').select('content_id').where('tag_id', '=', tagId).execute()).map(
        (r) => r.content_id,
      ),
    );
    t.same(
      tagged.ids,
      all.ids.filter((id) => carriers.has(id)),
      'narrowTags: the hits that carry the tag',
    );
    t.ok(tagged.ids.length > 0);
    t.ok(tagged.tags.find((x) => x.tagId === tagId)?.isChecked, 'the tag is checked in tagListData');
    t.ok(
      tagged.tags.filter((x) => x.tagId !== tagId).every((x) => !x.isChecked),
      'the others are not',
    );
    t.same(
      tagged.tags.map((x) => x.tagId),
      all.tags.map((x) => x.tagId),
      'the tag list does not shrink when narrowing',
    );

    const faq = await search(agent, { categoryId: 2 });
    const tagRows = await h.db
      .selectFrom('tags')
      .select(['tag_id', 'category_id'])
      .orderBy('display_order')
      .orderBy('tag_id')
      .execute();
    t.same(
      faq.tags.map((x) => x.tagId),
      tagRows.filter((tr) => tr.category_id === null || tr.category_id === 2).map((tr) => tr.tag_id),
      'the tag catalogue of the category and the common tags, in display order',
    );
    t.ok(
      faq.tags.every((x) => x.categoryId === 2 || x.categoryId === ''),
      'categoryId of each tag',
    );
    t.ok(
      faq.tags.some((x) => x.categoryId === 2 && x.categoryName === 'FAQ'),
      'with its category name',
    );
    const everywhere = await search(agent, { keyword: '配送' });
    t.equal(
      everywhere.tags.length,
      tagRows.filter((tr) => tr.category_id === null || (tr.category_id >= 1 && tr.category_id <= 8)).length,
      'a search of every category: the tags of all of them',
    );
  });

  await t.test('the search history', async (t) => {
    const before = (
      await h.db
        .selectFrom('search_histories')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    await search(agent, { keyword: '研修', categoryId: 6, isRegSerchHistory: true });
    await search(agent, { keyword: '研修' });
    await search(agent, { categoryId: 6, isRegSerchHistory: true });
    const rows = await h.db.selectFrom('search_histories').selectAll().orderBy('history_id').execute();
    t.equal(rows.length, Number(before) + 1, 'registered only when asked and with a keyword');
    const last = nth(rows, rows.length - 1);
    t.match(last, {
      user_id: agent.userId,
      ag_code: agent.agCode,
      keyword: '研修',
      category_id: 6,
      pseudo_user_id: '',
    });
    t.equal(last.result_count, (await search(agent, { keyword: '研修', categoryId: 6 })).ids.length);
    const acting = actingAs(h, provider, { userId: '0000000004', agCode: 'A0000002' });
    await search(acting, { keyword: '配送', isRegSerchHistory: true });
    const pseudo = await h.db
      .selectFrom('search_histories')
      .selectAll()
      .orderBy('history_id', 'desc')
      .executeTakeFirstOrThrow();
    t.match(
      pseudo,
      { user_id: provider.userId, pseudo_user_id: '0000000004', pseudo_ag_code: 'A0000002', keyword: '配送' },
      'pseudo-login: both ids',
    );
  });

  await t.test('more than the maximum is 416 ERR_0023 naming サイト内検索', async (t) => {
    const ids = await h.db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: SEARCH_MAX_RESULTS + 1 }, (_, i) => ({
        category_id: 3,
        title: `大量申請テスト ${i + 1}`,
        keisai_start: daysFromToday(-1 - (i % 50)),
        last_update: TODAY,
      }));
      const inserted = (await trx.insertInto('contents').values(rows).returning('content_id').execute()).map(
        (r) => r.content_id,
      );
      await reindexContents(trx, inserted);
      return inserted;
    });
    const over = await search(agent, { keyword: '大量申請', isRegSerchHistory: true });
    t.equal(over.status, 416);
    t.same(over.body, { messages: [msg('ERR_0023', 'サイト内検索')] });
    const history = await h.db
      .selectFrom('search_histories')
      .selectAll()
      .orderBy('history_id', 'desc')
      .executeTakeFirstOrThrow();
    t.match(
      history,
      { keyword: '大量申請', result_count: SEARCH_MAX_RESULTS + 1 },
      'the refused search is in the history too',
    );
    t.equal((await search(agent, { categoryId: 3 })).status, 416, 'a category listing too');

    await h.db.updateTable('contents').set({ deleted_at: new Date() }).where('content_id', '=', nth(ids, 0)).execute();
    await reindexContents(h.db, [nth(ids, 0)]);
    const exactly = await search(agent, { keyword: '大量申請' });
    t.equal(exactly.status, 200, 'exactly the maximum is answered');
    t.equal(exactly.ids.length, SEARCH_MAX_RESULTS);
    const narrowed = await search(agent, { keyword: '大量申請', narrowKeyword: 'テスト 1' });
    t.equal(narrowed.status, 200, 'narrowing brings it under the maximum');
    t.ok(narrowed.ids.length > 0 && narrowed.ids.length < SEARCH_MAX_RESULTS);
  });
});
