// The administrators' insight screen (docs/insight.md): every section's figures computed from
// known rows this test inserts (agents Z…, a segment of three of them, one agent outside it),
// the authority of the calls (provider administrators only), the segment and agent filters, the
// drill-downs and their CSV, and the search result opens recorded by the site search.
import t from 'tap';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { postMultipart } from '../helpers/uploads';
import { contentTargets } from '../../api/authority/visibility';
import type { PopupsAnswer, ReachAnswer } from '../../schemas/wire/insight';

const BODY = { systemKbn: '01' };
// DEFAULT_NOW is 2026-11-20 10:00 in Tokyo: the default period is 2026-10-22 to 2026-11-20.
const at = (tokyo: string) => new Date(`${tokyo}+09:00`);

t.test('insight', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const db = h.db;
  const provider = (await h.signIn('demo-provider')).token;

  // Agents Z1–Z3 in segment S; Z4 outside it. Z3's name would run as a formula in a spreadsheet.
  await db
    .insertInto('agents')
    .values([
      { ag_code: 'Z0000001', ag_name: '代理店一', daihyo_code: 'Z0000001' },
      { ag_code: 'Z0000002', ag_name: '代理店二', daihyo_code: 'Z0000002' },
      { ag_code: 'Z0000003', ag_name: '=HYPERLINK("x")', daihyo_code: 'Z0000003' },
      { ag_code: 'Z0000004', ag_name: '代理店四', daihyo_code: 'Z0000004' },
    ])
    .execute();
  const user = (id: string, ag: string, admin: boolean) => ({
    user_id: id,
    login_id: `insight-${id}`,
    ag_code: ag,
    password_hash: 'x',
    email: `${id}@insight.example.jp`,
    user_name: `利用者${id}`,
    role_id: admin ? '01' : '02',
    is_admin: admin,
  });
  await db
    .insertInto('users')
    .values([
      user('Z1A', 'Z0000001', true),
      user('Z1B', 'Z0000001', false),
      user('Z2A', 'Z0000002', false),
      user('Z3A', 'Z0000003', true),
      user('Z4A', 'Z0000004', false),
    ])
    .execute();
  const { ag_segment_id: segment } = await db
    .insertInto('agent_segments')
    .values({ ag_segment_name: 'インサイト試験' })
    .returning('ag_segment_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('agent_segment_members')
    .values(['Z0000001', 'Z0000002', 'Z0000003'].map((ag_code) => ({ ag_segment_id: segment, ag_code })))
    .execute();
  const content = async (categoryId: number, title: string, extra: Record<string, unknown> = {}) =>
    (
      await db
        .insertInto('contents')
        .values({
          category_id: categoryId,
          title,
          keisai_start: '2026-11-01',
          keisai_end: '2026-12-31',
          last_update: '2026-11-01',
          display_target: '1',
          ag_segment_id: segment,
          ...extra,
        })
        .returning('content_id')
        .executeTakeFirstOrThrow()
    ).content_id;

  const S = { ...BODY, segmentId: segment };
  const post = (path: string, body: Record<string, unknown>, token = provider) =>
    h.post(`/api/Insight/${path}`, body, { token });

  t.test('authority: provider administrators only', async (t) => {
    for (const who of ['demo-agent', 'demo-agadmin', 'demo-staff']) {
      const token = (await h.signIn(who)).token;
      for (const path of ['reach', 'popups', 'search', 'skilup', 'requests', 'activity']) {
        t.equal((await post(path, BODY, token)).statusCode, 403, `${who} ${path}`);
      }
      t.equal((await post('reachUnopened', { ...BODY, contentId: 1 }, token)).statusCode, 403);
      t.equal((await post('csv', { ...BODY, list: 'idle-agents' }, token)).statusCode, 403);
    }
    t.equal((await h.post('/api/Insight/reach', BODY)).statusCode, 401, 'no token');
    t.equal((await post('reach', BODY)).statusCode, 200);
  });

  t.test('bad filters: 400 with catalogue messages', async (t) => {
    const res = await post('reach', { ...BODY, from: '2026/11/20', to: '2026/11/01' });
    t.equal(res.statusCode, 400);
    t.match(res.json().messages, [{ messageId: 'ERR_0005', args: ['期間From', '期間To'] }]);
    t.equal((await post('reach', { ...BODY, to: '2026/02/30' })).statusCode, 400);
    t.equal((await post('reach', { ...BODY, agentCode: "A' or 1=1" })).statusCode, 400);
  });

  t.test('reach: targeted, opened, views per day, the agents that have not opened it', async (t) => {
    // The newest posting start of the period, so it is on the list's first page.
    const notice = await content(1, '重要なお知らせ', { jyuyo_flg: true, keisai_start: '2026-11-20' });
    // Z1B opens it twice on 11-10 and once more on 11-12; Z4A (not targeted) opens it too.
    await db
      .insertInto('content_views')
      .values([
        {
          user_id: 'Z1B',
          content_id: notice,
          first_viewed_at: at('2026-11-10T09:00'),
          last_viewed_at: at('2026-11-10T09:00'),
          view_count: 2,
        },
        {
          user_id: 'Z4A',
          content_id: notice,
          first_viewed_at: at('2026-11-10T09:00'),
          last_viewed_at: at('2026-11-10T09:00'),
        },
      ])
      .execute();
    await db
      .updateTable('content_views')
      .set({ view_count: 3, last_viewed_at: at('2026-11-12T23:30') })
      .where('user_id', '=', 'Z1B')
      .where('content_id', '=', notice)
      .execute();

    const res = await post('reach', S);
    t.equal(res.statusCode, 200);
    const a = res.json();
    t.same(a.period, { from: '2026-10-22', to: '2026-11-20', agents: 3 });
    const row = (answer: { contents: { contentId: number }[] }) => answer.contents.find((c) => c.contentId === notice);
    t.match(row(a), {
      title: '重要なお知らせ',
      important: true,
      displayTarget: 'インサイト試験',
      targeted: 3,
      opened: 1,
      views: 3,
    });
    t.same(a.viewsPerDay, [
      { date: '2026-11-10', count: 2 },
      { date: '2026-11-12', count: 1 },
    ]);
    const other = (await post('reach', { ...BODY, agentCode: 'Z0000004' })).json();
    t.match(row(other), { targeted: 0, opened: 0, views: 1 }, 'not targeted at Z4, though Z4 opened it');
    t.same(other.period.agents, 1);

    const unopened = (await post('reachUnopened', { ...S, contentId: notice })).json();
    t.same(unopened.agents, [
      { agCode: 'Z0000002', agName: '代理店二' },
      { agCode: 'Z0000003', agName: '=HYPERLINK("x")' },
    ]);
    t.match(unopened, { title: '重要なお知らせ', total: 2, nextCursor: '' });
    t.same((await post('reachUnopened', { ...BODY, agentCode: 'Z0000004', contentId: notice })).json().agents, []);

    const csv = await post('csv', { ...S, list: 'reach-unopened', contentId: notice });
    t.equal(csv.statusCode, 200);
    t.match(csv.headers['content-disposition'], `insight_reach_unopened_${notice}_20261022-20261120.csv`);
    t.equal(
      csv.body,
      `\uFEFFコンテンツID,タイトル,代理店コード,代理店名\r\n${notice},重要なお知らせ,Z0000002,代理店二\r\n${notice},重要なお知らせ,Z0000003,"'=HYPERLINK(""x"")"\r\n`,
    );

    // Z2A opens it: the next read counts Z2 and lists Z3 only.
    await db.insertInto('content_views').values({ user_id: 'Z2A', content_id: notice }).execute();
    t.match(row((await post('reach', S)).json()), { opened: 2 });
    t.same(
      (await post('reachUnopened', { ...S, contentId: notice })).json().agents.map((x: { agCode: string }) => x.agCode),
      ['Z0000003'],
    );
  });

  t.test('popups with check pattern 2: targeted users, confirmed, not yet', async (t) => {
    const popup = await content(15, '確認してください');
    await db
      .insertInto('login_popups')
      .values({ content_id: popup, check_patern: '2', check_disp_target: '1' })
      .execute();
    const adminsOnly = await content(15, '管理者の方へ');
    await db
      .insertInto('login_popups')
      .values({ content_id: adminsOnly, check_patern: '2', check_disp_target: '2' })
      .execute();
    const noCheck = await content(15, '確認不要');
    await db
      .insertInto('login_popups')
      .values({ content_id: noCheck, check_patern: '1', check_disp_target: '1' })
      .execute();
    await db
      .insertInto('popup_check_history')
      .values([
        { user_id: 'Z1A', content_id: popup, is_checked: true },
        { user_id: 'Z2A', content_id: popup, is_checked: false },
        { user_id: 'Z4A', content_id: popup, is_checked: true },
        { user_id: 'Z3A', content_id: adminsOnly, is_checked: true },
      ])
      .execute();
    const list = (await post('popups', S)).json<PopupsAnswer>().popups;
    t.notOk(
      list.some((p) => p.contentId === noCheck),
      'check pattern 1 is not listed',
    );
    t.match(
      list.find((p) => p.contentId === popup),
      {
        adminsOnly: false,
        targetedAgents: 3,
        targetedUsers: 4,
        confirmed: 1,
        pending: 3,
      },
    );
    t.match(
      list.find((p) => p.contentId === adminsOnly),
      {
        adminsOnly: true,
        targetedAgents: 3,
        targetedUsers: 2,
        confirmed: 1,
        pending: 1,
      },
    );
    const pending = (await post('popupPending', { ...S, contentId: popup })).json();
    t.same(
      pending.users.map((u: { userId: string }) => u.userId),
      ['Z1B', 'Z2A', 'Z3A'],
    );
    t.match(pending, { total: 3, nextCursor: '' }, 'one page: the count, no next page');
    t.same((await post('popupPending', { ...BODY, agentCode: 'Z0000004', contentId: popup })).json().users, []);
    t.equal((await post('popupPending', { ...S, contentId: noCheck })).statusCode, 404);
    const csv = await post('csv', { ...S, list: 'popup-pending', contentId: popup });
    t.match(csv.headers['content-disposition'], `insight_popup_unconfirmed_${popup}_20261022-20261120.csv`);
    t.equal(csv.body.split('\r\n').length, 5, 'header, three users and the last CRLF');
  });

  t.test('search: top keywords, keywords that found nothing, share followed by an open', async (t) => {
    const hist = (user_id: string, ag_code: string, keyword: string, result_count: number, when: string) => ({
      user_id,
      ag_code,
      keyword,
      result_count,
      searched_at: at(when),
    });
    const rows = await db
      .insertInto('search_histories')
      .values([
        hist('Z1A', 'Z0000001', 'トナー', 5, '2026-11-15T10:00'),
        hist('Z1A', 'Z0000001', 'トナー', 5, '2026-11-16T10:00'),
        hist('Z1A', 'Z0000001', 'ホチキス', 0, '2026-11-15T11:00'),
        hist('Z2A', 'Z0000002', 'ホチキス', 0, '2026-11-17T12:34'),
        hist('Z4A', 'Z0000004', 'ホチキス', 0, '2026-11-17T13:00'),
        hist('Z1A', 'Z0000001', '古い検索', 0, '2026-09-01T10:00'),
      ])
      .returning('history_id')
      .execute();
    await db
      .insertInto('search_result_opens')
      .values({ history_id: rows[0]!.history_id, user_id: 'Z1A', ag_code: 'Z0000001', content_id: 1 })
      .execute();
    const a = (await post('search', S)).json();
    t.equal(a.searches, 4);
    t.equal(a.searchesOpened, 1);
    t.same(a.topKeywords, [
      { keyword: 'トナー', count: 2, agents: 1, lastSearched: '2026/11/16 10:00' },
      { keyword: 'ホチキス', count: 2, agents: 2, lastSearched: '2026/11/17 12:34' },
    ]);
    t.same(a.zeroKeywords, [{ keyword: 'ホチキス', count: 2, agents: 2, lastSearched: '2026/11/17 12:34' }]);
    const z4 = (await post('search', { ...BODY, agentCode: 'Z0000004' })).json();
    t.same(
      z4.topKeywords.map((k: { keyword: string }) => k.keyword),
      ['ホチキス'],
    );
  });

  t.test('the site search records the opened result against the search', async (t) => {
    const agent = (await h.signIn('demo-agent')).token;
    const search = await h.post(
      '/api/SiteSearch/getContentsList',
      { ...BODY, keyword: 'インサイト試験語', isRegSerchHistory: true },
      { token: agent },
    );
    t.equal(search.statusCode, 200);
    const opened = await h.post(
      '/api/SiteSearch/openResult',
      { ...BODY, keyword: 'インサイト試験語', contentId: 1 },
      { token: agent },
    );
    t.equal(opened.statusCode, 200);
    const row = await db
      .selectFrom('search_result_opens as o')
      .innerJoin('search_histories as h', 'h.history_id', 'o.history_id')
      .select(['h.keyword', 'o.content_id', 'o.ag_code'])
      .where('h.keyword', '=', 'インサイト試験語')
      .executeTakeFirst();
    t.same(row, { keyword: 'インサイト試験語', content_id: 1, ag_code: 'A0000001' });
    // The search history is stamped by the database clock, not the test clock.
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const a = (await post('search', { ...BODY, agentCode: 'A0000001', to: today })).json();
    t.ok(a.searchesOpened >= 1 && a.searches >= a.searchesOpened);
  });

  t.test('skill-up phases and events', async (t) => {
    const { skilup_id } = await db
      .insertInto('skilup_programs')
      .values({ category_id: 6, skilup_name: 'インサイト講座' })
      .returning('skilup_id')
      .executeTakeFirstOrThrow();
    const { phase_id } = await db
      .insertInto('skilup_phases')
      .values({ skilup_id, phase_name: '第1段階' })
      .returning('phase_id')
      .executeTakeFirstOrThrow();
    const ch1 = await content(6, '第1章');
    const ch2 = await content(6, '第2章');
    await db
      .insertInto('skilup_contents')
      .values([
        { content_id: ch1, skilup_id, phase_id },
        { content_id: ch2, skilup_id, phase_id },
      ])
      .execute();
    await db
      .insertInto('skilup_watch_status')
      .values([
        { user_id: 'Z1A', content_id: ch1, is_watched: true, updated_at: at('2026-11-11T10:00') },
        { user_id: 'Z1B', content_id: ch2, is_watched: true, updated_at: at('2026-11-11T10:00') },
        { user_id: 'Z2A', content_id: ch1, is_watched: true, updated_at: at('2026-11-11T10:00') },
      ])
      .execute();
    const event = await content(7, '販売店セミナー');
    await db
      .insertInto('events')
      .values({
        content_id: event,
        kaisai_at: at('2026-11-15T14:00'),
        registration_end_at: at('2026-11-14T17:00'),
        capacity: 10,
      })
      .execute();
    await db
      .insertInto('event_entries')
      .values([
        { content_id: event, user_id: 'Z1A', ag_code: 'Z0000001', applied_by: 'Z1A' },
        {
          content_id: event,
          user_id: 'Z2A',
          ag_code: 'Z0000002',
          applied_by: 'Z2A',
          cancelled_at: at('2026-11-12T10:00'),
          cancelled_by: 'Z2A',
        },
        { content_id: event, user_id: 'Z4A', ag_code: 'Z0000004', applied_by: 'Z4A' },
      ])
      .execute();
    const a = (await post('skilup', S)).json();
    t.match(
      a.phases.find((p: { phaseId: number }) => p.phaseId === phase_id),
      {
        skilupName: 'インサイト講座',
        phaseName: '第1段階',
        chapters: 2,
        completed: 1,
        started: 1,
        never: 1,
      },
    );
    t.same(
      a.events.find((e: { contentId: number }) => e.contentId === event),
      {
        contentId: event,
        title: '販売店セミナー',
        heldAt: '2026/11/15 14:00',
        capacity: 10,
        applications: 2,
        cancellations: 1,
        fillRate: 10,
      },
    );
  });

  t.test('requests: open by status and age, time to first reply and to completion', async (t) => {
    const app = (ag: string, date: string) => ({
      app_date: at(date),
      status_kbn: '20',
      ag_code: ag,
      user_id: 'Z1A',
      ag_updated_at: at(date),
      updated_at: at(date),
    });
    const inserted = await db
      .insertInto('applications')
      .values([
        app('Z0000001', '2026-11-05T09:00'),
        app('Z0000002', '2026-11-10T09:00'),
        app('Z0000004', '2026-11-10T09:00'),
      ])
      .returning('app_no')
      .execute();
    const first = inserted[0]!.app_no;
    await db
      .updateTable('applications')
      .set({ status_kbn: '30', provider_updated_at: at('2026-11-06T09:00'), updated_at: at('2026-11-06T09:00') })
      .where('app_no', '=', first)
      .execute();
    await db
      .updateTable('applications')
      .set({ status_kbn: '40', ag_updated_at: at('2026-11-08T09:00'), updated_at: at('2026-11-08T09:00') })
      .where('app_no', '=', first)
      .execute();
    const a = (await post('requests', S)).json();
    t.same(
      a.open.filter((o: { count: number }) => o.count > 0),
      [{ statusKbn: '20', statusName: 'プロバイダー確認中', age: '7〜13日', count: 1 }],
    );
    t.same(a.durations, [
      {
        categoryName: '（種別なし）',
        month: '2026-11',
        submitted: 2,
        replyMedianHours: 24,
        replyP90Hours: 24,
        completeMedianHours: 72,
        completeP90Hours: 72,
      },
    ]);
  });

  t.test('activity: sign-ins per day, never signed in, agents idle for 30 days', async (t) => {
    const session = (id: string, user_id: string, when: string) => ({ session_id: id, user_id, created_at: at(when) });
    await db
      .insertInto('sessions')
      .values([
        session('insight-s1', 'Z1A', '2026-11-18T08:00'),
        session('insight-s2', 'Z1A', '2026-11-19T08:00'),
        session('insight-s3', 'Z2A', '2026-11-19T23:59'),
        session('insight-s4', 'Z4A', '2026-11-19T08:00'),
      ])
      .execute();
    const a = (await post('activity', S)).json();
    t.same(a.perDay, [
      { date: '2026-11-18', agents: 1, users: 1 },
      { date: '2026-11-19', agents: 2, users: 2 },
    ]);
    t.equal(a.neverSignedIn, 2, 'Z1B and Z3A');
    t.same(a.idleAgents, [{ agCode: 'Z0000003', agName: '=HYPERLINK("x")' }]);
    const csv = await post('csv', { ...S, list: 'idle-agents' });
    t.match(csv.headers['content-disposition'], 'insight_activity_idle-agents_20261022-20261120.csv');
    t.equal(csv.body, `\uFEFF代理店コード,代理店名\r\nZ0000003,"'=HYPERLINK(""x"")"\r\n`);
    // The period's end moves the 30 days: up to 11-17, Z1 and Z2 had no sign-in either.
    const earlier = (await post('activity', { ...S, to: '2026/11/17' })).json();
    t.same(
      earlier.idleAgents.map((x: { agCode: string }) => x.agCode),
      ['Z0000001', 'Z0000002', 'Z0000003'],
    );
  });

  t.test('the roll-ups follow every write (migration 0030)', async (t) => {
    // Popup confirmations per popup and agent, and the agents' live users.
    const popup = await content(15, '再確認のお願い');
    await db
      .insertInto('login_popups')
      .values({ content_id: popup, check_patern: '2', check_disp_target: '1' })
      .execute();
    const find = async () =>
      ((await post('popups', S)).json().popups as { contentId: number }[]).find((p) => p.contentId === popup);
    t.match(await find(), { targetedAgents: 3, targetedUsers: 4, confirmed: 0, pending: 4 });
    await db
      .insertInto('popup_check_history')
      .values({ user_id: 'Z2A', content_id: popup, is_checked: false })
      .execute();
    t.match(await find(), { confirmed: 0 }, 'not checked');
    await db
      .updateTable('popup_check_history')
      .set({ is_checked: true })
      .where('user_id', '=', 'Z2A')
      .where('content_id', '=', popup)
      .execute();
    t.match(await find(), { confirmed: 1, pending: 3 });
    await db.updateTable('users').set({ deleted_at: new Date() }).where('user_id', '=', 'Z2A').execute();
    t.match(await find(), { targetedUsers: 3, confirmed: 0, pending: 3 }, 'a deleted user is not asked');
    await db.updateTable('users').set({ deleted_at: null }).where('user_id', '=', 'Z2A').execute();
    t.match(await find(), { targetedUsers: 4, confirmed: 1 });
    await db.deleteFrom('popup_check_history').where('content_id', '=', popup).execute();
    t.match(await find(), { confirmed: 0, pending: 4 });

    // Skill-up per phase and agent: opens, watch marks, chapters added and deleted.
    const { skilup_id } = await db
      .insertInto('skilup_programs')
      .values({ category_id: 6, skilup_name: '追従講座' })
      .returning('skilup_id')
      .executeTakeFirstOrThrow();
    const { phase_id } = await db
      .insertInto('skilup_phases')
      .values({ skilup_id, phase_name: '第1段階' })
      .returning('phase_id')
      .executeTakeFirstOrThrow();
    const [c1, c2, c3] = [await content(6, '章1'), await content(6, '章2'), await content(6, '章3')];
    await db
      .insertInto('skilup_contents')
      .values([
        { content_id: c1, skilup_id, phase_id },
        { content_id: c2, skilup_id, phase_id },
      ])
      .execute();
    const phase = async () =>
      ((await post('skilup', S)).json().phases as { phaseId: number }[]).find((p) => p.phaseId === phase_id);
    t.match(await phase(), { chapters: 2, completed: 0, started: 0, never: 3 });
    const when = at('2026-11-11T10:00');
    await db
      .insertInto('content_views')
      .values({ user_id: 'Z3A', content_id: c1, first_viewed_at: when, last_viewed_at: when })
      .execute();
    t.match(await phase(), { completed: 0, started: 1, never: 2 }, 'an open starts it');
    await db
      .insertInto('skilup_watch_status')
      .values([
        { user_id: 'Z1A', content_id: c1, is_watched: true, updated_at: when },
        { user_id: 'Z1B', content_id: c2, is_watched: false, updated_at: when },
      ])
      .execute();
    t.match(await phase(), { completed: 0, started: 2, never: 1 });
    await db
      .updateTable('skilup_watch_status')
      .set({ is_watched: true })
      .where('user_id', '=', 'Z1B')
      .where('content_id', '=', c2)
      .execute();
    t.match(await phase(), { completed: 1, started: 1, never: 1 }, 'two users of one agent finish it together');
    t.match(
      ((await post('skilup', { ...S, to: '2026/11/10' })).json().phases as { phaseId: number }[]).find(
        (p) => p.phaseId === phase_id,
      ),
      { completed: 0, started: 0, never: 3 },
      'counted up to the period end',
    );
    await db.insertInto('skilup_contents').values({ content_id: c3, skilup_id, phase_id }).execute();
    t.match(await phase(), { chapters: 3, completed: 0, started: 2 }, 'a new chapter');
    await db.updateTable('contents').set({ deleted_at: new Date() }).where('content_id', '=', c3).execute();
    t.match(await phase(), { chapters: 2, completed: 1, started: 1 }, 'its content deleted');

    // Sign-ins per day, never signed in, idle agents.
    const before = (await post('activity', S)).json();
    t.equal(before.neverSignedIn, 2);
    await db
      .insertInto('sessions')
      .values({ session_id: 'insight-s5', user_id: 'Z3A', created_at: at('2026-11-19T09:00') })
      .execute();
    const after = (await post('activity', S)).json();
    t.same(after.perDay.at(-1), { date: '2026-11-19', agents: 3, users: 3 });
    t.equal(after.neverSignedIn, 1, 'Z1B only');
    t.same(after.idleAgents, []);
    await db.deleteFrom('sessions').where('session_id', '=', 'insight-s5').execute();
    t.same((await post('activity', S)).json(), before, 'the session removed');

    // Searches followed by an open.
    const { history_id } = await db
      .insertInto('search_histories')
      .values({
        user_id: 'Z2A',
        ag_code: 'Z0000002',
        keyword: 'ペン',
        result_count: 3,
        searched_at: at('2026-11-18T10:00'),
      })
      .returning('history_id')
      .executeTakeFirstOrThrow();
    const share = async () => {
      const a = (await post('search', S)).json();
      return [a.searches, a.searchesOpened];
    };
    t.same(await share(), [5, 1]);
    await db
      .insertInto('search_result_opens')
      .values([
        { history_id, user_id: 'Z2A', ag_code: 'Z0000002', content_id: 1 },
        { history_id, user_id: 'Z2A', ag_code: 'Z0000002', content_id: 2 },
      ])
      .execute();
    t.same(await share(), [5, 2]);
    await db
      .deleteFrom('search_result_opens')
      .where('history_id', '=', history_id)
      .where('content_id', '=', 1)
      .execute();
    t.same(await share(), [5, 2], 'one open left');
    await db.deleteFrom('search_result_opens').where('history_id', '=', history_id).execute();
    t.same(await share(), [5, 1]);

    // Views per day for all agents (the day's total less the supplier's agents) against the views themselves.
    const expected = await db
      .selectFrom('content_view_days as d')
      .where('d.view_date', '>=', '2026-10-22')
      .where('d.view_date', '<=', '2026-11-20')
      .where('d.ag_code', 'not in', db.selectFrom('users').select('ag_code').where('is_provider', '=', true))
      .select(['d.view_date', (eb) => eb.fn.sum('d.views').as('n')])
      .groupBy('d.view_date')
      .orderBy('d.view_date')
      .execute();
    t.same(
      (await post('reach', BODY)).json().viewsPerDay,
      expected.map((r) => ({ date: String(r.view_date).slice(0, 10), count: Number(r.n) })),
    );
    t.ok(expected.length > 0);
  });
  t.test('the audience roll-ups follow every write (migration 0032)', async (t) => {
    // Agents of an audience, counted row by row: agent rows without a supplier user.
    const notSupplier = sql<boolean>`not exists (select 1 from users pu where pu.ag_code = a.ag_code and pu.is_provider)`;
    const liveUsers = (admins: boolean) =>
      sql<number>`cast((select count(*) from users lu where lu.ag_code = a.ag_code and lu.deleted_at is null
        and not lu.is_provider ${admins ? sql`and lu.is_admin` : sql``}) as integer)`;
    /** The kept rows of 0032 against the same figures counted from the rows. */
    const kept = async (what: string) => {
      const perAgent = db
        .selectFrom('agents as a')
        .where(notSupplier)
        .select(['a.ag_code', liveUsers(false).as('users'), liveUsers(true).as('admins')]);
      t.same(
        await db.selectFrom('insight_audience_agents').selectAll().orderBy('ag_code').execute(),
        await perAgent.orderBy('a.ag_code').execute(),
        `${what}: the agents of the audiences`,
      );
      const audiences = await sql<{ ag_segment_id: number; agents: number; users: number; admins: number }>`
        with p as (${perAgent})
        select 0 as ag_segment_id, cast(count(*) as integer) as agents, cast(sum(users) as integer) as users,
          cast(sum(admins) as integer) as admins from p having count(*) > 0
        union all
        select m.ag_segment_id, cast(count(*) as integer), cast(sum(p.users) as integer), cast(sum(p.admins) as integer)
        from agent_segment_members m join p on p.ag_code = m.ag_code group by m.ag_segment_id
        order by 1`.execute(db);
      t.same(
        await db.selectFrom('insight_audiences').selectAll().orderBy('ag_segment_id').execute(),
        audiences.rows,
        `${what}: every agent and each segment`,
      );
      const confirmations = await db
        .selectFrom('popup_check_history as h')
        .innerJoin('users as u', 'u.user_id', 'h.user_id')
        .innerJoin('agents as a', 'a.ag_code', 'u.ag_code')
        .innerJoin('contents as c', 'c.content_id', 'h.content_id')
        .where('h.is_checked', '=', true)
        .where('u.deleted_at', 'is', null)
        .where('u.is_provider', '=', false)
        .where(notSupplier)
        .where(contentTargets({ agCode: sql.ref<string>('a.ag_code'), seesAllTargets: false }))
        .select([
          'c.content_id',
          sql<number>`cast(count(*) as integer)`.as('users'),
          sql<number>`cast(count(*) filter (where u.is_admin) as integer)`.as('admins'),
        ])
        .groupBy('c.content_id')
        .orderBy('c.content_id')
        .execute();
      t.same(
        await db.selectFrom('insight_popup_totals').selectAll().orderBy('content_id').execute(),
        confirmations,
        `${what}: the confirmations per popup`,
      );
    };

    /** A popup's figures on the screen against the plain count for every agent and for segment S. */
    const answers = async (what: string, popups: readonly number[]) => {
      for (const [scope, body] of [
        ['every agent', BODY],
        ['segment', S],
        ['one agent', { ...BODY, agentCode: 'Z0000002' }],
      ] as const) {
        const inScope =
          scope === 'segment'
            ? sql`a.ag_code in (select m.ag_code from agent_segment_members m where m.ag_segment_id = ${segment})`
            : scope === 'one agent'
              ? sql`a.ag_code = 'Z0000002'`
              : sql`true`;
        const listed = (await post('popups', body)).json<PopupsAnswer>().popups;
        for (const popup of popups) {
          const plain = await db
            .selectFrom('contents as c')
            .innerJoin('login_popups as lp', 'lp.content_id', 'c.content_id')
            .innerJoin('agents as a', (j) => j.onTrue())
            .leftJoin('users as u', (j) =>
              j
                .onRef('u.ag_code', '=', 'a.ag_code')
                .on('u.deleted_at', 'is', null)
                .on('u.is_provider', '=', false)
                .on((eb) => eb.or([eb('lp.check_disp_target', '=', '1'), eb('u.is_admin', '=', true)])),
            )
            .where('c.content_id', '=', popup)
            .where(notSupplier)
            .where(sql<boolean>`${inScope}`)
            .where(contentTargets({ agCode: sql.ref<string>('a.ag_code'), seesAllTargets: false }))
            .select([
              sql<number>`cast(count(distinct a.ag_code) as integer)`.as('agents'),
              sql<number>`cast(count(u.user_id) as integer)`.as('users'),
              sql<number>`cast(count(u.user_id) filter (where exists (select 1 from popup_check_history h
                where h.content_id = c.content_id and h.user_id = u.user_id and h.is_checked)) as integer)`.as('done'),
            ])
            .executeTakeFirstOrThrow();
          const row = listed.find((p) => p.contentId === popup);
          if (!row) {
            t.fail(`${what}: popup ${popup} listed`);
            continue;
          }
          t.same(
            [row.targetedAgents, row.targetedUsers, row.confirmed, row.pending],
            [plain.agents, plain.users, plain.done, plain.users - plain.done],
            `${what}: popup ${popup} for ${scope}`,
          );
        }
        const reach = (await post('reach', body)).json<ReachAnswer>();
        const targeted = await db
          .selectFrom('contents as c')
          .innerJoin('agents as a', (j) => j.onTrue())
          .where(
            'c.content_id',
            'in',
            reach.contents.map((c) => c.contentId),
          )
          .where(notSupplier)
          .where(sql<boolean>`${inScope}`)
          .where(contentTargets({ agCode: sql.ref<string>('a.ag_code'), seesAllTargets: false }))
          .select(['c.content_id', sql<number>`cast(count(*) as integer)`.as('n')])
          .groupBy('c.content_id')
          .execute();
        const want = new Map(targeted.map((r) => [r.content_id, r.n]));
        t.same(
          reach.contents.map((c) => [c.contentId, c.targeted]),
          reach.contents.map((c) => [c.contentId, want.get(c.contentId) ?? 0]),
          `${what}: the reach's targeted agents for ${scope}`,
        );
        t.equal(
          reach.period.agents,
          (
            await db
              .selectFrom('agents as a')
              .where(notSupplier)
              .where(sql<boolean>`${inScope}`)
              .select(sql<number>`cast(count(*) as integer)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
          `${what}: the scope's size for ${scope}`,
        );
      }
    };

    await kept('after the earlier writes');
    // Popups for every agent, for segment S and for named agents.
    const forAll = await content(15, '全代理店への確認', { display_target: '0', ag_segment_id: null });
    const forSegment = await content(15, 'セグメントへの確認');
    const forCodes = await content(15, '代理店指定の確認', { display_target: '2', ag_segment_id: null });
    await db
      .insertInto('login_popups')
      .values([
        { content_id: forAll, check_patern: '2', check_disp_target: '1' },
        { content_id: forSegment, check_patern: '2', check_disp_target: '2' },
        { content_id: forCodes, check_patern: '2', check_disp_target: '1' },
      ])
      .execute();
    await db
      .insertInto('content_agents')
      .values([
        { content_id: forCodes, ag_code: 'Z0000001' },
        { content_id: forCodes, ag_code: 'Z0000004' },
      ])
      .execute();
    // A popup for another segment T (Z2 and Z4): within the filter S only Z2 is targeted.
    const { ag_segment_id: other } = await db
      .insertInto('agent_segments')
      .values({ ag_segment_name: 'インサイト別セグメント' })
      .returning('ag_segment_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('agent_segment_members')
      .values(['Z0000002', 'Z0000004'].map((ag_code) => ({ ag_segment_id: other, ag_code })))
      .execute();
    const forOther = await content(15, '別セグメントへの確認', { ag_segment_id: other });
    await db
      .insertInto('login_popups')
      .values({ content_id: forOther, check_patern: '2', check_disp_target: '1' })
      .execute();
    const popups = [forAll, forSegment, forCodes, forOther];
    await kept('popups created');
    await answers('popups created', popups);

    await db
      .insertInto('popup_check_history')
      .values(
        popups.flatMap((content_id) =>
          ['Z1A', 'Z1B', 'Z3A', 'Z4A'].map((user_id) => ({ content_id, user_id, is_checked: true })),
        ),
      )
      .execute();
    await db
      .insertInto('popup_check_history')
      .values({ content_id: forOther, user_id: 'Z2A', is_checked: true })
      .execute();
    await kept('confirmations added');
    await answers('confirmations added', popups);

    // Segment members added and removed one by one, then the segment replaced by a CSV.
    await db.insertInto('agent_segment_members').values({ ag_segment_id: segment, ag_code: 'Z0000004' }).execute();
    await kept('a member added');
    await answers('a member added', popups);
    await db
      .deleteFrom('agent_segment_members')
      .where('ag_segment_id', '=', segment)
      .where('ag_code', '=', 'Z0000001')
      .execute();
    await kept('a member removed');
    await answers('a member removed', popups);
    const replaced = await postMultipart(
      h,
      '/api/AgSegment/upload/agSegment',
      provider,
      {
        systemKbn: '01',
        userId: '0000000001',
        agCode: 'P0000001',
        agSegmentData: JSON.stringify({ agSegmentId: segment }),
      },
      { name: 'insight.csv', bytes: 'Z0000001\nZ0000002\nZ0000003\nP0000001\n' },
    );
    t.equal(replaced.statusCode, 200, replaced.body);
    await kept("the segment replaced by a CSV (with the supplier's own agent code)");
    await answers('the segment replaced by a CSV', popups);

    // Agents added (already named by the segment and a popup) and deleted.
    await db.insertInto('agent_segment_members').values({ ag_segment_id: segment, ag_code: 'Z0000005' }).execute();
    await db.insertInto('content_agents').values({ content_id: forCodes, ag_code: 'Z0000005' }).execute();
    await kept('members and named agents without an agent row');
    await db
      .insertInto('agents')
      .values({ ag_code: 'Z0000005', ag_name: '代理店五', daihyo_code: 'Z0000005' })
      .execute();
    await kept('an agent added');
    await answers('an agent added', popups);

    // Users added, confirming, disabled, made a supplier user, deleted.
    await db
      .insertInto('users')
      .values(user('Z5A', 'Z0000005', true))
      .execute();
    await kept('a user added');
    await db
      .insertInto('popup_check_history')
      .values({ content_id: forAll, user_id: 'Z5A', is_checked: true })
      .execute();
    await kept('its confirmation');
    await answers('a user added and confirming', popups);
    await db.updateTable('users').set({ deleted_at: new Date() }).where('user_id', '=', 'Z1A').execute();
    await kept('a user disabled');
    await answers('a user disabled', popups);
    await db.updateTable('users').set({ is_admin: false }).where('user_id', '=', 'Z3A').execute();
    await kept('an administrator no more');
    await db.updateTable('users').set({ is_provider: true }).where('user_id', '=', 'Z5A').execute();
    await kept('a supplier user: its agent leaves every audience');
    await answers('a supplier user', popups);
    await db.updateTable('users').set({ is_provider: false }).where('user_id', '=', 'Z5A').execute();
    await kept('back to an agent-side user');
    await db.updateTable('users').set({ ag_code: 'Z0000002' }).where('user_id', '=', 'Z5A').execute();
    await kept('a user moved to another agent');
    await answers('a user moved', popups);
    await db.deleteFrom('popup_check_history').where('user_id', '=', 'Z5A').execute();
    await db.deleteFrom('users').where('user_id', '=', 'Z5A').execute();
    await kept('a user deleted');
    await db.deleteFrom('agents').where('ag_code', '=', 'Z0000005').execute();
    await kept('an agent deleted');
    await answers('an agent deleted', popups);

    // Popups retargeted and deleted.
    await db
      .updateTable('contents')
      .set({ display_target: '1', ag_segment_id: segment })
      .where('content_id', '=', forAll)
      .execute();
    await kept('a popup for every agent retargeted at the segment');
    await db
      .updateTable('contents')
      .set({ display_target: '0', ag_segment_id: null })
      .where('content_id', '=', forSegment)
      .execute();
    await kept('a popup for the segment retargeted at every agent');
    await db
      .deleteFrom('content_agents')
      .where('content_id', '=', forCodes)
      .where('ag_code', '=', 'Z0000004')
      .execute();
    await kept('a named agent removed from a popup');
    await answers('popups retargeted', popups);
    await db.updateTable('contents').set({ deleted_at: new Date() }).where('content_id', '=', forCodes).execute();
    t.notOk(
      (await post('popups', BODY)).json<PopupsAnswer>().popups.some((p) => p.contentId === forCodes),
      'a deleted popup is not listed',
    );
    await db.deleteFrom('contents').where('content_id', '=', forCodes).execute();
    await kept('a popup removed with its confirmations');
    // A segment deleted: its members go with it.
    const { ag_segment_id: spare } = await db
      .insertInto('agent_segments')
      .values({ ag_segment_name: 'インサイト削除試験' })
      .returning('ag_segment_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('agent_segment_members')
      .values(['Z0000002', 'Z0000003'].map((ag_code) => ({ ag_segment_id: spare, ag_code })))
      .execute();
    await kept('a segment created');
    await db.deleteFrom('agent_segments').where('ag_segment_id', '=', spare).execute();
    await kept('a segment deleted');
  });

  t.test('drill-downs: the total and pages of 100 by keyset; the CSV keeps every row', async (t) => {
    // A segment of 130 agents P0001–P0130: P0001 with 150 users and P0002 with 60 (so pages end
    // between two users of one agent), every other agent with one.
    const codes = Array.from({ length: 130 }, (_, i) => `P${String(i + 1).padStart(4, '0')}`);
    await db
      .insertInto('agents')
      .values(codes.map((ag_code) => ({ ag_code, ag_name: `頁代理店${ag_code}`, daihyo_code: ag_code })))
      .execute();
    const perAgent = (code: string) => (code === 'P0001' ? 150 : code === 'P0002' ? 60 : 1);
    const users = codes.flatMap((code) =>
      Array.from({ length: perAgent(code) }, (_, i) => user(`${code}U${String(i + 1).padStart(3, '0')}`, code, false)),
    );
    await db.insertInto('users').values(users).execute();
    const { ag_segment_id: pages } = await db
      .insertInto('agent_segments')
      .values({ ag_segment_name: 'インサイト頁試験' })
      .returning('ag_segment_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('agent_segment_members')
      .values(codes.map((ag_code) => ({ ag_segment_id: pages, ag_code })))
      .execute();
    const P = { ...BODY, segmentId: pages };

    // A notice for the segment, opened by users of P0003 and P0100.
    const notice = await content(1, '頁試験のお知らせ', { ag_segment_id: pages });
    await db
      .insertInto('content_views')
      .values(['P0003U001', 'P0100U001'].map((user_id) => ({ user_id, content_id: notice })))
      .execute();
    // A check popup for the segment, confirmed by 40 users of P0001 (odd numbers up to 79) and by P0050's user.
    const popup = await content(15, '頁試験の確認', { ag_segment_id: pages });
    await db
      .insertInto('login_popups')
      .values({ content_id: popup, check_patern: '2', check_disp_target: '1' })
      .execute();
    const confirmedBy = [
      ...Array.from({ length: 40 }, (_, i) => `P0001U${String(2 * i + 1).padStart(3, '0')}`),
      'P0050U001',
    ];
    await db
      .insertInto('popup_check_history')
      .values(confirmedBy.map((user_id) => ({ user_id, content_id: popup, is_checked: true })))
      .execute();

    // The expected lists, from the rows inserted here (codes and ids are fixed-width capitals and
    // digits, so JavaScript's order is the database's).
    const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const opened = new Set(['P0003', 'P0100']);
    const expectedAgents = codes
      .filter((c) => !opened.has(c))
      .sort(byKey)
      .map((agCode) => ({ agCode, agName: `頁代理店${agCode}` }));
    const done = new Set(confirmedBy);
    const expectedUsers = users
      .filter((u) => !done.has(u.user_id))
      .map((u) => ({ agCode: u.ag_code, agName: `頁代理店${u.ag_code}`, userId: u.user_id, userName: u.user_name }))
      .sort((a, b) => byKey(a.agCode, b.agCode) || byKey(a.userId, b.userId));
    t.equal(expectedAgents.length, 128);
    t.equal(expectedUsers.length, 150 - 40 + 60 + 127);

    /** Every page of a drill-down, following nextCursor; each page's total and size checked. */
    async function walk<T>(
      path: string,
      contentId: number,
      rowsOf: (a: Record<string, unknown>) => T[],
      total: number,
    ) {
      const rows: T[] = [];
      let cursor: string | undefined;
      for (let n = 1; n < 10; n++) {
        const res = await post(path, { ...P, contentId, ...(cursor === undefined ? {} : { cursor }) });
        t.equal(res.statusCode, 200, `${path} page ${n}`);
        const a = res.json();
        t.equal(a.total, total, `${path} page ${n}: the whole list's count`);
        const page = rowsOf(a);
        rows.push(...page);
        if (a.nextCursor === '') {
          t.ok(page.length <= 100, `${path} last page`);
          return rows;
        }
        t.equal(page.length, 100, `${path} page ${n} is full`);
        cursor = a.nextCursor;
      }
      t.fail(`${path}: no last page`);
      return rows;
    }

    const first = (await post('popupPending', { ...P, contentId: popup })).json();
    t.equal(first.title, '頁試験の確認');
    t.equal(first.total, 297);
    t.same(first.users, expectedUsers.slice(0, 100), 'the first page: the first 100 in order');
    t.equal(first.users[99].agCode, 'P0001', 'the first page ends inside P0001');
    t.equal(expectedUsers[100]!.agCode, 'P0001', 'and the second starts inside it');
    t.not(first.nextCursor, '');
    const second = (await post('popupPending', { ...P, contentId: popup, cursor: first.nextCursor })).json();
    t.same(second.users, expectedUsers.slice(100, 200), 'the second page: the next 100');
    t.same(
      await walk('popupPending', popup, (a) => a.users as typeof expectedUsers, 297),
      expectedUsers,
      'every page of the users, in order: the whole list',
    );
    t.same(
      await walk('reachUnopened', notice, (a) => a.agents as typeof expectedAgents, 128),
      expectedAgents,
      'every page of the agents, in order: the whole list',
    );
    // One agent's scope: one page and its count.
    const one = (await post('popupPending', { ...BODY, agentCode: 'P0002', contentId: popup })).json();
    t.equal(one.total, 60);
    t.equal(one.users.length, 60);
    t.equal(one.nextCursor, '');

    // The CSV holds every row, in the same order.
    const csvRows = async (list: string, contentId: number) =>
      (await post('csv', { ...P, list, contentId })).body.split('\r\n').slice(1, -1);
    const pendingCsv = await csvRows('popup-pending', popup);
    t.equal(pendingCsv.length, 297, 'the CSV of the users: all 297');
    t.same(
      pendingCsv.map((line) => line.split(',')[4]),
      expectedUsers.map((u) => u.userId),
    );
    const unopenedCsv = await csvRows('reach-unopened', notice);
    t.same(
      unopenedCsv.map((line) => line.split(',')[2]),
      expectedAgents.map((a) => a.agCode),
      'the CSV of the agents: all 128',
    );

    // A cursor that is not the key of a row: 400 with the catalogue message, never a 500.
    for (const [path, contentId, cursor] of [
      ['popupPending', popup, 'x'],
      ['popupPending', popup, '["P0001"]'],
      ['popupPending', popup, '["P0001",7]'],
      ['popupPending', popup, '["P0001","12345678901"]'],
      ['popupPending', popup, '{"agCode":"P0001"}'],
      ['reachUnopened', notice, '["P0001","P0001U001"]'],
      ['reachUnopened', notice, '["123456789"]'],
      ['reachUnopened', notice, '[""]'],
    ] as const) {
      const res = await post(path, { ...P, contentId, cursor });
      t.equal(res.statusCode, 400, `${path} ${cursor}`);
      t.match(res.json().messages, [{ messageId: 'ERR_0025', args: ['ページ位置'] }]);
    }
    // A well-formed key past the end: an empty last page.
    const past = (await post('reachUnopened', { ...P, contentId: notice, cursor: '["P9999"]' })).json();
    t.same(
      { total: past.total, agents: past.agents, nextCursor: past.nextCursor },
      { total: 128, agents: [], nextCursor: '' },
    );

    // Authority unchanged: a page with a cursor is as forbidden as the first.
    for (const who of ['demo-agent', 'demo-agadmin', 'demo-staff']) {
      const token = (await h.signIn(who)).token;
      for (const path of ['reachUnopened', 'popupPending'])
        t.equal(
          (
            await post(
              path,
              { ...P, contentId: path === 'popupPending' ? popup : notice, cursor: first.nextCursor },
              token,
            )
          ).statusCode,
          403,
          `${who} ${path}`,
        );
    }
    t.equal((await h.post('/api/Insight/popupPending', { ...P, contentId: popup })).statusCode, 401, 'no token');
  });
});
