// Global navigation (/api/GlobalNavi/getGlobalNaviData) and its badges (getNotificationBadges):
// the shape of docs/wire-contract.md, items hidden without the category permission, the most
// specific setting (agent > segment > default) in force, the scheduled list on its date
// (docs/decisions.md §5), and unread notifications per category.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { hashPassword } from '../../api/security/password';
import type { BadgesAnswer, GlobalNaviAnswer, GlobalNavItem } from '../../schemas/wire/navigation';

const DAY = 86_400_000;

async function globalNav(h: TestApp, token: string, extra: Record<string, unknown> = {}): Promise<GlobalNavItem[]> {
  const res = await h.post(
    '/api/GlobalNavi/getGlobalNaviData',
    { systemKbn: '01', pseudoLoginFlg: false, ...extra },
    { token },
  );
  if (res.statusCode !== 200) throw new Error(`getGlobalNaviData: ${res.statusCode} ${res.body}`);
  return res.json<GlobalNaviAnswer>().globalNav;
}
const names = (nav: GlobalNavItem[]) => nav.map((n) => n.categoryName);

async function badges(h: TestApp, token: string): Promise<Map<number, number>> {
  const res = await h.post('/api/GlobalNavi/getNotificationBadges', { systemKbn: '01' }, { token });
  if (res.statusCode !== 200) throw new Error(`getNotificationBadges: ${res.statusCode} ${res.body}`);
  return new Map(res.json<BadgesAnswer>().notificationList.map((b) => [b.categoryId, b.notificationNum]));
}

/** A navigation setting with a current list (and optionally a scheduled one); removed after the test. */
async function addSetting(
  h: TestApp,
  t: { teardown(fn: () => unknown): void },
  s: { target_kbn: '0' | '1' | '2'; target_code: string; reflection_date: string; scheduled_date?: string | null },
  current: Array<[parent: number | null, category: number, name: string]>,
  scheduled: Array<[parent: number | null, category: number, name: string]> = [],
) {
  const { kanri_id } = await h.db
    .insertInto('global_navi_settings')
    .values({
      setting_name: `test ${s.target_kbn}/${s.target_code}`,
      target_kbn: s.target_kbn,
      target_code: s.target_code,
      reflection_date: s.reflection_date,
      scheduled_date: s.scheduled_date ?? null,
    })
    .returning('kanri_id')
    .executeTakeFirstOrThrow();
  const rows = [
    ...current.map(([p, c, n], i) => ({
      kanri_id,
      detail_kbn: '01' as const,
      parent_id: p,
      category_id: c,
      disp_name: n,
      disp_no: i + 1,
    })),
    ...scheduled.map(([p, c, n], i) => ({
      kanri_id,
      detail_kbn: '02' as const,
      parent_id: p,
      category_id: c,
      disp_name: n,
      disp_no: i + 1,
    })),
  ];
  if (rows.length) await h.db.insertInto('global_navi_rows').values(rows).execute();
  t.teardown(() => h.db.deleteFrom('global_navi_settings').where('kanri_id', '=', kanri_id).execute());
  return kanri_id;
}

