// The audit viewer (監査ログ, docs/audit.md): only provider administrators read it (every other
// role, a forged body id and no token are refused); a notice's change through the form engine is
// found by entity and id with its fields labelled by お知らせ登録's own titles and its text diffed
// by line; the period, actor, entity, id and free-text filters; keyset pages that neither skip nor
// repeat rows of the same instant; the CSV (BOM, CRLF, formula cells neutralised); the chain check.
import t from 'tap';
import { recordAudit } from '../../api/audit/record';
import type { Caller } from '../../api/authority/caller';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { AuditListAnswer } from '../../schemas/wire/audit';
import type { KanriCategoryAnswer } from '../../schemas/wire/kanri';

const LIST = '/api/Audit/getAuditLogList';
const CSV = '/api/Audit/downloadAuditLogCsv';
const CHAIN = '/api/Audit/verifyChain';
const b = (extra: Record<string, unknown> = {}) => ({ systemKbn: '01', ...extra });
const msgIds = (res: { json(): unknown }) =>
  ((res.json() as { messages?: { messageId: string }[] }).messages ?? []).map((m) => m.messageId);

const operator: Caller = {
  sessionId: 'test',
  userId: '0000000001',
  agCode: 'P0000001',
  daihyoCode: 'P0000001',
  roleId: '01',
  isAdmin: true,
  isProvider: true,
  pseudo: null,
};

