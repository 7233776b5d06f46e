// Request management (issue 13, spec 002 sections 4, 5, 7): every authority rule is attacked —
// another agent's request, files, list rows and badge; forged ids; transitions outside
// schemas/workflows/application.json; the internal memo in any agent answer; stale saves
// (CNF_0009); locks (CNF_0011, 30 minutes); mail through a real SMTP listener.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sample, tusUpload } from '../helpers/uploads';
import { applicationListSettings } from '../../api/resources/application/rules';
import { settleChanges } from '../../api/cache/change-feed';
import { serverRuleContext } from '../../api/forms/enforce';
import { validateForm } from '../../schemas/rules/engine';
import { nth } from '../helpers/indexing';
import type {
  AgInitialAnswer,
  ApplicationListItem,
  CategoryDataAnswer,
  EscalationMailAnswer,
  ProviderInitialAnswer,
} from '../../schemas/wire/application';
import type { BadgesAnswer } from '../../schemas/wire/navigation';

/** The answer of either request list (the engine's calls.list of shinseiform-ag/-provider). */
type ListAnswer = { appDataList: ApplicationListItem[] };

const K = '01';
const INTERNAL = '印刷会社へ増刷依頼済み'; // a seeded internal memo of A0000001's request 販促物発注
const MIN = 60_000;

let h: TestApp;
let agent: string; // demo-agent, A0000001
let agadmin: string; // demo-agadmin, A0000001
let agent2: string; // demo-agent2, A0000002
let staff: string; // demo-staff
let provider: string; // demo-provider (also staff)

t.before(async () => {
  h = await createTestApp();
  agent = (await h.signIn('demo-agent')).token;
  agadmin = (await h.signIn('demo-agadmin')).token;
  agent2 = (await h.signIn('demo-agent2')).token;
  staff = (await h.signIn('demo-staff')).token;
  provider = (await h.signIn('demo-provider')).token;
});
t.teardown(() => h.close());

const period = { appDateFrom: '2026-08-01', appDateTo: '2026-11-20' };
const agList = (token: string, extra: Record<string, unknown> = {}) =>
  h.post('/api/ApplicationMgtAg/GetApplicationList', { systemKbn: K, ...period, ...extra }, { token });
const pvList = (token: string, extra: Record<string, unknown> = {}) =>
  h.post('/api/ApplicationMgtProvider/GetApplicationList', { systemKbn: K, ...period, ...extra }, { token });
const agForm = (token: string, applicationNo?: string) =>
  h.post('/api/ApplicationMgtAg/getAppFormInitialData', { systemKbn: K, applicationNo }, { token });
const pvForm = (token: string, applicationNo: string) =>
  h.post('/api/ApplicationMgtProvider/getAppFormInitialData', { systemKbn: K, applicationNo }, { token });
const ids = (res: { json(): { messages: { messageId: string }[] } }) => res.json().messages.map((m) => m.messageId);

async function appNoOf(title: string): Promise<string> {
  const row = await h.db
    .selectFrom('applications')
    .select('app_no')
    .where('app_title', '=', title)
    .executeTakeFirstOrThrow();
  return String(row.app_no);
}

const newRequest = (extra: Record<string, unknown> = {}) => ({
  systemKbn: K,
  appUser: '鈴木 一郎',
  appTitle: 'テスト用の申請',
  wishDate: '2026-12-01',
  appCategoryId: '1',
  appMemo: 'ボールペン 100本の発注をお願いします。',
  targetAgCode: 'A0000001',
  targetCompanyId: 'C0001',
  appStatus: '10',
  ...extra,
});

t.test('initial data and lists: each agent sees its own agent only, staff see all but drafts', async (t) => {
  const init = await h.post('/api/ApplicationMgtAg/getInitialData', { systemKbn: K }, { token: agent });
  t.equal(init.statusCode, 200);
  t.ok(init.json().categoryList.length >= 6, 'request categories');
  t.same(
    init.json<AgInitialAnswer>().statusList.map((s) => s.value),
    ['10', '20', '30', '40', '90'],
  );
  t.equal(init.json().shinseiKikanEnd, '2026-11-20');
  const pinit = await h.post('/api/ApplicationMgtProvider/getInitialData', { systemKbn: K }, { token: staff });
  t.equal(pinit.statusCode, 200);
  t.notOk(
    pinit.json<ProviderInitialAnswer>().statusList.some((s) => s.value === '10'),
    'staff never see drafts',
  );
  t.ok(pinit.json<ProviderInitialAnswer>().agCodeList.some((a) => a.value === 'A0000002'));

  const mine = (await agList(agent)).json<ListAnswer>().appDataList;
  t.ok(mine.length >= 6);
  t.ok(
    mine.every((r) => r.appAgCode === 'A0000001'),
    'demo-agent: A0000001 only',
  );
  t.ok(
    mine.some((r) => r.statusKbn === '10'),
    'its own drafts',
  );
  t.ok(mine.every((r: Record<string, unknown>) => 'agNewFlg' in r && !('providerNewFlg' in r)));
  const theirs = (await agList(agent2)).json<ListAnswer>().appDataList;
  t.ok(theirs.length >= 2 && theirs.every((r) => r.appAgCode === 'A0000002'), 'demo-agent2: A0000002 only');
  const all = (await pvList(staff)).json<ListAnswer>().appDataList;
  t.ok(all.some((r) => r.appAgCode === 'A0000001') && all.some((r) => r.appAgCode === 'A0000002'));
  t.notOk(
    all.some((r) => r.statusKbn === '10'),
    'no drafts on the receiver list',
  );

  t.equal(
    (await pvList(staff, { targetAgCode: 'A0000002' }))
      .json<ListAnswer>()
      .appDataList.every((r) => r.appAgCode === 'A0000002'),
    true,
    'agent code filter',
  );
  const finished = (await agList(agent, { isDisableFinished: true })).json<ListAnswer>().appDataList;
  t.notOk(
    finished.some((r) => ['40', '90'].includes(r.statusKbn)),
    'hide finished',
  );
  t.ok(
    (await agList(agent, { appUserName: '佐藤' }))
      .json<ListAnswer>()
      .appDataList.every((r) => r.applicationUser.includes('佐藤')),
  );
  t.ok((await pvList(staff, { operater: '伊藤' })).json().appDataList.length >= 1);
});

