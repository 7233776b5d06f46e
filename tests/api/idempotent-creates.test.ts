// Double submits (issue 22 item 2): every create call of the form engine takes an
// Idempotency-Key header (api/forms/idempotency.ts) — ten identical concurrent creates with one
// key make one record and ten equal answers, the same key with another body is 409, a key lives
// 24 hours; without a key a create behaves as before. An agent user's e-mail address is unique
// within the agent (the check and the unique index of migration 0021).
import t from 'tap';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/test-app';
import * as migration0021 from '../../migrations/0021_idempotent_creates';
import { nth } from '../helpers/indexing';

const K = '01';
let h: TestApp;
let agent: string; // demo-agent, A0000001
let agadmin: string; // demo-agadmin, A0000001
let provider: string;

t.before(async () => {
  h = await createTestApp();
  agent = (await h.signIn('demo-agent')).token;
  agadmin = (await h.signIn('demo-agadmin')).token;
  provider = (await h.signIn('demo-provider')).token;
});
t.teardown(() => h.close());

const send = (url: string, body: unknown, token: string, key?: string) =>
  h.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
  });

const request = (title: string, extra: Record<string, unknown> = {}) => ({
  systemKbn: K,
  appUser: '鈴木 一郎',
  appTitle: title,
  wishDate: '2026-12-01',
  appCategoryId: '1',
  appMemo: '二重送信の確認',
  targetAgCode: 'A0000001',
  targetCompanyId: 'C0001',
  appStatus: '10',
  ...extra,
});
const user = (email: string, extra: Record<string, unknown> = {}) => ({
  systemKbn: K,
  agUserData: {
    agCode: 'A0000001',
    kaisyaName: '株式会社さくら文具',
    busyoName: '総務部',
    tantousyaName: '二重 送信',
    email,
    bikou1: '',
    bikou2: '',
    roleId: '02',
    ...extra,
  },
});
const requestsTitled = async (title: string) =>
  (await h.db.selectFrom('applications').select('app_no').where('app_title', '=', title).execute()).length;
const usersWith = async (email: string) =>
  (await h.db.selectFrom('users').select('user_id').where('email', '=', email).execute()).length;

t.test('ten identical concurrent regApplicationData with one key: one request, ten equal answers', async (t) => {
  const title = '二重送信テスト申請';
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      send('/api/ApplicationMgtAg/regApplicationData', request(title), agent, 'key-app-0001'),
    ),
  );
  t.same(
    answers.map((r) => r.statusCode),
    Array(10).fill(200),
    'every call answers 200',
  );
  t.equal(new Set(answers.map((r) => r.body)).size, 1, 'ten equal answers');
  t.ok(nth(answers, 0).json().appNo, 'the answer names the request');
  t.equal(await requestsTitled(title), 1, 'one request stored');
  const again = await send('/api/ApplicationMgtAg/regApplicationData', request(title), agent, 'key-app-0001');
  t.equal(again.body, nth(answers, 0).body, 'a later retry answers the same');
  t.equal(await requestsTitled(title), 1, 'and creates nothing');
});

t.test('ten identical concurrent createAgUser with one key: one user, ten equal answers', async (t) => {
  const email = 'double-submit@sakura-bungu.example.jp';
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => send('/api/AgUser/createAgUser', user(email), agadmin, 'key-user-0001')),
  );
  t.same(
    answers.map((r) => r.statusCode),
    Array(10).fill(200),
  );
  t.equal(new Set(answers.map((r) => r.body)).size, 1, 'ten equal answers');
  t.equal(await usersWith(email), 1, 'one user');
});

t.test("the same key with another body or another call is 409; keys are the caller's own", async (t) => {
  const first = await send('/api/ApplicationMgtAg/regApplicationData', request('鍵の再利用'), agent, 'key-app-0002');
  t.equal(first.statusCode, 200);
  const other = await send(
    '/api/ApplicationMgtAg/regApplicationData',
    request('鍵の再利用（別内容）'),
    agent,
    'key-app-0002',
  );
  t.equal(other.statusCode, 409);
  t.same(other.json().messages, [{ messageId: 'ERR_0037', args: ['送信内容'] }]);
  t.equal(await requestsTitled('鍵の再利用（別内容）'), 0, 'nothing created');
  const elsewhere = await send(
    '/api/AgUser/createAgUser',
    user('reuse@sakura-bungu.example.jp'),
    agent,
    'key-app-0002',
  );
  t.not(elsewhere.statusCode, 200, 'another call with the key is not served (403 for this agent, 409 otherwise)');
  // Another user's identical key is their own.
  const colleague = await send(
    '/api/ApplicationMgtAg/regApplicationData',
    request('鍵の再利用'),
    agadmin,
    'key-app-0002',
  );
  t.equal(colleague.statusCode, 200);
  t.not(colleague.json().appNo, first.json().appNo, 'a colleague with the same key files a request of their own');
  t.equal(await requestsTitled('鍵の再利用'), 2);
});

