// /api/Auth/login: remembered and unknown browsers, the one answer for wrong credentials,
// input validation and the rate limits per login id and per address (spec 000 §5, §7, §8;
// docs/decisions.md §3; docs/wire-contract.md "Sign-in and session").
import t from 'tap';
import { createTestApp, passwordOf, cookiesOf } from '../helpers/test-app';
import { leaksInternals, mailOf, messageIds, rawPost } from '../helpers/api-probe';
import { oneTimeCodeIn } from '../helpers/smtp-capture';
import { present } from '../helpers/indexing';
import type { SessionUser } from '../../schemas/wire/auth';

const SESSION_USER_FIELDS: (keyof SessionUser)[] = [
  'userId',
  'agCode',
  'agName',
  'emailAddress',
  'isLoggedIn',
  'isAdmin',
  'isProvider',
  'invoiceNo',
  'roleId',
  'itakumotoAgCode',
  'daihyoCode',
  'saiitakuFlg',
  'userName',
  'companyName',
  'sectionName',
  'bikou1',
  'bikou2',
  'isBaseLogin',
  'baseAgCode',
  'pseudoAgCode',
  'pseudoAgName',
  'pseudoUserId',
  'pseudoDaihyoCode',
  'pseudoInvoiceNo',
];

const login = (loginId: string, password: string) => ({ systemKbn: '01', loginId, password });