t.test('list conditions: period required and ordered, keyword 50, names 20, 416', async (t) => {
  let res = await h.post('/api/ApplicationMgtAg/GetApplicationList', { systemKbn: K }, { token: agent });
  t.equal(res.statusCode, 400);
  t.same(ids(res), ['ERR_0001', 'ERR_0001']);
  res = await agList(agent, { appDateFrom: '2026-11-20', appDateTo: '2026-11-01' });
  t.same(ids(res), ['ERR_0005']);
  res = await agList(agent, { keyword: 'あ'.repeat(51) });
  t.same(res.json().messages, [{ messageId: 'ERR_0025', args: ['キーワード'] }]);
  res = await pvList(staff, { operater: 'あ'.repeat(21), providerUser: 'い'.repeat(21) });
  t.same(
    res.json().messages.map((m: { args: string[] }) => m.args[0]),
    ['対応者', '担当営業'],
  );
  const before = applicationListSettings.maxResults;
  applicationListSettings.maxResults = 2;
  t.teardown(() => void (applicationListSettings.maxResults = before));
  res = await pvList(staff);
  t.equal(res.statusCode, 416);
  t.same(res.json().messages, [{ messageId: 'ERR_0023', args: ['申請一覧'] }]);
});

t.test(
  'another agent gets 403 for the request, its files and its lock; staff calls are refused to agents',
  async (t) => {
    const no = await appNoOf('販促物発注');
    const body = { systemKbn: K, applicationNo: no };
    t.equal((await agForm(agent, no)).statusCode, 200, 'its own agent reads it');
    t.equal((await agForm(agadmin, no)).statusCode, 200, 'so does a colleague of the same agent');
    t.equal((await agForm(agent2, no)).statusCode, 403, 'another agent: 403');
    for (const path of ['checkEditing', 'setEditing', 'releseEditing', 'getLatestUpdDate'])
      t.equal(
        (await h.post(`/api/ApplicationMgtCommon/${path}`, body, { token: agent2 })).statusCode,
        403,
        `${path}: 403`,
      );
    const upd = await h.post('/api/ApplicationMgtAg/updApplicationData', newRequest({ appNo: no, appStatus: '20' }), {
      token: agent2,
    });
    t.equal(upd.statusCode, 403, 'update: 403');
    t.equal(
      (await h.post('/api/ApplicationMgtAg/cancelApplicationData', { systemKbn: K, appNo: no }, { token: agent2 }))
        .statusCode,
      403,
      'withdraw: 403',
    );
    const file = await h.post(
      '/api/download/downloadAppTempFile',
      { systemKbn: K, appNo: no, fileName: '販促物発注_1.pdf' },
      { token: agent2 },
    );
    t.equal(file.statusCode, 403, 'its attachment: 403');
    const ownFile = await h.post(
      '/api/download/downloadAppTempFile',
      { systemKbn: K, appNo: no, fileName: '販促物発注_1.pdf' },
      { token: agent },
    );
    t.equal(ownFile.statusCode, 200, 'the owner downloads it');
    t.match(String(ownFile.headers['content-disposition']), /filename\*=UTF-8''/);
    t.equal(
      (
        await h.post(
          '/api/NotificationManagement/updNotification',
          { systemKbn: K, categoryId: 13, notificationNo: no },
          { token: agent2 },
        )
      ).statusCode,
      403,
      'its badge: 403',
    );
    t.notOk((await agList(agent2, { keyword: '販促物発注' })).json().appDataList.length, 'not in its list rows');

    // Forged ids in the body never widen anything (identity comes from the token).
    t.equal(
      (
        await h.post(
          '/api/ApplicationMgtAg/getAppFormInitialData',
          { systemKbn: K, applicationNo: no, agCode: 'A0000001', userId: '0000000003' },
          { token: agent2 },
        )
      ).statusCode,
      403,
    );
    t.equal(
      (
        await h.post(
          '/api/ApplicationMgtAg/GetApplicationList',
          { systemKbn: K, ...period, agCode: 'A0000001' },
          { token: agent2 },
        )
      ).statusCode,
      403,
    );
    t.equal(
      (
        await h.post(
          '/api/ApplicationMgtAg/GetApplicationList',
          { systemKbn: K, ...period, daihyoCode: 'A0000001' },
          { token: agent2 },
        )
      ).statusCode,
      403,
    );

    // The sides: an agent is not staff, staff are not applicants.
    for (const path of [
      'getInitialData',
      'GetApplicationList',
      'mailCheck',
      'getEscalationMailInfo',
      'deleteApplicationData',
      'updApplicationData',
      'getAppFormInitialData',
      'sendMail',
    ])
      t.equal(
        (
          await h.post(
            `/api/ApplicationMgtProvider/${path}`,
            {
              systemKbn: K,
              ...period,
              appNo: no,
              applicationNo: no,
              ApplicationNo: no,
              mailList: { to: ['a@example.jp'] },
            },
            { token: agent },
          )
        ).statusCode,
        403,
        `agent → Provider/${path}: 403`,
      );
    t.equal(
      (await h.post('/api/ApplicationMgtAg/regApplicationData', newRequest(), { token: staff })).statusCode,
      403,
      'staff cannot file as an applicant',
    );
    t.equal((await agList(staff)).statusCode, 403);
  },
);

