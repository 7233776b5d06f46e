// Server-side pages of lists whose rows are a hook's (docs/forms.md, "Paged lists"): the segment
// list (its member counts computed for the page's rows) and both request lists (the hook's
// selection: joined and computed columns, its search conditions, the new flag). Every page,
// walked forward and backward by the anchors and reached directly, is checked against an order
// computed here from the raw rows, with many equal sort keys across page boundaries and request
// dates that differ in microseconds only. Bodies without `paging` are answered as before.
import t, { type Test } from 'tap';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { applicationListSettings } from '../../api/resources/application/rules';
import type { PageAnswer } from '../../api/forms/list/paging';

type Row = Record<string, unknown>;
type Sort = { column: string; direction: 'asc' | 'desc' } | undefined;

const K = '01';
const TITLES = ['ページ検証 か', 'ページ検証 あ', 'ページ検証 さ'];

let h: TestApp;
let provider: string; // demo-provider: segments (101) and the receiver list (14)
let agent: string; // demo-agent, A0000001: the applicant list (13)

t.before(async () => {
  h = await createTestApp();
  provider = (await h.signIn('demo-provider')).token;
  agent = (await h.signIn('demo-agent')).token;
});
t.teardown(() => h.close());

/** Walks every page forward by the anchors, then backward, and reads each page again without one. */
async function walk(
  t: Test,
  read: (paging: Row) => Promise<{ rows: Row[]; paging: PageAnswer }>,
  keyOf: (r: Row) => string,
  expected: string[],
  pageSize: number,
  sort: Sort,
) {
  const pages = Math.ceil(expected.length / pageSize);
  t.ok(pages >= 3, `${expected.length} rows, ${pages} pages`);
  const forward: string[][] = [];
  let shown = await read({ page: 1, pageSize, sort });
  t.equal(shown.paging.totalCount, expected.length, 'the count');
  forward.push(shown.rows.map(keyOf));
  for (let p = 2; p <= pages; p++) {
    const { first, last } = shown.paging;
    shown = await read({ page: p, pageSize, sort, anchor: { page: p - 1, first, last } });
    t.equal(shown.paging.page, p);
    forward.push(shown.rows.map(keyOf));
  }
  t.same(forward.flat(), expected, 'every row once, in the order of the raw rows');
  for (let p = pages - 1; p >= 1; p--) {
    const { first, last } = shown.paging;
    shown = await read({ page: p, pageSize, sort, anchor: { page: p + 1, first, last } });
    t.same(shown.rows.map(keyOf), forward[p - 1], `page ${p} read backwards`);
  }
  for (let p = 1; p <= pages; p++)
    t.same((await read({ page: p, pageSize, sort })).rows.map(keyOf), forward[p - 1], `page ${p} reached directly`);
  const again = await read({ page: 2, pageSize, sort });
  const same = await read({ page: 2, pageSize, sort, anchor: { page: 2, ...pick(again.paging) } });
  t.same(same.rows.map(keyOf), forward[1], 'the page shown, read again from its first row');
  const far = await read({ page: pages + 3, pageSize, sort });
  t.equal(far.paging.page, pages, 'past the last page: the last page');
  return forward;
}
const pick = (p: PageAnswer) => ({ first: p.first, last: p.last });

