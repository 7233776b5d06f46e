// /api/Auth/OtpLogin: the mailed one-time code is single use, expires after 10 minutes, allows
// at most 5 tries, belongs to the sign-in (browser) that asked for it, and a browser that
// passed it is remembered for that user only (docs/decisions.md §3; docs/wire-contract.md).
import t from 'tap';
import { createTestApp, cookiesOf, passwordOf, type TestApp } from '../helpers/test-app';
import { mailOf, operationLogsOf } from '../helpers/api-probe';
import { oneTimeCodeIn } from '../helpers/smtp-capture';
import { present } from '../helpers/indexing';

const OTP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Starts a sign-in on a new browser: the challenge cookie and the code from the mail. */
async function startSignIn(h: TestApp, loginId: string, opts: { cookies?: Record<string, string> } = {}) {
  const res = await h.post(
    '/api/Auth/login',
    { systemKbn: '01', loginId, password: passwordOf(loginId) },
    { cookies: opts.cookies },
  );
  if (res.statusCode !== 200 || res.json().isAreadyOptAuth !== false)
    throw new Error(`no challenge: ${res.statusCode} ${res.body}`);
  return {
    challenge: present(cookiesOf(res).wag_otp, 'the challenge cookie'),
    code: oneTimeCodeIn(h.smtp.latestTo(mailOf(loginId))),
  };
}

const otpBody = (loginId: string, otp: string, password = passwordOf(loginId)) => ({
  systemKbn: '01',
  loginId,
  password,
  otp,
});

/** A code that is surely not `code` (same shape). */
const otherCode = (code: string, n = 0) => {
  const first = OTP_ALPHABET[(OTP_ALPHABET.indexOf(present(code[0], 'code[0]')) + 1 + n) % OTP_ALPHABET.length];
  return first + code.slice(1);
};

const USER004 = { messages: [{ messageId: 'ERR_USER004', args: [] }] };

