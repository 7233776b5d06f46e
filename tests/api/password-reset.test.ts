// Password reset by mailed link: /api/pwdReset/sendResetMail, ValidateOtu and PasswordUpdate
// (spec 000 §4, §5, §7, §8; docs/decisions.md §3: random single-use token, 30 minutes, a reset does not
// skip the one-time code, a password change ends the user's sessions).
import t, { type Test } from 'tap';
import { cookiesOf, createTestApp, passwordOf, type TestApp } from '../helpers/test-app';
import { mailOf, messageIds, operationLogsOf } from '../helpers/api-probe';
import { oneTimeCodeIn, resetTokenIn } from '../helpers/smtp-capture';
import { nth, present } from '../helpers/indexing';
import type { ResetTokenAnswer } from '../../schemas/wire/auth';

const MINUTE = 60_000;
const NEW_PASSWORD = 'Fresh#Passw0rd2026';
const USER005 = { messages: [{ messageId: 'ERR_USER005', args: [] }] };

const resetRequest = (agCode: string, emailAddress: string) => ({ systemKbn: '01', agCode, emailAddress });

let ipSeq = 0;
const nextIp = () => `198.51.100.${++ipSeq}`;

/** Asks for a reset link for a demo account and returns the token from the mail. */
async function requestLink(h: TestApp, loginId: string, agCode: string): Promise<string> {
  const before = h.smtp.mails.length;
  const res = await h.post('/api/pwdReset/sendResetMail', resetRequest(agCode, mailOf(loginId)), { ip: nextIp() });
  if (res.statusCode !== 200) throw new Error(`sendResetMail: ${res.statusCode} ${res.body}`);
  if (h.smtp.mails.length !== before + 1) throw new Error('no reset mail');
  return resetTokenIn(h.smtp.latestTo(mailOf(loginId)));
}

/** Puts a user's password hash back after a test changed it. */
async function keepPassword(t: Test, h: TestApp, userId: string) {
  const { password_hash } = await h.db
    .selectFrom('users')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  t.teardown(() => h.db.updateTable('users').set({ password_hash }).where('user_id', '=', userId).execute());
}

const login = (h: TestApp, loginId: string, password: string, cookies?: Record<string, string>) =>
  h.post('/api/Auth/login', { systemKbn: '01', loginId, password }, { cookies, ip: nextIp() });