t.test('the segment list: pages by id and by name, member counts of the page', async (t) => {
  // 40 segments; members among registered agents and unknown codes (not counted).
  const agents = (await h.db.selectFrom('agents').select('ag_code').orderBy('ag_code').execute()).map((a) => a.ag_code);
  for (let i = 0; i < 40; i++) {
    const { ag_segment_id: id } = await h.db
      .insertInto('agent_segments')
      .values({ ag_segment_name: `ページ検証セグメント${String((i * 17) % 40).padStart(2, '0')}` })
      .returning('ag_segment_id')
      .executeTakeFirstOrThrow();
    const codes = [...agents.slice(0, i % 4), ...(i % 3 ? ['Z9999999'] : [])];
    if (codes.length)
      await h.db
        .insertInto('agent_segment_members')
        .values(codes.map((ag_code) => ({ ag_segment_id: id, ag_code })))
        .execute();
  }
  const raw = async (column: 'ag_segment_id' | 'ag_segment_name', direction: 'asc' | 'desc') =>
    (
      await h.db
        .selectFrom('agent_segments')
        .select('ag_segment_id')
        .orderBy(column, direction)
        .orderBy('ag_segment_id', direction)
        .execute()
    ).map((r) => String(r.ag_segment_id));
  const counts = new Map(
    (
      await sql<{ id: number; n: number }>`select s.ag_segment_id as id,
        (select count(*) from agent_segment_members m join agents a on a.ag_code = m.ag_code
          where m.ag_segment_id = s.ag_segment_id)::int as n from agent_segments s`.execute(h.db)
    ).rows.map((r) => [String(r.id), Number(r.n)]),
  );
  const call = (paging: unknown) =>
    h.post('/api/AgSegment/getAgSegmentList', { systemKbn: K, categoryId: 101, paging }, { token: provider });
  const seen: Row[] = [];
  const read = async (paging: Row) => {
    const res = await call(paging);
    if (res.statusCode !== 200) throw new Error(`${JSON.stringify(paging)}: ${res.statusCode} ${res.body}`);
    const j = res.json<{ agSegmentDataList: Row[]; paging: PageAnswer }>();
    seen.push(...j.agSegmentDataList);
    return { rows: j.agSegmentDataList, paging: j.paging };
  };
  const id = (r: Row) => String(r.agSegmentId);

  await walk(t, read, id, await raw('ag_segment_id', 'asc'), 15, undefined);
  await walk(t, read, id, await raw('ag_segment_name', 'asc'), 15, { column: 'agSegmentName', direction: 'asc' });
  await walk(t, read, id, await raw('ag_segment_id', 'desc'), 15, { column: 'agSegmentId', direction: 'desc' });
  t.ok(
    seen.every((r) => r.syozokuAgCnt === counts.get(id(r))),
    'each row counts its members that are registered agents',
  );

  const whole = await h.post('/api/AgSegment/getAgSegmentList', { systemKbn: K, categoryId: 101 }, { token: provider });
  t.equal(whole.statusCode, 200);
  t.same(Object.keys(whole.json()), ['agSegmentDataList'], 'without paging: every row, as before');
  const first = await read({ page: 1 });
  t.same(first.rows, whole.json().agSegmentDataList.slice(0, 15), 'a page holds the same rows as the whole answer');

  const bad = await call({ page: 1, sort: { column: 'syozokuAgCnt', direction: 'asc' } });
  t.equal(bad.statusCode, 400, 'a column the server does not order by');
  t.same(bad.json(), { messages: [{ messageId: 'ERR_0025', args: ['並び順'] }] });
});

