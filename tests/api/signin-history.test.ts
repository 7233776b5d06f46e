// The sign-in history (docs/security.md "Sign-in history"): every authentication event is
// written with its time, address and browser; POST /api/SignInHistory/list and /csv answer
// provider administrators for any agent and agent administrators for their own agent only.
import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { cookiesOf, createTestApp, passwordOf, type TestApp } from '../helpers/test-app';
import { mailOf, messageIds } from '../helpers/api-probe';
import { oneTimeCodeIn, resetTokenIn } from '../helpers/smtp-capture';
import { USER_IDS, signInAs, type Session } from '../helpers/portal';
import { nth } from '../helpers/indexing';
import type { SignInHistoryAnswer } from '../../schemas/wire/signin-history';

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) SigninHistoryTest/1.0';

/** A POST from a browser: its own address and user agent. */
function browserPost(
  h: TestApp,
  url: string,
  body: unknown,
  o: { ip: string; cookies?: Record<string, string>; token?: string; ua?: string },
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      'user-agent': o.ua ?? UA,
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    },
    cookies: o.cookies,
    remoteAddress: o.ip,
  });
}

const eventsOf = (h: TestApp, userId: string) =>
  h.db.selectFrom('sign_in_events').selectAll().where('user_id', '=', userId).orderBy('event_id').execute();

/** The events of the user written since `sinceId`. */
async function newEvents(h: TestApp, userId: string, sinceId: number) {
  return (await eventsOf(h, userId)).filter((e) => e.event_id > sinceId);
}