t.test('one-time code', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);

  t.test('the right code signs in once; a second use of the same code is refused with 401 ERR_USER004', async (t) => {
    const { challenge, code } = await startSignIn(h, 'demo-agent');
    const first = await h.post('/api/Auth/OtpLogin', otpBody('demo-agent', code), { cookies: { wag_otp: challenge } });
    t.equal(first.statusCode, 200);
    t.equal(first.json().isAreadyOptAuth, true);
    t.equal(first.json().user.userId, '0000000003');
    t.ok(first.json().token);
    const again = await h.post('/api/Auth/OtpLogin', otpBody('demo-agent', code), { cookies: { wag_otp: challenge } });
    t.equal(again.statusCode, 401);
    t.same(again.json(), USER004);
  });

  t.test('the code expires after 10 minutes (9:59 still works, 10:00 does not)', async (t) => {
    const early = await startSignIn(h, 'demo-agent2');
    h.clock.advance(9 * 60_000 + 59_000);
    const ok = await h.post('/api/Auth/OtpLogin', otpBody('demo-agent2', early.code), {
      cookies: { wag_otp: early.challenge },
    });
    t.equal(ok.statusCode, 200, 'still valid at 9 minutes 59 seconds');

    const late = await startSignIn(h, 'demo-agent2');
    h.clock.advance(10 * 60_000);
    const expired = await h.post('/api/Auth/OtpLogin', otpBody('demo-agent2', late.code), {
      cookies: { wag_otp: late.challenge },
    });
    t.equal(expired.statusCode, 401);
    t.same(expired.json(), USER004);
  });

  t.test('five wrong tries close the challenge: even the right code then fails', async (t) => {
    const { challenge, code } = await startSignIn(h, 'demo-staff');
    for (let i = 0; i < 5; i++) {
      const res = await h.post('/api/Auth/OtpLogin', otpBody('demo-staff', otherCode(code, i)), {
        cookies: { wag_otp: challenge },
      });
      t.equal(res.statusCode, 401, `wrong try ${i + 1}`);
      t.same(res.json(), USER004);
    }
    const right = await h.post('/api/Auth/OtpLogin', otpBody('demo-staff', code), { cookies: { wag_otp: challenge } });
    t.equal(right.statusCode, 401, 'the right code after five wrong tries');
    t.same(right.json(), USER004);
  });

  t.test('four wrong tries still leave the fifth try to the right code', async (t) => {
    const { challenge, code } = await startSignIn(h, 'demo-staff');
    for (let i = 0; i < 4; i++) {
      t.equal(
        (
          await h.post('/api/Auth/OtpLogin', otpBody('demo-staff', otherCode(code, i)), {
            cookies: { wag_otp: challenge },
          })
        ).statusCode,
        401,
      );
    }
    const right = await h.post('/api/Auth/OtpLogin', otpBody('demo-staff', code), { cookies: { wag_otp: challenge } });
    t.equal(right.statusCode, 200, 'the fifth try is the last allowed one');
  });

  t.test('a code belongs to the sign-in that asked for it', async (t) => {
    t.test('without the challenge cookie: 401', async (t) => {
      const { code } = await startSignIn(h, 'demo-agadmin');
      const res = await h.post('/api/Auth/OtpLogin', otpBody('demo-agadmin', code));
      t.equal(res.statusCode, 401);
      t.same(res.json(), USER004);
    });
    t.test("with the challenge cookie of another user's sign-in: 401", async (t) => {
      const mine = await startSignIn(h, 'demo-agadmin');
      const theirs = await startSignIn(h, 'demo-agent2');
      const res = await h.post('/api/Auth/OtpLogin', otpBody('demo-agadmin', mine.code), {
        cookies: { wag_otp: theirs.challenge },
      });
      t.equal(res.statusCode, 401);
      const swapped = await h.post('/api/Auth/OtpLogin', otpBody('demo-agent2', mine.code), {
        cookies: { wag_otp: mine.challenge },
      });
      t.equal(swapped.statusCode, 401, 'nor can another user take my challenge and code');
    });
    t.test('with an unsigned or tampered challenge cookie: 401', async (t) => {
      const { challenge, code } = await startSignIn(h, 'demo-agadmin');
      const dot = challenge.lastIndexOf('.');
      const unsigned = challenge.slice(0, dot);
      const signature = challenge.slice(dot + 1);
      const tampered = `${unsigned}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      for (const cookie of [unsigned, tampered]) {
        t.equal(
          (await h.post('/api/Auth/OtpLogin', otpBody('demo-agadmin', code), { cookies: { wag_otp: cookie } }))
            .statusCode,
          401,
        );
      }
      t.equal(
        (await h.post('/api/Auth/OtpLogin', otpBody('demo-agadmin', code), { cookies: { wag_otp: challenge } }))
          .statusCode,
        200,
        'the genuine cookie still works',
      );
    });
    t.test('after a newer sign-in of the same user replaced it: 401, and the newer one works', async (t) => {
      const older = await startSignIn(h, 'demo-provider');
      const newer = await startSignIn(h, 'demo-provider');
      t.not(older.challenge, newer.challenge);
      const oldPair = await h.post('/api/Auth/OtpLogin', otpBody('demo-provider', older.code), {
        cookies: { wag_otp: older.challenge },
      });
      t.equal(oldPair.statusCode, 401, 'the older code with its own cookie');
      if (older.code !== newer.code) {
        const mixed = await h.post('/api/Auth/OtpLogin', otpBody('demo-provider', older.code), {
          cookies: { wag_otp: newer.challenge },
        });
        t.equal(mixed.statusCode, 401, 'the older code with the newer cookie');
      }
      const current = await h.post('/api/Auth/OtpLogin', otpBody('demo-provider', newer.code), {
        cookies: { wag_otp: newer.challenge },
      });
      t.equal(current.statusCode, 200);
    });
  });

  t.test('a wrong password at the code step is ERR_USER002 and does not use up the code', async (t) => {
    const { challenge, code } = await startSignIn(h, 'demo-agent');
    const res = await h.post('/api/Auth/OtpLogin', otpBody('demo-agent', code, 'Wrong#Password123'), {
      cookies: { wag_otp: challenge },
    });
    t.equal(res.statusCode, 401);
    t.same(res.json(), { messages: [{ messageId: 'ERR_USER002', args: [] }] });
    t.equal(
      (await h.post('/api/Auth/OtpLogin', otpBody('demo-agent', code), { cookies: { wag_otp: challenge } })).statusCode,
      200,
    );
  });

  t.test('code input: required, letters and digits, at most 6', async (t) => {
    const { challenge, code } = await startSignIn(h, 'demo-agent');
    const empty = await h.post('/api/Auth/OtpLogin', otpBody('demo-agent', ''), { cookies: { wag_otp: challenge } });
    t.equal(empty.statusCode, 400);
    t.same(empty.json().messages, [{ messageId: 'ERR_0001', args: ['セキュリティコード'] }]);
    for (const bad of [`${code}A`, 'AB-123', 'ＡＢＣ１２３']) {
      const res = await h.post('/api/Auth/OtpLogin', otpBody('demo-agent', bad), { cookies: { wag_otp: challenge } });
      t.equal(res.statusCode, 400, bad);
    }
    t.equal(
      (await h.post('/api/Auth/OtpLogin', otpBody('demo-agent', code), { cookies: { wag_otp: challenge } })).statusCode,
      200,
      'invalid input did not burn the code',
    );
  });

  t.test('the code is accepted in lower case', async (t) => {
    const { challenge, code } = await startSignIn(h, 'demo-agent2');
    const res = await h.post('/api/Auth/OtpLogin', otpBody('demo-agent2', code.toLowerCase()), {
      cookies: { wag_otp: challenge },
    });
    t.equal(res.statusCode, 200);
    t.equal(res.json().user.userId, '0000000004');
  });

  t.test(
    'after the code the browser is remembered (30 days, signed, httpOnly) and a login is logged as type 01',
    async (t) => {
      const logsBefore = (await operationLogsOf(h, '0000000005')).filter((l) => l.operation_type === '01').length;
      const { challenge, code } = await startSignIn(h, 'demo-staff');
      const res = await h.post('/api/Auth/OtpLogin', otpBody('demo-staff', code), { cookies: { wag_otp: challenge } });
      t.equal(res.statusCode, 200);
      const trusted = (res.cookies as Array<Record<string, unknown>>).find((c) => c.name === 'wag_tb');
      t.ok(trusted, 'trusted-browser cookie set');
      t.equal(trusted?.httpOnly, true);
      t.equal(trusted?.maxAge, 30 * 86_400);
      const cleared = (res.cookies as Array<Record<string, unknown>>).find((c) => c.name === 'wag_otp');
      t.ok(
        cleared &&
          (cleared.value === '' ||
            Number(cleared.maxAge) <= 0 ||
            new Date(String(cleared.expires)).getTime() < Date.now()),
        'the challenge cookie is cleared',
      );

      const next = await h.post(
        '/api/Auth/login',
        { systemKbn: '01', loginId: 'demo-staff', password: passwordOf('demo-staff') },
        { cookies: cookiesOf(res) },
      );
      t.equal(next.json().isAreadyOptAuth, true, 'the next sign-in skips the code');
      t.ok(next.json().token);

      const logins = (await operationLogsOf(h, '0000000005')).filter((l) => l.operation_type === '01');
      t.equal(logins.length, logsBefore + 2, 'one type-01 row per completed sign-in');
      t.match(logins.at(-1), { source: 'server', ag_code: 'P0000001', system_kbn: '01' });

      h.clock.advance(29 * 86_400_000);
      const later = await h.post(
        '/api/Auth/login',
        { systemKbn: '01', loginId: 'demo-staff', password: passwordOf('demo-staff') },
        { cookies: cookiesOf(res) },
      );
      t.equal(later.json().isAreadyOptAuth, true, 'still remembered after 29 days');
      h.clock.advance(2 * 86_400_000);
      const expired = await h.post(
        '/api/Auth/login',
        { systemKbn: '01', loginId: 'demo-staff', password: passwordOf('demo-staff') },
        { cookies: cookiesOf(res) },
      );
      t.equal(expired.json().isAreadyOptAuth, false, 'forgotten after 31 days');
      h.clock.advance(-31 * 86_400_000);
    },
  );

  t.test("user A's trusted-browser cookie does not skip the code for user B", async (t) => {
    const a = await h.signIn('demo-agent');
    const asB = await h.post(
      '/api/Auth/login',
      { systemKbn: '01', loginId: 'demo-agent2', password: passwordOf('demo-agent2') },
      { cookies: { wag_tb: present(a.cookies.wag_tb, 'a.cookies.wag_tb') } },
    );
    t.equal(asB.statusCode, 200);
    t.equal(asB.json().isAreadyOptAuth, false);
    t.equal(asB.json().token, '');
    const asA = await h.post(
      '/api/Auth/login',
      { systemKbn: '01', loginId: 'demo-agent', password: passwordOf('demo-agent') },
      { cookies: { wag_tb: present(a.cookies.wag_tb, 'a.cookies.wag_tb') } },
    );
    t.equal(asA.json().isAreadyOptAuth, true, 'the cookie still works for its own user');
  });
});