t.test('global navigation', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await h.signIn('demo-agent');
  const agent2 = await h.signIn('demo-agent2');
  const staff = await h.signIn('demo-staff');
  const provider = await h.signIn('demo-provider');
  const agadmin = await h.signIn('demo-agadmin');

  t.test(
    'shape: top level has parentId "", children name a parent in the list, 999 is the external link',
    async (t) => {
      const nav = await globalNav(h, agent.token);
      t.ok(nav.length >= 10, `${nav.length} items`);
      for (const item of nav) {
        t.same(
          Object.keys(item).sort(),
          ['categoryId', 'categoryName', 'displayOrder', 'isSaparateTab', 'linkUrl', 'parentId'],
          `${item.categoryName}: the wire fields`,
        );
        t.type(item.categoryId, 'number');
        t.type(item.displayOrder, 'number');
        t.type(item.isSaparateTab, 'boolean');
      }
      const top = nav.filter((n) => n.parentId === '');
      const topIds = new Set(top.map((n) => n.categoryId));
      t.ok(top.length >= 5, 'several top-level items');
      const children = nav.filter((n) => n.parentId !== '');
      t.ok(children.length >= 4, 'and children');
      for (const c of children)
        t.ok(topIds.has(c.parentId as number), `${c.categoryName} hangs under a top-level item (${c.parentId})`);
      t.same(
        names(nav.filter((n) => n.parentId === 10)),
        ['FAQ', '申請フォーム', '提案書', 'マニュアル'],
        'the children of 営業支援 in their order',
      );
      const external = nav.find((n) => n.categoryId === 999);
      t.match(external, { parentId: '', linkUrl: /^https:\/\//, isSaparateTab: true }, 'the external link');
      t.match(
        nav.find((n) => n.categoryId === 13),
        { categoryName: '申請管理', linkUrl: '/shinsei-kanri-ag', parentId: '' },
        'agents get 申請管理',
      );
    },
  );

  t.test('items are hidden when the user has no permission for the category', async (t) => {
    for (const [who, token] of [
      ['demo-staff', staff.token],
      ['demo-provider', provider.token],
    ] as const) {
      const nav = await globalNav(h, token);
      t.notOk(
        nav.some((n) => n.categoryId === 13 || n.linkUrl === '/shinsei-kanri-ag'),
        `${who} has no 申請管理 (agents only)`,
      );
      t.notOk(
        nav.some((n) => n.categoryId === 11),
        `${who} has no インセンティブ (agents only)`,
      );
      t.ok(
        nav.some((n) => n.categoryId === 999),
        `${who} still has the external link`,
      );
      t.ok(
        nav.some((n) => n.categoryId === 1),
        `${who} has お知らせ`,
      );
    }
    t.ok(
      (await globalNav(h, agadmin.token)).some((n) => n.categoryId === 13),
      'the agent administrator has 申請管理',
    );

    // A read-only user (role 03) has no 営業支援 (a feature): its children go with it.
    await h.db
      .insertInto('users')
      .values({
        user_id: '0000000099',
        login_id: 'test-viewer',
        ag_code: 'A0000003',
        password_hash: await hashPassword('Viewer#Test202611'),
        email: 'test-viewer@portal.example.jp',
        role_id: '03',
      })
      .execute();
    const viewer = await h.signIn('test-viewer', 'Viewer#Test202611');
    const nav = await globalNav(h, viewer.token);
    t.notOk(
      nav.some((n) => n.categoryId === 10),
      'no 営業支援 for role 03',
    );
    t.notOk(
      nav.some((n) => n.parentId === 10),
      'nor its children, although they are content categories',
    );
    t.notOk(
      nav.some((n) => n.categoryId === 13),
      'no 申請管理 for role 03',
    );
    t.ok(
      nav.some((n) => n.categoryId === 8 && n.parentId === 6),
      'children of a visible parent stay',
    );

    // The permission comes from the database: taking it away from role 02 hides the item.
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '0' })
      .where('role_id', '=', '02')
      .where('category_id', '=', 13)
      .execute();
    t.teardown(() =>
      h.db
        .updateTable('role_permissions')
        .set({ parmition_flg: '1' })
        .where('role_id', '=', '02')
        .where('category_id', '=', 13)
        .execute(),
    );
    t.notOk(
      (await globalNav(h, agent.token)).some((n) => n.categoryId === 13),
      'demo-agent loses 申請管理 with the role permission',
    );
  });

  t.test('the most specific setting in force wins: agent beats segment beats default', async (t) => {
    const defaultNames = names(await globalNav(h, agent2.token));
    t.same(names(await globalNav(h, agent.token)), defaultNames, 'before: both agents get the default list');
    const segment = await h.db
      .selectFrom('agent_segments')
      .select('ag_segment_id')
      .where('ag_segment_name', '=', '首都圏代理店')
      .executeTakeFirstOrThrow();

    await addSetting(
      h,
      t,
      { target_kbn: '1', target_code: String(segment.ag_segment_id), reflection_date: '2026-10-01' },
      [
        [null, 1, 'セグメントお知らせ'],
        [null, 999, 'セグメントリンク'],
      ],
    );
    t.same(
      names(await globalNav(h, agent.token)),
      ['セグメントお知らせ', 'セグメントリンク'],
      'A0000001 is in 首都圏代理店: the segment list',
    );
    t.same(names(await globalNav(h, agent2.token)), defaultNames, 'A0000002 is not: still the default');

    await addSetting(h, t, { target_kbn: '2', target_code: 'A0000001', reflection_date: '2026-11-01' }, [
      [null, 1, '代理店お知らせ'],
    ]);
    t.same(names(await globalNav(h, agent.token)), ['代理店お知らせ'], 'the agent setting beats the segment');
    t.same(names(await globalNav(h, agadmin.token)), ['代理店お知らせ'], 'for every user of the agent');
    t.same(names(await globalNav(h, agent2.token)), defaultNames, 'another agent keeps the default');

    const future = await addSetting(h, t, { target_kbn: '2', target_code: 'A0000002', reflection_date: '2026-11-21' }, [
      [null, 1, '明日から'],
    ]);
    t.same(
      names(await globalNav(h, agent2.token)),
      defaultNames,
      'a setting whose reflection date has not come is not in force',
    );
    await h.db
      .updateTable('global_navi_settings')
      .set({ reflection_date: '2026-11-20' })
      .where('kanri_id', '=', future)
      .execute();
    t.same(names(await globalNav(h, agent2.token)), ['明日から'], 'in force from its reflection date');
  });

  t.test('the scheduled list replaces the current one on its date', async (t) => {
    const setting = await h.db
      .selectFrom('global_navi_settings')
      .select('kanri_id')
      .where('target_kbn', '=', '0')
      .executeTakeFirstOrThrow();
    await h.db
      .updateTable('global_navi_settings')
      .set({ scheduled_date: '2026-11-21' })
      .where('kanri_id', '=', setting.kanri_id)
      .execute();
    await h.db
      .insertInto('global_navi_rows')
      .values([
        {
          kanri_id: setting.kanri_id,
          detail_kbn: '02',
          parent_id: null,
          category_id: 1,
          disp_name: '新お知らせ',
          url: '/news',
          disp_no: 1,
        },
        {
          kanri_id: setting.kanri_id,
          detail_kbn: '02',
          parent_id: null,
          category_id: 13,
          disp_name: '新申請管理',
          url: '/shinsei-kanri-ag',
          disp_no: 2,
        },
      ])
      .execute();
    t.teardown(async () => {
      h.clock.set(new Date('2026-11-20T01:00:00Z'));
      await h.db
        .deleteFrom('global_navi_rows')
        .where('kanri_id', '=', setting.kanri_id)
        .where('detail_kbn', '=', '02')
        .execute();
      await h.db
        .updateTable('global_navi_settings')
        .set({ scheduled_date: null })
        .where('kanri_id', '=', setting.kanri_id)
        .execute();
    });

    const today = names(await globalNav(h, agent.token));
    t.notOk(today.includes('新お知らせ'), 'the day before: the current list');
    t.ok(today.includes('お知らせ'));

    h.clock.advance(DAY);
    const { token } = await h.signIn('demo-agent');
    t.same(names(await globalNav(h, token)), ['新お知らせ', '新申請管理'], 'on the scheduled date: the scheduled list');
    const staffToken = (await h.signIn('demo-staff')).token;
    t.same(names(await globalNav(h, staffToken)), ['新お知らせ'], 'still filtered by permission');
    h.clock.advance(10 * DAY);
    t.same(
      names(await globalNav(h, (await h.signIn('demo-agent')).token)),
      ['新お知らせ', '新申請管理'],
      'and after it',
    );
  });

  t.test('badges count unread notifications per category for the user and its agent', async (t) => {
    const before1 = await badges(h, agent.token);
    const before2 = await badges(h, agent2.token);
    const beforeAdmin = await badges(h, agadmin.token);
    t.ok((before1.get(13) ?? 0) >= 1, 'A0000001 has its 申請管理 notification');
    t.notOk(before2.has(13), 'A0000002 does not');
    const res = await h.post('/api/GlobalNavi/getNotificationBadges', { systemKbn: '01' }, { token: agent.token });
    for (const b of res.json().notificationList) t.same(Object.keys(b).sort(), ['categoryId', 'notificationNum']);

    const forAgent2 = await h.db
      .insertInto('notifications')
      .values({ category_id: 1, ag_code: 'A0000002', user_id: null, title: 'A0000002 だけのお知らせ' })
      .returning('notification_id')
      .executeTakeFirstOrThrow();
    const forUser = await h.db
      .insertInto('notifications')
      .values({ category_id: 2, ag_code: null, user_id: '0000000003', title: '鈴木さんだけのお知らせ' })
      .returning('notification_id')
      .executeTakeFirstOrThrow();
    t.teardown(() =>
      h.db
        .deleteFrom('notifications')
        .where('notification_id', 'in', [forAgent2.notification_id, forUser.notification_id])
        .execute(),
    );

    const after1 = await badges(h, agent.token);
    const after2 = await badges(h, agent2.token);
    const afterAdmin = await badges(h, agadmin.token);
    t.equal(after2.get(1), (before2.get(1) ?? 0) + 1, 'demo-agent2 counts the notification for A0000002');
    t.equal(after1.get(1), before1.get(1), 'demo-agent does not');
    t.equal(after1.get(2), (before1.get(2) ?? 0) + 1, 'demo-agent counts the one addressed to it');
    t.equal(afterAdmin.get(2), beforeAdmin.get(2), 'its colleague does not');
    t.equal(after2.get(2), before2.get(2));

    await h.db
      .insertInto('notification_reads')
      .values({ notification_id: forAgent2.notification_id, user_id: '0000000004' })
      .execute();
    t.equal((await badges(h, agent2.token)).get(1), before2.get(1), 'once read it no longer counts');
    await h.db
      .insertInto('notification_reads')
      .values({ notification_id: forUser.notification_id, user_id: '0000000002' })
      .execute();
    t.equal(
      (await badges(h, agent.token)).get(2),
      (before1.get(2) ?? 0) + 1,
      'read by someone else: still unread for demo-agent',
    );
  });
});