t.test('audit viewer', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const provider = (await h.signIn('demo-provider')).token;
  const agadmin = (await h.signIn('demo-agadmin')).token;
  const agent = (await h.signIn('demo-agent')).token;
  const staff = (await h.signIn('demo-staff')).token;
  const list = async (filter: Record<string, unknown>, token = provider) => {
    const res = await h.post(LIST, b(filter), { token });
    t.equal(res.statusCode, 200, res.body);
    return res.json<AuditListAnswer>();
  };

  t.test('authority: provider administrators only', async (t) => {
    for (const [who, token] of [
      ['agent', agent],
      ['agent administrator', agadmin],
      ['supplier staff without category 120', staff],
    ] as const) {
      for (const url of [LIST, CSV, CHAIN])
        t.equal((await h.post(url, b(), { token })).statusCode, 403, `${who}: ${url}`);
      const top = await h.post('/api/KanriTop/getKanriCategory', b(), { token });
      const button = (top.json<Partial<KanriCategoryAnswer>>().categoryListData ?? []).find(
        (c) => c.categoryId === 120,
      );
      t.not(button?.parmitionFlg, '1', `${who}: no 監査ログ button`);
    }
    for (const url of [LIST, CSV, CHAIN]) t.equal((await h.post(url, b())).statusCode, 401, `no token: ${url}`);
    t.equal(
      (await h.post(LIST, b({ userId: '0000000002', agCode: 'A0000001' }), { token: provider })).statusCode,
      403,
      "another user's ids in the body",
    );
    t.equal(
      (await h.post(LIST, b({ agCode: 'A0000001' }), { token: agadmin })).statusCode,
      403,
      "an agent administrator with his own agent's ids",
    );
    const top = await h.post('/api/KanriTop/getKanriCategory', b(), { token: provider });
    t.match(
      top.json<KanriCategoryAnswer>().categoryListData.find((c) => c.categoryId === 120),
      { categoryName: '監査ログ', categoryUrl: '/kanri-audit', parmitionFlg: '1' },
    );
  });

  let noticeId = '';
  t.test("a notice's display target change, labelled by the form's titles", async (t) => {
    const init = await h.post('/api/ContentsReg/getInitialDisplayData', b({ contentsCategoryId: '1' }), {
      token: provider,
    });
    const data = init.json().initialDisplayData;
    const created = await h.post(
      '/api/ContentsReg/RegContents',
      b({
        contentsCategoryId: '1',
        subCategoryId: data.subCategoryList[0].subCategoryId,
        keisaiKikanStart: '2026-11-01',
        keisaiKikanEnd: '9999-12-31',
        jyuyoFlg: false,
        lastUpdate: '2026-11-20',
        title: '監査ログ確認用のお知らせ',
        hyojiTaisho: '1',
        agSegmentId: data.agSegmentList[0].agSegmentCode,
        body: '<p>一行目</p>\n<p>二行目</p>\n<p>三行目</p>',
        kensakuTagList: [{ ...data.kensakuTagList[0], isChecked: true }],
      }),
      { token: provider },
    );
    t.equal(created.statusCode, 200, created.body);
    noticeId = String(created.json().contentsId);
    const loaded = await h.post('/api/ContentsReg/getContents', b({ contentsId: noticeId, contentsCategoryId: '1' }), {
      token: provider,
    });
    t.equal(loaded.statusCode, 200, loaded.body);
    const record = loaded.json().contents;
    const upd = await h.post(
      '/api/ContentsReg/UpdateContents',
      b({
        ...record,
        hyojiTaisho: '2',
        hyojiTaishoCodeList: ['A0000002'],
        body: '<p>一行目</p>\n<p>二行目（変更）</p>\n<p>三行目</p>',
      }),
      { token: provider },
    );
    t.equal(upd.statusCode, 200, upd.body);

    const rows = (await list({ entity: 'content', entityId: noticeId })).auditList;
    t.same(
      rows.map((r) => r.action),
      ['update', 'create'],
      'newest first',
    );
    const update = rows[0]!;
    t.match(update, { screen: 'お知らせ登録', actorUserId: '0000000001', entityId: noticeId });
    const byLabel = Object.fromEntries(update.changes.map((c) => [c.label, c]));
    t.match(
      byLabel['表示対象'],
      { field: 'hyojiTaisho', before: 'AGセグメント', after: '代理店コード' },
      'the form title, not the key; the choice by its label',
    );
    t.match(byLabel['表示対象の代理店コード'], { after: 'A0000002' });
    t.same(
      byLabel['本文']?.lines,
      [
        { op: 'same', text: '<p>一行目</p>' },
        { op: 'removed', text: '<p>二行目</p>' },
        { op: 'added', text: '<p>二行目（変更）</p>' },
        { op: 'same', text: '<p>三行目</p>' },
      ],
      'the long text diffed by line',
    );
    t.notOk(byLabel['タイトル'], 'an unchanged field is not shown');
    t.notOk(
      update.changes.some((c) => c.label === c.field && /^[a-z]/.test(c.field) && c.field === 'hyojiTaisho'),
      'no column names where the form has a title',
    );
  });

  t.test('filters: period, actor, entity, id, free text', async (t) => {
    const at = h.clock.now();
    const old = new Date(at.getTime() - 40 * 86_400_000);
    await recordAudit(h.db, {
      caller: operator,
      action: 'update',
      entity: 'banner',
      entityId: 'old-1',
      after: { x: '古い変更' },
      at: old,
    });
    await recordAudit(h.db, {
      caller: {
        ...operator,
        pseudo: {
          userId: '0000000002',
          agCode: 'A0000001',
          agName: '',
          daihyoCode: 'A0000001',
          invoiceNo: '',
          roleId: '01',
          isAdmin: true,
          isProvider: false,
        },
      },
      action: 'update',
      entity: 'banner',
      entityId: 'pseudo-1',
      after: { note: '代理ログイン中の変更ZZQ' },
      at,
    });
    const defaults = await list({ entity: 'banner' });
    t.notOk(
      defaults.auditList.some((r) => r.entityId === 'old-1'),
      'the last 30 days by default',
    );
    t.equal(defaults.dateTo, '2026/11/20');
    t.equal(defaults.dateFrom, '2026/10/22');
    const tokyoOld = new Date(old.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
    t.same(
      (await list({ entity: 'banner', dateFrom: tokyoOld, dateTo: tokyoOld })).auditList.map((r) => r.entityId),
      ['old-1'],
      'a chosen period (Tokyo days)',
    );
    t.same(
      (await list({ actor: 'A0000001', entity: 'banner' })).auditList.map((r) => [r.entityId, r.pseudoAgCode]),
      [['pseudo-1', 'A0000001']],
      'actor: the agent acted as',
    );
    t.same(
      (await list({ text: 'zzq' })).auditList.map((r) => r.entityId),
      ['pseudo-1'],
      'free text in the values, any case',
    );
    t.same((await list({ text: '100%_' })).auditList, [], 'LIKE wildcards are text');
    t.same((await list({ entityId: noticeId, entity: 'content' })).auditList.length, 2, 'entity and id');
    const bad = await h.post(LIST, b({ dateFrom: '2026/13/01' }), { token: provider });
    t.equal(bad.statusCode, 400);
    t.same(msgIds(bad), ['ERR_0020']);
    const reversed = await h.post(LIST, b({ dateFrom: '2026/11/20', dateTo: '2026/11/01' }), { token: provider });
    t.equal(reversed.statusCode, 400);
    t.same(msgIds(reversed), ['ERR_0005']);
    t.equal((await h.post(LIST, b({ cursor: 'x; drop table' }), { token: provider })).statusCode, 400, 'a bad cursor');
  });

  t.test('keyset pages: rows of one instant neither skipped nor repeated', async (t) => {
    const at = h.clock.now();
    for (let i = 1; i <= 7; i++)
      await recordAudit(h.db, {
        caller: operator,
        action: 'create',
        entity: 'paging',
        entityId: `p${i}`,
        after: { i },
        at,
      });
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const page = await list({ entity: 'paging', pageSize: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.auditList.map((r) => r.entityId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    t.equal(pages, 3);
    t.same(seen, ['p7', 'p6', 'p5', 'p4', 'p3', 'p2', 'p1']);
  });

  t.test('CSV of the filtered rows', async (t) => {
    await recordAudit(h.db, {
      caller: operator,
      action: 'update',
      entity: 'csv_case',
      entityId: 'c1',
      before: { formula: 'safe' },
      after: { formula: '=HYPERLINK("http://x")' },
      at: h.clock.now(),
    });
    const res = await h.post(CSV, b({ entity: 'csv_case' }), { token: provider });
    t.equal(res.statusCode, 200);
    t.match(res.headers['content-type'], /text\/csv/);
    const text = res.rawPayload.toString('utf8');
    t.ok(text.startsWith('\uFEFF日時,'), 'BOM and the header');
    const lines = text.slice(1).split('\r\n');
    t.equal(lines.length, 3, 'header, one changed field, and the final CRLF');
    t.match(lines[1], /,csv_case,c1,更新,formula,safe,"'=HYPERLINK\(""http:\/\/x""\)"$/);
    const notice = (await h.post(CSV, b({ entity: 'content', entityId: noticeId }), { token: provider })).rawPayload
      .toString('utf8')
      .split('\r\n');
    t.ok(
      notice.some((l) => l.includes(',表示対象,AGセグメント,代理店コード')),
      'the CSV labels by the form titles too',
    );
  });

  t.test('the business-date switch is audited (provider administrators only)', async (t) => {
    const CHANGE = '/api/KanriTop/changeBusinessDate';
    for (const token of [agadmin, agent, staff])
      t.equal((await h.post(CHANGE, b({ businessDate: '2026/12/01' }), { token })).statusCode, 403);
    const bad = await h.post(CHANGE, b({ businessDate: '2026/02/30' }), { token: provider });
    t.equal(bad.statusCode, 400);
    t.same(msgIds(bad), ['ERR_0020']);
    t.equal((await h.post(CHANGE, b({ businessDate: '2026-12-01' }), { token: provider })).statusCode, 200);
    t.equal(
      (await h.post(CHANGE, b({ businessDate: '', previousDate: '2026/12/01' }), { token: provider })).statusCode,
      200,
    );
    const rows = (await list({ entity: 'business_date' })).auditList;
    t.same(
      rows.map((r) => [r.screen, r.entityId, r.changes.map((c) => [c.label, c.before, c.after])]),
      [
        ['業務日付', '0000000001', [['業務日付', '2026/12/01', '']]],
        ['業務日付', '0000000001', [['業務日付', '', '2026/12/01']]],
      ],
    );
  });

  t.test('the chain check answers the banner', async (t) => {
    const res = await h.post(CHAIN, b({ refresh: true }), { token: provider });
    t.equal(res.statusCode, 200);
    t.match(res.json(), { ok: true, checking: false, reason: '', brokenAuditId: null });
    t.ok(res.json().rows >= 12);
    // A broken row: the cached answer stands until refresh (a few minutes), then the banner names it.
    const row = await h.db
      .selectFrom('audit_logs')
      .select('audit_id')
      .where('entity', '=', 'paging')
      .executeTakeFirstOrThrow();
    await h.db.updateTable('audit_logs').set({ entity_id: 'edited' }).where('audit_id', '=', row.audit_id).execute();
    t.match((await h.post(CHAIN, b(), { token: provider })).json(), { ok: true }, 'cached');
    t.match((await h.post(CHAIN, b({ refresh: true }), { token: provider })).json(), {
      ok: false,
      reason: 'changed',
      brokenAuditId: Number(row.audit_id),
    });
  });
});
