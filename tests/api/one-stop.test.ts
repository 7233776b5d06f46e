// The one-stop guide (spec 000 /one-stop-gide; spec 001 "One-stop guide top management"): agents
// get the blocks with the contents the provider chose, only those they may see (targeting through
// contentVisibleTo), search by keyword and tags; the provider lists a category's candidates and
// replaces a block's display targets in order through the form engine (rules ERR_0001 / ERR_0004 /
// ERR_0017, a content of another category, deleted or unknown refused, audit); 403 for callers
// without the permissions.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/portal';
import { reindexContent } from '../../api/search/index-content';
import { sample, tusUpload } from '../helpers/uploads';
import { nth } from '../helpers/indexing';
import type { OneStopAnswer, OneStopItem } from '../../schemas/wire/one-stop';

const msgs = (res: { json(): unknown }) =>
  ((res.json() as { messages?: { messageId: string; args: string[] }[] }).messages ?? []).map(
    (m) => `${m.messageId}:${m.args.join(',')}`,
  );
type Item = OneStopItem;

t.test('one-stop guide', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const provider = await signInAs(h, 'demo-provider');
  const agent = await signInAs(h, 'demo-agent'); // A0000001
  const agent2 = await signInAs(h, 'demo-agent2'); // A0000002
  const agadmin = await signInAs(h, 'demo-agadmin');
  const staff = await signInAs(h, 'demo-staff');

  t.test('the agent page: blocks with images and the chosen contents in order', async (t) => {
    const res = await agent.call('/api/OneStopGide/getOneStopGideList', { targetDate: '' });
    t.equal(res.statusCode, 200);
    const body = res.json();
    t.same(
      body.categoryListData.map((c: { categoryName: string }) => c.categoryName),
      ['FAQ', '申請フォーム', '提案書', 'マニュアル'],
    );
    for (const c of body.categoryListData) {
      t.match(c.imgFileName, /^\/api\/media\//, `${c.categoryName} has an image`);
      t.equal(
        c.dispCount,
        body.oneStopGideListData.filter((i: Item) => i.categoryId === c.categoryId).length,
        `${c.categoryName} count`,
      );
    }
    const faq = body.oneStopGideListData.filter((i: Item) => i.categoryId === 2);
    t.same(
      faq.map((i: Item) => i.displayOrder),
      faq.map((_: Item, n: number) => n + 1),
      'in display order',
    );
    t.same(body.containtsListData, [], 'no search without keyword or tags');
    t.ok(body.tagListData.length > 0, 'tags for the search panel');
    const img = await h.app.inject({ method: 'GET', url: body.categoryListData[0].imgFileName });
    t.equal(img.statusCode, 200, 'the block image loads');
  });

  // A content for A0000002 only, chosen for the FAQ block by the provider.
  const faqOf = async () =>
    (await provider.call('/api/OneStopGideKanri/getContentsList', { categoryId: 2 })).json().oneStopGideList as Item[];
  const targeted = await h.db
    .insertInto('contents')
    .values({
      category_id: 2,
      title: 'Q. みなと事務機様向け特別納期について',
      body_html: '<p>特別納期のご案内です。</p>',
      keisai_start: '2026-11-01',
      last_update: '2026-11-01',
      display_target: '2',
    })
    .returning('content_id')
    .executeTakeFirstOrThrow();
  await h.db.insertInto('content_agents').values({ content_id: targeted.content_id, ag_code: 'A0000002' }).execute();
  await reindexContent(h.db, targeted.content_id);

  t.test('management: candidates, rules, replace in order, audit', async (t) => {
    const init = await provider.call('/api/OneStopGideKanri/getInitialData', {});
    t.equal(init.statusCode, 200);
    t.same(
      init.json().categoryListData.map((c: { categoryId: number }) => c.categoryId),
      [2, 3, 4, 5],
    );
    t.same(
      msgs(await provider.call('/api/OneStopGideKanri/getContentsList', {})),
      ['ERR_0001:カテゴリ'],
      'category required',
    );
    t.same(
      msgs(await provider.call('/api/OneStopGideKanri/getContentsList', { categoryId: 1 })),
      ['ERR_0006:カテゴリ'],
      'not a one-stop category',
    );
    const list = await faqOf();
    t.ok(
      list.some((i) => i.contentsId === targeted.content_id && !i.displayTargetFlag),
      'every content of the category is a candidate, targeted ones too',
    );
    const chosen = list.filter((i) => i.displayTargetFlag).sort((a, b) => a.displayOrder - b.displayOrder);
    t.ok(chosen.length > 0, 'the seeded display targets');

    t.same(
      msgs(await provider.call('/api/OneStopGideKanri/createDisplayTarget', { contentsList: [] })),
      ['ERR_0004:表示対象'],
      'at least one display target',
    );
    const notice = await h.db
      .selectFrom('contents')
      .select('content_id')
      .where('category_id', '=', 1)
      .executeTakeFirstOrThrow();
    t.same(
      msgs(
        await provider.call('/api/OneStopGideKanri/createDisplayTarget', {
          contentsList: [{ categoryId: 2, contentsId: notice.content_id }],
        }),
      ),
      ['ERR_0009:コンテンツ'],
      'a content of another category',
    );
    t.same(
      msgs(
        await provider.call('/api/OneStopGideKanri/createDisplayTarget', {
          contentsList: [
            { categoryId: 2, contentsId: nth(chosen, 0).contentsId },
            { categoryId: 3, contentsId: 1 },
          ],
        }),
      ),
      ['ERR_0006:カテゴリ'],
      'one category per call',
    );

    const save = (list: unknown[]) =>
      provider.call('/api/OneStopGideKanri/createDisplayTarget', { contentsList: list });
    t.same(
      msgs(await save([{ categoryId: 1, contentsId: notice.content_id }])),
      ['ERR_0006:カテゴリ'],
      'a category that has no one-stop block',
    );
    t.same(msgs(await save([{ categoryId: 2, contentsId: 99999999 }])), ['ERR_0009:コンテンツ'], 'an unknown content');
    t.same(
      msgs(await save([{ categoryId: 2, contentsId: 'x1' }])),
      ['ERR_0025:表示対象'],
      'not a content id: a value its column cannot hold (docs/forms.md)',
    );
    t.same(
      msgs(
        await save([
          { categoryId: 2, contentsId: nth(chosen, 0).contentsId },
          { categoryId: 2, contentsId: String(nth(chosen, 0).contentsId) },
        ]),
      ),
      ['ERR_0017:表示対象'],
      'a content twice',
    );
    const gone = await h.db
      .insertInto('contents')
      .values({
        category_id: 2,
        title: '削除済みのFAQ',
        body_html: '<p>x</p>',
        keisai_start: '2026-11-01',
        last_update: '2026-11-01',
        display_target: '0',
        deleted_at: new Date(),
      })
      .returning('content_id')
      .executeTakeFirstOrThrow();
    t.same(
      msgs(await save([{ categoryId: 2, contentsId: gone.content_id }])),
      ['ERR_0009:コンテンツ'],
      'a deleted content',
    );
    t.same(msgs(await save('x' as unknown as unknown[])), ['ERR_0025:表示対象'], 'not a list');
    t.equal((await faqOf()).filter((i) => i.displayTargetFlag).length, chosen.length, 'nothing refused was stored');

    // The targeted content first, then the former first two swapped.
    const wanted = [targeted.content_id, nth(chosen, 1).contentsId, nth(chosen, 0).contentsId];
    const res = await save(wanted.map((contentsId) => ({ categoryId: '2', contentsId: String(contentsId) })));
    t.equal(res.statusCode, 200);
    const after = (await faqOf()).filter((i) => i.displayTargetFlag).sort((a, b) => a.displayOrder - b.displayOrder);
    t.same(
      after.map((i) => i.contentsId),
      wanted,
      'stored in the chosen order',
    );
    t.same(
      after.map((i) => i.displayOrder),
      [1, 2, 3],
      'numbered from 1',
    );
    const rows = await h.db
      .selectFrom('one_stop_display_targets')
      .select('updated_by')
      .where('category_id', '=', 2)
      .execute();
    t.ok(
      rows.every((r) => r.updated_by === provider.userId),
      'the rows say who set them',
    );
    const audit = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'one_stop_display_targets')
      .execute();
    t.equal(audit.length, 1, 'audited once');
    t.equal(String(nth(audit, 0).entity_id), '2', 'the FAQ block');
    const json = (v: unknown) =>
      (typeof v === 'string' ? JSON.parse(v) : v) as { contentsList: { contentsId: number }[] };
    t.same(
      json(nth(audit, 0).before_data).contentsList.map((e) => e.contentsId),
      chosen.map((i) => i.contentsId),
      'the list before',
    );
    t.same(
      json(nth(audit, 0).after_data).contentsList.map((e) => e.contentsId),
      wanted,
      'the list after',
    );
    // Another block is not touched by the FAQ block's save.
    t.ok(
      (await provider.call('/api/OneStopGideKanri/getContentsList', { categoryId: 3 }))
        .json()
        .oneStopGideList.some((i: Item) => i.displayTargetFlag),
      'the application form block keeps its targets',
    );
  });

  t.test("agents see the provider's choice, filtered by targeting", async (t) => {
    const faqFor = async (s: typeof agent) =>
      ((await s.call('/api/OneStopGide/getOneStopGideList', {})).json().oneStopGideListData as Item[])
        .filter((i) => i.categoryId === 2)
        .map((i) => i.contentsId);
    const two = await faqFor(agent2);
    t.equal(two.length, 3);
    t.equal(two[0], targeted.content_id, 'A0000002 sees the content targeted at it, first');
    const one = await faqFor(agent);
    t.equal(one.length, 2, 'A0000001 sees the other two only');
    t.notOk(one.includes(targeted.content_id), 'never the content for A0000002');
    const block = (await agent.call('/api/OneStopGide/getOneStopGideList', {}))
      .json()
      .categoryListData.find((c: { categoryId: number }) => c.categoryId === 2);
    t.equal(block.dispCount, 2, 'the count is what the agent sees');
  });

  t.test("the block's image and explanatory text, edited with the display targets", async (t) => {
    const load = async () =>
      (await provider.call('/api/OneStopGideKanri/getCategoryData', { categoryId: '3' })).json().categoryData as {
        categoryId: string;
        description: string;
        imgFileList: { fileName: string; fileUrl: string }[];
      };
    const before = await load();
    t.equal(before.categoryId, '3');
    t.ok(before.description.length > 0, 'the seeded text');
    t.equal(before.imgFileList.length, 1, 'the seeded image');
    t.same(
      msgs(await provider.call('/api/OneStopGideKanri/getCategoryData', { categoryId: '1' })),
      ['ERR_0009:ワンストップガイドTOP管理'],
      'a category without a block',
    );
    const targets = (
      (await provider.call('/api/OneStopGideKanri/getContentsList', { categoryId: 3 })).json().oneStopGideList as Item[]
    )
      .filter((i) => i.displayTargetFlag)
      .sort((a, b) => a.displayOrder - b.displayOrder);
    const contentsList = targets.map((i) => ({ categoryId: 3, contentsId: i.contentsId }));
    const save = (extra: Record<string, unknown>) =>
      provider.call('/api/OneStopGideKanri/createDisplayTarget', { contentsList, ...extra });

    t.same(msgs(await save({ description: 'あ'.repeat(256) })), ['ERR_0025:カテゴリの説明文'], 'the text at most 255');
    const meta = { agcode: 'P0000001', userid: provider.userId };
    const pdf = await tusUpload(h, provider.token, 'block.pdf', sample.pdf(), meta);
    t.same(
      msgs(await save({ imgFileList: [{ rowNo: 1, fileName: 'block.pdf', uploadId: pdf }] })).map(
        (m) => m.split(':')[0],
      ),
      ['ERR_0027'],
      'a PDF is no block image',
    );

    const png = await tusUpload(h, provider.token, '申請フォーム.png', sample.png(), meta);
    const res = await save({
      description: '各種申請書はこちらから。',
      imgFileList: [{ rowNo: 1, fileName: '申請フォーム.png', uploadId: png, isUpload: true }],
    });
    t.equal(res.statusCode, 200);
    const after = await load();
    t.equal(after.description, '各種申請書はこちらから。', 'the text stored');
    t.equal(nth(after.imgFileList, 0).fileName, '申請フォーム.png', 'the image stored');
    const block = (await agent.call('/api/OneStopGide/getOneStopGideList', {}))
      .json()
      .categoryListData.find((c: { categoryId: number }) => c.categoryId === 3);
    t.equal(block.description, '各種申請書はこちらから。', 'agents read the new text');
    t.equal(block.imgFileName, nth(after.imgFileList, 0).fileUrl, 'and see the new image');
    t.equal((await h.app.inject({ method: 'GET', url: block.imgFileName })).statusCode, 200, 'which loads');

    // A save of the display targets alone keeps the block's text and image.
    t.equal((await save({})).statusCode, 200);
    const kept = await load();
    t.equal(kept.description, '各種申請書はこちらから。');
    t.equal(nth(kept.imgFileList, 0).fileName, '申請フォーム.png');
    for (const s of [agent, agadmin, staff])
      t.equal(
        (await s.call('/api/OneStopGideKanri/getCategoryData', { categoryId: '3' })).statusCode,
        403,
        `${s.loginId}: no block data`,
      );
  });

  t.test('search by keyword and tags within the one-stop categories', async (t) => {
    const res = await agent.call('/api/OneStopGide/getOneStopGideList', { keyword: '納期' });
    t.equal(res.statusCode, 200);
    const rows = res.json<OneStopAnswer>().containtsListData;
    t.ok(rows.length > 0, 'found');
    t.ok(
      rows.every((r) => [2, 3, 4, 5].includes(r.categoryId)),
      'one-stop categories only',
    );
    t.notOk(
      rows.some((r) => r.contentId === targeted.content_id),
      'targeting applies to the search',
    );
    t.ok(
      (await agent2.call('/api/OneStopGide/getOneStopGideList', { keyword: '特別納期' }))
        .json<OneStopAnswer>()
        .containtsListData.some((r) => r.contentId === targeted.content_id),
      'A0000002 finds its own',
    );
    const tag = res.json<OneStopAnswer>().tagListData.find((x) => x.tagName === '申請書')!;
    const byTag = (
      await agent.call('/api/OneStopGide/getOneStopGideList', { narrowTags: [tag.tagId] })
    ).json<OneStopAnswer>().containtsListData;
    const tagged = new Set(
      (await h.db.selectFrom('content_tags').select('content_id').where('tag_id', '=', tag.tagId).execute()).map(
        (r) => r.content_id,
      ),
    );
    t.ok(
      byTag.length > 0 && byTag.every((r) => tagged.has(r.contentId)),
      'the tag 申請書 finds the contents tagged with it',
    );
    t.ok(
      byTag.some((r) => r.categoryId === 3),
      'application forms among them',
    );
    t.same(
      msgs(await agent.call('/api/OneStopGide/getOneStopGideList', { keyword: '納' })),
      ['ERR_0028:キーワード,2'],
      'a one-character keyword',
    );
  });

  t.test('authority', async (t) => {
    for (const s of [agent, agadmin, staff]) {
      t.equal(
        (await s.call('/api/OneStopGideKanri/getInitialData', {})).statusCode,
        403,
        `${s.loginId}: no management`,
      );
      t.equal(
        (await s.call('/api/OneStopGideKanri/getContentsList', { categoryId: 2 })).statusCode,
        403,
        `${s.loginId}: no candidates`,
      );
      t.equal(
        (await s.call('/api/OneStopGideKanri/getCategoryData', { categoryId: 2 })).statusCode,
        403,
        `${s.loginId}: no block data`,
      );
      t.equal(
        (
          await s.call('/api/OneStopGideKanri/createDisplayTarget', {
            contentsList: [{ categoryId: 2, contentsId: targeted.content_id }],
          })
        ).statusCode,
        403,
        `${s.loginId}: no change`,
      );
    }
    t.equal(
      (
        await provider.call('/api/OneStopGideKanri/createDisplayTarget', {
          agCode: 'A0000002',
          contentsList: [{ categoryId: 2, contentsId: targeted.content_id }],
        })
      ).statusCode,
      403,
      'a forged agCode',
    );
    t.equal((await h.post('/api/OneStopGide/getOneStopGideList', { systemKbn: '01' })).statusCode, 401, 'no token');
  });
});