t.test('the internal memo never reaches an agent', async (t) => {
  const no = await appNoOf('販促物発注');
  const mine = await agForm(agent, no);
  t.notOk('providerMemo' in mine.json().applicationData, 'no providerMemo key');
  t.notOk(mine.body.includes(INTERNAL), 'nor its text');
  t.ok(mine.json().applicationData.providerComment.length > 0, 'the reply is there');
  t.notOk((await agList(agent)).body.includes(INTERNAL), 'not in the list');
  t.same(
    (await agList(agent, { keyword: '増刷依頼' })).json().appDataList,
    [],
    'an agent keyword never matches the memo',
  );
  t.equal((await pvList(staff, { keyword: '増刷依頼' })).json().appDataList.length, 1, 'staff search it');
  const theirs = await pvForm(staff, no);
  t.equal(theirs.json().applicationData.providerMemo, '印刷会社へ増刷依頼済み（納期回答待ち）。');
});

t.test(
  'the workflow: file with an attachment, draft, submit, reply, complete; other transitions refused',
  async (t) => {
    const pdf = await tusUpload(h, agent, '見積依頼書.pdf', sample.pdf(), { agcode: 'A0000001', userid: '0000000003' });
    let res = await h.post('/api/ApplicationMgtAg/regApplicationData', newRequest({ appStatus: '30' }), {
      token: agent,
    });
    t.equal(res.statusCode, 403, 'new → 30 is not a transition of the applicant');
    res = await h.post(
      '/api/ApplicationMgtAg/regApplicationData',
      newRequest({ appUser: '', appTitle: 'x'.repeat(61), wishDate: '2026-11-19', appCategoryId: '', appMemo: '' }),
      { token: agent },
    );
    t.equal(res.statusCode, 400);
    t.same(ids(res), ['ERR_0001', 'ERR_0025', 'ERR_0039', 'ERR_0003', 'ERR_0002']);
    t.same(res.json().messages[2].args, ['希望納期']);

    const others = await tusUpload(h, agent2, 'other.pdf', sample.pdf(), { agcode: 'A0000002', userid: '0000000004' });
    res = await h.post(
      '/api/ApplicationMgtAg/regApplicationData',
      newRequest({ appTempFileList: [{ rowNo: 1, fileName: 'other.pdf', uploadId: others }] }),
      { token: agent },
    );
    t.equal(res.statusCode, 403, "someone else's upload cannot be attached");
    res = await h.post(
      '/api/ApplicationMgtAg/regApplicationData',
      newRequest({
        appAgCode: 'A0000002',
        appMemo: '',
        appTempFileList: [{ rowNo: 1, fileName: '見積依頼書.pdf', uploadId: pdf, isUpload: true }],
      }),
      { token: agent },
    );
    t.equal(res.statusCode, 200, res.body);
    const no = res.json().appNo;
    let form = (await agForm(agent, no)).json();
    t.equal(form.applicationData.appStatusKbn, '10');
    t.same(
      form.applicationData.appTempFileList.map((f: { fileName: string }) => f.fileName),
      ['見積依頼書.pdf'],
    );
    t.equal((await pvForm(staff, no)).statusCode, 400, 'a draft is not there for staff');

    t.equal(form.applicationData.appAgCode, 'A0000001', "filed under the token's agent");
    await h.post('/api/ApplicationMgtCommon/setEditing', { systemKbn: K, applicationNo: no }, { token: agent });
    res = await h.post(
      '/api/ApplicationMgtAg/updApplicationData',
      newRequest({
        appNo: no,
        appMemo: '追記しました。',
        appStatus: '20',
        dispDateTime: form.dispDateTime,
        beforeAppStatus: '10',
        appTempFileList: form.applicationData.appTempFileList,
      }),
      { token: agent },
    );
    t.equal(res.statusCode, 200, res.body);
    form = (await agForm(agent, no)).json();
    t.equal(form.applicationData.appStatusKbn, '20');
    t.equal(form.applicationData.appTempFileList.length, 1, 'the kept attachment stays');
    t.equal(
      (
        await h.post('/api/ApplicationMgtCommon/checkEditing', { systemKbn: K, applicationNo: no }, { token: staff })
      ).json().checkResult,
      false,
      "submitting gave the agent's lock back",
    );
    t.equal(
      (
        await h.post(
          '/api/download/downloadAppTempFile',
          { systemKbn: K, appNo: no, fileName: '見積依頼書.pdf' },
          { token: staff },
        )
      ).statusCode,
      200,
      'staff download it',
    );

    res = await h.post(
      '/api/ApplicationMgtAg/updApplicationData',
      newRequest({ appNo: no, appStatus: '10', dispDateTime: form.dispDateTime }),
      { token: agent },
    );
    t.equal(res.statusCode, 403, '20 → 10 by the applicant: refused');
    res = await h.post(
      '/api/ApplicationMgtAg/updApplicationData',
      newRequest({ appNo: no, appStatus: '40', dispDateTime: form.dispDateTime }),
      { token: agent },
    );
    t.equal(res.statusCode, 403, '20 → 40 by the applicant: refused');

    let pv = (await pvForm(staff, no)).json();
    for (const bad of ['10', '90'])
      t.equal(
        (
          await h.post(
            '/api/ApplicationMgtProvider/updApplicationData',
            { systemKbn: K, appNo: no, appStatus: bad, dispDateTime: pv.dispDateTime, beforeAppStatus: '20' },
            { token: staff },
          )
        ).statusCode,
        403,
        `staff 20 → ${bad}: refused`,
      );
    res = await h.post(
      '/api/ApplicationMgtProvider/updApplicationData',
      {
        systemKbn: K,
        appNo: no,
        appStatus: '30',
        beforeAppStatus: '20',
        dispDateTime: pv.dispDateTime,
        providerComment: '単価表をお送りします。',
        providerUser: '山本 大輔',
        operateUser: '伊藤 翔太',
        providerMemo: '値引き幅は課長承認済み',
        appTempFileList: [],
      },
      { token: staff },
    );
    t.equal(res.statusCode, 200, res.body);

    // The agent sees the reply as new, with its badge, but never the memo.
    const row = (await agList(agent)).json<ListAnswer>().appDataList.find((r) => r.applicationNo === no);
    t.equal(row?.agNewFlg, true, 'new for the agent');
    const badge = async (token: string) =>
      (await h.post('/api/GlobalNavi/getNotificationBadges', { systemKbn: K }, { token }))
        .json<BadgesAnswer>()
        .notificationList.find((b) => b.categoryId === 13)?.notificationNum ?? 0;
    const before = await badge(agent);
    t.ok(before >= 1);
    form = (await agForm(agent, no)).json();
    // The receiver form shows the attachments read-only: its body's list (here empty) changes nothing.
    t.same(
      form.applicationData.appTempFileList.map((f: { fileName: string }) => f.fileName),
      ['見積依頼書.pdf'],
      'the receiver cannot remove the attachments',
    );
    t.equal(form.applicationData.providerComment, '単価表をお送りします。');
    t.notOk(JSON.stringify(form).includes('値引き幅'), 'no internal memo');
    t.equal(
      (
        await h.post(
          '/api/NotificationManagement/updNotification',
          { systemKbn: K, categoryId: 13, notificationNo: no },
          { token: agent },
        )
      ).statusCode,
      200,
    );
    t.equal(await badge(agent), before - 1, 'the badge clears for the read request');
    t.equal((await agList(agent)).json<ListAnswer>().appDataList.find((r) => r.applicationNo === no)?.agNewFlg, false);

    // Agent checking (30): the applicant may complete; staff may not set 90.
    res = await h.post(
      '/api/ApplicationMgtAg/updApplicationData',
      { systemKbn: K, appNo: no, appStatus: '40', dispDateTime: form.dispDateTime, beforeAppStatus: '30' },
      { token: agent },
    );
    t.equal(res.statusCode, 200, res.body);
    form = (await agForm(agent, no)).json();
    t.equal(form.applicationData.appStatusKbn, '40');
    t.equal(form.applicationData.appMemo, '追記しました。', 'a status-only action keeps the fields');
    res = await h.post(
      '/api/ApplicationMgtAg/cancelApplicationData',
      { systemKbn: K, appNo: no, dispDateTime: form.dispDateTime },
      { token: agent },
    );
    t.equal(res.statusCode, 403, 'a complete request cannot be withdrawn');
    pv = (await pvForm(staff, no)).json();
    t.equal(
      (
        await h.post(
          '/api/ApplicationMgtProvider/updApplicationData',
          { systemKbn: K, appNo: no, appStatus: '20', dispDateTime: pv.dispDateTime },
          { token: staff },
        )
      ).statusCode,
      403,
      'staff cannot reopen 40',
    );

    const audit = await h.db
      .selectFrom('audit_logs')
      .select(['action'])
      .where('entity', '=', 'application')
      .where('entity_id', '=', no)
      .execute();
    t.ok(audit.length >= 4, 'every change audited');
  },
);