t.test('a malformed key is 400; a refused create keeps no key; a key lasts 24 hours', async (t) => {
  const bad = await send('/api/ApplicationMgtAg/regApplicationData', request('不正な鍵'), agent, 'キー');
  t.equal(bad.statusCode, 400);
  t.same(bad.json().messages, [{ messageId: 'ERR_0025', args: ['Idempotency-Key'] }]);
  const refused = await send('/api/ApplicationMgtAg/regApplicationData', request('', {}), agent, 'key-app-0003');
  t.equal(refused.statusCode, 400, 'a create refused by the rules');
  const fixed = await send('/api/ApplicationMgtAg/regApplicationData', request('鍵の再送'), agent, 'key-app-0003');
  t.equal(fixed.statusCode, 200, 'the same key with the corrected body is served: the refusal kept nothing');
  t.equal(await requestsTitled('鍵の再送'), 1);
  // A day later (the key's row dated back; the session would not last a day).
  await h.db
    .updateTable('idempotency_keys')
    .set({ created_at: new Date(h.clock.now().getTime() - 24 * 3600 * 1000 - 1000) })
    .where('idem_key', '=', 'key-app-0003')
    .execute();
  const later = await send('/api/ApplicationMgtAg/regApplicationData', request('鍵の再送'), agent, 'key-app-0003');
  t.equal(later.statusCode, 200);
  t.equal(await requestsTitled('鍵の再送'), 2, 'after 24 hours the key is forgotten');
  t.equal(
    (await h.db.selectFrom('idempotency_keys').select('idem_key').where('idem_key', '=', 'key-app-0003').execute())
      .length,
    1,
    'the old row was pruned',
  );
});

t.test('without a key two calls still create two records', async (t) => {
  const a = await send('/api/ApplicationMgtAg/regApplicationData', request('鍵なしの申請'), agent);
  const b = await send('/api/ApplicationMgtAg/regApplicationData', request('鍵なしの申請'), agent);
  t.same([a.statusCode, b.statusCode], [200, 200]);
  t.not(a.json().appNo, b.json().appNo);
  t.equal(await requestsTitled('鍵なしの申請'), 2);
});

t.test("an agent user's e-mail address is unique within the agent", async (t) => {
  const email = 'unique-mail@sakura-bungu.example.jp';
  const first = await send('/api/AgUser/createAgUser', user(email), agadmin);
  t.equal(first.statusCode, 200);
  const taken = await send('/api/AgUser/createAgUser', user(email.toUpperCase()), agadmin);
  t.equal(taken.statusCode, 400, 'the same address (any case) in the same agent');
  t.same(taken.json().messages, [{ messageId: 'ERR_0017', args: ['メールアドレス'] }]);
  const otherAgent = await send('/api/AgUser/createAgUser', user(email, { agCode: 'A0000002' }), provider);
  t.equal(otherAgent.statusCode, 200, 'another agent may use it');
  // Update: another user's address is refused, the user's own is kept.
  const userId = first.json().agUserData.userId as string;
  const own = await send('/api/AgUser/updateAgUser', user(email, { userId, bikou1: '更新' }), agadmin);
  t.equal(own.statusCode, 200, "keeping one's own address");
  const clash = await send('/api/AgUser/updateAgUser', user('demo-agent@portal.example.jp', { userId }), agadmin);
  t.equal(clash.statusCode, 400);
  t.same(clash.json().messages, [{ messageId: 'ERR_0017', args: ['メールアドレス'] }]);
  // Ten concurrent creates without a key: the unique index keeps one, the others get the same message.
  const racing = 'racing-mail@sakura-bungu.example.jp';
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      send('/api/AgUser/createAgUser', user(racing, { bikou1: `race ${i}` }), agadmin),
    ),
  );
  t.equal(answers.filter((r) => r.statusCode === 200).length, 1, 'one created');
  for (const r of answers.filter((x) => x.statusCode !== 200))
    t.same(r.json().messages, [{ messageId: 'ERR_0017', args: ['メールアドレス'] }]);
  t.equal(await usersWith(racing), 1);
  // The index holds whoever writes.
  await t.rejects(
    h.db
      .insertInto('users')
      .values({
        user_id: '0000000990',
        login_id: 'index-check',
        ag_code: 'A0000001',
        password_hash: 'x',
        email: 'Demo-Agent@portal.example.jp',
        role_id: '02',
      })
      .execute(),
    'the unique index refuses a second address in the agent',
  );
});

t.test('migration 0021 refuses a database whose users already share an address, saying which', async (t) => {
  // The state double submits left behind: the index not there yet, two users of A0000001 with one address.
  await sql`drop index users_agent_email_key`.execute(h.db);
  await h.db
    .insertInto('users')
    .values({
      user_id: '0000000991',
      login_id: 'dup-check',
      ag_code: 'A0000001',
      password_hash: 'x',
      email: 'DEMO-AGENT@portal.example.jp',
      role_id: '02',
    })
    .execute();
  await t.rejects(
    migration0021.up(h.db as never),
    /A0000001 demo-agent@portal\.example\.jp: users 0000000003, 0000000991.*docs\/operations\.md/,
  );
  t.ok(
    await h.db.selectFrom('users').select('user_id').where('user_id', '=', '0000000991').executeTakeFirst(),
    'nothing was changed',
  );
});
