// Admin top (spec 001): the admin buttons per permission flag, pseudo-login for provider
// administrators only (own code = cancel, unregistered code = isSuccess false), and the
// business date, which is the browser's and honoured for provider administrators only.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { KanriCategoryAnswer } from '../../schemas/wire/kanri';

const GET = '/api/KanriTop/getKanriCategory';
const CHANGE = '/api/KanriTop/changeAgCode';
const msg = (messageId: string, ...args: string[]) => ({ messageId, args });
const messagesOf = (res: { json(): unknown }) => (res.json() as { messages: unknown[] }).messages;
// 100–117: spec 001's buttons; 118: failed mails (送信エラーメール, docs/operations.md); 119: insight
// (インサイト, docs/insight.md); 120: the audit trail (監査ログ, docs/audit.md); 131: the incentive figures
// import (issue 12).
const ADMIN_IDS = [...Array.from({ length: 21 }, (_, i) => 100 + i), 131];

t.test('admin top', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const provider = (await h.signIn('demo-provider')).token; // 0000000001 of P0000001
  const agadmin = (await h.signIn('demo-agadmin')).token; // 0000000002 of A0000001
  const agent = (await h.signIn('demo-agent')).token;
  const staff = (await h.signIn('demo-staff')).token;
  const flags = async (token: string) => {
    const res = await h.post(GET, { systemKbn: '01' }, { token });
    return Object.fromEntries(
      res.json<KanriCategoryAnswer>().categoryListData.map((c) => [c.categoryId, c.parmitionFlg]),
    );
  };

  t.test("getKanriCategory: every admin category with the caller's flag", async (t) => {
    const res = await h.post(GET, { systemKbn: '01', userId: '0000000001', agCode: 'P0000001' }, { token: provider });
    t.equal(res.statusCode, 200);
    const list = res.json<KanriCategoryAnswer>().categoryListData;
    t.same(
      list.map((c) => c.categoryId),
      ADMIN_IDS,
    );
    t.match(list[1], {
      categoryId: 101,
      categoryName: 'AGセグメント登録',
      categoryUrl: '/agsegment-reg',
      parmitionFlg: '1',
    });
    t.ok(
      list.every((c) => c.parmitionFlg === '1'),
      'a provider administrator: all',
    );
    const agent = await flags(agadmin);
    t.same(
      [agent[100], agent[101], agent[102]],
      ['1', '0', '1'],
      'an agent administrator: admin top and users; segments need provider staff',
    );
    t.ok(
      ADMIN_IDS.filter((id) => id > 102).every((id) => agent[id] === '0'),
      'not the provider buttons',
    );
  });

  t.test('getKanriCategory: 403 without the admin top permission, 401 without a token', async (t) => {
    for (const token of [agent, staff]) {
      const res = await h.post(GET, { systemKbn: '01' }, { token });
      t.equal(res.statusCode, 403);
      t.same(messagesOf(res), [msg('ERR_0022')]);
    }
    t.equal((await h.post(GET, { systemKbn: '01' })).statusCode, 401);
    t.equal(
      (await h.post(GET, { systemKbn: '01', agCode: 'A0000002' }, { token: agadmin })).statusCode,
      403,
      'another agent code in the body',
    );
  });

  t.test('changeAgCode: a provider administrator acts as an agent (its administrator)', async (t) => {
    const res = await h.post(
      CHANGE,
      { systemKbn: '01', userId: '0000000001', agCode: 'P0000001', pseudoLoginAgCode: 'A0000001', pseudoLoginId: '' },
      { token: provider },
    );
    t.equal(res.statusCode, 200);
    const { token, user } = res.json();
    t.same(user, {
      isSuccess: true,
      pseudoLoginAgCode: 'A0000001',
      pseudoLoginAgName: '株式会社さくら文具',
      pseudoLoginUserId: '0000000002',
      pseudoDaihyoCode: 'A0000001',
      pseudoInvoiceNo: 'T2010401012345',
    });
    // The new token carries the pseudo ids: the body may name them, the old token may not.
    const asPseudo = { systemKbn: '01', userId: '0000000002', agCode: 'A0000001' };
    t.equal((await h.post('/api/GlobalNavi/getNotificationBadges', asPseudo, { token })).statusCode, 200);
    t.equal((await h.post('/api/GlobalNavi/getNotificationBadges', asPseudo, { token: provider })).statusCode, 403);
    const renewed = await h.post('/api/auth/validate', { systemKbn: '01', userId: '0000000002' }, { token });
    t.equal(renewed.statusCode, 200, 'renewal keeps the pseudo ids');
    t.equal(
      (await h.post('/api/GlobalNavi/getNotificationBadges', asPseudo, { token: renewed.json().token })).statusCode,
      200,
    );
    const audit = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'pseudo_login')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    t.match(audit, {
      actor_user_id: '0000000001',
      actor_ag_code: 'P0000001',
      after_data: { agCode: 'A0000001', userId: '0000000002' },
    });

    const first = await h.post(CHANGE, { systemKbn: '01', pseudoLoginAgCode: 'A0000003' }, { token });
    t.same(
      first.json().user.pseudoLoginUserId,
      '0000000014',
      'an agent without administrator: its first user; switching from one agent to another',
    );
    t.match(
      await h.db
        .selectFrom('audit_logs')
        .select(['pseudo_ag_code', 'pseudo_user_id'])
        .where('entity', '=', 'pseudo_login')
        .orderBy('audit_id', 'desc')
        .executeTakeFirstOrThrow(),
      { pseudo_ag_code: 'A0000001', pseudo_user_id: '0000000002' },
      'the audit names the agent acted as',
    );
  });

  t.test('changeAgCode: the own code cancels', async (t) => {
    const pseudo = (
      await h.post(CHANGE, { systemKbn: '01', pseudoLoginAgCode: 'A0000002' }, { token: provider })
    ).json().token;
    const res = await h.post(
      CHANGE,
      { systemKbn: '01', userId: '0000000004', agCode: 'A0000002', pseudoLoginAgCode: 'P0000001' },
      { token: pseudo },
    );
    t.equal(res.statusCode, 200);
    t.same(res.json().user, {
      isSuccess: true,
      pseudoLoginAgCode: '',
      pseudoLoginAgName: '',
      pseudoLoginUserId: '',
      pseudoDaihyoCode: '',
      pseudoInvoiceNo: '',
    });
    const own = res.json().token;
    t.equal(
      (await h.post('/api/GlobalNavi/getNotificationBadges', { systemKbn: '01', userId: '0000000004' }, { token: own }))
        .statusCode,
      403,
      'no pseudo ids any more',
    );
    t.equal(
      (await h.post('/api/GlobalNavi/getNotificationBadges', { systemKbn: '01', userId: '0000000001' }, { token: own }))
        .statusCode,
      200,
    );
  });

  t.test('changeAgCode: an unregistered code answers isSuccess false', async (t) => {
    for (const code of ['Z9999999', 'A0000009']) {
      const res = await h.post(CHANGE, { systemKbn: '01', pseudoLoginAgCode: code }, { token: provider });
      t.equal(res.statusCode, 200);
      t.same(res.json(), {
        token: '',
        user: {
          isSuccess: false,
          pseudoLoginAgCode: '',
          pseudoLoginAgName: '',
          pseudoLoginUserId: '',
          pseudoDaihyoCode: '',
          pseudoInvoiceNo: '',
        },
      });
    }
    // An agent whose users were all deleted cannot be acted as either.
    await h.db.updateTable('users').set({ deleted_at: new Date() }).where('ag_code', '=', 'A0000006').execute();
    t.equal(
      (await h.post(CHANGE, { systemKbn: '01', pseudoLoginAgCode: 'A0000006' }, { token: provider })).json().user
        .isSuccess,
      false,
    );
  });

  t.test('changeAgCode: the input rules (required, max 8, alphanumeric)', async (t) => {
    const cases: [string, unknown][] = [
      ['', [msg('ERR_0001', '代理店コード')]],
      ['A00000011', [msg('ERR_0025', '代理店コード')]],
      ['A-000001', [msg('ERR_0020', '代理店コード')]], // half-width, not alphanumeric
      ['Ａ0000001', [msg('ERR_0018', '代理店コード')]],
    ];
    for (const [code, expected] of cases) {
      const res = await h.post(CHANGE, { systemKbn: '01', pseudoLoginAgCode: code }, { token: provider });
      t.equal(res.statusCode, 400, code);
      t.same(messagesOf(res), expected, code);
    }
  });

  t.test('changeAgCode: provider administrators only', async (t) => {
    for (const [who, token] of [
      ['agent administrator', agadmin],
      ['agent', agent],
      ['supplier staff', staff],
    ] as const) {
      const res = await h.post(CHANGE, { systemKbn: '01', pseudoLoginAgCode: 'A0000002' }, { token });
      t.equal(res.statusCode, 403, who);
      t.same(messagesOf(res), [msg('ERR_0022')]);
    }
    t.equal((await h.post(CHANGE, { systemKbn: '01', pseudoLoginAgCode: 'A0000002' })).statusCode, 401);
  });

  t.test('a forged token with pseudo ids is refused for anyone but a provider administrator', async (t) => {
    const { signSessionToken, readSessionToken } = await import('../../api/authority/session-token');
    const claims = readSessionToken(h.app, agadmin)!;
    const forged = signSessionToken(h.app, {
      sessionId: claims.sid,
      userId: claims.sub,
      agCode: claims.ag,
      pseudo: { userId: '0000000004', agCode: 'A0000002' },
    });
    t.equal((await h.post(GET, { systemKbn: '01' }, { token: forged })).statusCode, 401);
  });

  t.test(
    'business date: a targetDate changes reads for provider administrators only (no call stores it)',
    async (t) => {
      await h.db
        .insertInto('global_navi_settings')
        .values({ setting_name: '将来', target_kbn: '0', reflection_date: '2027-04-01' })
        .execute();
      const nav = async (token: string, targetDate?: string) =>
        (
          await h.post(
            '/api/GlobalNavi/getGlobalNaviData',
            { systemKbn: '01', pseudoLoginFlg: false, targetDate },
            { token },
          )
        ).json().globalNav.length;
      t.not(
        await nav(provider, '2027/04/02'),
        await nav(provider),
        'the provider administrator sees the future navigation',
      );
      t.equal(await nav(agadmin, '2027/04/02'), await nav(agadmin), 'an agent administrator does not');
    },
  );
});
