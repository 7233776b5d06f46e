// Site search in two parts of one statement (docs/search.md, "At a million contents"): the ids
// found and visible first (at most the maximum + 1), then the rows and scores of those ids; and
// the bulk rebuild of the index.
// On a generated corpus with display targets (all, a segment, agent codes), scheduled and ended
// postings and deleted contents, every answer is compared with the oracle of tests/helpers/search.ts
// (String.includes on the raw rows), including the 416 over the maximum.
import t, { type Test } from 'tap';
import { sql } from 'kysely';
import { rebuildSearchIndex, reindexContents } from '../../api/search/index-content';
import { SEARCH_MAX_RESULTS } from '../../api/search/query';
import { generateContents, MID_WORD, RARE_WORDS } from '../bench/corpus';
import { createTestApp } from '../helpers/test-app';
import { signInAs, TODAY } from '../helpers/portal';
import { oracle, search, SEARCH_CATEGORY_IDS } from '../helpers/search';

t.test('two-step search and bulk rebuild agree with the oracle', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  await generateContents(h.db, { n: 4000, today: TODAY, seed: 11 });
  // Deleted contents: one in thirty, soft-deleted as the portal deletes.
  await sql`update contents set deleted_at = now() where content_id % 30 = 7`.execute(h.db);
  // Edge cases of the bulk write (COPY's binary format): a document with no text at all (no
  // keys), and one with backslashes, a tab and characters beyond U+FFFF (4 bytes of UTF-8).
  const [empty, odd] = (
    await h.db
      .selectFrom('contents')
      .select('content_id')
      .where('deleted_at', 'is', null)
      .orderBy('content_id', 'desc')
      .limit(2)
      .execute()
  ).map((c) => c.content_id);
  await h.db.deleteFrom('content_tags').where('content_id', '=', empty!).execute();
  await h.db
    .updateTable('contents')
    .set({ title: '', body_html: '', sub_category_id: null })
    .where('content_id', '=', empty!)
    .execute();
  await h.db
    .updateTable('contents')
    .set({ title: 'C:\\temp\\ 𠮷野家 😀', body_html: '<p>a\tb \\ 𩸽の"煮付け"</p>' })
    .where('content_id', '=', odd!)
    .execute();
  const progress: string[] = [];
  const rebuilt = await rebuildSearchIndex(h.db, {
    batchSize: 700, // several batches: the read of the next one overlaps the write of this one
    onProgress: (p) => progress.push(`${p.phase} ${p.done}/${p.total}`),
  });
  const live = await h.db
    .selectFrom('contents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  t.equal(rebuilt.documents, Number(live.n), 'one document per content not deleted');
  t.equal(progress.at(-1), `index ${rebuilt.documents}/${live.n}`, 'progress ends with the index build');
  t.ok(progress.filter((p) => p.startsWith('documents')).length > 5, 'progress after each batch');

  await t.test('the bulk rebuild writes the very documents reindexContents writes', async (t) => {
    const read = () =>
      h.db
        .selectFrom('search_documents')
        .select(['content_id', 'title', 'tags', 'sub_category', 'body', 'grams'])
        .orderBy('content_id')
        .execute();
    const bulk = await read();
    t.same(bulk.find((d) => d.content_id === empty)?.grams, [], 'a content with no text has no keys');
    t.equal(
      bulk.find((d) => d.content_id === odd)?.title,
      'c:\\temp\\ 𠮷野家 😀',
      'backslashes and 4-byte characters kept',
    );
    const ids = (await h.db.selectFrom('contents').select('content_id').execute()).map((c) => c.content_id);
    await h.db.transaction().execute((trx) => reindexContents(trx, ids));
    t.same(await read(), bulk, `${bulk.length} documents equal, field by field`);
  });

  const agent = await signInAs(h, 'demo-agent'); // A0000001, segment 首都圏代理店
  const agent2 = await signInAs(h, 'demo-agent2'); // A0000002

  const check = async (
    t: Test,
    s: typeof agent,
    body: Record<string, unknown>,
    keyword: string,
    categories: readonly number[],
  ) => {
    const expected = await oracle(h, s.agCode, keyword, categories);
    const res = await search(s, body);
    if (expected.size > SEARCH_MAX_RESULTS) {
      t.equal(res.status, 416, `${s.loginId} ${keyword}: ${expected.size} hits → 416`);
      return;
    }
    const got = new Map(res.rows.map((r) => [r.contentId, r.serchScore]));
    t.equal(res.status, 200, `${s.loginId} ${keyword}`);
    t.same(
      [...got].sort((a, b) => a[0] - b[0]),
      [...expected].sort((a, b) => a[0] - b[0]),
      `${s.loginId} ${JSON.stringify(body)}: ${expected.size} contents with their scores`,
    );
  };

  await t.test('keywords of 2, 3 and 5 characters, two words, rare and frequent', async (t) => {
    const keywords = [...RARE_WORDS, MID_WORD, '研修', '配送', '在庫 廃番', '配送 稟議', 'お知らせ', 'ご案内'];
    for (const s of [agent, agent2])
      for (const keyword of keywords) await check(t, s, { keyword }, keyword, SEARCH_CATEGORY_IDS);
  });

  await t.test('a frequent bigram is more than the maximum: 416', async (t) => {
    const expected = await oracle(h, agent.agCode, 'につ', SEARCH_CATEGORY_IDS);
    t.ok(expected.size > SEARCH_MAX_RESULTS, `につ: ${expected.size} visible hits`);
    t.equal((await search(agent, { keyword: 'につ' })).status, 416);
  });

  await t.test('keyword and narrowing keyword, narrowed to categories', async (t) => {
    const categories = [1, 2, 4, 5];
    for (const s of [agent, agent2])
      for (const [keyword, narrow] of [
        ['配送', '廃番'],
        ['研修', '稟議'],
        ['在庫', '源泉徴収票'],
      ] as const)
        await check(
          t,
          s,
          { keyword, narrowKeyword: narrow, narrowCategorys: categories, isNarrowCategory: true, narrowTags: [] },
          `${keyword} ${narrow}`,
          categories,
        );
  });

  await t.test('a content deleted, then one retargeted, leaves or joins the answer at once', async (t) => {
    const keyword = RARE_WORDS[0];
    const before = await oracle(h, agent.agCode, keyword, SEARCH_CATEGORY_IDS);
    const gone = [...before.keys()][0]!;
    await sql`update contents set deleted_at = now() where content_id = ${gone}`.execute(h.db);
    const after = await search(agent, { keyword });
    t.notOk(after.ids.includes(gone), 'the deleted content is not found');
    await check(t, agent, { keyword }, keyword, SEARCH_CATEGORY_IDS);
    // A content for another agent's code only, retargeted to everyone.
    const hidden = await h.db
      .selectFrom('contents as c')
      .innerJoin('search_documents as d', 'd.content_id', 'c.content_id')
      .select('c.content_id')
      .where('c.display_target', '=', '2')
      .where('c.deleted_at', 'is', null)
      .where('c.keisai_start', '<=', TODAY)
      .where('c.keisai_end', '>=', TODAY)
      .where('d.body', 'like', `%${keyword}%`)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('content_agents as ca')
              .select('ca.ag_code')
              .whereRef('ca.content_id', '=', 'c.content_id')
              .where('ca.ag_code', '=', agent.agCode),
          ),
        ),
      )
      .executeTakeFirst();
    if (hidden) {
      t.notOk((await search(agent, { keyword })).ids.includes(hidden.content_id), 'not found before');
      await sql`update contents set display_target = '0' where content_id = ${hidden.content_id}`.execute(h.db);
      t.ok((await search(agent, { keyword })).ids.includes(hidden.content_id), 'found once retargeted');
    } else t.comment(`no content of ${keyword} targeted at other agents only in this corpus`);
  });
});