t.test('sign-in', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const mailsTo = (loginId: string) => h.smtp.mails.filter((m) => m.to.includes(mailOf(loginId))).length;

  t.test('a remembered browser gets the token, the system date and the whole session user at once', async (t) => {
    const { cookies } = await h.signIn('demo-agent');
    t.ok(cookies.wag_tb, 'the one-time-code sign-in left the trusted-browser cookie');
    const mailsBefore = mailsTo('demo-agent');

    const res = await h.post('/api/Auth/login', login('demo-agent', passwordOf('demo-agent')), {
      cookies: { wag_tb: present(cookies.wag_tb, 'cookies.wag_tb') },
    });
    t.equal(res.statusCode, 200);
    const body = res.json();
    t.same(Object.keys(body).sort(), ['isAreadyOptAuth', 'systemDate', 'token', 'user']);
    t.equal(body.isAreadyOptAuth, true);
    t.equal(body.systemDate, '2026/11/20', 'systemDate is yyyy/MM/dd in Tokyo');
    t.match(body.token, /^[\w-]+\.[\w-]+\.[\w-]+$/, 'a JWT');
    t.same(Object.keys(body.user).sort(), [...SESSION_USER_FIELDS].sort(), 'exactly the session-user fields');
    t.match(body.user, {
      userId: '0000000003',
      agCode: 'A0000001',
      agName: '株式会社さくら文具',
      emailAddress: 'demo-agent@portal.example.jp',
      isLoggedIn: true,
      isAdmin: false,
      isProvider: false,
      invoiceNo: 'T2010401012345',
      roleId: '02',
      itakumotoAgCode: '',
      daihyoCode: 'A0000001',
      saiitakuFlg: false,
      userName: '鈴木 一郎',
      companyName: '株式会社さくら文具',
      sectionName: '東京営業課',
      isBaseLogin: false,
      baseAgCode: 'A0000001',
      pseudoAgCode: '',
      pseudoUserId: '',
    });
    t.equal(mailsTo('demo-agent'), mailsBefore, 'no code is mailed to a remembered browser');

    const perms = await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token: body.token });
    t.equal(perms.statusCode, 200, 'the token opens the authenticated calls');
  });

  t.test('the system date follows Tokyo, not UTC', async (t) => {
    const { cookies } = await h.signIn('demo-agadmin');
    const saved = h.clock.now();
    t.teardown(() => h.clock.set(saved));
    h.clock.set('2026-11-20T23:30:00Z'); // 08:30 on 21 November in Tokyo
    const res = await h.post('/api/Auth/login', login('demo-agadmin', passwordOf('demo-agadmin')), {
      cookies: { wag_tb: present(cookies.wag_tb, 'cookies.wag_tb') },
    });
    t.equal(res.statusCode, 200);
    t.equal(res.json().systemDate, '2026/11/21');
  });

  t.test('an unknown browser gets no token but a mailed 6-character code and a signed challenge cookie', async (t) => {
    const mailsBefore = mailsTo('demo-staff');
    const res = await h.post('/api/Auth/login', login('demo-staff', passwordOf('demo-staff')), { ip: '10.0.0.2' });
    t.equal(res.statusCode, 200);
    t.same(res.json(), { token: '', systemDate: '2026/11/20', isAreadyOptAuth: false, user: null });
    t.equal(mailsTo('demo-staff'), mailsBefore + 1, 'one mail went out');
    t.match(oneTimeCodeIn(h.smtp.latestTo(mailOf('demo-staff'))), /^[A-Z0-9]{6}$/);
    const challenge = (res.cookies as Array<Record<string, unknown>>).find((c) => c.name === 'wag_otp');
    t.ok(challenge, 'the challenge cookie is set');
    t.equal(challenge?.httpOnly, true, 'httpOnly');
    t.match(String(challenge?.value), /\./, 'signed (value.signature)');
    t.notOk(cookiesOf(res).wag_tb, 'the browser is not trusted yet');
  });

  t.test('a forged trusted-browser cookie does not skip the code', async (t) => {
    const { cookies } = await h.signIn('demo-provider');
    const unsigned = present(cookies.wag_tb, 'cookies.wag_tb').slice(
      0,
      present(cookies.wag_tb, 'cookies.wag_tb').lastIndexOf('.'),
    );
    for (const forged of [unsigned, `${unsigned}.AAAA`, 'garbage']) {
      const res = await h.post('/api/Auth/login', login('demo-provider', passwordOf('demo-provider')), {
        cookies: { wag_tb: forged },
      });
      t.equal(res.statusCode, 200);
      t.equal(res.json().isAreadyOptAuth, false, `cookie ${forged.slice(0, 12)}… is not trusted`);
      t.equal(res.json().token, '');
    }
  });

  t.test('a wrong password and an unknown login id get the same 401 ERR_USER002 body', async (t) => {
    const wrongPassword = await h.post('/api/Auth/login', login('demo-agent', 'Wrong#Password123'), { ip: '10.0.0.3' });
    const unknownId = await h.post('/api/Auth/login', login('no-such-user', 'Wrong#Password123'), { ip: '10.0.0.3' });
    const unknownWithRealPassword = await h.post('/api/Auth/login', login('no-such-user', passwordOf('demo-agent')), {
      ip: '10.0.0.3',
    });
    for (const res of [wrongPassword, unknownId, unknownWithRealPassword]) {
      t.equal(res.statusCode, 401);
      t.same(res.json(), { messages: [{ messageId: 'ERR_USER002', args: [] }] });
    }
    t.equal(wrongPassword.body, unknownId.body, 'byte for byte the same body');
    t.notOk(cookiesOf(wrongPassword).wag_otp, 'no challenge for a failed sign-in');
  });

  t.test('empty login id and password: 400 ERR_0001 naming both labels', async (t) => {
    const res = await h.post('/api/Auth/login', login('', ''), { ip: '10.0.0.4' });
    t.equal(res.statusCode, 400);
    t.same(res.json(), {
      messages: [
        { messageId: 'ERR_0001', args: ['ログインID'] },
        { messageId: 'ERR_0001', args: ['パスワード'] },
      ],
    });
    const onlyPassword = await h.post('/api/Auth/login', login('demo-agent', ''), { ip: '10.0.0.4' });
    t.equal(onlyPassword.statusCode, 400);
    t.same(onlyPassword.json().messages, [{ messageId: 'ERR_0001', args: ['パスワード'] }]);
  });

  t.test('a login id or password over 255 characters is refused with 400', async (t) => {
    const res = await h.post('/api/Auth/login', login('a'.repeat(256), 'x'), { ip: '10.0.0.4' });
    t.equal(res.statusCode, 400);
    t.same(messageIds(res), ['ERR_0025']);
  });

  t.test('systemKbn missing or not "01": 400', async (t) => {
    const missing = await h.post(
      '/api/Auth/login',
      { loginId: 'demo-agent', password: passwordOf('demo-agent') },
      { ip: '10.0.0.5' },
    );
    t.equal(missing.statusCode, 400);
    t.same(messageIds(missing), ['ERR_0001']);
    const other = await h.post(
      '/api/Auth/login',
      { ...login('demo-agent', passwordOf('demo-agent')), systemKbn: '02' },
      { ip: '10.0.0.5' },
    );
    t.equal(other.statusCode, 400);
    t.ok(messageIds(other).length > 0, 'a catalogue message');
    t.equal(other.json().token, undefined, 'no sign-in happened');
  });

  t.test('malformed JSON: 400 with a catalogue message, no stack or SQL text', async (t) => {
    for (const payload of ['{"systemKbn":"01","loginId":', 'not json', '{"systemKbn":"01",}']) {
      const res = await rawPost(h, '/api/Auth/login', payload);
      t.equal(res.statusCode, 400, payload);
      t.ok(messageIds(res).length > 0, 'messages');
      t.notOk(leaksInternals(res.body), `no internals in ${res.body}`);
      t.notMatch(res.body, /Unexpected|SyntaxError|position/i, 'no parser text');
    }
    const array = await h.post('/api/Auth/login', [login('demo-agent', passwordOf('demo-agent'))]);
    t.equal(array.statusCode, 400, 'an array body is refused');
  });

  t.test(
    'after 5 failures for one login id (from any address) even the right password gets 429 until the window passes',
    async (t) => {
      const right = login('demo-agent2', passwordOf('demo-agent2'));
      for (let i = 1; i <= 5; i++) {
        const res = await h.post('/api/Auth/login', login('demo-agent2', `Wrong#Password${i}xx`), {
          ip: `10.1.0.${i}`,
        });
        t.equal(res.statusCode, 401, `failure ${i} is an ordinary 401`);
      }
      const blocked = await h.post('/api/Auth/login', right, { ip: '10.1.0.9' });
      t.equal(blocked.statusCode, 429);
      t.same(blocked.json(), { messages: [{ messageId: 'ERR_USER003', args: [] }] });
      const blockedOtp = await h.post('/api/Auth/OtpLogin', { ...right, otp: 'ABC234' }, { ip: '10.1.0.9' });
      t.equal(blockedOtp.statusCode, 429, 'the one-time-code step is limited too');

      h.clock.advance(14 * 60_000);
      t.equal(
        (await h.post('/api/Auth/login', right, { ip: '10.1.0.9' })).statusCode,
        429,
        'still blocked after 14 minutes',
      );
      h.clock.advance(2 * 60_000);
      const again = await h.post('/api/Auth/login', right, { ip: '10.1.0.9' });
      t.equal(again.statusCode, 200, 'after 16 minutes the right password works again');
      t.equal(again.json().isAreadyOptAuth, false);
    },
  );

  t.test('four failures are not yet a block, and a successful sign-in clears them', async (t) => {
    const { cookies } = await h.signIn('demo-staff');
    const wrong = login('demo-staff', 'Wrong#Password123');
    for (let i = 1; i <= 4; i++)
      t.equal((await h.post('/api/Auth/login', wrong, { ip: `10.2.0.${i}` })).statusCode, 401);
    const ok = await h.post('/api/Auth/login', login('demo-staff', passwordOf('demo-staff')), {
      cookies: { wag_tb: present(cookies.wag_tb, 'cookies.wag_tb') },
      ip: '10.2.0.9',
    });
    t.equal(ok.statusCode, 200, 'the fifth attempt with the right password is let through');
    t.equal(ok.json().isAreadyOptAuth, true);
    for (let i = 1; i <= 4; i++)
      t.equal(
        (await h.post('/api/Auth/login', wrong, { ip: `10.2.1.${i}` })).statusCode,
        401,
        'counting started again',
      );
    t.equal(
      (await h.post('/api/Auth/login', login('demo-staff', passwordOf('demo-staff')), { ip: '10.2.1.9' })).statusCode,
      200,
    );
  });
});