t.test('stale saves get CNF_0009 (409) on both sides', async (t) => {
  const no = await appNoOf('支払条件の変更について'); // status 30 of A0000001
  const shown = (await agForm(agent, no)).json();
  const pv = (await pvForm(staff, no)).json();
  let res = await h.post(
    '/api/ApplicationMgtProvider/updApplicationData',
    {
      systemKbn: K,
      appNo: no,
      appStatus: '30',
      beforeAppStatus: '30',
      dispDateTime: pv.dispDateTime,
      providerComment: '追記：書式を添付しました。',
    },
    { token: staff },
  );
  t.equal(res.statusCode, 200);
  const latest = await h.post(
    '/api/ApplicationMgtCommon/getLatestUpdDate',
    { systemKbn: K, applicationNo: no },
    { token: agent },
  );
  t.not(latest.json().latestUpdDate, shown.dispDateTime, 'the screen sees the newer update');
  res = await h.post(
    '/api/ApplicationMgtAg/updApplicationData',
    newRequest({ appNo: no, appStatus: '20', dispDateTime: shown.dispDateTime, beforeAppStatus: '30' }),
    { token: agent },
  );
  t.equal(res.statusCode, 409);
  t.same(ids(res), ['CNF_0009']);
  res = await h.post(
    '/api/ApplicationMgtAg/cancelApplicationData',
    { systemKbn: K, appNo: no, dispDateTime: shown.dispDateTime },
    { token: agent },
  );
  t.equal(res.statusCode, 409, 'withdraw too');
  res = await h.post(
    '/api/ApplicationMgtProvider/updApplicationData',
    { systemKbn: K, appNo: no, appStatus: '30', beforeAppStatus: '20', dispDateTime: latest.json().latestUpdDate },
    { token: staff },
  );
  t.equal(res.statusCode, 409, 'a status the screen did not show');
  res = await h.post(
    '/api/ApplicationMgtProvider/deleteApplicationData',
    { systemKbn: K, ApplicationNo: no, dispDateTime: pv.dispDateTime },
    { token: staff },
  );
  t.equal(res.statusCode, 409, 'delete too');
  const fresh = (await agForm(agent, no)).json();
  res = await h.post(
    '/api/ApplicationMgtAg/updApplicationData',
    newRequest({ appNo: no, appStatus: '20', dispDateTime: fresh.dispDateTime, beforeAppStatus: '30' }),
    { token: agent },
  );
  t.equal(res.statusCode, 200, 'after reloading it saves');
});

