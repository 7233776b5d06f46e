// Sessions: /api/auth/validate renews the 30-minute token, a missing, forged or expired token
// is 401 ERR_USER001, and /api/Auth/logout revokes the session for every call (docs/decisions.md §3, §12;
// docs/wire-contract.md "Sign-in and session").
import t from 'tap';
import { createTestApp } from '../helpers/test-app';
import { apiPostRoutes, operationLogsOf, probeAccess, urlOf } from '../helpers/api-probe';
import { nth } from '../helpers/indexing';

const USER001 = { messages: [{ messageId: 'ERR_USER001', args: [] }] };
const MINUTE = 60_000;

t.test('sessions', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const permissions = (token: string) => h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token });

  t.test('validate with the user id as a JSON string answers isValid and a renewed token', async (t) => {
    const { token } = await h.signIn('demo-agent');
    h.clock.advance(MINUTE);
    const res = await h.post('/api/auth/validate', '0000000003', { token });
    t.equal(res.statusCode, 200);
    t.same(Object.keys(res.json()).sort(), ['isValid', 'token']);
    t.equal(res.json().isValid, true);
    t.not(res.json().token, token, 'a new token');
    t.equal((await permissions(res.json().token)).statusCode, 200, 'the new token works');
  });

  t.test('validate with {systemKbn, userId} answers the same; without a userId too', async (t) => {
    const { token } = await h.signIn('demo-agent');
    const res = await h.post('/api/auth/validate', { systemKbn: '01', userId: '0000000003' }, { token });
    t.equal(res.statusCode, 200);
    t.equal(res.json().isValid, true);
    t.equal((await permissions(res.json().token)).statusCode, 200);
    const bare = await h.post('/api/auth/validate', { systemKbn: '01' }, { token });
    t.equal(bare.statusCode, 200);
    const wrongKbn = await h.post('/api/auth/validate', { systemKbn: '02', userId: '0000000003' }, { token });
    t.equal(wrongKbn.statusCode, 400, 'another systemKbn is refused');
  });

  t.test("validate with someone else's id is 403 ERR_0022 (both body forms)", async (t) => {
    const { token } = await h.signIn('demo-agent');
    for (const body of [
      '0000000004',
      { systemKbn: '01', userId: '0000000004' },
      { systemKbn: '01', userId: '0000000003', agCode: 'A0000002' },
    ]) {
      const res = await h.post('/api/auth/validate', body, { token });
      t.equal(res.statusCode, 403, JSON.stringify(body));
      t.same(res.json(), { messages: [{ messageId: 'ERR_0022', args: [] }] });
      t.equal(res.json().token, undefined, 'no token for someone else');
    }
  });

  t.test('no token, a malformed header, a forged or a tampered token: 401 ERR_USER001', async (t) => {
    const { token } = await h.signIn('demo-agent');
    const parts = token.split('.');
    t.equal(parts.length, 3, 'a token is header.payload.signature');
    const [head, payload, signature] = parts as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: '0000000004', ag: 'A0000002' })).toString(
      'base64url',
    );
    const tampered = `${head}.${otherUser}.${signature}`;
    const badSignature = `${head}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const unsigned = `${head}.${payload}.`;
    for (const [what, headers] of [
      ['no token', {}],
      ['garbage', { authorization: 'Bearer garbage' }],
      ['empty bearer', { authorization: 'Bearer ' }],
      ['not bearer', { authorization: `Basic ${token}` }],
      ['tampered payload', { authorization: `Bearer ${tampered}` }],
      ['bad signature', { authorization: `Bearer ${badSignature}` }],
      ['no signature', { authorization: `Bearer ${unsigned}` }],
    ] as const) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/auth/validate',
        payload: '"0000000003"',
        headers: { 'content-type': 'application/json', ...headers },
      });
      t.equal(res.statusCode, 401, what);
      t.same(res.json(), USER001, what);
    }
  });

  t.test('a token expires 30 minutes after it was issued unless renewed', async (t) => {
    const { token } = await h.signIn('demo-agent2');
    h.clock.advance(29 * MINUTE);
    t.equal((await permissions(token)).statusCode, 200, 'valid after 29 minutes');
    h.clock.advance(2 * MINUTE);
    const res = await permissions(token);
    t.equal(res.statusCode, 401, 'expired after 31 minutes');
    t.same(res.json(), USER001);
    const validate = await h.post('/api/auth/validate', '0000000004', { token });
    t.equal(validate.statusCode, 401, 'an expired token cannot be renewed');
    t.same(validate.json(), USER001);
  });

  t.test(
    'validating every 20 minutes keeps a session alive past 30 minutes; the first token still expires',
    async (t) => {
      const first = await h.signIn('demo-staff');
      let token = first.token;
      for (let round = 1; round <= 4; round++) {
        h.clock.advance(20 * MINUTE);
        const res = await h.post('/api/auth/validate', '0000000005', { token });
        t.equal(res.statusCode, 200, `renewal after ${round * 20} minutes`);
        token = res.json().token;
      }
      t.equal((await permissions(token)).statusCode, 200, 'alive 80 minutes after sign-in');
      t.equal((await permissions(first.token)).statusCode, 401, 'the first token expired on its own schedule');
      h.clock.advance(31 * MINUTE);
      t.equal((await permissions(token)).statusCode, 401, 'the renewed token expires 30 minutes after its renewal');
    },
  );

  t.test(
    'logout revokes the session: the token and its renewals get 401 on every call; other sessions live on',
    async (t) => {
      const { token } = await h.signIn('demo-agadmin');
      const renewed = (await h.post('/api/auth/validate', '0000000002', { token })).json().token as string;
      const other = await h.signIn('demo-agadmin');
      const logsBefore = (await operationLogsOf(h, '0000000002')).filter((l) => l.operation_type === '02').length;

      const guarded: string[] = [];
      for (const path of apiPostRoutes(h.app)) if ((await probeAccess(h, path)) === 'auth') guarded.push(path);
      t.ok(guarded.length >= 8, `found the token-checking routes (${guarded.length})`);
      for (const path of guarded) {
        if (path === '/api/Auth/logout') continue;
        const res = await h.post(urlOf(path), { systemKbn: '01' }, { token });
        t.not(res.statusCode, 401, `${path} accepts the token before logout`);
      }

      const out = await h.post('/api/Auth/logout', { systemKbn: '01' }, { token });
      t.equal(out.statusCode, 200);
      t.same(out.json(), {});

      for (const path of guarded) {
        for (const [which, tk] of [
          ['token', token],
          ['renewed token', renewed],
        ] as const) {
          const res = await h.post(urlOf(path), { systemKbn: '01' }, { token: tk });
          t.equal(res.statusCode, 401, `${path} refuses the logged-out ${which}`);
          t.same(res.json(), USER001);
        }
      }
      t.equal(
        (await h.post('/api/auth/validate', '0000000002', { token })).statusCode,
        401,
        'a revoked session cannot be renewed',
      );
      t.equal((await permissions(other.token)).statusCode, 200, "the same user's other session is untouched");

      const logouts = (await operationLogsOf(h, '0000000002')).filter((l) => l.operation_type === '02');
      t.equal(logouts.length, logsBefore + 1, 'one operation log of type 02');
      t.match(logouts.at(-1), { source: 'server', ag_code: 'A0000001' });
      const session = await h.db
        .selectFrom('sessions')
        .select(['revoked_at', 'revoke_reason'])
        .where('user_id', '=', '0000000002')
        .where('revoked_at', 'is not', null)
        .execute();
      t.equal(session.length, 1, 'exactly the one session is revoked');
      t.equal(nth(session, 0).revoke_reason, 'logout');
    },
  );

  t.test('logout needs a valid token and systemKbn 01', async (t) => {
    t.equal((await h.post('/api/Auth/logout', { systemKbn: '01' })).statusCode, 401);
    const { token } = await h.signIn('demo-provider');
    t.equal((await h.post('/api/Auth/logout', { systemKbn: '02' }, { token })).statusCode, 400);
    t.equal((await permissions(token)).statusCode, 200, 'a refused logout leaves the session alive');
  });
});
