// Event registration (spec 001 /event-touroku, /api/EventReg/*) and skill-up content registration
// (spec 002 section 2.5, /api/SkilupReg/*) on the declared-form engine: the content parts shared
// with notices, the event fields in `events` (date rules, posting from the next day, the entry
// file name, checkEventApplied) and the program and phase in `skilup_contents`; authority.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';

const msgIds = (res: { json(): unknown }) =>
  ((res.json() as { messages?: { messageId: string }[] }).messages ?? []).map((m) => m.messageId);

t.test('event and skill-up registration', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const provider = (await h.signIn('demo-provider')).token;
  const agent = (await h.signIn('demo-agent')).token;
  const agadmin = (await h.signIn('demo-agadmin')).token;
  const b = (extra: Record<string, unknown>) => ({ systemKbn: '01', ...extra });

  t.test('events', async (t) => {
    const init = await h.post('/api/EventReg/getInitialDisplayData', b({ categoryId: '7', contentsCategoryId: '7' }), {
      token: provider,
    });
    t.equal(init.statusCode, 200, init.body);
    const data = init.json().initialDisplayData;
    t.equal(data.categoryName, 'イベント');
    t.match(data.defaultMailMessage, /お申し込み/);
    const tag = data.kensakuTagList.find((x: { categoryId: number }) => x.categoryId === 7) ?? data.kensakuTagList[0];
    const event = {
      contentsCategoryId: '7',
      subCategoryId: data.subCategoryList[0].subCategoryId,
      kaisaiDate: '2026-12-10T14:00',
      registrationEndDate: '2026-12-08T17:00',
      lastUpdate: '2026-11-20',
      title: '冬の新商品説明会（登録テスト）',
      hyojiTaisho: '0',
      body: '<p>新商品の説明会を開催します。</p>',
      kensakuTagList: [{ ...tag, isChecked: true }],
      completeAddMessage: '当日は名刺をお持ちください。',
      mailMessage: 'お申し込みありがとうございます。',
    };
    for (const token of [agent, agadmin])
      t.equal(
        (await h.post('/api/EventReg/RegContents', b(event), { token })).statusCode,
        403,
        'no event registration for agents',
      );

    const past = await h.post(
      '/api/EventReg/RegContents',
      b({ ...event, kaisaiDate: '2026-11-19T10:00', mailMessage: '' }),
      { token: provider },
    );
    t.same(msgIds(past).sort(), ['ERR_0001', 'ERR_0035'].sort(), 'a held date in the past and a missing mail text');

    const res = await h.post('/api/EventReg/RegContents', b({ ...event, contentsCategoryId: '1' }), {
      token: provider,
    });
    t.equal(res.statusCode, 200, res.body);
    const id = Number(res.json().contentsId);
    const row = await h.db
      .selectFrom('contents')
      .select(['category_id', 'keisai_start', 'keisai_end'])
      .where('content_id', '=', id)
      .executeTakeFirstOrThrow();
    t.same(
      row,
      { category_id: 7, keisai_start: '2026-11-21', keisai_end: '9999-12-31' },
      'always an event, posted from the next day',
    );
    const ev = await h.db.selectFrom('events').selectAll().where('content_id', '=', id).executeTakeFirstOrThrow();
    t.equal(ev.kaisai_at.toISOString(), '2026-12-10T05:00:00.000Z', 'the held time is Tokyo time');
    t.equal(ev.mail_message, 'お申し込みありがとうございます。');
    t.match(ev.csv_file_name, /^冬の新商品説明会（登録テスト）_申込者一覧_\d+\.csv$/);

    const load = await h.post('/api/EventReg/getContents', b({ contentsId: String(id) }), { token: provider });
    t.equal(load.statusCode, 200, load.body);
    t.match(load.json().contents, {
      kaisaiDate: '2026-12-10T14:00',
      registrationEndDate: '2026-12-08T17:00',
      completeAddMessage: '当日は名刺をお持ちください。',
    });
    const notice = (
      await h.db.selectFrom('contents').select('content_id').where('category_id', '=', 1).executeTakeFirstOrThrow()
    ).content_id;
    t.equal(
      (await h.post('/api/EventReg/getContents', b({ contentsId: String(notice) }), { token: provider })).statusCode,
      400,
      'a notice is not an event',
    );

    t.same(
      (await h.post('/api/EventReg/checkEventApplied', b({ contentsId: String(id) }), { token: provider })).json(),
      { isEventApplied: false },
    );
    await h.db
      .insertInto('event_entries')
      .values({ content_id: id, user_id: '0000000003', ag_code: 'A0000001', applied_by: '0000000003' })
      .execute();
    t.same(
      (await h.post('/api/EventReg/checkEventApplied', b({ contentsId: String(id) }), { token: provider })).json(),
      { isEventApplied: true },
    );
    t.equal(
      (await h.post('/api/EventReg/checkEventApplied', b({ contentsId: String(id) }), { token: agent })).statusCode,
      403,
    );

    const upd = await h.post(
      '/api/EventReg/UpdateContents',
      b({ ...load.json().contents, kaisaiDate: '2026-12-11T10:00' }),
      { token: provider },
    );
    t.equal(upd.statusCode, 200, upd.body);
    t.equal(
      (
        await h.db.selectFrom('events').select('kaisai_at').where('content_id', '=', id).executeTakeFirstOrThrow()
      ).kaisai_at.toISOString(),
      '2026-12-11T01:00:00.000Z',
    );
    t.equal(
      (await h.post('/api/EventReg/DeleteContents', b({ contentsId: String(id) }), { token: provider })).statusCode,
      200,
    );
    t.equal(
      (await h.post('/api/EventReg/getContents', b({ contentsId: String(id) }), { token: provider })).statusCode,
      400,
      'deleted',
    );
  });

  t.test('skill-up contents', async (t) => {
    const init = await h.post('/api/SkilupReg/getInitialDisplayData', b({ categoryId: '6', contentsCategoryId: '6' }), {
      token: provider,
    });
    t.equal(init.statusCode, 200, init.body);
    const data = init.json().initialDisplayData;
    t.ok(data.skilupNameList.length > 0, 'programs of the category');
    const program = data.skilupNameList[0].skilupId;
    const phase = data.phaseList.find((p: { skilupId: string }) => p.skilupId === program);
    t.ok(phase, 'phases carry their program');
    const video = {
      contentsCategoryId: '6',
      subCategoryId: data.subCategoryList[0].subCategoryId,
      keisaiKikanStart: '2026-11-01',
      keisaiKikanEnd: '9999-12-31',
      lastUpdate: '2026-11-20',
      title: '提案の基本（登録テスト）',
      hyojiTaisho: '0',
      body: '<p>提案の基本を学ぶ動画です。</p>',
      kensakuTagList: [{ ...data.kensakuTagList[0], isChecked: true }],
      skilupId: program,
      phaseId: phase.phaseId,
    };
    const none = await h.post('/api/SkilupReg/RegContents', b({ ...video, skilupId: '', phaseId: '' }), {
      token: provider,
    });
    t.same(
      none.json<{ messages: unknown[] }>().messages,
      [
        { messageId: 'ERR_0003', args: ['スキルアップ名'] },
        { messageId: 'ERR_0003', args: ['フェーズ'] },
      ],
      'program and phase required',
    );
    const playbookPhase = await h.db
      .selectFrom('skilup_phases as p')
      .innerJoin('skilup_programs as s', 's.skilup_id', 'p.skilup_id')
      .select(['p.phase_id', 'p.skilup_id'])
      .where('s.category_id', '=', 8)
      .executeTakeFirstOrThrow();
    const foreign = await h.post(
      '/api/SkilupReg/RegContents',
      b({ ...video, skilupId: String(playbookPhase.skilup_id), phaseId: String(playbookPhase.phase_id) }),
      { token: provider },
    );
    t.same(msgIds(foreign), ['ERR_0006'], 'a program of another category');
    t.equal(
      (await h.post('/api/SkilupReg/RegContents', b({ ...video, contentsCategoryId: '1' }), { token: provider }))
        .statusCode,
      403,
      'not a notice through the skill-up form',
    );
    t.equal((await h.post('/api/SkilupReg/RegContents', b(video), { token: agadmin })).statusCode, 403);

    const res = await h.post('/api/SkilupReg/RegContents', b(video), { token: provider });
    t.equal(res.statusCode, 200, res.body);
    const id = Number(res.json().contentsId);
    const sc = await h.db
      .selectFrom('skilup_contents')
      .selectAll()
      .where('content_id', '=', id)
      .executeTakeFirstOrThrow();
    t.equal(sc.phase_id, Number(phase.phaseId));
    t.ok(sc.display_order > 0, 'at the end of its phase');
    const list = await h.post('/api/SkilUp/getVideoList', b({}), { token: agent });
    t.ok(JSON.stringify(list.json()).includes('提案の基本（登録テスト）'), 'the agent finds it on the hub at once');
    const load = await h.post(
      '/api/SkilupReg/getContents',
      b({ categoryId: '6', contentsId: String(id), contentsCategoryId: '6' }),
      { token: provider },
    );
    t.match(load.json().contents, { skilupId: program, phaseId: phase.phaseId, title: '提案の基本（登録テスト）' });
  });
});
