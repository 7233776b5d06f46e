// Agent users (spec 001 /aguser-maintenance, /aguser-reg, /api/AgUser/*): the agent codes, the
// search, roles, one user, create (with the first-password mail), update, delete; every
// validation message of the form ag-user, every authority refusal, the audit trail.
import t from 'tap';
import { cookiesOf, createTestApp, type TestApp } from '../helpers/test-app';
import { oneTimeCodeIn, resetTokenIn } from '../helpers/smtp-capture';
import type { AgentCodeListAnswer } from '../../schemas/wire/agent-user';

const msg = (messageId: string, ...args: string[]) => ({ messageId, args });
const messagesOf = (res: { json(): unknown }) => (res.json() as { messages: unknown[] }).messages;

const NEW_USER = {
  kaisyaName: '株式会社さくら文具',
  busyoName: '総務部',
  tantousyaName: '新井 さくら',
  email: 'arai@sakura-bungu.example.jp',
  bikou1: '内線 123',
  bikou2: '',
  roleId: '02',
};

t.test('agent users', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const admin = (await h.signIn('demo-agadmin')).token; // 0000000002, administrator of A0000001
  const provider = (await h.signIn('demo-provider')).token; // 0000000001, P0000001
  const agent = (await h.signIn('demo-agent')).token;
  const staff = (await h.signIn('demo-staff')).token;
  const body = (extra: Record<string, unknown>) => ({ systemKbn: '01', ...extra });
  const audits = () =>
    h.db.selectFrom('audit_logs').selectAll().where('entity', '=', 'agent_user').orderBy('audit_id').execute();
  const search = (token: string, cond: Record<string, string> = {}) =>
    h.post('/api/AgUser/getAgUserList', body({ agUserSearchCond: cond }), { token });

  t.test('authority: category 102 for every call', async (t) => {
    const calls: [string, Record<string, unknown>][] = [
      ['/api/AgUser', {}],
      ['/api/AgUser/getAgUserList', { agUserSearchCond: {} }],
      ['/api/AgUser/getKinouKengenList', {}],
      ['/api/AgUser/getAgUser', { agUserData: { agCode: 'A0000001', userId: '0000000003' } }],
      ['/api/AgUser/createAgUser', { agUserData: { agCode: 'A0000001', ...NEW_USER } }],
      ['/api/AgUser/updateAgUser', { agUserData: { agCode: 'A0000001', userId: '0000000003', ...NEW_USER } }],
      ['/api/AgUser/deleteAgUser', { agUserDataList: [{ agCode: 'A0000001', userId: '0000000003' }] }],
    ];
    for (const [url, b] of calls) {
      for (const [who, token] of [
        ['agent user', agent],
        ['supplier staff', staff],
      ] as const) {
        const res = await h.post(url, body(b), { token });
        t.equal(res.statusCode, 403, `${who} ${url}`);
        t.same(messagesOf(res), [msg('ERR_0022')]);
      }
      t.equal((await h.post(url, body(b))).statusCode, 401, `no token ${url}`);
    }
    t.equal(
      (await h.post('/api/AgUser', body({ agCode: 'A0000002' }), { token: admin })).statusCode,
      403,
      'a top-level agCode is the caller, checked',
    );
  });

  t.test('agent codes: own for an agent administrator, all for a provider administrator', async (t) => {
    t.same((await h.post('/api/AgUser', body({ userId: '0000000002', agCode: 'A0000001' }), { token: admin })).json(), {
      agCodeList: [{ agCode: 'A0000001', agName: '株式会社さくら文具' }],
    });
    const all = (await h.post('/api/AgUser', body({}), { token: provider })).json<AgentCodeListAnswer>().agCodeList;
    t.same(
      all.map((a) => a.agCode),
      ['A0000001', 'A0000002', 'A0000003', 'A0000004', 'A0000005', 'A0000006', 'P0000001'],
    );
  });

  t.test(
    'search: own agent by default, partial matches, another agent refused for an agent administrator',
    async (t) => {
      const own = await search(admin);
      t.equal(own.statusCode, 200);
      const rows = own.json().agUserDataList as Record<string, string>[];
      t.same(
        rows.map((r) => r.userId),
        ['0000000002', '0000000003', '0000000011', '0000000012'],
      );
      t.same(rows[1], {
        agCode: 'A0000001',
        agName: '株式会社さくら文具',
        userId: '0000000003',
        kaisyaName: '株式会社さくら文具',
        busyoName: '東京営業課',
        tantousyaName: '鈴木 一郎',
        email: 'demo-agent@portal.example.jp',
        bikou1: '',
        bikou2: '',
        roleId: '02',
        roleDisplayName: '一般',
      });
      t.same(
        (await search(admin, { agCode: 'A0000001', busyoName: '営業' }))
          .json()
          .agUserDataList.map((r: { userId: string }) => r.userId),
        ['0000000002', '0000000003', '0000000011'],
      );
      t.same(
        (await search(admin, { tantousyaName: '鈴木', email: 'demo' }))
          .json()
          .agUserDataList.map((r: { userId: string }) => r.userId),
        ['0000000003'],
        'all conditions',
      );
      t.same((await search(admin, { kaisyaName: '%' })).json().agUserDataList, [], '% is a character, not a wildcard');
      t.same((await search(admin, { bikou1: '_' })).json().agUserDataList, [], '_ too');

      const other = await search(admin, { agCode: 'A0000002' });
      t.equal(other.statusCode, 403, "another agent's users");
      t.same(messagesOf(other), [msg('ERR_0022')]);
      t.same(
        (await search(provider, { agCode: 'A0000002' })).json().agUserDataList.map((r: { userId: string }) => r.userId),
        ['0000000004', '0000000013'],
        'a provider administrator may',
      );
      const long = await search(admin, { kaisyaName: 'あ'.repeat(256), email: 'x'.repeat(256) });
      t.equal(long.statusCode, 400);
      t.same(
        messagesOf(long),
        [msg('ERR_0025', '会社名'), msg('ERR_0025', 'メールアドレス')],
        'the search rules of schemas/lists/ag-user.json',
      );
    },
  );

  t.test('search: too many results is 416 ERR_0023', async (t) => {
    const hash = (
      await h.db
        .selectFrom('users')
        .select('password_hash')
        .where('user_id', '=', '0000000011')
        .executeTakeFirstOrThrow()
    ).password_hash;
    await h.db
      .insertInto('users')
      .values(
        Array.from({ length: 1001 }, (_, i) => ({
          user_id: `9${String(i).padStart(9, '0')}`,
          login_id: `bulk-${i}`,
          ag_code: 'A0000005',
          password_hash: hash,
          email: `bulk${i}@example.jp`,
          role_id: '03',
        })),
      )
      .execute();
    const res = await search(provider, { agCode: 'A0000005' });
    t.equal(res.statusCode, 416);
    t.same(messagesOf(res), [msg('ERR_0023', 'ユーザー')]);
    t.equal(
      (await search(provider, { agCode: 'A0000005', email: 'bulk100' })).json().agUserDataList.length,
      2,
      'a narrower search answers',
    );
  });

  t.test('roles and the agent name', async (t) => {
    const res = await h.post('/api/AgUser/getKinouKengenList', body({ displayAgCode: 'A0000001' }), { token: admin });
    t.same(res.json(), {
      agName: '株式会社さくら文具',
      kinouKengenList: [
        { value: '01', text: '管理者' },
        { value: '02', text: '一般' },
        { value: '03', text: '閲覧のみ' },
      ],
    });
    t.equal(
      (await h.post('/api/AgUser/getKinouKengenList', body({}), { token: admin })).json().agName,
      '株式会社さくら文具',
      'own agent by default',
    );
    t.equal(
      (await h.post('/api/AgUser/getKinouKengenList', body({ displayAgCode: 'A0000002' }), { token: admin }))
        .statusCode,
      403,
    );
    t.equal(
      (await h.post('/api/AgUser/getKinouKengenList', body({ displayAgCode: 'A0000002' }), { token: provider })).json()
        .agName,
      '有限会社みなと事務機',
    );
    const unknown = await h.post('/api/AgUser/getKinouKengenList', body({ displayAgCode: 'Z9999999' }), {
      token: provider,
    });
    t.equal(unknown.statusCode, 400);
    t.same(messagesOf(unknown), [msg('ERR_0006', '代理店コード')]);
  });

  t.test('one user', async (t) => {
    const res = await h.post(
      '/api/AgUser/getAgUser',
      body({ agUserData: { agCode: 'A0000001', userId: '0000000011' } }),
      { token: admin },
    );
    t.equal(res.statusCode, 200);
    t.match(res.json().agUserData, { userId: '0000000011', tantousyaName: '山本 直樹', roleDisplayName: '一般' });
    const hidden = await h.post(
      '/api/AgUser/getAgUser',
      body({ agUserData: { agCode: 'A0000001', userId: '0000000004' } }),
      { token: admin },
    );
    t.equal(hidden.statusCode, 400, "another agent's user under the own code is simply not there");
    t.same(messagesOf(hidden), [msg('ERR_0009', 'ユーザー')]);
    t.equal(
      (
        await h.post('/api/AgUser/getAgUser', body({ agUserData: { agCode: 'A0000002', userId: '0000000004' } }), {
          token: admin,
        })
      ).statusCode,
      403,
    );
    t.equal(
      (
        await h.post('/api/AgUser/getAgUser', body({ agUserData: { agCode: 'A0000002', userId: '0000000004' } }), {
          token: provider,
        })
      ).statusCode,
      200,
    );
  });

  t.test('create: every validation message of the form ag-user', async (t) => {
    const create = (data: Record<string, unknown>, token = admin) =>
      h.post('/api/AgUser/createAgUser', body({ agUserData: { agCode: 'A0000001', ...data } }), { token });
    const empty = await create({});
    t.equal(empty.statusCode, 400);
    t.same(messagesOf(empty), [
      msg('ERR_0001', '会社名'),
      msg('ERR_0001', '部署名'),
      msg('ERR_0001', '担当者名'),
      msg('ERR_0001', 'メールアドレス'),
      msg('ERR_0003', '機能権限'),
    ]);
    const long = 'あ'.repeat(256);
    const tooLong = await create({
      ...NEW_USER,
      kaisyaName: long,
      busyoName: long,
      tantousyaName: long,
      email: `${'a'.repeat(245)}@example.jp`,
      bikou1: long,
      bikou2: long,
    });
    t.same(
      messagesOf(tooLong),
      ['会社名', '部署名', '担当者名', 'メールアドレス', '備考1', '備考2'].map((l) => msg('ERR_0025', l)),
      '256 characters',
    );
    const max = 'あ'.repeat(255);
    t.equal(
      (
        await create({
          ...NEW_USER,
          kaisyaName: max,
          busyoName: max,
          tantousyaName: max,
          bikou1: max,
          bikou2: max,
          email: `${'a'.repeat(244)}@example.jp`,
        })
      ).statusCode,
      200,
      '255 characters',
    );
    const unusable = await create({
      ...NEW_USER,
      kaisyaName: '𠮷野家',
      busyoName: '営業部😀',
      tantousyaName: 'か\u3099',
      bikou1: '〜',
      bikou2: '한',
    });
    t.same(
      messagesOf(unusable),
      ['会社名', '部署名', '担当者名', '備考1', '備考2'].map((l) => msg('ERR_0026', l)),
    );
    t.same(
      messagesOf(await create({ ...NEW_USER, email: 'ａrai@example.jp' })),
      [msg('ERR_0018', 'メールアドレス')],
      'full-width letter',
    );
    t.same(
      messagesOf(await create({ ...NEW_USER, email: 'arai@例え.jp' })),
      [msg('ERR_0026', 'メールアドレス'), msg('ERR_0018', 'メールアドレス')].slice(1),
      'non-ASCII but usable',
    );
    t.same(
      messagesOf(await create({ ...NEW_USER, email: 'arai@example' })),
      [msg('ERR_0020', 'メールアドレス')],
      'no top-level domain',
    );
    t.same(messagesOf(await create({ ...NEW_USER, email: 'arai😀@example.jp' })), [
      msg('ERR_0026', 'メールアドレス'),
      msg('ERR_0018', 'メールアドレス'),
    ]);
    t.same(
      messagesOf(await create({ ...NEW_USER, roleId: '99' })),
      [msg('ERR_0025', '機能権限')],
      'an unknown role (server check)',
    );
    t.same(
      messagesOf(await create({ ...NEW_USER, agCode: 'Z9999999' }, provider)),
      [msg('ERR_0006', '代理店コード')],
      'an unregistered agent (server check)',
    );
    t.same(
      messagesOf(await create({ ...NEW_USER, kaisyaName: '', roleId: '99' })),
      [msg('ERR_0001', '会社名'), msg('ERR_0025', '機能権限')],
      'rule and server messages together',
    );
    t.same(
      messagesOf(
        await h.post('/api/AgUser/createAgUser', body({ agUserData: { ...NEW_USER, kaisyaName: { text: '5' } } }), {
          token: admin,
        }),
      ),
      [msg('ERR_0025', '会社名')],
      'a wrong type is refused, naming the field by its label',
    );
  });

  t.test('create: an agent administrator for their own agent only', async (t) => {
    const before = (await audits()).length;
    const res = await h.post('/api/AgUser/createAgUser', body({ agUserData: { agCode: 'A0000002', ...NEW_USER } }), {
      token: admin,
    });
    t.equal(res.statusCode, 403);
    t.same(messagesOf(res), [msg('ERR_0022')]);
    t.equal((await audits()).length, before, 'nothing written');
  });

  t.test('create: the user, the audit row and the first-password mail that works', async (t) => {
    const res = await h.post('/api/AgUser/createAgUser', body({ agUserData: { ...NEW_USER } }), { token: admin });
    t.equal(res.statusCode, 200, res.body);
    const created = res.json().agUserData;
    t.match(created, { ...NEW_USER, agCode: 'A0000001', agName: '株式会社さくら文具', roleDisplayName: '一般' });
    t.match(created.userId, /^\d{10}$/);
    const row = await h.db
      .selectFrom('users')
      .selectAll()
      .where('user_id', '=', created.userId)
      .executeTakeFirstOrThrow();
    t.match(row, { login_id: created.userId, is_admin: false, is_provider: false, ag_code: 'A0000001' });
    t.match((await audits()).at(-1), {
      action: 'create',
      actor_user_id: '0000000002',
      entity_id: created.userId,
      before_data: null,
      after_data: { ...NEW_USER, agCode: 'A0000001' },
    });

    const mail = h.smtp.latestTo(NEW_USER.email)!;
    t.equal(mail.subject, '【代理店ポータル】アカウント登録のお知らせ');
    t.match(mail.text, `ログインID：${created.userId}`);
    const token = resetTokenIn(mail);
    const check = await h.post('/api/pwdReset/ValidateOtu', token);
    t.same(check.json(), { user: { agCode: 'A0000001', userId: created.userId, loginId: created.userId } });
    h.clock.advance(71 * 3600 * 1000);
    const set = await h.post(
      '/api/pwdReset/PasswordUpdate',
      body({ agCode: 'A0000001', userId: created.userId, newPassword: 'Sakura#Arai2026', otu: token }),
    );
    t.equal(set.statusCode, 200, 'the link is valid for 72 hours');
    h.clock.advance(-71 * 3600 * 1000);
    const credentials = { systemKbn: '01', loginId: created.userId, password: 'Sakura#Arai2026' };
    const first = await h.post('/api/Auth/login', credentials);
    t.equal(first.statusCode, 200, first.body);
    const otp = oneTimeCodeIn(h.smtp.latestTo(NEW_USER.email));
    const second = await h.post('/api/Auth/OtpLogin', { ...credentials, otp }, { cookies: cookiesOf(first) });
    t.equal(second.json().user?.userId, created.userId, 'the new user signs in with the login id of the mail');

    const adminRole = await h.post(
      '/api/AgUser/createAgUser',
      body({ agUserData: { ...NEW_USER, email: 'boss@sakura-bungu.example.jp', roleId: '01' } }),
      { token: admin },
    );
    const boss = await h.db
      .selectFrom('users')
      .select(['is_admin', 'is_provider'])
      .where('user_id', '=', adminRole.json().agUserData.userId)
      .executeTakeFirstOrThrow();
    t.same(boss, { is_admin: true, is_provider: false }, 'role 01 makes an administrator of the agent');
    const providerUser = await h.post(
      '/api/AgUser/createAgUser',
      body({ agUserData: { ...NEW_USER, agCode: 'P0000001', email: 'staff2@example.jp' } }),
      { token: provider },
    );
    t.equal(providerUser.statusCode, 200);
    t.same(
      await h.db
        .selectFrom('users')
        .select(['is_provider'])
        .where('user_id', '=', providerUser.json().agUserData.userId)
        .executeTakeFirstOrThrow(),
      { is_provider: true },
      "a user of the provider's own agent is provider staff",
    );
  });

  t.test('update', async (t) => {
    const update = (data: Record<string, unknown>, token = admin) =>
      h.post(
        '/api/AgUser/updateAgUser',
        body({ agUserData: { agCode: 'A0000001', userId: '0000000011', ...NEW_USER, ...data } }),
        { token },
      );
    const res = await update({
      busyoName: '大阪営業課',
      tantousyaName: '山本 直樹',
      email: 'yamamoto@sakura-bungu.example.jp',
      bikou2: '異動予定',
    });
    t.equal(res.statusCode, 200, res.body);
    t.match(res.json().agUserData, {
      userId: '0000000011',
      busyoName: '大阪営業課',
      bikou2: '異動予定',
      email: 'yamamoto@sakura-bungu.example.jp',
    });
    const audit = (await audits()).at(-1)!;
    t.match(audit, {
      action: 'update',
      entity_id: '0000000011',
      before_data: { busyoName: '大阪営業課', email: 'user11@a0000001.example.jp', bikou2: '' },
      after_data: { bikou2: '異動予定', email: 'yamamoto@sakura-bungu.example.jp' },
    });

    // The screen sends no value for a field it emptied: the update clears it, not keeps it.
    const { bikou2: _left, ...withoutBikou2 } = {
      ...NEW_USER,
      busyoName: '大阪営業課',
      tantousyaName: '山本 直樹',
      email: 'yamamoto@sakura-bungu.example.jp',
    };
    const cleared = await h.post(
      '/api/AgUser/updateAgUser',
      body({ agUserData: { agCode: 'A0000001', userId: '0000000011', ...withoutBikou2 } }),
      { token: admin },
    );
    t.equal(cleared.statusCode, 200, cleared.body);
    t.equal(cleared.json().agUserData.bikou2, '', 'a field left out of an update is cleared');
    const reread = await h.post(
      '/api/AgUser/getAgUser',
      body({ agUserData: { agCode: 'A0000001', userId: '0000000011' } }),
      { token: admin },
    );
    t.match(
      reread.json().agUserData,
      { bikou2: '', bikou1: '内線 123', busyoName: '大阪営業課' },
      'and stays cleared; the fields sent are kept',
    );

    t.same(
      messagesOf(await update({ kaisyaName: '', email: 'x' })),
      [msg('ERR_0001', '会社名'), msg('ERR_0020', 'メールアドレス')],
      'the same rules as create',
    );
    t.same(messagesOf(await update({ userId: '0000000999' })), [msg('ERR_0009', 'ユーザー')], 'an unknown user');
    t.same(
      messagesOf(await update({ userId: '0000000004' })),
      [msg('ERR_0009', 'ユーザー')],
      "another agent's user under the own code",
    );
    t.equal((await update({ agCode: 'A0000002', userId: '0000000004' })).statusCode, 403, "another agent's user");
    t.same(
      messagesOf(await update({ userId: '0000000002', roleId: '02', email: 'demo-agadmin@portal.example.jp' })),
      [msg('ERR_0025', '機能権限')],
      'an administrator keeps their own role',
    );
    t.equal(
      (await update({ agCode: 'A0000002', userId: '0000000013', email: 'kobayashi@minato.example.jp' }, provider))
        .statusCode,
      200,
      'a provider administrator edits any agent',
    );
  });

  t.test('a field added to the form is enforced and stored with no code change', async (t) => {
    const form = h.app.definitions.forms.get('ag-user')!;
    const saved = JSON.stringify(form);
    t.teardown(() => Object.assign(form, JSON.parse(saved)));
    form.schema.properties.faxNumber = { type: 'string', title: 'FAX番号', maxLength: 20 };
    form.rules.push(
      { rule: 'required', field: 'faxNumber', message: 'ERR_0001', args: ['FAX番号'] },
      { rule: 'digits', field: 'faxNumber', max: 12, message: 'ERR_0025', args: ['FAX番号'] },
    );
    const missing = await h.post(
      '/api/AgUser/createAgUser',
      body({ agUserData: { ...NEW_USER, email: 'fax@example.jp' } }),
      { token: admin },
    );
    t.same(messagesOf(missing), [msg('ERR_0001', 'FAX番号')]);
    t.same(
      messagesOf(
        await h.post(
          '/api/AgUser/createAgUser',
          body({ agUserData: { ...NEW_USER, email: 'fax@example.jp', faxNumber: '03-1234' } }),
          { token: admin },
        ),
      ),
      [msg('ERR_0025', 'FAX番号')],
    );
    const ok = await h.post(
      '/api/AgUser/createAgUser',
      body({ agUserData: { ...NEW_USER, email: 'fax@example.jp', faxNumber: '0312345678', notInTheForm: 'dropped' } }),
      { token: admin },
    );
    t.equal(ok.statusCode, 200, ok.body);
    t.equal(ok.json().agUserData.faxNumber, '0312345678');
    t.notOk('notInTheForm' in ok.json().agUserData, 'only fields the form declares are stored');
    const read = await h.post(
      '/api/AgUser/getAgUser',
      body({ agUserData: { agCode: 'A0000001', userId: ok.json().agUserData.userId } }),
      { token: admin },
    );
    t.equal(read.json().agUserData.faxNumber, '0312345678');
  });

  t.test('delete', async (t) => {
    const del = (list: unknown[], token = admin) =>
      h.post('/api/AgUser/deleteAgUser', body({ agUserDataList: list }), { token });
    t.same(messagesOf(await del([])), [msg('ERR_0003', '明細')]);
    t.same(messagesOf(await del([{ agCode: 'A0000001', userId: '0000000999' }])), [msg('ERR_0009', 'ユーザー')]);
    t.same(
      messagesOf(await del([{ agCode: 'A0000001', userId: '0000000002' }])),
      [msg('ERR_0025', '削除対象（ログイン中のユーザー）')],
      'not oneself',
    );
    t.equal(
      (
        await del([
          { agCode: 'A0000001', userId: '0000000003' },
          { agCode: 'A0000002', userId: '0000000004' },
        ])
      ).statusCode,
      403,
      "another agent's user in the selection",
    );
    t.equal(
      (await h.post('/api/Parmition/getUserParmition', body({}), { token: agent })).statusCode,
      200,
      'nobody deleted yet',
    );

    const res = await del([{ agCode: 'A0000001', userId: '0000000003' }, { userId: '0000000012' }]);
    t.equal(res.statusCode, 200, res.body);
    t.same(
      (await search(admin))
        .json()
        .agUserDataList.map((r: { userId: string }) => r.userId)
        .filter((id: string) => id < '0000001000'),
      ['0000000002', '0000000011'],
    );
    t.equal(
      (await h.post('/api/Parmition/getUserParmition', body({}), { token: agent })).statusCode,
      401,
      "the deleted user's session ends",
    );
    t.match((await audits()).at(-1), {
      action: 'delete',
      entity_id: '0000000012',
      before_data: { tantousyaName: '中村 優子' },
      after_data: null,
    });
    t.equal(
      (await del([{ agCode: 'A0000002', userId: '0000000013' }], provider)).statusCode,
      200,
      'a provider administrator deletes for any agent',
    );
  });

  t.test('a provider administrator acting as an agent works on that agent by default', async (t) => {
    const pseudo = (
      await h.post('/api/KanriTop/changeAgCode', body({ pseudoLoginAgCode: 'A0000002' }), { token: provider })
    ).json().token;
    const rows = (await search(pseudo)).json().agUserDataList as { agCode: string }[];
    t.ok(rows.length > 0 && rows.every((r) => r.agCode === 'A0000002'));
    t.equal(
      (await h.post('/api/AgUser', body({}), { token: pseudo })).json<AgentCodeListAnswer>().agCodeList.length,
      7,
      'and may still choose any agent',
    );
    t.equal((await search(pseudo, { agCode: 'A0000001' })).statusCode, 200);
  });
});
