// Global navigation management (spec 001 /glovalnavi-kanri-list, /glovalnavi-kanri,
// /api/GlovalNaviManegment/*): every rule answers its code, the authority of category 104, the
// saved setting reaching exactly the agents it targets (today, and its scheduled list on its
// date), the list, the preview, the delete by selection and the audit trail.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { nth } from '../helpers/indexing';
import type { GlobalNaviAnswer } from '../../schemas/wire/navigation';

const BASE = '/api/GlovalNaviManegment';
const msg = (messageId: string, ...args: string[]) => ({ messageId, args });
const messagesOf = (res: { json(): unknown }) => (res.json() as { messages: unknown[] }).messages;

type Row = {
  pairentId?: string;
  categoryId: string;
  dispName: string;
  url?: string;
  dispNo: string;
  isSeparateTab?: boolean;
};
const row = (categoryId: string, dispName: string, dispNo: string, extra: Partial<Row> = {}): Row => ({
  categoryId,
  dispName,
  dispNo,
  ...extra,
});

t.test('global navigation management', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const admin = (await h.signIn('demo-provider')).token;
  const staff = (await h.signIn('demo-staff')).token;
  const agadmin = (await h.signIn('demo-agadmin')).token;
  const agent = (await h.signIn('demo-agent')).token; // A0000001, segment 首都圏代理店
  const agent2 = (await h.signIn('demo-agent2')).token; // A0000002, no segment: the default
  const call = (path: string, body: Record<string, unknown>, token = admin) =>
    h.post(`${BASE}/${path}`, { systemKbn: '01', ...body }, { token });
  const nav = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await h.post(
      '/api/GlobalNavi/getGlobalNaviData',
      { systemKbn: '01', pseudoLoginFlg: false, ...extra },
      { token },
    );
    t.equal(res.statusCode, 200, res.body);
    return res.json<GlobalNaviAnswer>().globalNav.map((n) => n.categoryName);
  };
  const segmentId = String(
    (
      await h.db
        .selectFrom('agent_segments')
        .select('ag_segment_id')
        .where('ag_segment_name', '=', '首都圏代理店')
        .executeTakeFirstOrThrow()
    ).ag_segment_id,
  );

  t.test('initial data: categories with their URLs, segments, the default, today and その他', async (t) => {
    const res = await call('GetInitialDisplayData', {});
    t.equal(res.statusCode, 200, res.body);
    const d = res.json().glovalNaviInitialDisplayData;
    t.equal(d.sonotaCategoryId, '999');
    t.equal(d.reflectionDate, '2026-11-20');
    t.match(d.defaultKanriId, /^[0-9]+$/, 'the seeded default');
    t.equal(d.settingTargetKbn, '1', 'a default exists: new settings start on segment');
    t.ok(
      d.categoryList.some(
        (c: { categoryId: string; categoryUrl: string }) => c.categoryId === '2' && c.categoryUrl === '/faq',
      ),
    );
    t.notOk(
      d.categoryList.some((c: { categoryId: string }) => c.categoryId === '104'),
      'no admin categories',
    );
    t.ok(d.agSegmentList.some((s: { agSegmentCode: string }) => s.agSegmentCode === segmentId));
  });

  t.test('authority: category 104 on every call, provider staff without it and agents get 403', async (t) => {
    for (const [who, token] of [
      ['supplier staff without 104', staff],
      ['agent administrator', agadmin],
      ['agent user', agent],
    ] as const) {
      for (const path of [
        'GetInitialDisplayData',
        'GetGlovalNaviData',
        'regGlobalNavi',
        'updateGlobalNavi',
        'getKanriDataList',
        'deleteKanriData',
        'getPreviewData',
      ]) {
        const res = await call(
          path,
          {
            glonaviKanriId: '1',
            GlonaviKanriId: '1',
            detailKbn: '01',
            settingName: 'x',
            settingTargetKbn: '1',
            settingTargetCode: segmentId,
            reflectionDate: '2026-11-20',
            nowSettingList: [row('1', 'お知らせ', '1')],
            gloNaviKanriIdList: [{ glonaviKanriId: '1' }],
          },
          token,
        );
        t.equal(res.statusCode, 403, `${who} ${path}`);
      }
    }
    t.equal((await h.post(`${BASE}/getKanriDataList`, { systemKbn: '01' })).statusCode, 401, 'no token');
    t.equal((await call('getKanriDataList', { agCode: 'A0000002' })).statusCode, 403, 'another agent code in the body');
  });

  t.test('rules: each answers its code', async (t) => {
    const base = {
      settingName: '検証',
      settingTargetKbn: '1',
      settingTargetCode: segmentId,
      reflectionDate: '2026-11-20',
      nowSettingList: [row('1', 'お知らせ', '1')],
    };
    const expect = async (
      body: Record<string, unknown>,
      messages: unknown[],
      label: string,
      path = 'regGlobalNavi',
    ) => {
      const res = await call(path, body);
      t.equal(res.statusCode, 400, label);
      t.same(messagesOf(res), messages, label);
    };
    await expect({ ...base, settingName: '' }, [msg('ERR_0001', '設定名')], 'setting name required');
    await expect({ ...base, settingName: 'あ'.repeat(256) }, [msg('ERR_0025', '設定名')], 'setting name max 255');
    await expect(
      { ...base, settingName: '①<script>'.replace('①', '\u{20BB7}') },
      [msg('ERR_0026', '設定名')],
      'setting name characters',
    );
    await expect({ ...base, reflectionDate: '' }, [msg('ERR_0001', '反映日')], 'effective date required');
    await expect({ ...base, reflectionDate: '2026-02-30' }, [msg('ERR_0020', '反映日')], 'effective date real');
    await expect({ ...base, settingTargetCode: '' }, [msg('ERR_0003', 'AGセグメント')], 'segment must be chosen');
    await expect(
      { ...base, settingTargetKbn: '2', settingTargetCode: '' },
      [msg('ERR_0002', '代理店コード')],
      'agent code required',
    );
    await expect(
      { ...base, settingTargetKbn: '2', settingTargetCode: 'A00000019' },
      [msg('ERR_0025', '代理店コード')],
      'agent code max 8',
    );
    await expect(
      { ...base, settingTargetKbn: '2', settingTargetCode: 'Z9999999' },
      [msg('ERR_0006', '代理店コード')],
      'agent must exist',
    );
    await expect(
      { ...base, settingTargetKbn: '0', settingTargetCode: '' },
      [msg('ERR_0017', 'デフォルト設定')],
      'only one default',
    );
    await expect({ ...base, nowSettingList: [] }, [msg('ERR_0004', '現在の設定')], 'at least one current row');
    await expect(
      { ...base, nowSettingList: [row('', 'x', '1')] },
      [msg('ERR_0003', '現在の設定1行目のカテゴリ')],
      'row category required',
    );
    await expect(
      { ...base, nowSettingList: [row('2', 'FAQ', '1', { pairentId: '2' })] },
      [msg('ERR_0032')],
      'parent equals category',
    );
    await expect(
      { ...base, nowSettingList: [row('2', '', '1')] },
      [msg('ERR_0001', '現在の設定1行目の表示名')],
      'display name required',
    );
    await expect(
      { ...base, nowSettingList: [row('2', 'あ'.repeat(16), '1')] },
      [msg('ERR_0025', '現在の設定1行目の表示名')],
      'display name max 15',
    );
    await expect(
      { ...base, nowSettingList: [row('999', 'リンク', '1')] },
      [msg('ERR_0001', '現在の設定1行目のURL')],
      'URL required for その他',
    );
    await expect(
      { ...base, nowSettingList: [row('999', 'リンク', '1', { url: 'https://x.example.jp/' + 'a'.repeat(240) })] },
      [msg('ERR_0025', '現在の設定1行目のURL')],
      'URL max 255',
    );
    await expect(
      { ...base, nowSettingList: [row('2', 'FAQ', '')] },
      [msg('ERR_0001', '現在の設定1行目の表示順')],
      'order required',
    );
    await expect(
      { ...base, nowSettingList: [row('2', 'FAQ', '1a')] },
      [msg('ERR_0025', '現在の設定1行目の表示順')],
      'order numeric',
    );
    await expect(
      { ...base, nowSettingList: [row('2', 'FAQ', '1000')] },
      [msg('ERR_0025', '現在の設定1行目の表示順')],
      'order at most 3 digits',
    );
    await expect(
      { ...base, nowSettingList: [row('2', 'FAQ', '1'), row('3', '申請', '1')] },
      [msg('ERR_0017', '現在の設定の表示順')],
      'order unique within the list',
    );
    await expect({ ...base, nowSettingList: [row('77', 'x', '1')] }, [msg('ERR_0006', 'カテゴリ')], 'unknown category');
  });

  t.test(
    'the live default saved unchanged: 200; a real duplicate order: ERR_0017 (the order is unique per list)',
    async (t) => {
      const defaultId = (await call('GetInitialDisplayData', {})).json().glovalNaviInitialDisplayData
        .defaultKanriId as string;
      const loaded = (await call('GetGlovalNaviData', { glonaviKanriId: defaultId })).json().gloValNaviKanriData;
      t.equal(loaded.settingName, '標準グローバルナビ');
      const orders = (loaded.nowSettingList as Row[]).map((r) => r.dispNo);
      t.equal(new Set(orders).size, orders.length, 'the seeded orders are unique within the list');
      const headerBefore = await nav(agent);
      const res = await call('updateGlobalNavi', loaded);
      t.equal(res.statusCode, 200, res.body);
      t.same(await nav(agent), headerBefore, 'the header is unchanged');
      // Two children of different parents with one order are a duplicate too (per list, not per parent).
      const list = (loaded.nowSettingList as Row[]).map((r) => ({ ...r }));
      const faq = list.find((r) => r.categoryId === '2')!;
      const toranomaki = list.find((r) => r.categoryId === '8')!;
      t.not(faq.pairentId, toranomaki.pairentId, 'two different parents');
      toranomaki.dispNo = faq.dispNo;
      const dup = await call('updateGlobalNavi', { ...loaded, nowSettingList: list });
      t.equal(dup.statusCode, 400, dup.body);
      t.same(messagesOf(dup), [msg('ERR_0017', '現在の設定の表示順')]);
    },
  );

  t.test('migration 0023 renumbers a list that numbers per parent, in the order the header draws it', async (t) => {
    const { up } = await import('../../migrations/0023_global_navi_order_per_list');
    const { kanri_id } = await h.db
      .insertInto('global_navi_settings')
      .values({ setting_name: '旧採番', target_kbn: '2', target_code: 'A0000005', reflection_date: '2026-04-01' })
      .returning('kanri_id')
      .executeTakeFirstOrThrow();
    const old: Array<[number | null, number, string, number]> = [
      [null, 1, 'お知らせ', 1],
      [null, 10, '営業支援', 2],
      [10, 3, '申請フォーム', 2],
      [10, 2, 'FAQ', 1],
      [null, 6, 'スキルアップ', 3],
      [6, 7, 'イベント', 1],
    ];
    const values = (kbn: '01' | '02') =>
      old.map(([parent_id, category_id, disp_name, disp_no]) => ({
        kanri_id,
        detail_kbn: kbn,
        parent_id,
        category_id,
        disp_name,
        disp_no,
      }));
    await h.db.insertInto('global_navi_rows').values(values('01')).execute();
    // A list that already satisfies the rule keeps its numbers.
    await h.db
      .insertInto('global_navi_rows')
      .values([
        { kanri_id, detail_kbn: '02', parent_id: null, category_id: 1, disp_name: 'お知らせ', disp_no: 40 },
        { kanri_id, detail_kbn: '02', parent_id: null, category_id: 6, disp_name: 'スキルアップ', disp_no: 20 },
      ])
      .execute();
    await up(h.db as unknown as Parameters<typeof up>[0]);
    const rows = async (kbn: '01' | '02') =>
      (
        await h.db
          .selectFrom('global_navi_rows')
          .select(['disp_name', 'disp_no'])
          .where('kanri_id', '=', kanri_id)
          .where('detail_kbn', '=', kbn)
          .orderBy('disp_no')
          .execute()
      ).map((r) => [r.disp_name, r.disp_no]);
    t.same(await rows('01'), [
      ['お知らせ', 1],
      ['営業支援', 2],
      ['FAQ', 3],
      ['申請フォーム', 4],
      ['スキルアップ', 5],
      ['イベント', 6],
    ]);
    t.same(
      await rows('02'),
      [
        ['スキルアップ', 20],
        ['お知らせ', 40],
      ],
      'a list without duplicates is left alone',
    );
    await h.db.deleteFrom('global_navi_settings').where('kanri_id', '=', kanri_id).execute();
  });

  let id = '';
  t.test('a segment setting: saved, listed, reaching the segment only, its scheduled list on its date', async (t) => {
    const before2 = await nav(agent2);
    const res = await call('regGlobalNavi', {
      settingName: '首都圏向けナビ',
      settingTargetKbn: '1',
      settingTargetCode: segmentId,
      settingTargetName: '偽の名前',
      reflectionDate: '2026-11-20',
      nowSettingList: [
        row('1', '首都圏のお知らせ', '1'),
        row('2', 'よくある質問', '2', { url: '/forged' }),
        row('999', '首都圏特設', '3', { url: 'https://tokyo.example.jp/', isSeparateTab: true }),
      ],
      scheduleSettingList: [row('1', '無視される', '1')],
    });
    t.equal(res.statusCode, 200, res.body);
    id = res.json().glonaviKanriId as string;
    t.match(id, /^[0-9]+$/);

    const loaded = (await call('GetGlovalNaviData', { glonaviKanriId: id })).json().gloValNaviKanriData;
    t.match(loaded, {
      glonaviKanriId: id,
      settingName: '首都圏向けナビ',
      settingTargetKbn: '1',
      settingTargetCode: segmentId,
      settingTargetName: '首都圏代理店',
      reflectionDate: '2026-11-20',
      scheduledDate: '',
    });
    t.same(
      loaded.nowSettingList.map((r: Row) => [r.categoryId, r.dispName, r.url, r.dispNo, r.isSeparateTab]),
      [
        ['1', '首都圏のお知らせ', '/news', '1', false],
        ['2', 'よくある質問', '/faq', '2', false], // the category's URL, not the typed one
        ['999', '首都圏特設', 'https://tokyo.example.jp/', '3', true],
      ],
    );
    t.same(loaded.scheduleSettingList, [], 'a new setting has no scheduled list');

    t.same(await nav(agent), ['首都圏のお知らせ', 'よくある質問', '首都圏特設'], 'the segment agent sees it at once');
    t.same(await nav(agent2), before2, 'an agent of no segment keeps the default');

    // Update with a scheduled list from 2026-12-01.
    const upd = await call('updateGlobalNavi', {
      ...loaded,
      scheduledDate: '2026-12-01',
      scheduleSettingList: [row('1', '年末のお知らせ', '1'), row('6', 'スキルアップ', '2')],
    });
    t.equal(upd.statusCode, 200, upd.body);
    t.same(
      await nav(agent),
      ['首都圏のお知らせ', 'よくある質問', '首都圏特設'],
      'before the scheduled date: the current list',
    );
    t.same(
      await nav(admin, { targetDate: '2026-12-01' }),
      await nav(admin),
      'the provider, in no segment, keeps the default',
    );
    h.clock.set('2026-12-01T01:00:00Z');
    t.same(
      await nav((await h.signIn('demo-agent')).token),
      ['年末のお知らせ', 'スキルアップ'],
      'on the scheduled date: the scheduled list',
    );
    t.same(await nav((await h.signIn('demo-agent2')).token), before2, 'still the default for the other agent');
    h.clock.set('2026-11-20T01:00:00Z');

    const list = (await call('getKanriDataList', {})).json().glovalNaviKanriList as Record<string, string>[];
    t.same(
      list.find((r) => r.glovalNaviKanriId === id),
      {
        glovalNaviKanriId: id,
        settingName: '首都圏向けナビ',
        settingTargetKbn: '1',
        settingTargetName: '首都圏代理店',
        reflectionDate: '2026-11-20',
        scheduledDate: '2026-12-01',
      },
    );

    const preview = await call('getPreviewData', { GlonaviKanriId: id, detailKbn: '02' });
    t.equal(preview.statusCode, 200, preview.body);
    t.same(
      preview
        .json()
        .gloNaviPreviewDataList.map((p: { itemName: string; parentId: string }) => [p.itemName, p.parentId]),
      [
        ['年末のお知らせ', ''],
        ['スキルアップ', ''],
      ],
    );
    t.equal(
      (await call('getPreviewData', { GlonaviKanriId: id, detailKbn: '03' })).statusCode,
      400,
      'unknown list kind',
    );
  });

  t.test('update rules: scheduled date required and not before the current one', async (t) => {
    const loaded = (await call('GetGlovalNaviData', { glonaviKanriId: id })).json().gloValNaviKanriData;
    const r1 = await call('updateGlobalNavi', { ...loaded, scheduledDate: '' });
    t.same(messagesOf(r1), [msg('ERR_0001', '予約設定の反映日')]);
    const r2 = await call('updateGlobalNavi', { ...loaded, scheduledDate: '2026-11-19' });
    t.same(messagesOf(r2), [msg('ERR_0034')]);
    const r3 = await call('updateGlobalNavi', {
      ...loaded,
      scheduleSettingList: [row('2', 'FAQ', '5'), row('3', '申請', '5')],
    });
    t.same(messagesOf(r3), [msg('ERR_0017', '予約設定の表示順')], 'unique per list');
    const r4 = await call('updateGlobalNavi', {
      ...loaded,
      nowSettingList: [row('2', 'FAQ', '5')],
      scheduleSettingList: [row('3', '申請', '5')],
    });
    t.equal(r4.statusCode, 200, 'the same order in the two lists is fine');
    // An emptied scheduled list drops its date: the portal keeps the current list.
    const r5 = await call('updateGlobalNavi', { ...loaded, scheduleSettingList: [] });
    t.equal(r5.statusCode, 200, r5.body);
    t.equal((await call('GetGlovalNaviData', { glonaviKanriId: id })).json().gloValNaviKanriData.scheduledDate, '');
  });

  t.test('delete by selection: ERR_0003 for none, audited', async (t) => {
    t.same(messagesOf(await call('deleteKanriData', { gloNaviKanriIdList: [] })), [msg('ERR_0003', '明細')]);
    const res = await call('deleteKanriData', { gloNaviKanriIdList: [{ glonaviKanriId: id }] });
    t.equal(res.statusCode, 200, res.body);
    t.notOk(
      ((await call('getKanriDataList', {})).json().glovalNaviKanriList as Record<string, string>[]).some(
        (r) => r.glovalNaviKanriId === id,
      ),
    );
    t.equal(
      (await h.db.selectFrom('global_navi_rows').select('row_id').where('kanri_id', '=', Number(id)).execute()).length,
      0,
      'its rows are gone',
    );
    const audits = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'global_navi')
      .where('entity_id', '=', id)
      .orderBy('audit_id')
      .execute();
    t.same(
      audits.map((a) => a.action),
      ['create', 'update', 'update', 'update', 'delete'],
    );
    t.match(nth(audits, 0).after_data, {
      settingName: '首都圏向けナビ',
      nowSettingList: [{ dispName: '首都圏のお知らせ' }],
    });
    t.equal((await call('GetGlovalNaviData', { glonaviKanriId: id })).statusCode, 400, 'gone');
  });
});