const lastEventId = async (h: TestApp) =>
  Number(
    (
      await h.db
        .selectFrom('sign_in_events')
        .select((eb) => eb.fn.max('event_id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );

t.test('sign-in history', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const login = (loginId: string, ip: string, o: { password?: string; cookies?: Record<string, string> } = {}) =>
    browserPost(
      h,
      '/api/Auth/login',
      { systemKbn: '01', loginId, password: o.password ?? passwordOf(loginId) },
      { ip, cookies: o.cookies },
    );
  const otp = (loginId: string, code: string, ip: string, cookies: Record<string, string>) =>
    browserPost(
      h,
      '/api/Auth/OtpLogin',
      { systemKbn: '01', loginId, password: passwordOf(loginId), otp: code },
      {
        ip,
        cookies,
      },
    );

  t.test('each kind of event is written with its time, address and browser', async (t) => {
    const agent = USER_IDS['demo-agent'];
    let since = await lastEventId(h);

    // A wrong password.
    t.equal((await login('demo-agent', '203.0.113.10', { password: 'Wrong#Password1234' })).statusCode, 401);
    let ev = await newEvents(h, agent, since);
    t.same(
      ev.map((e) => [e.kind, e.ip, e.user_agent, e.ag_code, e.login_id]),
      [['wrong_password', '203.0.113.10', UA, 'A0000001', 'demo-agent']],
    );
    t.equal(nth(ev, 0).at.getTime(), h.clock.now().getTime(), 'at the clock time');

    // The code mailed (the test SMTP capture receives it), a wrong code, then the right one.
    since = await lastEventId(h);
    const first = await login('demo-agent', '203.0.113.11');
    t.equal(first.statusCode, 200);
    const cookies = cookiesOf(first);
    const code = oneTimeCodeIn(h.smtp.latestTo(mailOf('demo-agent')));
    const wrong = code.startsWith('A') ? `B${code.slice(1)}` : `A${code.slice(1)}`;
    t.equal((await otp('demo-agent', wrong, '203.0.113.11', cookies)).statusCode, 401);
    const ok = await otp('demo-agent', code, '203.0.113.11', cookies);
    t.equal(ok.statusCode, 200);
    ev = await newEvents(h, agent, since);
    t.same(
      ev.map((e) => [e.kind, e.ip]),
      [
        ['code_sent', '203.0.113.11'],
        ['code_failed', '203.0.113.11'],
        ['sign_in', '203.0.113.11'],
      ],
    );
    t.match(nth(ev, 1).detail, '誤ったコード');

    // The remembered browser signs in without a code.
    since = await lastEventId(h);
    const trusted = await login('demo-agent', '203.0.113.12', { cookies: { ...cookies, ...cookiesOf(ok) } });
    t.equal(trusted.statusCode, 200);
    t.equal(trusted.json().isAreadyOptAuth, true);
    ev = await newEvents(h, agent, since);
    t.same(
      ev.map((e) => e.kind),
      ['sign_in_trusted'],
    );

    // Logout.
    since = await lastEventId(h);
    t.equal(
      (
        await browserPost(
          h,
          '/api/Auth/logout',
          { systemKbn: '01' },
          { ip: '203.0.113.13', token: trusted.json().token },
        )
      ).statusCode,
      200,
    );
    t.same(
      (await newEvents(h, agent, since)).map((e) => [e.kind, e.ip]),
      [['sign_out', '203.0.113.13']],
    );

    // A code that is no longer valid (10 minutes later).
    since = await lastEventId(h);
    const late = await login('demo-agent', '203.0.113.14');
    const lateCode = oneTimeCodeIn(h.smtp.latestTo(mailOf('demo-agent')));
    h.clock.advance(10 * 60_000);
    t.equal((await otp('demo-agent', lateCode, '203.0.113.14', cookiesOf(late))).statusCode, 401);
    ev = await newEvents(h, agent, since);
    t.same(
      ev.map((e) => [e.kind, e.detail]),
      [
        ['code_sent', ''],
        ['code_failed', '有効期限切れ'],
      ],
    );
  });

  t.test('the code mail limit is written as code_limited', async (t) => {
    const staff = USER_IDS['demo-staff'];
    const since = await lastEventId(h);
    for (let i = 0; i < 4; i++) t.equal((await login('demo-staff', `203.0.113.${20 + i}`)).statusCode, 200);
    t.same(
      (await newEvents(h, staff, since)).map((e) => e.kind),
      ['code_sent', 'code_sent', 'code_sent', 'code_limited'],
    );
    h.clock.advance(11 * 60_000); // out of the mail window for the tests after this one
  });

  t.test('too many wrong passwords: the refusals while locked are written as locked_out', async (t) => {
    const agent2 = USER_IDS['demo-agent2'];
    t.teardown(() => h.db.deleteFrom('auth_attempts').where('login_id', '=', 'demo-agent2').execute());
    const since = await lastEventId(h);
    for (let i = 0; i < 5; i++)
      t.equal((await login('demo-agent2', '203.0.113.30', { password: `Wrong#Password${i}` })).statusCode, 401);
    const locked = await login('demo-agent2', '203.0.113.30');
    t.equal(locked.statusCode, 429, 'the right password is refused while locked');
    const ev = await newEvents(h, agent2, since);
    t.same(
      ev.map((e) => e.kind),
      [...Array<string>(5).fill('wrong_password'), 'locked_out'],
    );
    t.equal(nth(ev, 5).detail, 'ログインIDの失敗回数超過');
  });

  t.test('a login id that names no user writes nothing (no user or agent to show it under)', async (t) => {
    const before = await lastEventId(h);
    t.equal((await login('nobody-at-all', '203.0.113.40', { password: 'Wrong#Password1234' })).statusCode, 401);
    t.equal(await lastEventId(h), before);
  });

  t.test('a reset mail and the password set through its link are written', async (t) => {
    const agent = USER_IDS['demo-agent'];
    const { password_hash } = await h.db
      .selectFrom('users')
      .select('password_hash')
      .where('user_id', '=', agent)
      .executeTakeFirstOrThrow();
    t.teardown(() => h.db.updateTable('users').set({ password_hash }).where('user_id', '=', agent).execute());
    const since = await lastEventId(h);
    const sent = await browserPost(
      h,
      '/api/pwdReset/sendResetMail',
      { systemKbn: '01', agCode: 'A0000001', emailAddress: mailOf('demo-agent') },
      { ip: '203.0.113.50' },
    );
    t.equal(sent.statusCode, 200);
    const token = resetTokenIn(h.smtp.latestTo(mailOf('demo-agent')));
    const done = await browserPost(
      h,
      '/api/pwdReset/PasswordUpdate',
      { systemKbn: '01', agCode: 'A0000001', userId: agent, newPassword: 'Fresh#Passw0rd2026', otu: token },
      { ip: '203.0.113.51' },
    );
    t.equal(done.statusCode, 200);
    t.same(
      (await newEvents(h, agent, since)).map((e) => [e.kind, e.ip]),
      [
        ['reset_requested', '203.0.113.50'],
        ['password_changed', '203.0.113.51'],
      ],
    );
  });

  // ---- the screen's calls ----
  const sessions: Partial<Record<keyof typeof USER_IDS, Session>> = {};
  const as = async (loginId: keyof typeof USER_IDS) => (sessions[loginId] ??= await signInAs(h, loginId));
  const list = async (loginId: keyof typeof USER_IDS, body: Record<string, unknown>) =>
    (await as(loginId)).call('/api/SignInHistory/list', body);

  t.test('authority: every role', async (t) => {
    const own = { targetAgCode: 'A0000001' };
    const otherAgent = { targetAgCode: 'A0000002' };
    const otherUser = { targetAgCode: 'A0000001', targetUserId: USER_IDS['demo-agent2'] };

    t.test('provider administrator: any agent, any user of it', async (t) => {
      t.equal((await list('demo-provider', otherAgent)).statusCode, 200);
      const one = await list('demo-provider', { targetAgCode: 'A0000002', targetUserId: USER_IDS['demo-agent2'] });
      t.equal(one.statusCode, 200);
      t.ok(one.json().events.length > 0);
      t.ok(one.json().events.every((e: { userId: string }) => e.userId === USER_IDS['demo-agent2']));
      t.equal(one.json().userName, '田中 花子');
      t.equal(one.json().agName.length > 0, true);
      t.equal((await list('demo-provider', otherUser)).statusCode, 403, 'a user outside the agent asked for');
    });

    t.test("agent administrator: his own agent's users only", async (t) => {
      const mine = await list('demo-agadmin', own);
      t.equal(mine.statusCode, 200);
      t.ok(mine.json().events.length > 0);
      t.ok(mine.json().events.every((e: { agCode: string }) => e.agCode === 'A0000001'));
      const user = await list('demo-agadmin', { targetAgCode: 'A0000001', targetUserId: USER_IDS['demo-agent'] });
      t.equal(user.statusCode, 200);
      const refused = await list('demo-agadmin', otherAgent);
      t.equal(refused.statusCode, 403, "another agent's events");
      t.same(messageIds(refused), ['ERR_0022']);
      t.equal((await list('demo-agadmin', otherUser)).statusCode, 403, "another agent's user under his own agent code");
      t.equal(
        (await list('demo-agadmin', { targetAgCode: 'P0000001', targetUserId: USER_IDS['demo-provider'] })).statusCode,
        403,
        "the provider's users",
      );
      const csv = await (await as('demo-agadmin')).call('/api/SignInHistory/csv', otherAgent);
      t.equal(csv.statusCode, 403, 'the CSV of another agent');
    });

    t.test('agent user, provider staff and no token: refused', async (t) => {
      t.equal((await list('demo-agent', own)).statusCode, 403);
      t.equal((await list('demo-agent2', { targetAgCode: 'A0000002' })).statusCode, 403, 'even for his own agent');
      t.equal((await list('demo-staff', otherAgent)).statusCode, 403);
      t.equal((await (await as('demo-staff')).call('/api/SignInHistory/csv', otherAgent)).statusCode, 403);
      t.equal((await h.post('/api/SignInHistory/list', { systemKbn: '01', ...own })).statusCode, 401);
      t.equal((await h.post('/api/SignInHistory/csv', { systemKbn: '01', ...own })).statusCode, 401);
    });

    t.test('an administrator whose role lost category 102 is refused', async (t) => {
      t.teardown(() =>
        h.db
          .updateTable('role_permissions')
          .set({ parmition_flg: '1' })
          .where('role_id', '=', '01')
          .where('category_id', '=', 102)
          .execute(),
      );
      await h.db
        .updateTable('role_permissions')
        .set({ parmition_flg: '0' })
        .where('role_id', '=', '01')
        .where('category_id', '=', 102)
        .execute();
      await h.app.inject({ method: 'GET', url: '/healthz' }); // settles the change feed on PostgreSQL
      t.equal((await list('demo-agadmin', own)).statusCode, 403);
      t.equal((await list('demo-provider', own)).statusCode, 403);
    });
  });

  t.test('bad filters: 400 with catalogue messages', async (t) => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await list('demo-provider', { targetAgCode: 'A0000001', ...body });
      t.equal(res.statusCode, 400, JSON.stringify(body));
      return messageIds(res);
    };
    t.same(await bad({ from: '2026/02/30' }), ['ERR_0020']);
    t.same(await bad({ from: '2026/11/20', to: '2026/11/01' }), ['ERR_0005']);
    t.same(await bad({ kinds: ['drop table'] }), ['ERR_0025']);
    t.same(await bad({ cursor: 'x' }), ['ERR_0025']);
    t.same(await bad({ targetAgCode: 'Z9999999' }), ['ERR_0006']);
  });

  t.test('paging: newest first, keyset cursor, no row twice or missed; period and kind filters', async (t) => {
    const userId = '0000000011'; // a colleague in A0000001 with no events of his own
    const base = new Date('2026-10-01T00:00:00Z').getTime();
    // 120 events, every third pair at the same instant (the cursor must tell them apart by id).
    await h.db
      .insertInto('sign_in_events')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          user_id: userId,
          ag_code: 'A0000001',
          login_id: 'colleague',
          kind: i % 2 ? 'wrong_password' : 'sign_in',
          at: new Date(base + Math.floor(i / 2) * 3_600_000),
          ip: `192.0.2.${i}`,
        })),
      )
      .execute();
    const seen: number[] = [];
    let cursor = '';
    const pages: number[] = [];
    do {
      const res = await list('demo-agadmin', { targetAgCode: 'A0000001', targetUserId: userId, pageSize: 50, cursor });
      t.equal(res.statusCode, 200);
      const body = res.json<{ events: { eventId: number; at: string }[]; nextCursor: string }>();
      pages.push(body.events.length);
      seen.push(...body.events.map((e) => e.eventId));
      cursor = body.nextCursor;
    } while (cursor);
    t.same(pages, [50, 50, 20]);
    t.equal(new Set(seen).size, 120, 'each event once');
    const ids = await h.db
      .selectFrom('sign_in_events')
      .select('event_id')
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('event_id', 'desc')
      .execute();
    t.same(
      seen,
      ids.map((r) => r.event_id),
      'newest first',
    );

    // 2026-10-01 00:00Z is 09:00 in Tokyo: the Tokyo day 2026/10/01 holds hours 0..14 (pairs 0..14).
    const day = await list('demo-agadmin', {
      targetAgCode: 'A0000001',
      targetUserId: userId,
      from: '2026/10/01',
      to: '2026/10/01',
      kinds: ['wrong_password'],
      pageSize: 200,
    });
    const events = day.json<SignInHistoryAnswer>().events;
    t.equal(events.length, 15);
    t.ok(events.every((e) => e.kind === 'wrong_password' && e.at.startsWith('2026/10/01')));
    t.equal(nth(events, 0).at, '2026/10/01 23:00:00');
    t.equal(nth(events, 14).at, '2026/10/01 09:00:00');
  });

  t.test('CSV: BOM, CRLF, header, Japanese kind names, formula cells neutralised', async (t) => {
    await h.db
      .insertInto('sign_in_events')
      .values({
        user_id: '0000000012',
        ag_code: 'A0000001',
        login_id: 'colleague2',
        kind: 'sign_in',
        at: new Date('2026-11-01T03:04:05Z'),
        ip: '192.0.2.200',
        user_agent: '=HYPERLINK("http://evil.example","click"),x',
      })
      .execute();
    const res = await (
      await as('demo-agadmin')
    ).call('/api/SignInHistory/csv', { targetAgCode: 'A0000001', targetUserId: '0000000012' });
    t.equal(res.statusCode, 200);
    t.match(res.headers['content-type'], 'text/csv');
    t.match(res.headers['content-disposition'], 'signin-history_A0000001_0000000012.csv');
    const text = res.rawPayload.toString('utf8');
    t.ok(text.startsWith('\uFEFF'), 'BOM');
    const lines = text.slice(1).split('\r\n');
    t.equal(lines.length, 3, 'header, one row, and the CRLF after it');
    t.equal(nth(lines, 0), '日時,代理店コード,ユーザーID,ログインID,氏名,種別,詳細,接続元アドレス,ブラウザ');
    t.equal(
      nth(lines, 1),
      `2026/11/01 12:04:05,A0000001,0000000012,colleague2,中村 優子,ログイン成功,,192.0.2.200,"'=HYPERLINK(""http://evil.example"",""click""),x"`,
    );
    t.equal(nth(lines, 2), '');
  });
});
