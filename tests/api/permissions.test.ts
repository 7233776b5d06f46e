// Per-category permissions (/api/Parmition/getUserParmition), the site-search categories
// (/api/SiteSearch/getCategoryList) and the incentive entry (/api/Incentive/getIncentiveInfo):
// the role's flag from the database, limited by who the category is for (spec 000 §6, docs/decisions.md §3).
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { present } from '../helpers/indexing';
import type { IncentiveInfo, Permission, UserPermissionAnswer } from '../../schemas/wire/auth';

async function permissions(h: TestApp, token: string): Promise<Map<number, Permission>> {
  const res = await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token });
  if (res.statusCode !== 200) throw new Error(`getUserParmition: ${res.statusCode} ${res.body}`);
  return new Map(res.json<UserPermissionAnswer>().userParmition.map((p) => [p.categoryId, p]));
}
const flagsOf = (perms: Map<number, Permission>, ids: number[]) =>
  Object.fromEntries(ids.map((id) => [id, perms.get(id)?.parmitionFlg]));

const SEARCH_CATEGORIES = [
  { categoryId: 1, categoryName: 'お知らせ' },
  { categoryId: 2, categoryName: 'FAQ' },
  { categoryId: 3, categoryName: '申請フォーム' },
  { categoryId: 4, categoryName: '提案書' },
  { categoryId: 5, categoryName: 'マニュアル' },
  { categoryId: 6, categoryName: 'スキルアップ' },
  { categoryId: 7, categoryName: 'イベント' },
  { categoryId: 8, categoryName: '虎の巻' },
];

