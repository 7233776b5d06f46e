// The error answers of docs/wire-contract.md (404 for unknown API paths, 400 for bad requests,
// 500 with an error id and no internals) and the two log calls: /api/log (operation log) and
// /api/errorlog (browser errors), which take the identity from the token, never from the body.
import t from 'tap';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp } from '../helpers/test-app';
import { leaksInternals, messageIds, rawPost } from '../helpers/api-probe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

t.test('errors and logs', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await h.signIn('demo-agent');

  t.test('an unknown /api path is a JSON 404, with or without a token', async (t) => {
    for (const [method, url, token] of [
      ['POST', '/api/NoSuch/call', undefined],
      ['POST', '/api/NoSuch/call', agent.token],
      ['POST', '/api/auth/login', undefined], // paths are case-sensitive
      ['GET', '/api/Auth/login', undefined], // calls are POST
      ['GET', '/api/', undefined],
    ] as const) {
      const res = await h.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      t.equal(res.statusCode, 404, `${method} ${url}`);
      t.match(res.headers['content-type'], /application\/json/);
      t.same(res.json(), { messages: [{ messageId: 'ERR_SYS999', args: [] }] });
    }
  });

  t.test('API answers are never cached and never content-sniffed, errors included', async (t) => {
    for (const res of [
      await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token: agent.token }),
      await h.post(
        '/api/Auth/login',
        { systemKbn: '01', loginId: 'demo-agent', password: 'Wrong#Password123' },
        { ip: '192.0.2.200' },
      ),
      await h.post('/api/NoSuch/call', {}),
      await rawPost(h, '/api/Auth/login', '{'),
    ]) {
      t.equal(res.headers['cache-control'], 'no-store', `${res.statusCode}: Cache-Control no-store`);
      t.equal(res.headers['x-content-type-options'], 'nosniff', `${res.statusCode}: nosniff`);
    }
  });

  t.test('a malformed or unacceptable request is a 4xx with a catalogue message and no internals', async (t) => {
    const cases: Array<[string, Promise<LightMyRequestResponse>, number]> = [
      ['bad JSON to a public route', rawPost(h, '/api/Auth/login', '{"systemKbn":"01",'), 400],
      [
        'bad JSON with a token',
        rawPost(h, '/api/GlobalNavi/getGlobalNaviData', '{oops}', { authorization: `Bearer ${agent.token}` }),
        400,
      ],
      [
        'empty body with a JSON content type',
        rawPost(h, '/api/Parmition/getUserParmition', '', { authorization: `Bearer ${agent.token}` }),
        400,
      ],
      [
        'a form post',
        h.app.inject({
          method: 'POST',
          url: '/api/Auth/login',
          payload: 'loginId=demo-agent',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        415,
      ],
      [
        'text/plain',
        h.app.inject({
          method: 'POST',
          url: '/api/Auth/login',
          payload: 'loginId=demo-agent',
          headers: { 'content-type': 'text/plain' },
        }),
        400,
      ],
      ['over 1 MiB', rawPost(h, '/api/errorlog', JSON.stringify({ message: 'x'.repeat(1_100_000) })), 413],
    ];
    for (const [what, request, status] of cases) {
      const res = await request;
      t.equal(res.statusCode, status, what);
      t.ok(messageIds(res).length > 0, `${what}: catalogue messages`);
      t.notOk(leaksInternals(res.body), `${what}: no internals (${res.body})`);
    }
    const schema = await h.post(
      '/api/Parmition/getUserParmition',
      { systemKbn: '01', userId: 12345 },
      { token: agent.token },
    );
    t.equal(schema.statusCode, 403, 'a non-string id is refused like a foreign one');
    const wrongType = await h.post(
      '/api/GlobalNavi/getGlobalNaviData',
      { systemKbn: '01', targetDate: 20261120 },
      { token: agent.token },
    );
    t.equal(wrongType.statusCode, 400, 'a field of the wrong type is 400');
    t.same(wrongType.json(), { messages: [{ messageId: 'ERR_0025', args: ['targetDate'] }] });
  });

  t.test(
    'an unexpected failure is 500 { messages: [ERR_SYS999], errorId } and the error is logged with that id',
    async (t) => {
      await sql`alter table notifications rename to notifications_moved`.execute(h.db);
      let renamed = true;
      const restore = async () => {
        if (renamed) await sql`alter table notifications_moved rename to notifications`.execute(h.db);
        renamed = false;
      };
      t.teardown(restore);

      const res = await h.post('/api/GlobalNavi/getNotificationBadges', { systemKbn: '01' }, { token: agent.token });
      await restore();
      t.equal(res.statusCode, 500);
      const body = res.json();
      t.same(Object.keys(body).sort(), ['errorId', 'messages']);
      t.same(body.messages, [{ messageId: 'ERR_SYS999', args: [] }]);
      t.match(body.errorId, UUID);
      t.notOk(leaksInternals(res.body), 'no stack or SQL text');
      t.notMatch(res.body, /notifications/, 'not even the table name');

      const row = await h.db
        .selectFrom('error_logs')
        .selectAll()
        .where('error_id', '=', body.errorId)
        .executeTakeFirst();
      t.ok(row, 'an error_logs row with the answered id');
      t.match(row, { source: 'server', url: '/api/GlobalNavi/getNotificationBadges', user_id: '0000000003' });
      t.match(row?.message, /notifications/, 'the log keeps the cause for the operators');
      t.ok(row?.stack, 'and the stack');

      const again = await h.post('/api/GlobalNavi/getNotificationBadges', { systemKbn: '01' }, { token: agent.token });
      t.equal(again.statusCode, 200, 'the app recovers once the table is back');
    },
  );

  t.test('/api/log without a token records the anonymous ids, whatever the body claims', async (t) => {
    const res = await h.post('/api/log', {
      systemKbn: '01',
      userId: '0000000004',
      agCode: 'A0000002',
      pseudoUserId: '0000000001',
      pseudoAgCode: 'P0000001',
      actionTime: '2000-01-01T00:00:00Z',
      operationType: '03',
      fromScreenName: '/login',
      toScreenName: '/portal-top',
      controlName: 'anonymous-entry',
      actionDetail: 'detail',
      genericField1: 'g1',
      genericField2: 'g2',
      genericField3: 'g3',
      currentUrl: 'http://portal.test/with-ag/login',
    });
    t.equal(res.statusCode, 200);
    t.same(res.json(), {});
    const row = await h.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('control_name', '=', 'anonymous-entry')
      .executeTakeFirstOrThrow();
    t.match(row, {
      source: 'client',
      system_kbn: '01',
      user_id: '0000000000',
      ag_code: '00000000',
      pseudo_user_id: '',
      pseudo_ag_code: '',
      operation_type: '03',
      from_screen_name: '/login',
      to_screen_name: '/portal-top',
      action_detail: 'detail',
      generic_field1: 'g1',
      generic_field2: 'g2',
      generic_field3: 'g3',
      current_url: 'http://portal.test/with-ag/login',
    });
    t.equal(row.action_time.getTime(), h.clock.now().getTime(), "the time is the server's, not the browser's");
  });

  t.test(
    "/api/log with a token records the token's ids; a body naming someone else is 403 and records nothing",
    async (t) => {
      for (const [control, ids] of [
        ['token-no-ids', {}],
        ['token-own-ids', { userId: '0000000003', agCode: 'A0000001' }],
        ['token-empty-ids', { userId: '', agCode: '', pseudoUserId: '', pseudoAgCode: '' }],
      ] as const) {
        const res = await h.post(
          '/api/log',
          { systemKbn: '01', operationType: '11', controlName: control, ...ids },
          { token: agent.token },
        );
        t.equal(res.statusCode, 200, control);
        const row = await h.db
          .selectFrom('operation_logs')
          .select(['user_id', 'ag_code', 'operation_type'])
          .where('control_name', '=', control)
          .executeTakeFirstOrThrow();
        t.same(row, { user_id: '0000000003', ag_code: 'A0000001', operation_type: '11' }, control);
      }
      for (const [field, value] of [
        ['userId', '0000000004'],
        ['agCode', 'A0000002'],
        ['pseudoUserId', '0000000001'],
        ['pseudoAgCode', 'P0000001'],
      ] as const) {
        const control = `claims-${field}`;
        const res = await h.post(
          '/api/log',
          { systemKbn: '01', operationType: '11', controlName: control, [field]: value },
          { token: agent.token },
        );
        t.equal(res.statusCode, 403, `${field}=${value}`);
        t.same(res.json(), { messages: [{ messageId: 'ERR_0022', args: [] }] });
        t.notOk(
          await h.db
            .selectFrom('operation_logs')
            .select('log_id')
            .where('control_name', '=', control)
            .executeTakeFirst(),
          'nothing recorded',
        );
      }
      // An expired or broken token does not lose the entry, and it is recorded as anonymous: the
      // ids of a token that does not verify are never used.
      const expired = await h.post(
        '/api/log',
        { systemKbn: '01', operationType: '11', controlName: 'bad-token' },
        { token: `${agent.token}x` },
      );
      t.equal(expired.statusCode, 200, 'a bad token is taken as anonymous');
      const anon = await h.db
        .selectFrom('operation_logs')
        .select(['user_id', 'ag_code'])
        .where('control_name', '=', 'bad-token')
        .executeTakeFirstOrThrow();
      t.same(anon, { user_id: '0000000000', ag_code: '00000000' }, 'recorded with the default ids');
    },
  );

  t.test('/api/log checks its fields and ignores unknown ones', async (t) => {
    const unknown = await h.post('/api/log', {
      systemKbn: '01',
      operationType: '06',
      controlName: 'with-extras',
      hacker: 'x',
      user_id: '0000000004',
      source: 'server',
      operation_type: '99',
    });
    t.equal(unknown.statusCode, 200, 'unknown fields do not fail the call');
    const row = await h.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('control_name', '=', 'with-extras')
      .executeTakeFirstOrThrow();
    t.match(row, { source: 'client', user_id: '0000000000', operation_type: '06' }, 'and change nothing');
    for (const [what, body] of [
      ['operationType missing', { systemKbn: '01' }],
      ['operationType not two digits', { systemKbn: '01', operationType: '3' }],
      ['operationType letters', { systemKbn: '01', operationType: 'ab' }],
      ['toScreenName over 255', { systemKbn: '01', operationType: '03', toScreenName: 'x'.repeat(256) }],
      ['systemKbn 02', { systemKbn: '02', operationType: '03' }],
      ['systemkbn 02', { systemkbn: '02', operationType: '03' }],
      ['an array', [{ operationType: '03' }]],
    ] as const) {
      const res = await h.post('/api/log', body);
      t.equal(res.statusCode, 400, what);
    }
    t.equal(
      (await h.post('/api/log', { systemkbn: '01', operationType: '03' })).statusCode,
      200,
      "the spec's lower-case systemkbn is accepted",
    );
  });

  t.test('/api/errorlog stores message, stack, component info and user agent, and answers the errorId', async (t) => {
    const res = await h.post('/api/errorlog', {
      message: 'TypeError: Cannot read properties of undefined',
      stack: 'TypeError: Cannot read…\n    at PortalTop (portal-top.tsx:10:5)',
      componentInfo: '\n    at PortalTop\n    at RootLayout',
      userAgent: 'Mozilla/5.0 (test)',
      url: 'http://portal.test/with-ag/portal-top',
      extra: 'ignored',
    });
    t.equal(res.statusCode, 200);
    t.same(Object.keys(res.json()), ['errorId']);
    const { errorId } = res.json();
    t.match(errorId, UUID);
    const row = await h.db
      .selectFrom('error_logs')
      .selectAll()
      .where('error_id', '=', errorId)
      .executeTakeFirstOrThrow();
    t.match(row, {
      source: 'client',
      message: 'TypeError: Cannot read properties of undefined',
      stack: 'TypeError: Cannot read…\n    at PortalTop (portal-top.tsx:10:5)',
      component_info: '\n    at PortalTop\n    at RootLayout',
      user_agent: 'Mozilla/5.0 (test)',
      url: 'http://portal.test/with-ag/portal-top',
      user_id: '',
    });

    const withToken = await h.post('/api/errorlog', { message: 'signed-in error' }, { token: agent.token });
    t.equal(withToken.statusCode, 200);
    const signedIn = await h.db
      .selectFrom('error_logs')
      .selectAll()
      .where('error_id', '=', withToken.json().errorId)
      .executeTakeFirstOrThrow();
    t.equal(signedIn.user_id, '0000000003', 'the user of the token');

    const headerOnly = await h.app.inject({
      method: 'POST',
      url: '/api/errorlog',
      payload: { message: 'no ua in body' },
      headers: { 'user-agent': 'HeaderAgent/1.0' },
    });
    const fromHeader = await h.db
      .selectFrom('error_logs')
      .select('user_agent')
      .where('error_id', '=', headerOnly.json().errorId)
      .executeTakeFirstOrThrow();
    t.equal(fromHeader.user_agent, 'HeaderAgent/1.0', 'without a userAgent field the request header is stored');

    const claims = await h.post('/api/errorlog', { message: 'x', userId: '0000000004' }, { token: agent.token });
    t.equal(claims.statusCode, 403, 'with a token, a foreign id in the body is refused here too');
    t.equal(
      (await h.post('/api/errorlog', { message: 'x'.repeat(4001) })).statusCode,
      400,
      'a message over 4000 characters is refused',
    );
    t.equal(
      (await h.post('/api/errorlog', { message: 'x', systemKbn: '02' })).statusCode,
      400,
      'systemKbn other than 01 is refused',
    );
    t.equal((await h.post('/api/errorlog', { message: 'x', systemKbn: '01' })).statusCode, 200, 'systemKbn 01 is fine');
  });
});
