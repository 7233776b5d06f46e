// Content registration on the declared-form engine (spec 001 sections 4, 5, 7: /api/ContentsReg/*):
// a notice with a segment target, rich text, links, files through tus, a search tag; the targeted
// agent sees it at once (detail and search), another agent gets 403; update, copy, delete;
// every rule message at once; authority (permission category per content category, plain agent
// 403, ids in the body never widen anything); the rich text sanitised; the click mailer.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sample, tusUpload } from '../helpers/uploads';
import { nth } from '../helpers/indexing';

const msgIds = (res: { json(): unknown }) =>
  ((res.json() as { messages?: { messageId: string }[] }).messages ?? []).map((m) => m.messageId);

t.test('content registration', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const provider = (await h.signIn('demo-provider')).token;
  const agent = (await h.signIn('demo-agent')).token; // A0000001, in segment 1 (首都圏代理店)
  const agent2 = (await h.signIn('demo-agent2')).token; // A0000002, not in it
  const agadmin = (await h.signIn('demo-agadmin')).token;
  const staff = (await h.signIn('demo-staff')).token;
  const meta = { agcode: 'P0000001', userid: '0000000001' };
  const b = (extra: Record<string, unknown>) => ({ systemKbn: '01', ...extra });

  const init = await h.post('/api/ContentsReg/getInitialDisplayData', b({ contentsCategoryId: '1' }), {
    token: provider,
  });
  t.equal(init.statusCode, 200, init.body);
  const data = init.json().initialDisplayData;
  t.equal(data.categoryName, 'お知らせ');
  t.equal(data.isOneStopGide, false);
  t.ok(data.subCategoryList.length > 0, 'sub-categories of the category');
  t.ok(data.agSegmentList.length >= 2, 'segments');
  const tag = data.kensakuTagList[0];
  t.ok(tag, 'tags');

  const pdf = await tusUpload(h, provider, '配送スケジュール.pdf', sample.pdf(), meta);
  const png = await tusUpload(h, provider, '地図.png', sample.png(), meta);
  const thumb = await tusUpload(h, provider, 'サムネイル.png', sample.png(), meta);
  const notice = {
    contentsCategoryId: '1',
    subCategoryId: data.subCategoryList[0].subCategoryId,
    keisaiKikanStart: '2026-11-01',
    keisaiKikanEnd: '9999-12-31',
    jyuyoFlg: false,
    lastUpdate: '2026-11-20',
    title: '年末の臨時配送便のご案内（登録テスト）',
    hyojiTaisho: '1',
    agSegmentId: data.agSegmentList[0].agSegmentCode,
    body: '<p>臨時便の<strong>ご案内</strong>です。</p><script>alert(1)</script><p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p><svg><script>alert(2)</script></svg>',
    contentsLinkList: [
      { rowNo: 1, caption: '配送カレンダー', url: 'https://example.jp/calendar' },
      { rowNo: 2, caption: '', url: '' },
      { rowNo: 3, caption: '', url: '' },
    ],
    contentsTempFileList: [{ rowNo: 1, fileName: '配送スケジュール.pdf', size: 40, uploadId: pdf, isUpload: true }],
    contentsTempFileExp: '12月の配送スケジュールです',
    contentsImgList: [{ rowNo: 1, fileName: '地図.png', size: 16, uploadId: png, isUpload: true }],
    kensakuTagList: [{ ...tag, isChecked: true }],
    kanriTag: '配送,年末',
    thumbnailFileList: [{ rowNo: 1, fileName: 'サムネイル.png', size: 16, uploadId: thumb, isUpload: true }],
  };

  t.test('authority', async (t) => {
    for (const [who, token] of [
      ['agent', agent],
      ['agent administrator', agadmin],
      ['supplier staff (no 103)', staff],
    ] as const) {
      const res = await h.post('/api/ContentsReg/RegContents', b(notice), { token });
      t.equal(res.statusCode, 403, `${who} may not register`);
      t.equal(
        (await h.post('/api/ContentsReg/getInitialDisplayData', b({ contentsCategoryId: '1' }), { token })).statusCode,
        403,
        `${who} initial data`,
      );
    }
    t.equal(
      (await h.post('/api/ContentsReg/RegContents', b({ ...notice, contentsCategoryId: '6' }), { token: provider }))
        .statusCode,
      403,
      'skill-up contents are not registered here',
    );
    t.equal(
      (await h.post('/api/ContentsReg/RegContents', b({ ...notice, agCode: 'A0000002' }), { token: provider }))
        .statusCode,
      403,
      'a forged caller agCode',
    );
    t.equal((await h.post('/api/ContentsReg/RegContents', b(notice))).statusCode, 401, 'no token');
  });

  t.test('empty submit: every message at once', async (t) => {
    const res = await h.post(
      '/api/ContentsReg/RegContents',
      b({
        contentsCategoryId: '1',
        hyojiTaisho: '2',
        body: '<p></p>',
        contentsLinkList: [{ rowNo: 1, caption: 'x', url: '' }],
      }),
      { token: provider },
    );
    t.equal(res.statusCode, 400);
    const ids = msgIds(res);
    for (const id of ['ERR_0003', 'ERR_0001', 'ERR_0002']) t.ok(ids.includes(id), id);
    const texts = (res.json().messages as { messageId: string; args: string[] }[]).map(
      (m) => `${m.messageId}:${m.args.join(',')}`,
    );
    for (const want of [
      'ERR_0003:サブカテゴリ',
      'ERR_0001:掲載期間From',
      'ERR_0001:タイトル',
      'ERR_0001:本文',
      'ERR_0002:代理店コード',
      'ERR_0002:リンク1のURL',
      'ERR_0003:検索タグ',
    ])
      t.ok(texts.includes(want), want);
    const order = await h.post(
      '/api/ContentsReg/RegContents',
      b({ ...notice, keisaiKikanStart: '2026-12-31', keisaiKikanEnd: '2026-12-01', title: 'x'.repeat(256) }),
      { token: provider },
    );
    t.same(msgIds(order).sort(), ['ERR_0005', 'ERR_0025'].sort());
    const wrongType = await h.post(
      '/api/ContentsReg/RegContents',
      b({ ...notice, title: { a: 1 }, contentsLinkList: 'x' }),
      { token: provider },
    );
    t.equal(wrongType.statusCode, 400, 'wrong JSON types are a 400');
  });

  let id = 0;
  t.test('register: visible at once to exactly its targets', async (t) => {
    const res = await h.post('/api/ContentsReg/RegContents', b(notice), { token: provider });
    t.equal(res.statusCode, 200, res.body);
    id = Number(res.json().contentsId);
    t.ok(id > 0);
    const row = await h.db.selectFrom('contents').selectAll().where('content_id', '=', id).executeTakeFirstOrThrow();
    t.notMatch(row.body_html, /script|onerror|javascript:|<img|<svg/i, 'sanitised on the server');
    t.match(row.body_html, /<strong>ご案内<\/strong>/);
    t.equal(row.created_by, '0000000001');

    const detail = await h.post('/api/ContentsDetail/getContentsDetail', b({ categoryId: 1, contentId: id }), {
      token: agent,
    });
    t.equal(detail.statusCode, 200, 'the segment member sees it');
    t.equal(
      (await h.post('/api/ContentsDetail/getContentsDetail', b({ categoryId: 1, contentId: id }), { token: agent2 }))
        .statusCode,
      403,
      'another agent does not',
    );
    const found = await h.post('/api/SiteSearch/getContentsList', b({ keyword: '臨時配送便' }), { token: agent });
    t.ok(JSON.stringify(found.json()).includes('年末の臨時配送便のご案内'), 'found by search at once');
    const notFound = await h.post('/api/SiteSearch/getContentsList', b({ keyword: '臨時配送便' }), { token: agent2 });
    t.notOk(JSON.stringify(notFound.json()).includes('年末の臨時配送便のご案内'), 'not found by another agent');
  });

  t.test('load, update, copy, delete', async (t) => {
    const load = await h.post('/api/ContentsReg/getContents', b({ contentsId: String(id), contentsCategoryId: '1' }), {
      token: provider,
    });
    t.equal(load.statusCode, 200, load.body);
    const c = load.json().contents;
    t.equal(c.title, notice.title);
    t.equal(c.contentsTempFileList[0].fileName, '配送スケジュール.pdf');
    t.equal(c.contentsImgList[0].fileName, '地図.png');
    t.equal(c.contentsTempFileExp, '12月の配送スケジュールです');
    t.same(
      c.thumbnailFileList.map((f: { fileName: string }) => f.fileName),
      ['サムネイル.png'],
      'the uploaded thumbnail',
    );
    t.equal(c.contentsLinkList[0].url, 'https://example.jp/calendar');
    t.same(c.kanriTagList, [{ tagName: '配送' }, { tagName: '年末' }]);
    t.equal(c.kensakuTagList.find((x: { tagId: number }) => x.tagId === tag.tagId).isChecked, true);
    t.equal(
      (
        await h.post('/api/ContentsReg/getContents', b({ contentsId: String(id), contentsCategoryId: '2' }), {
          token: provider,
        })
      ).statusCode,
      400,
      'not a content of that category',
    );

    const upd = await h.post(
      '/api/ContentsReg/UpdateContents',
      b({
        ...c,
        title: '年末の臨時配送便のご案内（更新）',
        hyojiTaisho: '2',
        hyojiTaishoCodeList: ['A0000002'],
        contentsImgList: [],
      }),
      { token: provider },
    );
    t.equal(upd.statusCode, 200, upd.body);
    t.equal(
      (await h.post('/api/ContentsDetail/getContentsDetail', b({ categoryId: 1, contentId: id }), { token: agent2 }))
        .statusCode,
      200,
      'now the agent code target sees it',
    );
    t.equal(
      (await h.post('/api/ContentsDetail/getContentsDetail', b({ categoryId: 1, contentId: id }), { token: agent }))
        .statusCode,
      403,
      'and the segment member no longer',
    );
    const files = await h.db
      .selectFrom('content_files')
      .select(['kind', 'file_name'])
      .where('content_id', '=', id)
      .execute();
    t.same(
      files,
      [{ kind: 'file', file_name: '配送スケジュール.pdf' }],
      'the removed image is gone, the kept file stays',
    );

    const copy = await h.post(
      '/api/ContentsReg/RegContents',
      b({ ...c, contentsId: '', copyContentsId: String(id), title: 'コピーしたお知らせ' }),
      { token: provider },
    );
    t.equal(copy.statusCode, 200, copy.body);
    const copyId = Number(copy.json().contentsId);
    t.not(copyId, id);
    const copied = await h.db
      .selectFrom('content_files')
      .select(['kind', 'file_name', 'stored_key'])
      .where('content_id', '=', copyId)
      .orderBy('kind')
      .execute();
    t.same(
      copied.map((f) => f.file_name),
      ['配送スケジュール.pdf'],
      'a copy starts with the source files it still has',
    );
    t.equal(
      nth(copied, 0).stored_key,
      (
        await h.db
          .selectFrom('content_files')
          .select('stored_key')
          .where('content_id', '=', id)
          .executeTakeFirstOrThrow()
      ).stored_key,
      'sharing the stored bytes',
    );

    const del = await h.post(
      '/api/ContentsReg/DeleteContents',
      b({ contentsId: String(id), contentsCategoryId: '1' }),
      { token: provider },
    );
    t.equal(del.statusCode, 200, del.body);
    t.equal(
      (await h.post('/api/ContentsDetail/getContentsDetail', b({ categoryId: 1, contentId: id }), { token: agent2 }))
        .statusCode,
      403,
      'deleted: gone at once',
    );
    const gone = await h.post('/api/SiteSearch/getContentsList', b({ keyword: '臨時配送便' }), { token: agent2 });
    t.notOk(JSON.stringify(gone.json()).includes('（更新）'), 'and out of search');
    const audits = await h.db
      .selectFrom('audit_logs')
      .select('action')
      .where('entity', '=', 'content')
      .where('entity_id', '=', String(id))
      .orderBy('audit_id')
      .execute();
    t.same(
      audits.map((a) => a.action),
      ['create', 'update', 'delete'],
    );
  });

  t.test("someone else's upload is refused; a used upload cannot be reused", async (t) => {
    const other = await tusUpload(h, agadmin, 'x.pdf', sample.pdf(), {
      agcode: 'A0000001',
      userid: '0000000002',
    }).catch(() => null);
    if (other) {
      const res = await h.post(
        '/api/ContentsReg/RegContents',
        b({
          ...notice,
          thumbnailFileList: [],
          contentsImgList: [],
          contentsTempFileList: [{ rowNo: 1, fileName: 'x.pdf', uploadId: other, isUpload: true }],
        }),
        { token: provider },
      );
      t.equal(res.statusCode, 403);
    }
    const res = await h.post('/api/ContentsReg/RegContents', b(notice), { token: provider });
    t.equal(res.statusCode, 400, 'the uploads of the first save were used');
    await t.rejects(
      tusUpload(h, provider, 'virus.pdf', sample.exe(), meta),
      /ERR_0027/,
      'content that does not match the extension is refused on upload',
    );
    const txt = await tusUpload(h, provider, 'memo.txt', 'テキスト', meta);
    const bad = await h.post(
      '/api/ContentsReg/RegContents',
      b({
        ...notice,
        thumbnailFileList: [],
        contentsImgList: [{ rowNo: 1, fileName: 'memo.txt', uploadId: txt, isUpload: true }],
        contentsTempFileList: [],
      }),
      { token: provider },
    );
    t.same(msgIds(bad), ['ERR_0027'], 'an extension the section does not take');
  });

  t.test('click mailer: users of the targeted agents, or their administrators only', async (t) => {
    const res = await h.post(
      '/api/ContentsReg/RegContents',
      b({
        ...notice,
        contentsTempFileList: [],
        contentsImgList: [],
        thumbnailFileList: [],
        title: 'メール送信テスト',
        hyojiTaisho: '2',
        agSegmentId: '',
        hyojiTaishoCodeList: ['A0000001'],
      }),
      { token: provider },
    );
    t.equal(res.statusCode, 200, res.body);
    const mailId = res.json().contentsId;
    const before = h.smtp.mails.length;
    const sent = await h.post(
      '/api/ContentsReg/sendClickMailer',
      b({ categoryId: 1, contentsId: mailId, isAdminOnly: true }),
      { token: provider },
    );
    t.equal(sent.statusCode, 200, sent.body);
    const mails = h.smtp.mails.slice(before);
    t.ok(mails.length >= 1, 'mail to the administrators of A0000001');
    t.ok(
      mails.every((m) => m.to.includes('demo-agadmin@portal.example.jp')),
      'administrators only',
    );
    t.match(nth(mails, 0).subject, /メール送信テスト/);
    t.equal(
      (
        await h.post('/api/ContentsReg/sendClickMailer', b({ categoryId: 1, contentsId: mailId, isAdminOnly: false }), {
          token: agent,
        })
      ).statusCode,
      403,
      'an agent cannot send',
    );
  });
});