t.test('permissions', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const tokens: Record<string, string> = {};
  for (const loginId of ['demo-provider', 'demo-agadmin', 'demo-agent', 'demo-agent2', 'demo-staff'])
    tokens[loginId] = (await h.signIn(loginId)).token;

  t.test('getUserParmition lists every category once with its flag "0" or "1"', async (t) => {
    const categories = await h.db.selectFrom('categories').select('category_id').execute();
    for (const [who, token] of Object.entries(tokens)) {
      const res = await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token });
      t.equal(res.statusCode, 200);
      const list = res.json<UserPermissionAnswer>().userParmition;
      t.equal(list.length, categories.length, `${who}: one row per category`);
      t.equal(new Set(list.map((p) => p.categoryId)).size, list.length, `${who}: no duplicates`);
      for (const p of list) {
        t.same(Object.keys(p).sort(), [
          'categoryId',
          'categoryName',
          'categoryUrl',
          'parmitionFlg',
          'systemCategoryName',
        ]);
        t.ok(p.parmitionFlg === '0' || p.parmitionFlg === '1', `${who} ${p.categoryId}: ${p.parmitionFlg}`);
      }
    }
    const perms = await permissions(h, present(tokens['demo-agent'], 'tokens["demo-agent"]'));
    t.match(perms.get(116), {
      categoryName: '管理者お知らせ登録',
      systemCategoryName: 'admin-notice-reg',
      categoryUrl: '/kanrisya-notification-reg?categoryId=12',
    });
  });

  t.test('flags follow the role and who the category is for', async (t) => {
    t.same(
      flagsOf(
        await permissions(h, present(tokens['demo-provider'], 'tokens["demo-provider"]')),
        [100, 101, 102, 103, 104, 112, 115, 116, 117, 1, 14, 11, 13],
      ),
      {
        100: '1',
        101: '1',
        102: '1',
        103: '1',
        104: '1',
        112: '1',
        115: '1',
        116: '1',
        117: '1',
        1: '1',
        14: '1',
        11: '0',
        13: '0',
      },
      'provider administrator: every admin button incl. admin-notice-reg 116, nothing that is for agents only',
    );
    t.same(
      flagsOf(
        await permissions(h, present(tokens['demo-agadmin'], 'tokens["demo-agadmin"]')),
        [100, 101, 102, 103, 104, 112, 115, 116, 117, 1, 14, 11, 13],
      ),
      {
        100: '1',
        101: '0',
        102: '1',
        103: '0',
        104: '0',
        112: '0',
        115: '0',
        116: '0',
        117: '0',
        1: '1',
        14: '0',
        11: '1',
        13: '1',
      },
      'agent administrator: admin top and AG users 102; not AG segments 101 (provider staff only) nor the provider registrations (116 "0")',
    );
    t.same(
      flagsOf(
        await permissions(h, present(tokens['demo-agent'], 'tokens["demo-agent"]')),
        [100, 101, 102, 116, 1, 2, 9, 10, 11, 13, 14, 15],
      ),
      { 100: '0', 101: '0', 102: '0', 116: '0', 1: '1', 2: '1', 9: '1', 10: '1', 11: '1', 13: '1', 14: '0', 15: '1' },
      'agent: no admin top (100 "0"), the agent areas',
    );
    t.same(
      flagsOf(
        await permissions(h, present(tokens['demo-staff'], 'tokens["demo-staff"]')),
        [100, 101, 103, 116, 1, 11, 13, 14],
      ),
      { 100: '0', 101: '0', 103: '0', 116: '0', 1: '1', 11: '0', 13: '0', 14: '1' },
      'supplier staff: provider application management 14, not the agent one 13',
    );
  });

  t.test('the flag comes from the database, and the audience still limits it', async (t) => {
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '1' })
      .where('role_id', '=', '02')
      .where('category_id', 'in', [100, 116])
      .execute();
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '0' })
      .where('role_id', '=', '02')
      .where('category_id', '=', 2)
      .execute();
    t.teardown(async () => {
      await h.db
        .updateTable('role_permissions')
        .set({ parmition_flg: '0' })
        .where('role_id', '=', '02')
        .where('category_id', 'in', [100, 116])
        .execute();
      await h.db
        .updateTable('role_permissions')
        .set({ parmition_flg: '1' })
        .where('role_id', '=', '02')
        .where('category_id', '=', 2)
        .execute();
    });
    t.same(
      flagsOf(await permissions(h, present(tokens['demo-agent'], 'tokens["demo-agent"]')), [2, 100, 116]),
      { 2: '0', 100: '0', 116: '0' },
      'FAQ taken away; admin top and 116 stay closed to an agent (audience)',
    );
    t.same(
      flagsOf(await permissions(h, present(tokens['demo-staff'], 'tokens["demo-staff"]')), [2, 100, 116]),
      { 2: '0', 100: '1', 116: '0' },
      'staff get admin top from the role; 116 is for provider administrators only',
    );
    t.notOk(
      (
        (await h.post('/api/SiteSearch/getCategoryList', { systemKbn: '01' }, { token: tokens['demo-agent'] })).json()
          .categoryListData as Array<{ categoryId: number }>
      ).some((c) => c.categoryId === 2),
      'a category the role may not read is not offered in the site search',
    );
  });

  t.test('getCategoryList offers the searchable content categories the user may read', async (t) => {
    for (const [who, token] of Object.entries(tokens)) {
      const res = await h.post('/api/SiteSearch/getCategoryList', { systemKbn: '01' }, { token });
      t.equal(res.statusCode, 200);
      t.same(
        res.json(),
        { categoryListData: SEARCH_CATEGORIES },
        `${who}: the eight content categories in display order`,
      );
    }
  });

  t.test('getIncentiveInfo: true for an agent in the programme, false otherwise', async (t) => {
    const incentive = async (token: string) =>
      (await h.post('/api/Incentive/getIncentiveInfo', { systemKbn: '01' }, { token })).json<IncentiveInfo>();
    t.same(
      await incentive(present(tokens['demo-agent'], 'tokens["demo-agent"]')),
      { isIncentiveEntry: true },
      'A0000001',
    );
    t.same(
      await incentive(present(tokens['demo-agent2'], 'tokens["demo-agent2"]')),
      { isIncentiveEntry: true },
      'A0000002',
    );
    t.same(
      await incentive(present(tokens['demo-provider'], 'tokens["demo-provider"]')),
      { isIncentiveEntry: false },
      'P0000001',
    );
    t.same(
      await incentive(present(tokens['demo-staff'], 'tokens["demo-staff"]')),
      { isIncentiveEntry: false },
      'P0000001 staff',
    );
    await h.db.updateTable('agents').set({ is_incentive_entry: false }).where('ag_code', '=', 'A0000001').execute();
    t.teardown(() =>
      h.db.updateTable('agents').set({ is_incentive_entry: true }).where('ag_code', '=', 'A0000001').execute(),
    );
    t.same(
      await incentive(present(tokens['demo-agent'], 'tokens["demo-agent"]')),
      { isIncentiveEntry: false },
      'read from the agent row',
    );
    t.same(
      await incentive(present(tokens['demo-agent2'], 'tokens["demo-agent2"]')),
      { isIncentiveEntry: true },
      'per agent',
    );
  });
});
