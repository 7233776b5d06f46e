// One-time-code mails are limited per login id (issue 14 item 5): at most 3 codes that were
// never entered are mailed per 10 minutes; further sign-ins reuse the live code, and the answer
// is the same as ever. Counted on a real SMTP capture.
import t from 'tap';
import { createTestApp, cookiesOf, passwordOf, type TestApp } from '../helpers/test-app';
import { mailOf } from '../helpers/api-probe';
import { oneTimeCodeIn } from '../helpers/smtp-capture';
import { OTP_MAILS_PER_WINDOW } from '../../api/resources/auth/otp-throttle';
import { nth } from '../helpers/indexing';

const login = (h: TestApp, loginId: string) =>
  h.post('/api/Auth/login', { systemKbn: '01', loginId, password: passwordOf(loginId) });
const otp = (h: TestApp, loginId: string, code: string, challenge: string | undefined) =>
  h.post(
    '/api/Auth/OtpLogin',
    { systemKbn: '01', loginId, password: passwordOf(loginId), otp: code },
    { cookies: challenge ? { wag_otp: challenge } : {} },
  );
const mailsTo = (h: TestApp, loginId: string) => h.smtp.mails.filter((m) => m.to.includes(mailOf(loginId)));

t.test('one-time-code mails per login id', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);

  t.test(
    'the reproduction of the issue: twenty right sign-ins from an unknown browser send three mails, not twenty',
    async (t) => {
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push(await login(h, 'demo-agent'));
      t.equal(mailsTo(h, 'demo-agent').length, OTP_MAILS_PER_WINDOW, `${OTP_MAILS_PER_WINDOW} mails`);
      t.equal(OTP_MAILS_PER_WINDOW, 3);
      const first = nth(answers, 0).json();
      for (const res of answers) {
        t.equal(res.statusCode, 200);
        t.same(res.json(), first, 'the same answer each time (nothing new to tell the user)');
        t.ok(cookiesOf(res).wag_otp, 'and a challenge cookie');
      }

      // The last sign-in answers the live code: the one of the last mail.
      const code = oneTimeCodeIn(mailsTo(h, 'demo-agent').at(-1));
      const signedIn = await otp(h, 'demo-agent', code, cookiesOf(nth(answers, 19)).wag_otp);
      t.equal(signedIn.statusCode, 200, 'the live code signs in the browser of the 20th attempt');
      t.ok(signedIn.json().token);
    },
  );

  t.test('another login id is not held up by it', async (t) => {
    const before = mailsTo(h, 'demo-agent2').length;
    t.equal((await login(h, 'demo-agent2')).statusCode, 200);
    t.equal(mailsTo(h, 'demo-agent2').length, before + 1);
  });

  t.test('a code entered correctly stops counting: a user signing in on new browsers gets each code', async (t) => {
    const before = mailsTo(h, 'demo-staff').length;
    for (let i = 0; i < 6; i++) {
      const res = await login(h, 'demo-staff');
      const code = oneTimeCodeIn(mailsTo(h, 'demo-staff').at(-1));
      t.equal((await otp(h, 'demo-staff', code, cookiesOf(res).wag_otp)).statusCode, 200, `sign-in ${i + 1}`);
    }
    t.equal(mailsTo(h, 'demo-staff').length, before + 6, 'six sign-ins, six mails');
  });

  t.test('when the window has passed, a new code is mailed again', async (t) => {
    const id = 'demo-agadmin';
    for (let i = 0; i < 5; i++) await login(h, id);
    t.equal(mailsTo(h, id).length, 3, 'three within the window');
    h.clock.advance(5 * 60_000);
    await login(h, id);
    t.equal(mailsTo(h, id).length, 3, 'still three five minutes later');
    h.clock.advance(5 * 60_000 + 1000);
    const res = await login(h, id);
    t.equal(mailsTo(h, id).length, 4, 'a fourth once ten minutes have passed');
    const code = oneTimeCodeIn(mailsTo(h, id).at(-1));
    t.equal((await otp(h, id, code, cookiesOf(res).wag_otp)).statusCode, 200, 'and its code works');
  });

  t.test(
    'the limit lends no way around the tries: a code closed after five wrong tries is not handed out again',
    async (t) => {
      const id = 'demo-provider';
      let last = await login(h, id);
      for (let i = 1; i < 3; i++) last = await login(h, id);
      const challenge = cookiesOf(last).wag_otp;
      const code = oneTimeCodeIn(mailsTo(h, id).at(-1));
      const wrong = (code[0] === 'A' ? 'B' : 'A') + code.slice(1);
      for (let i = 0; i < 5; i++) t.equal((await otp(h, id, wrong, challenge)).statusCode, 401);
      const again = await login(h, id);
      t.equal(again.statusCode, 200, 'the same answer');
      t.equal(mailsTo(h, id).length, 3, 'no new mail');
      t.equal(
        (await otp(h, id, code, cookiesOf(again).wag_otp ?? challenge)).statusCode,
        401,
        'and the closed code stays closed',
      );
    },
  );
});