t.test('editing locks: CNF_0011 for another user, released, lapsing after 30 minutes', async (t) => {
  const no = await appNoOf('取引条件の確認'); // A0000002, status 30
  const body = { systemKbn: K, applicationNo: no };
  t.equal((await h.post('/api/ApplicationMgtCommon/checkEditing', body, { token: staff })).json().checkResult, false);
  t.equal((await h.post('/api/ApplicationMgtCommon/setEditing', body, { token: staff })).statusCode, 200);
  t.equal(
    (await h.post('/api/ApplicationMgtCommon/checkEditing', body, { token: staff })).json().checkResult,
    false,
    'not for the holder',
  );
  t.equal(
    (await h.post('/api/ApplicationMgtCommon/checkEditing', body, { token: provider })).json().checkResult,
    true,
    'another staff member is told',
  );
  t.equal(
    (await h.post('/api/ApplicationMgtCommon/checkEditing', body, { token: agent2 })).json().checkResult,
    true,
    'and the applicant',
  );
  t.equal((await h.post('/api/ApplicationMgtCommon/releseEditing', body, { token: provider })).statusCode, 200);
  t.equal(
    (await h.post('/api/ApplicationMgtCommon/checkEditing', body, { token: agent2 })).json().checkResult,
    true,
    'someone else cannot release it',
  );
  await h.post('/api/ApplicationMgtCommon/releseEditing', body, { token: staff });
  t.equal(
    (await h.post('/api/ApplicationMgtCommon/checkEditing', body, { token: provider })).json().checkResult,
    false,
    'released by its holder',
  );
  await h.post('/api/ApplicationMgtCommon/setEditing', body, { token: staff });
  h.clock.advance(29 * MIN);
  await h.post('/api/ApplicationMgtCommon/getLatestUpdDate', body, { token: staff }); // activity keeps it
  h.clock.advance(29 * MIN);
  const later = (await h.signIn('demo-provider')).token; // sessions last 30 minutes too
  t.equal(
    (await h.post('/api/ApplicationMgtCommon/checkEditing', body, { token: later })).json().checkResult,
    true,
    'kept alive by activity',
  );
  h.clock.advance(2 * MIN);
  t.equal(
    (await h.post('/api/ApplicationMgtCommon/checkEditing', body, { token: later })).json().checkResult,
    false,
    'lapsed after 30 minutes without activity',
  );
  h.clock.set('2026-11-20T01:00:00Z');
  await h.post('/api/ApplicationMgtCommon/releseEditing', body, { token: staff });
});