t.test('the request lists: the hook selection paged in each order, the new flag, the side', async (t) => {
  // 45 of A0000001's and 15 of A0000002's requests, three titles, request dates in groups of
  // five equal ones, apart by a microsecond between the groups; every fourth read by the provider.
  const values = Array.from({ length: 60 }, (_, i) => ({
    app_date: sql<Date>`timestamptz '2026-11-10 10:00:00+09' + ${Math.floor(i / 5)} * interval '1 microsecond'`,
    status_kbn: i % 7 === 3 ? '30' : '20',
    ag_code: i < 45 ? 'A0000001' : 'A0000002',
    user_id: '0000000003',
    app_user: `申請者${i % 4}`,
    app_title: TITLES[i % 3]!,
    app_memo: '',
    ag_updated_at: sql<Date>`timestamptz '2026-11-10 12:00:00+09'`,
    provider_updated_at: i % 2 ? sql<Date>`timestamptz '2026-11-10 13:00:00+09'` : null,
    updated_at: sql<Date>`timestamptz '2026-11-10 12:00:00+09' + ${i % 6} * interval '1 microsecond'`,
  }));
  const inserted = await h.db.insertInto('applications').values(values).returning('app_no').execute();
  const providerId = String((await h.signIn('demo-provider')).user.userId);
  const agentId = String((await h.signIn('demo-agent')).user.userId);
  await h.db
    .insertInto('application_reads')
    .values(
      inserted
        .filter((_, i) => i % 4 === 0)
        .map((r) => ({ app_no: r.app_no, user_id: providerId, read_at: new Date('2026-11-10T14:00:00+09:00') })),
    )
    .execute();
  t.teardown(async () => {
    await h.db
      .deleteFrom('applications')
      .where(
        'app_no',
        'in',
        inserted.map((r) => r.app_no),
      )
      .execute();
  });

  const period = { appDateFrom: '2026/11/01', appDateTo: '2026/11/20', keyword: 'ページ検証' };
  /** The raw rows of the conditions in an order (the key last, the same direction). */
  const raw = async (side: 'ag' | 'provider', order: string, direction: 'asc' | 'desc', extra = sql``) =>
    (
      await sql<{ app_no: number }>`select a.app_no from applications a
        left join application_reads r on r.app_no = a.app_no and r.user_id = ${side === 'ag' ? agentId : providerId}
        where a.deleted_at is null and a.app_title like '%ページ検証%' and a.status_kbn <> '10'
          ${side === 'ag' ? sql`and a.ag_code = 'A0000001'` : sql``} ${extra}
        order by ${sql.raw(order)} ${sql.raw(direction)}, a.app_no ${sql.raw(direction)}`.execute(h.db)
    ).rows.map((r) => String(r.app_no));
  const newFlag = async (side: 'ag' | 'provider') =>
    new Map(
      (
        await sql<{ app_no: number; n: boolean }>`select a.app_no,
          (${sql.raw(side === 'ag' ? 'a.provider_updated_at' : 'a.ag_updated_at')} is not null and
           (r.read_at is null or r.read_at < ${sql.raw(side === 'ag' ? 'a.provider_updated_at' : 'a.ag_updated_at')})) as n
          from applications a left join application_reads r on r.app_no = a.app_no
            and r.user_id = ${side === 'ag' ? agentId : providerId}
          where a.app_title like '%ページ検証%'`.execute(h.db)
      ).rows.map((r) => [String(r.app_no), Boolean(r.n)]),
    );

  for (const side of ['provider', 'ag'] as const) {
    const path =
      side === 'ag' ? '/api/ApplicationMgtAg/GetApplicationList' : '/api/ApplicationMgtProvider/GetApplicationList';
    const token = side === 'ag' ? agent : provider;
    const flag = side === 'ag' ? 'agNewFlg' : 'providerNewFlg';
    const flags = await newFlag(side);
    const seen: Row[] = [];
    const read = async (paging: Row, cond: Row = {}) => {
      const res = await h.post(path, { systemKbn: K, ...period, ...cond, paging }, { token });
      if (res.statusCode !== 200) throw new Error(`${side} ${JSON.stringify(paging)}: ${res.statusCode} ${res.body}`);
      const j = res.json<{ appDataList: Row[]; paging: PageAnswer }>();
      seen.push(...j.appDataList);
      return { rows: j.appDataList, paging: j.paging };
    };
    const no = (r: Row) => String(r.applicationNo);
    await t.test(`${side}: newest first by default, microseconds apart`, async (t) => {
      await walk(t, read, no, await raw(side, 'a.app_date', 'desc'), 20, undefined);
    });
    const orders: [string, string, 'asc' | 'desc'][] = [
      ['applicationTitle', 'a.app_title', 'asc'],
      ['applicationTitle', 'a.app_title', 'desc'],
      [
        flag,
        `(case when ${side === 'ag' ? 'a.provider_updated_at' : 'a.ag_updated_at'} is not null and (r.read_at is null or r.read_at < ${side === 'ag' ? 'a.provider_updated_at' : 'a.ag_updated_at'}) then 1 else 0 end)`,
        'desc',
      ],
      ['lastUpdDate', 'a.updated_at', 'asc'],
      ['statusName', 'a.status_kbn', 'asc'],
      ['applicationUser', 'a.app_user', 'desc'],
      ['applicationNo', 'a.app_no', 'asc'],
    ];
    for (const [column, order, direction] of orders)
      await t.test(`${side}: by ${column} ${direction}`, async (t) => {
        await walk(t, read, no, await raw(side, order, direction), 20, { column, direction });
      });
    t.ok(
      seen.every((r) => r[flag] === flags.get(no(r))),
      `${side}: each row's ${flag} is the new flag of the raw row`,
    );
    if (side === 'ag')
      t.ok(
        seen.every((r) => r.appAgCode === 'A0000001'),
        'the applicant sees its own agent only',
      );

    await t.test(`${side}: a search condition, the answer without paging, 416 without paging only`, async (t) => {
      const narrowed = await read({ page: 1 }, { status: '30' });
      const expected = await raw(side, 'a.app_date', 'desc', sql`and a.status_kbn = '30'`);
      t.equal(narrowed.paging.totalCount, expected.length, 'the count follows the condition');
      t.same(narrowed.rows.map(no), expected.slice(0, 20));
      const whole = await h.post(path, { systemKbn: K, ...period }, { token });
      t.same(Object.keys(whole.json()), ['appDataList'], 'without paging: every row, as before');
      t.same(
        whole.json<{ appDataList: Row[] }>().appDataList.slice(0, 20),
        (await read({ page: 1 })).rows,
        'the first page is the whole answer’s first rows',
      );
      const before = applicationListSettings.maxResults;
      applicationListSettings.maxResults = 10;
      t.teardown(() => void (applicationListSettings.maxResults = before));
      const over = await h.post(path, { systemKbn: K, ...period }, { token });
      t.equal(over.statusCode, 416);
      t.same(over.json(), { messages: [{ messageId: 'ERR_0023', args: ['申請一覧'] }] });
      t.equal((await read({ page: 2 })).rows.length, 20, 'a page of a list over the maximum');
      applicationListSettings.maxResults = before;
      const missing = await h.post(path, { systemKbn: K, keyword: 'ページ検証', paging: { page: 1 } }, { token });
      t.equal(missing.statusCode, 400, 'the search rules hold for a page too');
    });
  }

  await t.test('bad anchors of a timestamp order: 400 ERR_0025', async (t) => {
    for (const cursor of ['2026-02-30 10:00:00+09', 'yesterday', '2026-11-10 10:00:00+99', '']) {
      const res = await h.post(
        '/api/ApplicationMgtProvider/GetApplicationList',
        { systemKbn: K, ...period, paging: { page: 2, anchor: { page: 1, first: [cursor, 1], last: [cursor, 2] } } },
        { token: provider },
      );
      t.equal(res.statusCode, 400, JSON.stringify(cursor));
      t.same(res.json(), { messages: [{ messageId: 'ERR_0025', args: ['ページ'] }] });
    }
  });
});