t.test('per-address limit: failures for different login ids from one address block that address only', async (t) => {
  const h = await createTestApp({ authLimits: { maxFailuresPerIp: 3 } });
  t.teardown(h.close);
  const ip = '192.0.2.10';
  t.equal((await h.post('/api/Auth/login', login('nobody-1', 'Wrong#Password123'), { ip })).statusCode, 401);
  t.equal((await h.post('/api/Auth/login', login('nobody-2', 'Wrong#Password123'), { ip })).statusCode, 401);
  t.equal((await h.post('/api/Auth/login', login('demo-agadmin', 'Wrong#Password123'), { ip })).statusCode, 401);

  const blocked = await h.post('/api/Auth/login', login('demo-staff', passwordOf('demo-staff')), { ip });
  t.equal(
    blocked.statusCode,
    429,
    'a fourth sign-in from the address is refused, even with right credentials of another user',
  );
  t.same(blocked.json(), { messages: [{ messageId: 'ERR_USER003', args: [] }] });

  const elsewhere = await h.post('/api/Auth/login', login('demo-staff', passwordOf('demo-staff')), {
    ip: '192.0.2.11',
  });
  t.equal(elsewhere.statusCode, 200, 'another address is not affected');
  const sameIdElsewhere = await h.post('/api/Auth/login', login('demo-agadmin', passwordOf('demo-agadmin')), {
    ip: '192.0.2.11',
  });
  t.equal(sameIdElsewhere.statusCode, 200, 'one failure for demo-agadmin is far from its own limit');

  h.clock.advance(16 * 60_000);
  t.equal(
    (await h.post('/api/Auth/login', login('demo-staff', passwordOf('demo-staff')), { ip })).statusCode,
    200,
    'after 16 minutes the address may sign in again',
  );
});