t.test('mail: addresses checked, notification sent to To/Cc/Bcc without the memo; escalation draft', async (t) => {
  const no = await appNoOf('販促物発注');
  let res = await h.post(
    '/api/ApplicationMgtProvider/mailCheck',
    { systemKbn: K, to: [], cc: [], bcc: [] },
    { token: staff },
  );
  t.same(ids(res), ['ERR_0001'], 'at least one address');
  res = await h.post(
    '/api/ApplicationMgtProvider/mailCheck',
    { systemKbn: K, to: ['a@example.jp', 'ｂ@example.jp', 'bad'], cc: ['A@Example.jp'] },
    { token: staff },
  );
  t.same(res.json().messages, [
    { messageId: 'ERR_0018', args: ['To2'] },
    { messageId: 'ERR_0020', args: ['To3'] },
    { messageId: 'ERR_0017', args: ['メールアドレス（A@Example.jp）'] },
  ]);
  res = await h.post(
    '/api/ApplicationMgtProvider/mailCheck',
    { systemKbn: K, to: ['tanaka@sakura-bungu.example.jp'], cc: ['suzuki@sakura-bungu.example.jp'], bcc: [] },
    { token: staff },
  );
  t.same(res.json(), { checkResult: true });
  res = await h.post(
    '/api/ApplicationMgtProvider/sendMail',
    { systemKbn: K, appNo: no, mailList: { to: ['x@'], cc: [], bcc: [] } },
    { token: staff },
  );
  t.equal(res.statusCode, 400, 'sendMail checks again');
  const sent = h.smtp.mails.length;
  res = await h.post(
    '/api/ApplicationMgtProvider/sendMail',
    {
      systemKbn: K,
      appNo: no,
      appTitle: '偽の件名',
      providerMemo: 'x',
      mailList: {
        to: ['tanaka@sakura-bungu.example.jp'],
        cc: ['suzuki@sakura-bungu.example.jp'],
        bcc: ['audit@office-supply.example.jp'],
      },
    },
    { token: staff },
  );
  t.equal(res.statusCode, 200, res.body);
  t.equal(h.smtp.mails.length, sent + 1);
  const mail = h.smtp.latestTo('tanaka@sakura-bungu.example.jp')!;
  t.same([...mail.to].sort(), [
    'audit@office-supply.example.jp',
    'suzuki@sakura-bungu.example.jp',
    'tanaka@sakura-bungu.example.jp',
  ]);
  t.match(mail.subject, '申請「販促物発注」');
  t.match(mail.text, '分納でよろしいか');
  t.notOk(mail.text.includes(INTERNAL) || mail.raw.includes(INTERNAL), 'no internal memo in the mail');
  t.notOk(mail.raw.includes('audit@office-supply.example.jp'), 'Bcc is not in the headers');
  const esc = await h.post(
    '/api/ApplicationMgtProvider/getEscalationMailInfo',
    { systemKbn: K, appNo: no },
    { token: staff },
  );
  t.match(esc.json<EscalationMailAnswer>(), {
    mailSubject: /申請No\.\d+「販促物発注」/,
    mailBody: /パンフレット300部/,
  });
});

t.test('category data and reference files; delete by staff', async (t) => {
  const res = await h.post(
    '/api/ApplicationMgtCommon/getAppCagetoryData',
    { systemKbn: K, appCategoryId: 1 },
    { token: agent },
  );
  t.equal(res.statusCode, 200);
  const data = res.json<CategoryDataAnswer>().appCategoryData;
  t.equal(data.osgTempFileList.length, 2);
  t.match(data.osgDetailPath, /^\/contents\/categoryId\/3\/contentsId\/\d+$/);
  const one = await h.post(
    '/api/download/downloadKanrenFile',
    { systemKbn: K, categoryId: 1, fileName: nth(data.osgTempFileList, 0).tempFileName },
    { token: agent },
  );
  t.equal(one.statusCode, 200);
  t.equal(one.headers['content-type'], 'application/pdf');
  const all = await h.post(
    '/api/download/downloadKanrenFile',
    { systemKbn: K, categoryId: 1, fileName: '' },
    { token: agent2 },
  );
  t.equal(all.headers['content-type'], 'application/zip');
  t.equal(
    (
      await h.post(
        '/api/download/downloadKanrenFile',
        { systemKbn: K, categoryId: 1, fileName: '../x' },
        { token: agent },
      )
    ).statusCode,
    404,
  );

  const no = await appNoOf('デスクマットのサンプル依頼');
  const pv = (await pvForm(staff, no)).json();
  t.equal(
    (
      await h.post(
        '/api/ApplicationMgtProvider/deleteApplicationData',
        { systemKbn: K, ApplicationNo: no, dispDateTime: pv.dispDateTime },
        { token: staff },
      )
    ).statusCode,
    200,
  );
  t.equal((await agForm(agent2, no)).statusCode, 400, 'gone for its agent');
  t.notOk((await agList(agent2)).json<ListAnswer>().appDataList.some((r) => r.applicationNo === no));
});

t.test('pseudo-login: a provider administrator acting as an agent is that agent, nothing more', async (t) => {
  const res = await h.post(
    '/api/KanriTop/changeAgCode',
    { systemKbn: K, pseudoLoginAgCode: 'A0000002' },
    { token: provider },
  );
  t.equal(res.statusCode, 200);
  const pseudo = res.json().token as string;
  const rows = (await agList(pseudo)).json<ListAnswer>().appDataList;
  t.ok(rows.length >= 1 && rows.every((r) => r.appAgCode === 'A0000002'), "the pseudo agent's requests only");
  t.equal((await agForm(pseudo, await appNoOf('販促物発注'))).statusCode, 403, "A0000001's request: 403");
  const form = await agForm(pseudo, await appNoOf('取引条件の確認'));
  t.equal(form.statusCode, 200);
  t.notOk(form.body.includes('値引率の見直し'), 'the internal memo stays hidden while acting as an agent');
  t.equal((await pvList(pseudo)).statusCode, 403, 'no receiver calls while acting as an agent');
  const definition = async (token: string, id: string) =>
    (await h.app.inject({ method: 'GET', url: `/api/lists/${id}`, headers: { authorization: `Bearer ${token}` } }))
      .statusCode;
  t.equal(
    await definition(pseudo, 'shinsei-kanri-ag'),
    200,
    "the agent's request list opens while acting as the agent",
  );
  t.equal(await definition(agent, 'shinsei-kanri-provider'), 403, 'agents never get the receiver list');
  t.equal(await definition(staff, 'shinsei-kanri-ag'), 403, 'staff do not get the applicant list');
});

