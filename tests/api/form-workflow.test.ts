// The engine's store options for records with a status workflow (api/forms/workflow-store.ts,
// docs/forms.md "Workflow, optimistic check and edit locks"), through the request forms that
// declare them: a transition outside schemas/workflows/application.json is 403 whatever the
// fields; a status-only action stores no field; a stale display time is 409 CNF_0009 and of two
// saves racing with the same display time exactly one wins; a lock is CNF_0011 for another user
// and lapses after the declared minutes.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';

const K = '01';
let h: TestApp;
let agent: string;
let staff: string;
let provider: string;

t.before(async () => {
  h = await createTestApp();
  agent = (await h.signIn('demo-agent')).token;
  staff = (await h.signIn('demo-staff')).token;
  provider = (await h.signIn('demo-provider')).token;
});
t.teardown(() => h.close());

const request = (extra: Record<string, unknown> = {}) => ({
  systemKbn: K,
  appUser: '鈴木 一郎',
  appTitle: 'エンジンの申請',
  appCategoryId: '1',
  appMemo: '本文',
  ...extra,
});
const load = async (no: string) =>
  (
    await h.post('/api/ApplicationMgtAg/getAppFormInitialData', { systemKbn: K, applicationNo: no }, { token: agent })
  ).json();
const ids = (res: { json(): { messages?: { messageId: string }[] } }) =>
  (res.json().messages ?? []).map((m) => m.messageId);

async function draft(title: string): Promise<string> {
  const res = await h.post('/api/ApplicationMgtAg/regApplicationData', request({ appTitle: title, appStatus: '10' }), {
    token: agent,
  });
  t.equal(res.statusCode, 200, res.body);
  return res.json().appNo as string;
}

t.test("workflow: only the table's transitions, fields only when the action stores them", async (t) => {
  t.equal(
    (await h.post('/api/ApplicationMgtAg/regApplicationData', request(), { token: agent })).statusCode,
    400,
    'a new record must name its status',
  );
  for (const to of ['20x', '30', '40', '90'])
    t.equal(
      (await h.post('/api/ApplicationMgtAg/regApplicationData', request({ appStatus: to }), { token: agent }))
        .statusCode,
      403,
      `new → ${to}: 403`,
    );
  const no = await draft('遷移の申請');
  let shown = await load(no);
  t.equal(
    (
      await h.post(
        '/api/ApplicationMgtAg/updApplicationData',
        request({ appNo: no, appStatus: '40', dispDateTime: shown.dispDateTime }),
        { token: agent },
      )
    ).statusCode,
    403,
    '10 → 40: 403',
  );
  t.equal(
    (
      await h.post(
        '/api/ApplicationMgtAg/cancelApplicationData',
        { systemKbn: K, appNo: no, dispDateTime: shown.dispDateTime },
        { token: agent },
      )
    ).statusCode,
    403,
    'a draft cannot be withdrawn',
  );
  t.equal(
    (
      await h.post(
        '/api/ApplicationMgtAg/updApplicationData',
        request({ appNo: no, appTitle: '遷移の申請', appStatus: '20', dispDateTime: shown.dispDateTime }),
        { token: agent },
      )
    ).statusCode,
    200,
    '10 → 20',
  );
  shown = await load(no);
  // Withdrawing stores no field: a changed title in its body is not kept.
  const res = await h.post(
    '/api/ApplicationMgtAg/cancelApplicationData',
    { systemKbn: K, appNo: no, appTitle: '書き換え', dispDateTime: shown.dispDateTime },
    { token: agent },
  );
  t.equal(res.statusCode, 200, res.body);
  shown = await load(no);
  t.equal(shown.applicationData.appStatusKbn, '90');
  t.equal(shown.applicationData.appTitle, '遷移の申請', 'the withdrawal kept the fields');
  t.equal(
    (
      await h.post(
        '/api/ApplicationMgtProvider/updApplicationData',
        { systemKbn: K, appNo: no, appStatus: '30', dispDateTime: shown.dispDateTime },
        { token: staff },
      )
    ).statusCode,
    403,
    'staff: 90 → 30 is not a transition',
  );
});

t.test('optimistic: a stale display time is 409 CNF_0009; of two racing saves exactly one wins', async (t) => {
  const no = await draft('競合の申請');
  const shown = await load(no);
  const save = (title: string) =>
    h.post(
      '/api/ApplicationMgtAg/updApplicationData',
      request({ appNo: no, appTitle: title, appStatus: '10', dispDateTime: shown.dispDateTime, beforeAppStatus: '10' }),
      { token: agent },
    );
  const results = await Promise.all([save('競合A'), save('競合B')]);
  t.same(results.map((r) => r.statusCode).sort(), [200, 409], 'one wins, one is told');
  const lost = results.find((r) => r.statusCode === 409)!;
  t.same(ids(lost), ['CNF_0009']);
  const won = results.find((r) => r.statusCode === 200)!;
  const after = await load(no);
  t.equal(after.applicationData.appTitle, won === results[0] ? '競合A' : '競合B', "the winner's title is stored");
  t.ok(new Date(after.dispDateTime).getTime() > new Date(shown.dispDateTime).getTime(), 'the update time moved on');
  t.same(ids(await save('三度目')), ['CNF_0009'], 'the old display time stays stale');
  const other = await h.post(
    '/api/ApplicationMgtAg/updApplicationData',
    request({ appNo: no, appStatus: '10', dispDateTime: after.dispDateTime, beforeAppStatus: '20' }),
    { token: agent },
  );
  t.same(ids(other), ['CNF_0009'], 'a status the screen did not show');
  t.same(
    ids(
      await h.post(
        '/api/ApplicationMgtAg/updApplicationData',
        request({ appNo: no, appStatus: '10', dispDateTime: 'not a time' }),
        { token: agent },
      ),
    ),
    ['CNF_0009'],
    'an unreadable time',
  );
});

t.test('locks: CNF_0011 for another user, not for the holder, lapsing after 30 minutes', async (t) => {
  const row = await h.db
    .selectFrom('applications')
    .select('app_no')
    .where('status_kbn', '=', '20')
    .executeTakeFirstOrThrow();
  const body = { systemKbn: K, applicationNo: String(row.app_no) };
  const check = async (token: string) =>
    (await h.post('/api/ApplicationMgtCommon/checkEditing', body, { token })).json().checkResult;
  t.equal((await h.post('/api/ApplicationMgtCommon/setEditing', body, { token: staff })).statusCode, 200);
  t.equal(await check(staff), false, 'the holder edits');
  t.equal(await check(provider), true, 'another user is asked CNF_0011');
  h.clock.advance(30 * 60_000 + 1000);
  const later = (await h.signIn('demo-provider')).token;
  t.equal(await check(later), false, 'lapsed');
  t.equal(
    (await h.post('/api/ApplicationMgtCommon/setEditing', { systemKbn: K, applicationNo: '999999' }, { token: later }))
      .statusCode,
    400,
    'no such request',
  );
});
