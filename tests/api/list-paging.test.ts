// Server-side pages of a declared list (docs/forms.md, "Paged lists"), on the agent user list:
// a body with `paging` gets one page and the count; walking the pages forward and backward by
// their anchors, and jumping to a page, give the database's order (sort column, then user id)
// with every row once, also among many equal values; the last page, a page past it (the last),
// a changed condition, the caller's scope, and bad paging values (400 ERR_0025). A body without
// `paging` is answered as before (every row, 416 over the maximum).
import t from 'tap';
import type { PageAnswer } from '../../api/forms/list/paging';
import type { FormDefinition } from '../../schemas/meta/types';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Row = Record<string, unknown>;
interface Answer {
  agUserDataList: Row[];
  paging: PageAnswer;
}

const COMPANIES = ['株式会社あおば', '株式会社いずみ', '株式会社うみ'];

t.test('paged agent user list', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const admin = (await h.signIn('demo-agadmin')).token; // administrator of A0000001
  // 40 more users of the agent, their companies three values only (equal sort keys across pages).
  await h.db
    .insertInto('users')
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        user_id: `9${String(i).padStart(9, '0')}`,
        login_id: `paging-${i}`,
        ag_code: 'A0000001',
        password_hash: 'x',
        email: `paging-${String((i * 7) % 40).padStart(2, '0')}@example.jp`,
        company_name: COMPANIES[i % 3]!,
        section_name: i % 2 ? '営業部' : '総務部',
        user_name: `利用者 ${i}`,
        role_id: '02',
      })),
    )
    .execute();
  const stored = async (column: 'company_name' | 'email', direction: 'asc' | 'desc', like?: string) => {
    let q = h.db
      .selectFrom('users')
      .select('user_id')
      .where('ag_code', '=', 'A0000001')
      .where('deleted_at', 'is', null);
    if (like) q = q.where('company_name', 'like', `%${like}%`);
    return (await q.orderBy(column, direction).orderBy('user_id', direction).execute()).map((r) => r.user_id);
  };
  const call = (paging: unknown, cond: Row = {}) =>
    h.post('/api/AgUser/getAgUserList', { systemKbn: '01', agUserSearchCond: cond, paging }, { token: admin });
  const page = async (paging: Row, cond: Row = {}): Promise<Answer> => {
    const res = await call(paging, cond);
    if (res.statusCode !== 200) throw new Error(`${JSON.stringify(paging)}: ${res.statusCode} ${res.body}`);
    return res.json<Answer>();
  };
  const ids = (a: Answer) => a.agUserDataList.map((r) => String(r.userId));

  t.test('without paging: every row, as before', async (t) => {
    const res = await h.post('/api/AgUser/getAgUserList', { systemKbn: '01', agUserSearchCond: {} }, { token: admin });
    t.equal(res.statusCode, 200);
    t.same(Object.keys(res.json()), ['agUserDataList']);
    for (const empty of [null, '']) {
      const same = await call(empty);
      t.equal(same.statusCode, 200);
      t.same(same.json(), res.json(), `paging ${JSON.stringify(empty)} is not sent`);
    }
    t.equal(res.json().agUserDataList.length, (await stored('company_name', 'asc')).length);
  });

  t.test('forward and backward by anchors, and jumps, in the database order with equal keys', async (t) => {
    const sort = { column: 'kaisyaName', direction: 'asc' };
    const all = await stored('company_name', 'asc');
    const pages = Math.ceil(all.length / 15);
    t.ok(pages >= 3, `${all.length} rows, ${pages} pages`);
    const forward: string[][] = [];
    let shown = await page({ page: 1, pageSize: 15, sort });
    t.equal(shown.paging.totalCount, all.length);
    forward.push(ids(shown));
    for (let p = 2; p <= pages; p++) {
      const { first, last } = shown.paging;
      shown = await page({ page: p, pageSize: 15, sort, anchor: { page: p - 1, first, last } });
      t.equal(shown.paging.page, p);
      forward.push(ids(shown));
    }
    t.same(forward.flat(), all, 'every row once, in order (company, then user id)');
    t.equal(forward.at(-1)!.length, all.length - (pages - 1) * 15, 'the last page holds the rest');
    for (let p = pages - 1; p >= 1; p--) {
      const { first, last } = shown.paging;
      shown = await page({ page: p, pageSize: 15, sort, anchor: { page: p + 1, first, last } });
      t.same(ids(shown), forward[p - 1], `page ${p} read backwards`);
    }
    t.same(ids(await page({ page: 2, pageSize: 15, sort })), forward[1], 'page 2 without an anchor');
    t.same(ids(await page({ page: pages, pageSize: 15, sort })), forward[pages - 1], 'the last page from the end');
    const far = await page({ page: pages + 5, pageSize: 15, sort });
    t.equal(far.paging.page, pages, 'past the last page: the last page');
    t.same(ids(far), forward[pages - 1]);
    // shown is page 1 now: page 2 read again with page 2's anchor (a reload after a change)
    shown = await page({ page: 2, pageSize: 15, sort });
    const again = await page({
      page: 2,
      pageSize: 15,
      sort,
      anchor: { page: 2, first: shown.paging.first, last: shown.paging.last },
    });
    t.same(ids(again), forward[1], 'the page shown, read again from its first row');
    const digits = await page({ page: '2', pageSize: '15', sort });
    t.same(ids(digits), forward[1], 'numbers as digits are taken');
  });

  t.test('descending by e-mail, a page size from the list, a changed condition, the scope', async (t) => {
    const all = await stored('email', 'desc');
    const seen: string[] = [];
    let shown = await page({ page: 1, sort: { column: 'email', direction: 'desc' } });
    t.equal(shown.paging.pageSize, 15, 'the list page size by default');
    seen.push(...ids(shown));
    for (let p = 2; seen.length < all.length; p++) {
      const { first, last } = shown.paging;
      shown = await page({
        page: p,
        sort: { column: 'email', direction: 'desc' },
        anchor: { page: p - 1, first, last },
      });
      t.ok(shown.agUserDataList.length > 0, `page ${p} has rows`);
      seen.push(...ids(shown));
    }
    t.same(seen, all);

    const narrowed = await page(
      { page: 1, sort: { column: 'kaisyaName', direction: 'asc' } },
      { kaisyaName: 'いずみ' },
    );
    const expected = await stored('company_name', 'asc', 'いずみ');
    t.equal(narrowed.paging.totalCount, expected.length, 'the count follows the condition');
    t.same(ids(narrowed), expected.slice(0, 15));
    const none = await page({ page: 3 }, { kaisyaName: '該当なし' });
    t.same(none, { agUserDataList: [], paging: { page: 1, pageSize: 15, totalCount: 0 } }, 'no rows: page 1 of 0');

    const other = await call({ page: 1 }, { agCode: 'A0000002' });
    const unpaged = await h.post(
      '/api/AgUser/getAgUserList',
      { systemKbn: '01', agUserSearchCond: { agCode: 'A0000002' } },
      { token: admin },
    );
    t.equal(other.statusCode, unpaged.statusCode, "another agent's users: the same answer as without paging");
    if (other.statusCode === 200)
      t.ok(
        (other.json<Answer>().agUserDataList ?? []).every((r) => r.agCode === 'A0000001'),
        'only the own agent',
      );
  });

  t.test('bad paging values: 400 ERR_0025', async (t) => {
    const anchor = { page: 1, first: ['株式会社あおば', '9000000000'], last: ['株式会社あおば', '9000000039'] };
    const bad: [string, unknown, string][] = [
      ['page 0', { page: 0 }, 'ページ'],
      ['a negative page', { page: -1 }, 'ページ'],
      ['a fraction', { page: 1.5 }, 'ページ'],
      ['a word', { page: 'x' }, 'ページ'],
      ['a huge page', { page: 1e12 }, 'ページ'],
      ['not an object', 3, 'ページ'],
      ['a page size the list does not offer', { page: 1, pageSize: 1000 }, '表示件数'],
      ['a sort the server does not order by', { page: 1, sort: { column: 'bikou1', direction: 'asc' } }, '並び順'],
      ['a sort direction', { page: 1, sort: { column: 'email', direction: 'up' } }, '並び順'],
      ['an anchor without cursors', { page: 2, anchor: { page: 1 } }, 'ページ'],
      ['an anchor of objects', { page: 2, anchor: { ...anchor, first: [{}], last: [{}] } }, 'ページ'],
      [
        'an anchor of another order',
        { page: 2, sort: { column: 'kaisyaName', direction: 'asc' }, anchor: { ...anchor, first: ['x'], last: ['y'] } },
        'ページ',
      ],
      [
        'an anchor page 0',
        { page: 2, sort: { column: 'kaisyaName', direction: 'asc' }, anchor: { ...anchor, page: 0 } },
        'ページ',
      ],
    ];
    for (const [what, paging, title] of bad) {
      const res = await call(paging);
      t.equal(res.statusCode, 400, what);
      t.same(res.json(), { messages: [{ messageId: 'ERR_0025', args: [title] }] }, what);
    }
  });

  t.test('the maximum counts for the answer of every row only', async (t) => {
    const form = h.app.definitions.forms.get('ag-user') as FormDefinition;
    const saved = form.calls!.list!.max;
    t.teardown(() => {
      form.calls!.list!.max = saved;
    });
    form.calls!.list!.max = { rows: 10, name: 'ユーザー' };
    const res = await h.post('/api/AgUser/getAgUserList', { systemKbn: '01', agUserSearchCond: {} }, { token: admin });
    t.equal(res.statusCode, 416);
    t.same(res.json(), { messages: [{ messageId: 'ERR_0023', args: ['ユーザー'] }] });
    const paged = await page({ page: 2 });
    t.equal(paged.agUserDataList.length, 15, 'a page of a list over the maximum');
  });
});