t.test("list conditions follow the lists' declared search rules: the browser's codes, in its order", async (t) => {
  const ctx = serverRuleContext(h.app);
  for (const [listId, list, token, cond] of [
    [
      'shinsei-kanri-ag',
      agList,
      agent,
      {
        appDateFrom: '2026-02-30',
        appDateTo: '2026/11/20',
        wishDate: '2026-13-01',
        keyword: 'あ'.repeat(51),
        appUserName: '𠮷'.repeat(21),
      },
    ],
    [
      'shinsei-kanri-provider',
      pvList,
      staff,
      {
        appDateFrom: '',
        appDateTo: 'x',
        wishDate: '2026-11-31',
        keyword: 'キ'.repeat(51),
        operater: 'a'.repeat(21),
        providerUser: 'b'.repeat(21),
      },
    ],
  ] as const) {
    const res = await list(token, cond);
    t.equal(res.statusCode, 400, listId);
    const rules = h.app.definitions.lists.get(listId)!.search!.rules!;
    const browser = validateForm({ rules }, cond, ctx).map((m) => ({ messageId: m.messageId, args: m.args }));
    t.ok(browser.length >= 4, `${listId}: several rules fail`);
    t.same(res.json().messages, browser, `${listId}: the same messages as the screen's`);
  }
  // Limits hold exactly: 50 / 20 characters (a surrogate pair counts as one) and equal dates pass.
  t.equal(
    (
      await agList(agent, {
        appDateFrom: '2026-11-20',
        appDateTo: '2026-11-20',
        keyword: '𠮷'.repeat(50),
        appUserName: '𠮷'.repeat(20),
      })
    ).statusCode,
    200,
  );
  t.equal((await pvList(staff, { operater: 'a'.repeat(20), providerUser: 'b'.repeat(20) })).statusCode, 200);
  // A category that is not a number is no category (ERR_0003), with the rules' own messages.
  const res = await agList(agent, { appType: 'abc', keyword: 'あ'.repeat(51) });
  t.same(ids(res), ['ERR_0025', 'ERR_0003']);
  // Too long for the wire at all: 400 naming the field by its title in the list's search schema.
  const wire = await agList(agent, { keyword: 'あ'.repeat(401) });
  t.equal(wire.statusCode, 400);
  t.match(JSON.stringify(wire.json()), 'キーワード');
});

t.test(
  "the lists answer every row in one call (the screen pages 20 / 50 / 100), 416 on both sides, never another agent's rows",
  async (t) => {
    const at = new Date('2026-11-10T10:00:00+09:00');
    const rows = Array.from({ length: 45 }, (_, i) => ({
      app_date: new Date(at.getTime() + i * MIN),
      status_kbn: '20',
      ag_code: 'A0000002',
      user_id: '0000000004',
      app_user: '別代理店 花子',
      app_title: `別代理店の依頼${String(i + 1).padStart(2, '0')}`,
      app_memo: '別代理店だけの内容',
      ag_updated_at: at,
      updated_at: at,
    }));
    await h.db.insertInto('applications').values(rows).execute();

    const theirs = (await agList(agent2, { keyword: '別代理店の依頼' })).json<ListAnswer>().appDataList;
    t.equal(theirs.length, 45, 'more than the largest page in one answer: the screen pages');
    t.equal(nth(theirs, 0).applicationTitle, '別代理店の依頼45', 'newest first');
    t.equal((await pvList(staff, { keyword: '別代理店の依頼' })).json().appDataList.length, 45, 'staff see them');

    for (const cond of [{ keyword: '別代理店' }, { appUserName: '別代理店' }, {}, { status: '20' }]) {
      const mine = (await agList(agent, cond)).json<ListAnswer>().appDataList;
      t.notOk(
        mine.some((r) => r.appAgCode !== 'A0000001' || r.applicationTitle.startsWith('別代理店')),
        `A0000001 never sees A0000002's rows (${JSON.stringify(cond)})`,
      );
    }
    // Receiver-only conditions do not widen an agent's list (they are not part of its call).
    const forged = await agList(agent, { targetAgCode: 'A0000002', keyword: '別代理店の依頼' });
    t.ok(
      forged.statusCode === 400 || forged.json().appDataList.length === 0,
      'no rows of another agent by a forged condition',
    );

    const before = applicationListSettings.maxResults;
    applicationListSettings.maxResults = 44;
    t.teardown(() => void (applicationListSettings.maxResults = before));
    for (const [list, token] of [
      [agList, agent2],
      [pvList, staff],
    ] as const) {
      const res = await list(token, { keyword: '別代理店の依頼' });
      t.equal(res.statusCode, 416);
      t.same(res.json().messages, [{ messageId: 'ERR_0023', args: ['申請一覧'] }]);
    }
    t.equal((await agList(agent, {})).statusCode, 200, "an agent with fewer rows is not refused for another agent's");
    applicationListSettings.maxResults = before;
    await h.db.deleteFrom('applications').where('app_title', 'like', '別代理店の依頼%').execute();
  },
);

