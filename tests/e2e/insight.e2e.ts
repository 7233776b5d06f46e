// The administrators' insight screen in Chromium (issue 24, docs/insight.md): for a notice
// targeted at one segment (three agents of the test and the demo agent A0000001), the provider
// administrator sees exactly the targeted agents that have not opened it; demo-agent then opens
// the notice on its detail page, and on the next load the figure and the list have changed.
// The screen is axe-clean and photographed at 1366 px. A drill-down of 120 agents shows its count
// and the first 100, and 「さらに表示」 appends the other 20 (pages of 100, docs/insight.md); a
// next page still on its way when the filter changes never lands on the new filter's drill-down.
import t from 'tap';
import type { Route } from 'playwright-core';
import { expectNoA11yViolations } from './a11y';
import { dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';
import { tokyoDate } from '../../api/clock';

const e2e = useE2e(t);

t.test('a notice for one segment: the agents that have not opened it, before and after one opens it', async (t) => {
  const db = e2e.portal.db;
  const today = tokyoDate(e2e.portal.clock.now());
  await db
    .insertInto('agents')
    .values([
      { ag_code: 'Y0000001', ag_name: 'インサイト商会一', daihyo_code: 'Y0000001' },
      { ag_code: 'Y0000002', ag_name: 'インサイト商会二', daihyo_code: 'Y0000002' },
      { ag_code: 'Y0000003', ag_name: '対象外商会', daihyo_code: 'Y0000003' },
    ])
    .execute();
  const { ag_segment_id: segment } = await db
    .insertInto('agent_segments')
    .values({ ag_segment_name: 'インサイト検証セグメント' })
    .returning('ag_segment_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('agent_segment_members')
    .values(['Y0000001', 'Y0000002', 'A0000001'].map((ag_code) => ({ ag_segment_id: segment, ag_code })))
    .execute();
  const { content_id: notice } = await db
    .insertInto('contents')
    .values({
      category_id: 1,
      title: 'インサイト検証のお知らせ',
      keisai_start: today,
      keisai_end: '2099-12-31',
      last_update: today,
      display_target: '1',
      ag_segment_id: segment,
      jyuyo_flg: true,
      body_html: '<p>検証用の本文です。</p>',
    })
    .returning('content_id')
    .executeTakeFirstOrThrow();

  const browser = await e2e.browser();
  const admin = await newPage(browser);
  await signIn(e2e.portal, admin, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(admin);

  const unopened = async () => {
    await admin.goto(`${e2e.portal.url}/kanri-insight`);
    await admin.getByLabel('セグメント', { exact: true }).selectOption(String(segment));
    await admin.getByRole('button', { name: '表示', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: '対象代理店 3社' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: 'インサイト検証のお知らせ' });
    const cells = await row.getByRole('cell').allInnerTexts();
    await row.getByRole('button', { name: /^未閲覧 \d+社：インサイト検証のお知らせ$/ }).click();
    const drill = admin.getByRole('table', { name: '未閲覧の代理店' });
    await drill.waitFor();
    const codes = (await drill.getByRole('row').allInnerTexts()).slice(1).map((r) => r.split('\t')[0]!.trim());
    return { cells, codes };
  };

  const before = await unopened();
  t.same(before.cells.slice(3, 7), ['インサイト検証セグメント', '3', '0', '0.0%'], 'targeted 3, opened 0');
  t.same(before.codes, ['A0000001', 'Y0000001', 'Y0000002'], 'exactly the targeted agents, none opened');
  await expectNoA11yViolations(t, admin, 'insight');
  await screenshot(admin, 'insight-1366');
  await admin.getByRole('heading', { name: 'スキルアップとイベント' }).scrollIntoViewIfNeeded();
  await screenshot(admin, 'insight-1366-lower');

  // demo-agent (A0000001) opens the notice's detail page.
  const agent = await newPage(browser);
  await signIn(e2e.portal, agent, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(agent);
  const detail = (
    await db.selectFrom('categories').select('detail_path').where('category_id', '=', 1).executeTakeFirstOrThrow()
  ).detail_path;
  const registered = agent.waitForResponse((r) => r.url().endsWith('/api/RecentlyViewed/regRecentlyViewedHistory'));
  await agent.goto(`${e2e.portal.url}/${detail}/categoryId/1/contentsId/${notice}`);
  await agent.getByText('検証用の本文です。').waitFor();
  t.equal((await registered).status(), 200);

  const after = await unopened();
  t.same(after.cells.slice(4, 7), ['3', '1', '33.3%'], 'one agent of three reached');
  t.same(after.codes, ['Y0000001', 'Y0000002'], 'the agent that opened it has left the list');
});

t.test('a drill-down longer than a page: the count, the first 100 rows, then the next appended', async (t) => {
  const db = e2e.portal.db;
  const today = tokyoDate(e2e.portal.clock.now());
  const codes = Array.from({ length: 120 }, (_, i) => `X${String(i + 1).padStart(7, '0')}`);
  await db
    .insertInto('agents')
    .values(codes.map((ag_code) => ({ ag_code, ag_name: `頁送り商会${ag_code.slice(-3)}`, daihyo_code: ag_code })))
    .execute();
  const { ag_segment_id: segment } = await db
    .insertInto('agent_segments')
    .values({ ag_segment_name: 'インサイト頁送り' })
    .returning('ag_segment_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('agent_segment_members')
    .values(codes.map((ag_code) => ({ ag_segment_id: segment, ag_code })))
    .execute();
  await db
    .insertInto('contents')
    .values({
      category_id: 1,
      title: 'インサイト頁送りのお知らせ',
      keisai_start: today,
      keisai_end: '2099-12-31',
      last_update: today,
      display_target: '1',
      ag_segment_id: segment,
      jyuyo_flg: true,
      body_html: '<p>頁送りの本文です。</p>',
    })
    .execute();

  const admin = await newPage(await e2e.browser());
  await signIn(e2e.portal, admin, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(admin);
  await admin.goto(`${e2e.portal.url}/kanri-insight`);
  await admin.getByLabel('セグメント', { exact: true }).selectOption(String(segment));
  await admin.getByRole('button', { name: '表示', exact: true }).click();
  await admin.getByRole('status').filter({ hasText: '対象代理店 120社' }).waitFor();
  const openUnopened = (agents: number) =>
    admin
      .getByRole('row')
      .filter({ hasText: 'インサイト頁送りのお知らせ' })
      .getByRole('button', { name: new RegExp(`^未閲覧 ${agents}社：`) })
      .click();
  await openUnopened(120);
  await admin.getByRole('heading', { name: '未閲覧の代理店：インサイト頁送りのお知らせ（120件）' }).waitFor();
  const drill = admin.getByRole('table', { name: '未閲覧の代理店' });
  const codesShown = async () =>
    (await drill.getByRole('row').allInnerTexts()).slice(1).map((r) => r.split('\t')[0]!.trim());
  t.same(await codesShown(), codes.slice(0, 100), 'the first 100 agents in code order');
  await admin.getByText('120件中 100件を表示').waitFor();
  await admin.getByRole('button', { name: 'さらに表示' }).click();
  await drill.getByRole('row').nth(120).waitFor();
  t.same(await codesShown(), codes, 'the next 20 appended after them');
  t.equal(await admin.getByRole('button', { name: 'さらに表示' }).count(), 0, 'no more pages');
  await expectNoA11yViolations(t, admin, 'insight drill-down pages');

  // 「さらに表示」 is pressed and the filter changes before its answer: the superseded page is
  // aborted, and the drill-down of the new filter shows that filter's rows only.
  await admin.getByRole('button', { name: '閉じる' }).click();
  await openUnopened(120);
  await admin.getByText('120件中 100件を表示').waitFor();
  let held!: Route;
  const nextPageHeld = new Promise<void>((reached) => {
    void admin.route('**/api/Insight/reachUnopened', (route) => {
      if ((route.request().postDataJSON() as { cursor: string }).cursor === '') return route.continue();
      held = route; // answered only after the filter has changed
      reached();
    });
  });
  await admin.getByRole('button', { name: 'さらに表示' }).click();
  await nextPageHeld;
  const aborted = admin.waitForEvent('requestfailed', (r) => r === held.request());
  await admin.getByLabel('代理店コード').fill('X0000005');
  await admin.getByRole('button', { name: '表示', exact: true }).click();
  await admin.getByRole('status').filter({ hasText: '対象代理店 1社' }).waitFor();
  await t.resolves(aborted, 'the page asked for under the former filter is aborted');
  await openUnopened(1);
  await admin.getByRole('heading', { name: '未閲覧の代理店：インサイト頁送りのお知らせ（1件）' }).waitFor();
  await held.continue().catch(() => undefined); // the browser has given up on it already
  await admin.unroute('**/api/Insight/reachUnopened');
  t.same(await codesShown(), ['X0000005'], 'only the agent of the new filter');
});
