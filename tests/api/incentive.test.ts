// The incentive screen (spec 002 sections 2.1, 3, 4, 7; issue 12): the handoff of the incentive
// tab (single use, 5 minutes, bound to its identity), the figures and their authority, the
// performance file, and the provider's import of monthly figures (dry run, row-level errors,
// one transaction, audit, the floating panel derived from the same figures).
import t from 'tap';
import { sha256 } from '../../api/security/tokens';
import { messageIds } from '../helpers/api-probe';
import { actingAs, signInAs, type Session } from '../helpers/portal';
import { createTestApp } from '../helpers/test-app';
import { postMultipart } from '../helpers/uploads';

const CURRENT = { targetSystem: '01', targetYear: '0' };

t.test('incentive', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const agent2 = await signInAs(h, 'demo-agent2');
  const agadmin = await signInAs(h, 'demo-agadmin');
  const provider = await signInAs(h, 'demo-provider');
  const staff = await signInAs(h, 'demo-staff');
  const jisseki = (s: Session, body: Record<string, unknown> = {}, path = '/api/Incentive/getIncentiveJisseki') =>
    s.call(path, { ...CURRENT, ...body });
  const withToken = (token: string, path: string, body: Record<string, unknown> = {}) =>
    h.post(path, { systemKbn: '01', ...CURRENT, ...body }, { token });

  await t.test('initial data: target systems, scheme links, file name', async (t) => {
    const res = await agent.call('/api/Incentive/getInitialDisplayData', {
      userId: agent.userId,
      agCode: agent.agCode,
      daihyoCode: 'A0000001',
      targetDate: '',
    });
    t.equal(res.statusCode, 200);
    const body = res.json();
    t.same(body.targetSystemList, [
      { value: '01', text: 'Web受発注システム' },
      { value: '02', text: 'EDI連携（基幹システム）' },
    ]);
    t.match(body.shoreiLinkUrl, /^\/with-ag\/contents\/categoryId\/5\/contentsId\/\d+$/);
    t.match(body.hyoshoLinkUrl, /^\/with-ag\/contents\/categoryId\/5\/contentsId\/\d+$/);
    t.equal(body.jissekiFileName, 'インセンティブ実績.csv');
    const id = Number(body.shoreiLinkUrl.split('/').pop());
    const detail = await agent.call('/api/ContentsDetail/getContentsDetail', { categoryId: 5, contentId: id });
    t.equal(detail.json().title, '販売奨励金制度のご案内', 'the link opens the scheme explanation');
  });

  await t.test('figures of the current year: tables, report month, summary rows, charts', async (t) => {
    const res = await jisseki(agent, { daihyoCode: 'A0000001' });
    t.equal(res.statusCode, 200);
    const b = res.json();
    t.same(
      b.shoreiList.map((r: { groupNo: number; rowTitle: string }) => `${r.groupNo}:${r.rowTitle}`),
      ['1:当年実績', '1:前年実績', '1:前年差', '1:前年比', '2:目標', '2:目標差', '2:達成率'],
      'grouped reward rows',
    );
    t.same(
      b.hyoshoList.map((r: { groupNo: number; rowTitle: string }) => `${r.groupNo}:${r.rowTitle}`),
      ['1:当年実績', '1:前年実績', '1:前年差', '2:当年稼働ID数', '2:前年稼働ID数', '2:前年差'],
      'grouped commendation rows',
    );
    const [sales, lastYear, increase, ratio] = b.shoreiList;
    t.equal(sales.hokokuMonth, 10, 'the report month is last month (today 2026-11-20)');
    t.match(sales.month10, /^[\d,]+$/);
    t.equal(sales.month11, '', 'November is not reported yet');
    t.match(b.shoreiList[4].month12, /^[\d,]+$/, 'the target of a month ahead is planned');
    t.equal(b.shoreiList[5].month12, '', 'but has no difference yet');
    t.match(lastYear.month12, /^[\d,]+$/, 'last year is complete');
    t.match(ratio.month01, /^-?\d+\.\d%$/, 'a ratio with one decimal and %');
    const n = (s: string) => Number(s.replace(/[,%]/g, ''));
    const months = Array.from({ length: 10 }, (_, i) => `month${String(i + 1).padStart(2, '0')}`);
    t.equal(
      n(sales.togetsuRuikei),
      months.reduce((a, m) => a + n(sales[m]), 0),
      'this-month cumulative: January to the report month',
    );
    t.equal(
      n(sales.kamikiTotal),
      months.slice(0, 6).reduce((a, m) => a + n(sales[m]), 0),
      'first-half total',
    );
    t.equal(b.shoreiRuikeiZokagaku, n(increase.togetsuRuikei), 'the summary row is the cumulative increase');
    t.equal(b.shoreiShinchokuJokyo, n(b.shoreiList[5].togetsuRuikei), 'progress: cumulative difference to the target');
    t.equal(b.shoreiKamikiUriageChart.tonenDataList.length, 6);
    t.same(
      b.shoreiShimokiUriageChart.tonenDataList.map((p: { month: number }) => p.month),
      [7, 8, 9, 10, 11, 12],
    );
    t.equal(b.shoreiShimokiUriageChart.tonenDataList[4].value, null, 'no bar for an unreported month');
    t.equal(
      b.shoreiShimokiUriageChart.ruikeiDataList[3].value,
      n(sales.togetsuRuikei),
      'the cumulative line runs from January',
    );
    t.same(
      b.hyoshoUriageChart.tonenDataList.map((p: { month: number }) => p.month),
      [8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7],
      'fiscal order August to July',
    );
    t.equal(b.hyoshoList[0].hokokuMonth, 10);
    t.equal(b.hyoshoRuikeiKadoId, n(b.hyoshoList[5].togetsuRuikei), 'cumulative active-ID increase');
    t.equal(b.hyoshoList[0].month07, '', 'July of the next year is not reported yet');

    const minus = (await jisseki(agent2)).json();
    t.ok(minus.shoreiRuikeiZokagaku < 0 && minus.shoreiShinchokuJokyo < 0, 'A0000002 shrinks and is behind its target');
    t.match(minus.shoreiList[2].month01, /^-[\d,]+$/, 'a negative increase with a leading minus and separators');
  });

  await t.test('previous year, the reward part alone, the other system', async (t) => {
    const prev = (await jisseki(agent, { targetYear: 1 })).json();
    t.equal(prev.shoreiList[0].hokokuMonth, 12, 'a past year is reported to December');
    t.equal(prev.hyoshoList[0].hokokuMonth, 7, 'the past fiscal year to July');
    t.not(prev.shoreiList[0].month01, (await jisseki(agent)).json().shoreiList[0].month01);
    const reward = await jisseki(agent, {}, '/api/Incentive/getIncentiveJisseki/shorei');
    t.equal(reward.statusCode, 200);
    t.same(Object.keys(reward.json()).sort(), [
      'shoreiKamikiUriageChart',
      'shoreiList',
      'shoreiRuikeiZokagaku',
      'shoreiShimokiUriageChart',
      'shoreiShinchokuJokyo',
    ]);
    const other = (await jisseki(agent, { targetSystem: '02' })).json();
    t.not(
      other.shoreiList[0].month01,
      (await jisseki(agent)).json().shoreiList[0].month01,
      'figures per target system',
    );
    const returns = (await jisseki(agent2, { targetSystem: '02' })).json();
    t.equal(returns.shoreiList[0].month02, '-186,000', 'a month of net returns is negative');

    const bad = await jisseki(agent, { targetSystem: '09' });
    t.equal(bad.statusCode, 400);
    t.same(messageIds(bad), ['ERR_0009']);
    t.equal((await jisseki(agent, { targetYear: '2' })).statusCode, 400, 'target year is 0 or 1');
  });

  await t.test('the floating panel reads the same figures: the sum over the target systems', async (t) => {
    for (const s of [agent, agent2]) {
      const floating = (await s.call('/api/Incentive/getIncentiveFloating', {})).json();
      const parts = [
        (await jisseki(s, { targetSystem: '01' })).json(),
        (await jisseki(s, { targetSystem: '02' })).json(),
      ];
      const total = (k: string) => parts.reduce((a, p) => a + p[k], 0);
      t.equal(floating.shoreiRuikeiZokagaku, total('shoreiRuikeiZokagaku'), `${s.loginId}: reward increase`);
      t.equal(floating.shoreiShinchokuJokyo, total('shoreiShinchokuJokyo'), `${s.loginId}: progress`);
      t.equal(floating.hyoshoRuikeiZokagaku, total('hyoshoRuikeiZokagaku'), `${s.loginId}: commendation increase`);
      t.equal(floating.hyoshoRuikeiKadoId, total('hyoshoRuikeiKadoId'), `${s.loginId}: active IDs`);
    }
  });

  await t.test(
    'the panel and the screen agree for several agents and months: the panel adds up every target system',
    async (t) => {
      // The provider administrator acting as each agent, on business dates through the seeded year.
      const agents = [
        { userId: '0000000003', agCode: 'A0000001' },
        { userId: '0000000004', agCode: 'A0000002' },
      ];
      const dates = ['2026-01-20', '2026-02-10', '2026-03-31', '2026-07-15', '2026-08-01', '2026-10-20', '2026-11-20'];
      for (const who of agents) {
        const s = actingAs(h, provider, who);
        for (const targetDate of dates) {
          const panel = (await s.call('/api/Incentive/getIncentiveFloating', { targetDate })).json();
          const parts = [
            (await jisseki(s, { targetDate, targetSystem: '01' })).json(),
            (await jisseki(s, { targetDate, targetSystem: '02' })).json(),
          ];
          const sum = (k: string) => parts[0][k] + parts[1][k];
          const label = `${who.agCode} on ${targetDate}`;
          t.equal(
            panel.hokokuMonth,
            parts[0].shoreiList[0].hokokuMonth,
            `${label}: the panel reports the screen's report month`,
          );
          t.same(
            [
              panel.shoreiRuikeiZokagaku,
              panel.shoreiShinchokuJokyo,
              panel.hyoshoRuikeiZokagaku,
              panel.hyoshoRuikeiKadoId,
            ],
            [
              sum('shoreiRuikeiZokagaku'),
              sum('shoreiShinchokuJokyo'),
              sum('hyoshoRuikeiZokagaku'),
              sum('hyoshoRuikeiKadoId'),
            ],
            `${label}: the panel's figures are the screen's, added up over the target systems`,
          );
          t.not(panel.hyoshoRuikeiKadoId, parts[0].hyoshoRuikeiKadoId, `${label}: and not one system's alone`);
        }
      }
    },
  );

  await t.test('authority: own representative code only, whatever the body says', async (t) => {
    const own = (await jisseki(agent)).json();
    const theirs = (await jisseki(agent2)).json();
    t.not(own.shoreiList[0].month01, theirs.shoreiList[0].month01);
    for (const body of [
      { daihyoCode: 'A0000002' },
      { agCode: 'A0000002' },
      { userId: '0000000004' },
      { pseudoAgCode: 'A0000002' },
    ]) {
      for (const path of [
        '/api/Incentive/getIncentiveJisseki',
        '/api/Incentive/getIncentiveJisseki/shorei',
        '/api/Incentive/getInitialDisplayData',
        '/api/download/incentive',
      ]) {
        t.equal(
          (await agent.call(path, { ...CURRENT, ...body })).statusCode,
          403,
          `${path} with ${JSON.stringify(body)}`,
        );
      }
    }
    for (const s of [provider, staff])
      t.equal((await jisseki(s)).statusCode, 403, `${s.loginId} takes no part in the incentive`);
    const acting = actingAs(h, provider, { userId: agent2.userId, agCode: 'A0000002' });
    const asAgent2 = await jisseki(acting, { daihyoCode: 'A0000002' });
    t.equal(asAgent2.statusCode, 200, 'a provider administrator acting as an agent');
    t.same(asAgent2.json().shoreiList, theirs.shoreiList, "sees the pseudo agent's figures");
    t.equal((await jisseki(acting, { daihyoCode: 'A0000001' })).statusCode, 403, 'and no other');

    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '0' })
      .where('role_id', '=', '02')
      .where('category_id', '=', 11)
      .execute();
    t.equal((await jisseki(agent)).statusCode, 403, 'without the incentive permission');
    t.equal((await agent.call('/api/Auth/RegRenkeiLogin', {})).statusCode, 403, 'no handoff either');
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '1' })
      .where('role_id', '=', '02')
      .where('category_id', '=', 11)
      .execute();
    await h.db.updateTable('agents').set({ is_incentive_entry: false }).where('ag_code', '=', 'A0000001').execute();
    t.equal((await jisseki(agent)).statusCode, 403, 'without isIncentiveEntry');
    await h.db.updateTable('agents').set({ is_incentive_entry: true }).where('ag_code', '=', 'A0000001').execute();
    t.equal(
      (await h.post('/api/Incentive/getIncentiveJisseki', { systemKbn: '01', ...CURRENT })).statusCode,
      401,
      'no session',
    );
  });

  await t.test('handoff: single use, five minutes, bound to the identity it was minted for', async (t) => {
    const mint = async (s: Session) => {
      const res = await s.call('/api/Auth/RegRenkeiLogin', { agCode: s.agCode, userId: s.userId });
      t.equal(res.statusCode, 200);
      return res.json().token as string;
    };
    const check = (body: Record<string, unknown>) =>
      h.post('/api/Auth/checkIncentiveDisplay', { systemKbn: '01', ...body });

    const token = await mint(agent);
    t.match(token, /^[A-Za-z0-9_-]{43}$/, '256 random bits');
    const stored = await h.db
      .selectFrom('incentive_handoffs')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    t.equal(stored.user_id, agent.userId, 'only the hash is stored');
    t.equal(stored.expires_at.getTime() - stored.created_at.getTime(), 5 * 60 * 1000);

    const ok = await check({ agCode: 'A0000001', userId: agent.userId, daihyoCode: 'A0000001', token });
    t.equal(ok.statusCode, 200);
    const session = ok.json().token as string;
    const figures = await withToken(session, '/api/Incentive/getIncentiveJisseki');
    t.same(figures.json().shoreiList, (await jisseki(agent)).json().shoreiList, "the tab sees the agent's own figures");
    t.equal(
      (await withToken(session, '/api/Incentive/getIncentiveJisseki', { daihyoCode: 'A0000002' })).statusCode,
      403,
      "and nobody else's",
    );

    const reused = await check({ agCode: 'A0000001', userId: agent.userId, daihyoCode: 'A0000001', token });
    t.equal(reused.statusCode, 401, 'a used token is refused');
    t.same(messageIds(reused), ['ERR_USER006']);

    const old = await mint(agent);
    h.clock.advance(5 * 60 * 1000 + 1000);
    const expired = await check({ agCode: 'A0000001', userId: agent.userId, token: old });
    t.equal(expired.statusCode, 401, 'an expired token is refused');
    t.same(messageIds(expired), ['ERR_USER006']);
    const fresh = await mint(agent);
    h.clock.advance(4 * 60 * 1000);
    t.equal((await check({ token: fresh })).statusCode, 200, 'within five minutes it works');

    const forged = await mint(agent);
    for (const body of [{ daihyoCode: 'A0000002' }, { agCode: 'A0000002' }, { userId: agent2.userId }]) {
      const res = await check({ ...body, token: forged });
      t.equal(res.statusCode, 401, `minted for demo-agent, sent with ${JSON.stringify(body)}`);
    }
    t.equal((await check({ token: forged })).statusCode, 401, 'a refused exchange uses the token up');
    t.equal((await check({ token: 'x'.repeat(43) })).statusCode, 401, 'an unknown token');
    t.equal((await check({})).statusCode, 401, 'no token and no session');
    t.same(messageIds(await check({})), ['ERR_USER006']);

    const renewed = await h.post(
      '/api/Auth/checkIncentiveDisplay',
      { systemKbn: '01', userId: agent.userId },
      { token: agent.token },
    );
    t.equal(renewed.statusCode, 200, 'without a handoff, a valid session is checked and renewed');
    t.equal(
      (
        await h.post(
          '/api/Auth/checkIncentiveDisplay',
          { systemKbn: '01', userId: agent2.userId },
          { token: agent.token },
        )
      ).statusCode,
      401,
      "with another user's id",
    );
    const staffCheck = await h.post('/api/Auth/checkIncentiveDisplay', { systemKbn: '01' }, { token: staff.token });
    t.equal(staffCheck.statusCode, 403, 'a session without the incentive gets no incentive token');

    const acting = actingAs(h, provider, { userId: agent2.userId, agCode: 'A0000002' });
    const pseudoToken = await mint(acting);
    const pseudoSession = (
      await check({ agCode: 'A0000002', userId: agent2.userId, daihyoCode: 'A0000002', token: pseudoToken })
    ).json().token;
    t.same(
      (await withToken(pseudoSession, '/api/Incentive/getIncentiveJisseki')).json().shoreiList,
      (await jisseki(agent2)).json().shoreiList,
      'a provider administrator acting as an agent hands off as that agent',
    );

    const another = await signInAs(h, 'demo-agent2');
    const beforeLogout = await mint(another);
    await another.call('/api/Auth/logout', {});
    t.equal((await check({ token: beforeLogout })).statusCode, 401, 'a handoff dies with its session');
    t.equal((await staff.call('/api/Auth/RegRenkeiLogin', {})).statusCode, 403, 'supplier staff get no handoff');
  });

  await t.test('performance file: CSV for Excel, Japanese name, own figures', async (t) => {
    const res = await agent.call('/api/download/incentive', {
      daihyoCode: 'A0000001',
      fileName: 'インセンティブ実績.csv',
      screenName: 'インセンティブ',
    });
    t.equal(res.statusCode, 200);
    t.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    t.equal(
      res.headers['content-disposition'],
      `attachment; filename="downloaded_file.csv"; filename*=UTF-8''${encodeURIComponent('インセンティブ実績_A0000001_202611.csv')}`,
    );
    t.same([...res.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with BOM');
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    t.match(lines[0], /^対象システム,区分,対象期間,報告月,グループ,項目,1月,/);
    t.equal(lines.filter((l) => l.startsWith('Web受発注システム,奨励金,2026年')).length, 7);
    t.equal(lines.filter((l) => l.startsWith('EDI連携（基幹システム）,表彰,2025年8月〜2026年7月')).length, 6);
    t.ok(
      lines.some((l) => /,-\d+(,|$)/.test(l)),
      'negative figures stay numbers',
    );
    t.notOk(
      lines.some((l) => /(^|,)'?[=+@]/.test(l)),
      'nothing a spreadsheet would run',
    );
    const sales = lines.find((l) => l.startsWith('Web受発注システム,奨励金,2026年'))!.split(',');
    const screen = (await jisseki(agent)).json().shoreiList[0];
    t.equal(Number(sales[6]), Number(screen.month01.replaceAll(',', '')), 'the same figures as the screen');
    const log = await h.db
      .selectFrom('operation_logs')
      .select(['operation_type', 'action_detail'])
      .where('control_name', '=', 'incentive-download')
      .executeTakeFirst();
    t.equal(log?.operation_type, '05', 'logged as a file operation');
  });

  await t.test('import: row-level errors change nothing; dry run; import in one transaction with audit', async (t) => {
    const url = '/api/IncentiveKanri/importJisseki';
    const upload = (
      s: Session,
      csv: string | Uint8Array,
      fields: Record<string, string> = {},
      name = '実績_202611.csv',
    ) =>
      postMultipart(
        h,
        url,
        s.token,
        { systemKbn: '01', userId: s.userId, agCode: s.agCode, isDryRun: 'true', ...fields },
        { name, bytes: csv },
      );
    const header = '代表コード,対象システム,年,月,売上実績,目標,稼働ID数';
    const good = [
      header,
      'A0000001,01,2026,10,"12,345,000",11000000,201',
      'A0000002,02,2026,11,-52000,,12',
      'A0000002,01,2027,1,,2500000,',
    ].join('\r\n');

    for (const s of [agent, agadmin]) t.equal((await upload(s, good)).statusCode, 403, `${s.loginId} may not import`);
    t.equal((await upload(staff, good, { userId: '0000000003' })).statusCode, 403, 'a forged user id in the form');

    const before = await h.db
      .selectFrom('incentive_monthly_figures')
      .selectAll()
      .orderBy(['daihyo_code', 'target_system', 'figure_year', 'figure_month'])
      .execute();
    const floatingBefore = await h.db
      .selectFrom('incentive_floating')
      .selectAll()
      .orderBy(['daihyo_code', 'hokoku_year', 'hokoku_month'])
      .execute();
    const bad = [
      header,
      'A0000001,01,2026,10,12000000,,200',
      '',
      'A0000001,01,2026,13,1000,,1',
      'A000000X,01,2026,9,1000,,1',
      'A0000001,01,2026,10,5000,,3',
      'A0000001,,2026,9,abc,,1',
      'A0000001,02,2026,9,,,',
    ].join('\n');
    const refused = await upload(staff, bad, { isDryRun: 'false' });
    t.equal(refused.statusCode, 400);
    t.same(
      refused.json().messages,
      [
        { messageId: 'ERR_0015', args: ['4', '月'] },
        { messageId: 'ERR_0015', args: ['5', '代表コード'] },
        { messageId: 'ERR_0014', args: ['6', '代表コード・対象システム・年月'] },
        { messageId: 'ERR_0012', args: ['7', '対象システム'] },
        { messageId: 'ERR_0013', args: ['7', '売上実績'] },
        { messageId: 'ERR_0012', args: ['8', '売上実績'] },
      ],
      'each bad row named by its line, blank lines counted',
    );
    t.same(
      await h.db
        .selectFrom('incentive_monthly_figures')
        .selectAll()
        .orderBy(['daihyo_code', 'target_system', 'figure_year', 'figure_month'])
        .execute(),
      before,
      'nothing changed',
    );

    t.same(messageIds(await upload(staff, good, {}, 'figures.xlsx')), ['ERR_0010'], 'not a .csv');
    t.same(messageIds(await upload(staff, 'a,b\r\n1,2')), ['ERR_0020'], 'not the figures layout');
    t.same(messageIds(await upload(staff, `${header}\r\n`)), ['ERR_0011'], 'no data rows');
    t.same(
      messageIds(await upload(staff, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))),
      ['ERR_0010'],
      'not text',
    );

    const dry = await upload(staff, good);
    t.equal(dry.statusCode, 200);
    const plan = dry.json();
    t.equal(plan.isDryRun, true);
    t.equal(plan.totalCount, 3);
    t.equal(plan.updateCount, 2, 'October reported again; November had its target only');
    t.equal(plan.insertCount, 1);
    t.same(
      plan.changeList[2].after,
      { sales: null, target: 2500000, activeIds: 0 },
      'a month planned with its target only',
    );
    const update = plan.changeList.find((c: { lineNo: number }) => c.lineNo === 2);
    t.equal(update.lineNo, 2);
    t.same(update.after, { sales: 12345000, target: 11000000, activeIds: 201 });
    t.ok(update.before.sales > 0 && update.before.sales !== 12345000, 'the stored figures it replaces');
    t.equal(update.systemName, 'Web受発注システム');
    t.same(
      await h.db
        .selectFrom('incentive_monthly_figures')
        .selectAll()
        .orderBy(['daihyo_code', 'target_system', 'figure_year', 'figure_month'])
        .execute(),
      before,
      'a dry run changes nothing',
    );

    const done = await upload(staff, good, { isDryRun: 'false' });
    t.equal(done.statusCode, 200);
    t.equal(done.json().isDryRun, false);
    const row = await h.db
      .selectFrom('incentive_monthly_figures')
      .selectAll()
      .where('daihyo_code', '=', 'A0000001')
      .where('target_system', '=', '01')
      .where('figure_year', '=', 2026)
      .where('figure_month', '=', 10)
      .executeTakeFirstOrThrow();
    t.equal(row.sales, 12345000);
    t.equal(row.updated_by, staff.userId);
    const screen = (await jisseki(agent)).json();
    t.equal(screen.shoreiList[0].month10, '12,345,000', 'the screen shows the imported figure');
    const novRow = (await jisseki(agent2, { targetSystem: '02' })).json().shoreiList[0];
    t.equal(novRow.hokokuMonth, 11, 'a month the provider published becomes the report month');
    t.equal(novRow.month11, '-52,000');
    const floating = (await agent.call('/api/Incentive/getIncentiveFloating', {})).json();
    const parts = [screen, (await jisseki(agent, { targetSystem: '02' })).json()];
    t.equal(
      floating.shoreiRuikeiZokagaku,
      parts[0].shoreiRuikeiZokagaku + parts[1].shoreiRuikeiZokagaku,
      'the floating panel follows the import',
    );
    const floatingAfter = await h.db
      .selectFrom('incentive_floating')
      .selectAll()
      .orderBy(['daihyo_code', 'hokoku_year', 'hokoku_month'])
      .execute();
    t.ok(
      floatingAfter.some((f) => f.daihyo_code === 'A0000002' && f.hokoku_year === 2026 && f.hokoku_month === 11),
      'the imported month is published to the panel',
    );
    t.not(floatingAfter.length, floatingBefore.length);
    const audit = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'incentive_monthly_figures')
      .executeTakeFirstOrThrow();
    t.equal(audit.actor_user_id, staff.userId);
    t.equal(audit.action, 'upload');
    t.equal(audit.entity_id, '実績_202611.csv');
    t.match(JSON.stringify(audit.after_data), /12345000/);

    const again = (await upload(staff, good)).json();
    t.equal(again.unchangedCount, 3, 'importing the same file again changes nothing');
    t.same(again.changeList, []);
    t.equal((await upload(provider, good)).statusCode, 200, 'the provider administrator may import too');
  });
});