t.test('password reset', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);

  t.test(
    'sendResetMail answers {} for every well-formed request; only a matching agent code and address get a mail',
    async (t) => {
      const before = h.smtp.mails.length;
      const known = await h.post('/api/pwdReset/sendResetMail', resetRequest('A0000001', mailOf('demo-agent')), {
        ip: nextIp(),
      });
      t.equal(known.statusCode, 200);
      t.same(known.json(), {});
      t.equal(h.smtp.mails.length, before + 1, 'one mail for the registered address');
      const mail = h.smtp.latestTo(mailOf('demo-agent'));
      t.equal(mail?.subject, '【代理店ポータル】パスワード再設定のご案内');
      t.match(mail?.text, 'demo-agent', 'the mail names the login id');
      t.match(
        mail?.text,
        /http:\/\/portal\.test\/with-ag\/password-update\/token\/[A-Za-z0-9_-]{40,}/,
        'a link with a long random token',
      );

      for (const [what, body] of [
        ['unknown address', resetRequest('A0000001', 'nobody@portal.example.jp')],
        ['address of another agent', resetRequest('A0000002', mailOf('demo-agent'))],
        ['unknown agent code', resetRequest('Z9999999', mailOf('demo-agent'))],
      ] as const) {
        const res = await h.post('/api/pwdReset/sendResetMail', body, { ip: nextIp() });
        t.equal(res.statusCode, 200, what);
        t.equal(res.body, known.body, `${what}: the same answer as for a registered address`);
      }
      t.equal(h.smtp.mails.length, before + 1, 'no mail for the three that do not match');

      const upper = await h.post(
        '/api/pwdReset/sendResetMail',
        resetRequest('A0000001', 'DEMO-AGENT2@PORTAL.EXAMPLE.JP'),
        { ip: nextIp() },
      );
      t.equal(upper.statusCode, 200);
      t.equal(h.smtp.mails.length, before + 1, 'A0000001 has no demo-agent2, whatever the case');
      const upperOwn = await h.post(
        '/api/pwdReset/sendResetMail',
        resetRequest('A0000002', 'DEMO-AGENT2@PORTAL.EXAMPLE.JP'),
        { ip: nextIp() },
      );
      t.equal(upperOwn.statusCode, 200);
      t.equal(h.smtp.mails.length, before + 2, 'the address matches regardless of case');
      t.ok(h.smtp.latestTo(mailOf('demo-agent2')), 'sent to the stored address');
    },
  );

  t.test('sendResetMail validation: 400 ERR_0001 / ERR_0018 / ERR_0020 with the labels', async (t) => {
    const cases: Array<[string, unknown, unknown]> = [
      [
        'both empty',
        resetRequest('', ''),
        [
          { messageId: 'ERR_0001', args: ['代理店コード'] },
          { messageId: 'ERR_0001', args: ['メールアドレス'] },
        ],
      ],
      [
        'full-width address',
        resetRequest('A0000001', 'ｄｅｍｏ＠portal.example.jp'),
        [{ messageId: 'ERR_0018', args: ['メールアドレス'] }],
      ],
      [
        'Japanese in the address',
        resetRequest('A0000001', '代理店@portal.example.jp'),
        [{ messageId: 'ERR_0018', args: ['メールアドレス'] }],
      ],
      [
        'no @',
        resetRequest('A0000001', 'demo-agent.portal.example.jp'),
        [{ messageId: 'ERR_0020', args: ['メールアドレス'] }],
      ],
      [
        'no domain dot',
        resetRequest('A0000001', 'demo-agent@localhost'),
        [{ messageId: 'ERR_0020', args: ['メールアドレス'] }],
      ],
      [
        'space inside',
        resetRequest('A0000001', 'demo agent@portal.example.jp'),
        [{ messageId: 'ERR_0020', args: ['メールアドレス'] }],
      ],
      [
        'agent code with a symbol',
        resetRequest('A-000001', mailOf('demo-agent')),
        [{ messageId: 'ERR_0020', args: ['代理店コード'] }],
      ],
      [
        'agent code over 20',
        resetRequest('A'.repeat(21), mailOf('demo-agent')),
        [{ messageId: 'ERR_0025', args: ['代理店コード'] }],
      ],
    ];
    const before = h.smtp.mails.length;
    for (const [what, body, messages] of cases) {
      const res = await h.post('/api/pwdReset/sendResetMail', body, { ip: nextIp() });
      t.equal(res.statusCode, 400, what);
      t.same(res.json(), { messages }, what);
    }
    const kbn = await h.post(
      '/api/pwdReset/sendResetMail',
      { ...resetRequest('A0000001', mailOf('demo-agent')), systemKbn: '02' },
      { ip: nextIp() },
    );
    t.equal(kbn.statusCode, 400, 'systemKbn 02');
    const missing = await h.post(
      '/api/pwdReset/sendResetMail',
      { systemKbn: '01', agCode: 'A0000001' },
      { ip: nextIp() },
    );
    t.equal(missing.statusCode, 400, 'emailAddress missing');
    t.same(messageIds(missing), ['ERR_0001']);
    t.equal(h.smtp.mails.length, before, 'no mail for a refused request');
  });

  t.test('ValidateOtu: the token from the mail names the user; anything else is 401 ERR_USER005', async (t) => {
    const token = await requestLink(h, 'demo-agent', 'A0000001');
    const ok = await h.post('/api/pwdReset/ValidateOtu', token);
    t.equal(ok.statusCode, 200);
    t.same(ok.json<ResetTokenAnswer>(), { user: { agCode: 'A0000001', userId: '0000000003', loginId: 'demo-agent' } });
    t.equal((await h.post('/api/pwdReset/ValidateOtu', token)).statusCode, 200, 'checking the link does not use it up');

    for (const bad of ['', 'no-such-token', `${token}x`, token.slice(0, -1)]) {
      const res = await h.post('/api/pwdReset/ValidateOtu', bad);
      t.equal(res.statusCode, 401, `token "${bad.slice(0, 8)}…"`);
      t.same(res.json(), USER005);
    }
    const sha = await h.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    const asHash = await h.post('/api/pwdReset/ValidateOtu', nth(sha, 0).token_hash);
    t.equal(asHash.statusCode, 401, 'the stored hash is not a usable token');
    t.equal(
      (await h.post('/api/pwdReset/ValidateOtu', { systemKbn: '01', otu: token })).statusCode,
      400,
      'the body must be the token as a JSON string',
    );
  });

  t.test(
    'PasswordUpdate: the new password works, the old one does not, the link is used up, every session ends and the code is asked again',
    async (t) => {
      await keepPassword(t, h, '0000000003');
      const before = await h.signIn('demo-agent');
      const second = await h.signIn('demo-agent');
      t.equal(
        (await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token: before.token })).statusCode,
        200,
      );
      const trusted = await login(h, 'demo-agent', passwordOf('demo-agent'), {
        wag_tb: present(before.cookies.wag_tb, 'before.cookies.wag_tb'),
      });
      t.equal(trusted.json().isAreadyOptAuth, true, 'the browser is trusted before the reset');

      const otu = await requestLink(h, 'demo-agent', 'A0000001');
      const res = await h.post('/api/pwdReset/PasswordUpdate', {
        systemKbn: '01',
        agCode: 'A0000001',
        userId: '0000000003',
        newPassword: NEW_PASSWORD,
        otu,
      });
      t.equal(res.statusCode, 200);
      t.same(res.json(), {});

      const old = await login(h, 'demo-agent', passwordOf('demo-agent'), {
        wag_tb: present(before.cookies.wag_tb, 'before.cookies.wag_tb'),
      });
      t.equal(old.statusCode, 401, 'the old password fails');
      t.same(old.json(), { messages: [{ messageId: 'ERR_USER002', args: [] }] });

      const fresh = await login(h, 'demo-agent', NEW_PASSWORD, {
        wag_tb: present(before.cookies.wag_tb, 'before.cookies.wag_tb'),
      });
      t.equal(fresh.statusCode, 200, 'the new password works');
      t.equal(fresh.json().isAreadyOptAuth, false, 'the previously trusted browser must pass the code again');
      t.equal(fresh.json().token, '');
      const code = oneTimeCodeIn(h.smtp.latestTo(mailOf('demo-agent')));
      const otp = await h.post(
        '/api/Auth/OtpLogin',
        { systemKbn: '01', loginId: 'demo-agent', password: NEW_PASSWORD, otp: code },
        { cookies: { wag_otp: present(cookiesOf(fresh).wag_otp, 'cookiesOf(fresh).wag_otp') } },
      );
      t.equal(otp.statusCode, 200, 'signs in with the new password and the code');

      for (const [which, token] of [
        ['first', before.token],
        ['second', second.token],
        ['trusted-browser', trusted.json().token],
      ] as const) {
        const r = await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token });
        t.equal(r.statusCode, 401, `the ${which} session from before the change is ended`);
      }
      t.equal(
        (await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token: otp.json().token })).statusCode,
        200,
        'the session after the change works',
      );

      const reuseCheck = await h.post('/api/pwdReset/ValidateOtu', otu);
      t.equal(reuseCheck.statusCode, 401, 'the link cannot be checked again');
      t.same(reuseCheck.json(), USER005);
      const reuse = await h.post('/api/pwdReset/PasswordUpdate', {
        systemKbn: '01',
        agCode: 'A0000001',
        userId: '0000000003',
        newPassword: 'Another#Passw0rd1',
        otu,
      });
      t.equal(reuse.statusCode, 401, 'nor used again');
      t.same(reuse.json(), USER005);
      t.equal((await login(h, 'demo-agent', 'Another#Passw0rd1')).statusCode, 401, 'the second use changed nothing');

      const logs = await operationLogsOf(h, '0000000003');
      t.ok(
        logs.some((l) => l.operation_type === '07' && l.source === 'server'),
        'reset request logged as 07',
      );
      t.ok(
        logs.some((l) => l.operation_type === '09' && l.source === 'server' && l.ag_code === 'A0000001'),
        'password update logged as 09',
      );
    },
  );

  t.test('using the newest link kills the older links of the user', async (t) => {
    await keepPassword(t, h, '0000000002');
    const older = await requestLink(h, 'demo-agadmin', 'A0000001');
    const newer = await requestLink(h, 'demo-agadmin', 'A0000001');
    t.not(older, newer);
    t.equal(
      (
        await h.post('/api/pwdReset/PasswordUpdate', {
          systemKbn: '01',
          agCode: 'A0000001',
          userId: '0000000002',
          newPassword: NEW_PASSWORD,
          otu: newer,
        })
      ).statusCode,
      200,
    );
    t.equal((await h.post('/api/pwdReset/ValidateOtu', older)).statusCode, 401);
    t.equal(
      (
        await h.post('/api/pwdReset/PasswordUpdate', {
          systemKbn: '01',
          agCode: 'A0000001',
          userId: '0000000002',
          newPassword: 'Older#Passw0rd111',
          otu: older,
        })
      ).statusCode,
      401,
    );
  });

  t.test('a link expires after 30 minutes', async (t) => {
    const otu = await requestLink(h, 'demo-agent2', 'A0000002');
    h.clock.advance(29 * MINUTE + 59_000);
    t.equal((await h.post('/api/pwdReset/ValidateOtu', otu)).statusCode, 200, 'valid at 29:59');
    h.clock.advance(1_000);
    const check = await h.post('/api/pwdReset/ValidateOtu', otu);
    t.equal(check.statusCode, 401, 'expired at 30:00');
    t.same(check.json(), USER005);
    const update = await h.post('/api/pwdReset/PasswordUpdate', {
      systemKbn: '01',
      agCode: 'A0000002',
      userId: '0000000004',
      newPassword: NEW_PASSWORD,
      otu,
    });
    t.equal(update.statusCode, 401);
    t.same(update.json(), USER005);
    t.equal((await login(h, 'demo-agent2', passwordOf('demo-agent2'))).statusCode, 200, 'the password is unchanged');
  });

  t.test(
    'password rules: 400 ERR_0019 (length 14-20) and ERR_0031 (four kinds, only # - @ _ .); the link stays usable',
    async (t) => {
      const otu = await requestLink(h, 'demo-staff', 'P0000001');
      const cases: Array<[string, string[]]> = [
        ['', ['ERR_0001']],
        ['Ab1#defghijkl', ['ERR_0019']], // 13
        ['Ab1#defghijklmnopqrst', ['ERR_0019']], // 21
        ['Short#1a', ['ERR_0019']],
        ['abcdefghijklmn1#', ['ERR_0031']], // no upper case
        ['ABCDEFGHIJKLMN1#', ['ERR_0031']], // no lower case
        ['Abcdefghijklmno#', ['ERR_0031']], // no digit
        ['Abcdefghijklmn12', ['ERR_0031']], // no symbol
        ['Abcdefghijklm1!x', ['ERR_0031']], // ! is not allowed
        ['Abcdefghij klm1#', ['ERR_0031']], // space
        ['Ａbcdefghijklm1#', ['ERR_0031']], // full-width letter
        ['abc', ['ERR_0019', 'ERR_0031']],
      ];
      for (const [pw, ids] of cases) {
        const res = await h.post('/api/pwdReset/PasswordUpdate', {
          systemKbn: '01',
          agCode: 'P0000001',
          userId: '0000000005',
          newPassword: pw,
          otu,
        });
        t.equal(res.statusCode, 400, `"${pw}"`);
        t.same(messageIds(res), ids, `"${pw}" → ${ids.join(', ')}`);
      }
      t.equal(
        (await h.post('/api/pwdReset/ValidateOtu', otu)).statusCode,
        200,
        'a refused password does not use up the link',
      );
      t.equal((await login(h, 'demo-staff', passwordOf('demo-staff'))).statusCode, 200, 'the password is unchanged');

      // The limits themselves are allowed: 14 and 20 characters with every allowed symbol.
      await keepPassword(t, h, '0000000005');
      for (const pw of ['Abcdefghijkl1#', 'Abcdefghijklmn1-._@#']) {
        const link = pw === 'Abcdefghijkl1#' ? otu : await requestLink(h, 'demo-staff', 'P0000001');
        const res = await h.post('/api/pwdReset/PasswordUpdate', {
          systemKbn: '01',
          agCode: 'P0000001',
          userId: '0000000005',
          newPassword: pw,
          otu: link,
        });
        t.equal(res.statusCode, 200, `"${pw}" (${pw.length} characters) is accepted`);
        t.equal((await login(h, 'demo-staff', pw)).statusCode, 200, `and signs in`);
      }
    },
  );

  t.test("ids in the body that are not the link's user: 401, nothing changes", async (t) => {
    const otu = await requestLink(h, 'demo-agent2', 'A0000002');
    for (const [what, ids] of [
      ['another user id', { agCode: 'A0000002', userId: '0000000013' }],
      ['another agent', { agCode: 'A0000001', userId: '0000000004' }],
      ['both another user', { agCode: 'A0000001', userId: '0000000003' }],
    ] as const) {
      const res = await h.post('/api/pwdReset/PasswordUpdate', {
        systemKbn: '01',
        ...ids,
        newPassword: NEW_PASSWORD,
        otu,
      });
      t.equal(res.statusCode, 401, what);
      t.same(res.json(), USER005);
    }
    t.equal((await login(h, 'demo-agent', NEW_PASSWORD)).statusCode, 401, 'demo-agent did not get the new password');
    t.equal(
      (await login(h, 'demo-agent2', passwordOf('demo-agent2'))).statusCode,
      200,
      'demo-agent2 keeps the old one',
    );
    t.same(
      (await h.post('/api/pwdReset/ValidateOtu', otu)).json(),
      { user: { agCode: 'A0000002', userId: '0000000004', loginId: 'demo-agent2' } },
      'the link is still good',
    );
  });

  t.test(
    'after 5 requests for one address within 15 minutes the next is 429 ERR_USER003 (any case, any address of origin)',
    async (t) => {
      const address = mailOf('demo-provider');
      const before = h.smtp.mails.length;
      for (let i = 1; i <= 5; i++) {
        t.equal(
          (await h.post('/api/pwdReset/sendResetMail', resetRequest('P0000001', address), { ip: nextIp() })).statusCode,
          200,
          `request ${i}`,
        );
      }
      t.equal(h.smtp.mails.length, before + 5);
      const sixth = await h.post('/api/pwdReset/sendResetMail', resetRequest('P0000001', address), { ip: nextIp() });
      t.equal(sixth.statusCode, 429);
      t.same(sixth.json(), { messages: [{ messageId: 'ERR_USER003', args: [] }] });
      t.equal(
        (await h.post('/api/pwdReset/sendResetMail', resetRequest('P0000001', address.toUpperCase()), { ip: nextIp() }))
          .statusCode,
        429,
        'the same address in upper case',
      );
      t.equal(h.smtp.mails.length, before + 5, 'no mail once limited');
      t.equal(
        (
          await h.post('/api/pwdReset/sendResetMail', resetRequest('P0000001', 'someone-else@portal.example.jp'), {
            ip: nextIp(),
          })
        ).statusCode,
        200,
        'another address is not limited',
      );
      h.clock.advance(16 * MINUTE);
      t.equal(
        (await h.post('/api/pwdReset/sendResetMail', resetRequest('P0000001', address), { ip: nextIp() })).statusCode,
        200,
        'allowed again after the window',
      );
      t.equal(h.smtp.mails.length, before + 6);
    },
  );
});