t.test('supplier staff get a 申請管理 badge of the requests agents changed and they have not read', async (t) => {
  const badges = async (token: string) =>
    (await h.post('/api/GlobalNavi/getNotificationBadges', { systemKbn: K }, { token })).json<BadgesAnswer>()
      .notificationList;
  const count = async (token: string, categoryId = 14) =>
    (await badges(token)).find((b) => b.categoryId === categoryId)?.notificationNum ?? 0;
  const listNew = async (token: string) =>
    (await pvList(token)).json<ListAnswer>().appDataList.filter((r) => r.providerNewFlg).length;

  const [staff0, provider0, agent0] = [await count(staff), await count(provider), await count(agent, 13)];
  t.equal(staff0, await listNew(staff), 'the badge counts the rows flagged new on the receiver list');
  t.notOk(
    (await badges(agent)).some((b) => b.categoryId === 14),
    'agents have no receiver badge',
  );
  t.notOk((await badges(agent2)).some((b) => b.categoryId === 14));

  // A draft is the agent's own: no badge; submitting it is.
  let res = await h.post(
    '/api/ApplicationMgtAg/regApplicationData',
    newRequest({ appTitle: 'バッジ確認の申請', appStatus: '10' }),
    { token: agent },
  );
  t.equal(res.statusCode, 200, res.body);
  const no = res.json().appNo as string;
  await settleChanges(h.db);
  t.equal(await count(staff), staff0, 'a draft does not count');
  const form = (await agForm(agent, no)).json();
  res = await h.post(
    '/api/ApplicationMgtAg/updApplicationData',
    newRequest({
      appNo: no,
      appTitle: 'バッジ確認の申請',
      appStatus: '20',
      dispDateTime: form.dispDateTime,
      beforeAppStatus: '10',
    }),
    { token: agent },
  );
  t.equal(res.statusCode, 200, res.body);
  await settleChanges(h.db); // another instance hears the agent's change within milliseconds
  t.equal(await count(staff), staff0 + 1, 'submitted: one more for staff');
  t.equal(await count(provider), provider0 + 1, 'and for every other staff member');
  t.equal(await count(agent, 13), agent0, "the agent's own badge is unchanged");

  // The agent reading its own request, or another agent trying to, changes nothing for staff.
  t.equal(
    (
      await h.post(
        '/api/NotificationManagement/updNotification',
        { systemKbn: K, categoryId: 13, notificationNo: no },
        { token: agent },
      )
    ).statusCode,
    200,
  );
  t.equal(
    (
      await h.post(
        '/api/NotificationManagement/updNotification',
        { systemKbn: K, categoryId: 14, notificationNo: no },
        { token: agent },
      )
    ).statusCode,
    403,
    'an agent cannot mark the receiver side read',
  );
  t.equal(
    (
      await h.post(
        '/api/NotificationManagement/updNotification',
        { systemKbn: K, categoryId: 13, notificationNo: no },
        { token: agent2 },
      )
    ).statusCode,
    403,
  );
  t.equal(await count(staff), staff0 + 1, 'still new for staff');

  // One staff member opening it clears it for that member only.
  t.equal(
    (
      await h.post(
        '/api/NotificationManagement/updNotification',
        { systemKbn: K, categoryId: 14, notificationNo: no },
        { token: staff },
      )
    ).statusCode,
    200,
  );
  t.equal(await count(staff), staff0, "read: gone from the reader's badge at once");
  t.equal(await count(provider), provider0 + 1, 'still new for the other staff member');

  // A staff reply is the supplier's own change: not new for staff; the agent's next change is.
  const pv = (await pvForm(staff, no)).json();
  res = await h.post(
    '/api/ApplicationMgtProvider/updApplicationData',
    {
      systemKbn: K,
      appNo: no,
      appStatus: '30',
      beforeAppStatus: '20',
      dispDateTime: pv.dispDateTime,
      providerComment: '確認しました。',
    },
    { token: staff },
  );
  t.equal(res.statusCode, 200, res.body);
  await settleChanges(h.db);
  t.equal(await count(staff), staff0, 'the reply does not make it new for staff');
  const again = (await agForm(agent, no)).json();
  res = await h.post(
    '/api/ApplicationMgtAg/updApplicationData',
    newRequest({
      appNo: no,
      appTitle: 'バッジ確認の申請',
      appMemo: '追記です。',
      appStatus: '20',
      dispDateTime: again.dispDateTime,
      beforeAppStatus: '30',
    }),
    { token: agent },
  );
  t.equal(res.statusCode, 200, res.body);
  await settleChanges(h.db);
  t.equal(await count(staff), staff0 + 1, 'changed again by the agent: new again');
  t.equal(await count(staff), await listNew(staff), 'badge and list agree');

  // Deleted by staff: gone from the badge.
  const deleted = await h.post(
    '/api/ApplicationMgtProvider/deleteApplicationData',
    { systemKbn: K, ApplicationNo: no, dispDateTime: (await pvForm(staff, no)).json().dispDateTime },
    { token: staff },
  );
  t.equal(deleted.statusCode, 200, deleted.body);
  await settleChanges(h.db);
  t.equal(await count(staff), staff0, 'a deleted request no longer counts');
});
