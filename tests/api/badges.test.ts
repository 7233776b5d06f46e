// The header's badges (/api/GlobalNavi/getNotificationBadges) against a plain count from the raw
// rows, after every kind of write their kept parts depend on (migration 0031: notification totals
// kept by trigger, the user's read marks subtracted, NEW contents from the covering index): a
// content created for all / a segment / an agent code, retargeted, read, deleted, its NEW period
// ended; notifications added, readdressed, read and deleted; a provider administrator's business
// date before and after a NEW period.
import t from 'tap';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { contentVisibleTo, isNewOn, type Viewer } from '../../api/authority/visibility';

const DAY = 86_400_000;

async function badges(h: TestApp, token: string, targetDate?: string): Promise<Record<number, number>> {
  const res = await h.post('/api/GlobalNavi/getNotificationBadges', { systemKbn: '01', targetDate }, { token });
  if (res.statusCode !== 200) throw new Error(`getNotificationBadges: ${res.statusCode} ${res.body}`);
  const out: Record<number, number> = {};
  for (const b of res.json().notificationList as Array<{ categoryId: number; notificationNum: number }>)
    out[b.categoryId] = b.notificationNum;
  return out;
}

/** The badges as the plain rule says: every unread notification and NEW unread content, counted row by row. */
async function expected(h: TestApp, v: Viewer): Promise<Record<number, number>> {
  const out: Record<number, number> = {};
  const notes = await h.db
    .selectFrom('notifications as n')
    .select('n.category_id')
    .where((eb) => eb.or([eb('n.ag_code', 'is', null), eb('n.ag_code', '=', v.agCode)]))
    .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', v.userId)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notification_reads as r')
            .select('r.user_id')
            .whereRef('r.notification_id', '=', 'n.notification_id')
            .where('r.user_id', '=', v.userId),
        ),
      ),
    )
    .execute();
  const news = await h.db
    .selectFrom('contents as c')
    .innerJoin('categories as k', 'k.category_id', 'c.category_id')
    .select('c.category_id')
    .where('k.kind', '=', 'content')
    .where(contentVisibleTo(v))
    .where(isNewOn(v.date))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('content_views as w')
            .select('w.user_id')
            .whereRef('w.content_id', '=', 'c.content_id')
            .where('w.user_id', '=', v.userId),
        ),
      ),
    )
    .execute();
  for (const r of [...notes, ...news]) out[r.category_id] = (out[r.category_id] ?? 0) + 1;
  return out;
}

t.test('badges', async (t) => {
  const h = await createTestApp();
  t.teardown(() => h.close());
  const agent = await h.signIn('demo-agent');
  const provider = await h.signIn('demo-provider');
  const today = () => new Date(h.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
  const agentViewer = (): Viewer => ({
    userId: String(agent.user.userId),
    agCode: String(agent.user.agCode),
    date: today(),
    isAdmin: false,
    seesAllTargets: false,
  });
  const same = async (t: { same: (found: unknown, wanted: unknown, msg: string) => boolean }, what: string) => {
    const want = await expected(h, agentViewer());
    t.same(await badges(h, agent.token), want, what);
    return want;
  };

  const seg = await h.db
    .selectFrom('agent_segment_members')
    .select('ag_segment_id')
    .where('ag_code', '=', 'A0000001')
    .executeTakeFirstOrThrow();
  const otherSeg = await h.db
    .selectFrom('agent_segments as s')
    .select('s.ag_segment_id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('agent_segment_members as m')
            .select('m.ag_code')
            .whereRef('m.ag_segment_id', '=', 's.ag_segment_id')
            .where('m.ag_code', '=', 'A0000001'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  const made: number[] = [];
  const madeNotes: number[] = [];
  t.teardown(async () => {
    if (madeNotes.length) await h.db.deleteFrom('notifications').where('notification_id', 'in', madeNotes).execute();
    if (made.length) await h.db.deleteFrom('contents').where('content_id', 'in', made).execute();
  });
  const addContent = async (target: { display_target: '0' | '1' | '2'; ag_segment_id?: number }, start = today()) => {
    const c = await h.db
      .insertInto('contents')
      .values({
        category_id: 1,
        title: 'バッジ確認用のお知らせ',
        keisai_start: start,
        last_update: start,
        new_days: 14,
        display_target: target.display_target,
        ag_segment_id: target.ag_segment_id ?? null,
      })
      .returning('content_id')
      .executeTakeFirstOrThrow();
    made.push(c.content_id);
    return c.content_id;
  };

  const start = await same(t, 'the seeded data: the plain count');

  await t.test('contents created, retargeted, read, deleted', async (t) => {
    const forAll = await addContent({ display_target: '0' });
    const forSeg = await addContent({ display_target: '1', ag_segment_id: seg.ag_segment_id });
    const forOther = await addContent({ display_target: '1', ag_segment_id: otherSeg.ag_segment_id });
    const forCode = await addContent({ display_target: '2' });
    await h.db.insertInto('content_agents').values({ content_id: forCode, ag_code: 'A0000001' }).execute();
    const scheduled = await addContent({ display_target: '0' }, '2099-01-01');
    t.equal((await same(t, 'created'))[1], (start[1] ?? 0) + 3, 'for all, its segment and its code: three more');

    await h.db
      .updateTable('contents')
      .set({ ag_segment_id: seg.ag_segment_id })
      .where('content_id', '=', forOther)
      .execute();
    t.equal((await same(t, 'retargeted to its segment'))[1], (start[1] ?? 0) + 4);
    await h.db.updateTable('contents').set({ display_target: '2' }).where('content_id', '=', forSeg).execute();
    t.equal((await same(t, 'retargeted to agent codes without its own'))[1], (start[1] ?? 0) + 3);

    await h.db
      .insertInto('content_views')
      .values({ user_id: String(agent.user.userId), content_id: forAll })
      .execute();
    t.equal((await same(t, 'read'))[1], (start[1] ?? 0) + 2);
    await h.db.updateTable('contents').set({ deleted_at: new Date() }).where('content_id', '=', forCode).execute();
    t.equal((await same(t, 'deleted'))[1], (start[1] ?? 0) + 1);
    t.ok(scheduled, 'a scheduled content never counts');
  });

  await t.test('notifications added, readdressed, read, deleted', async (t) => {
    const add = async (v: { category_id: number; ag_code: string | null; user_id: string | null }) => {
      const n = await h.db
        .insertInto('notifications')
        .values({ ...v, title: 'バッジ確認用の通知' })
        .returning('notification_id')
        .executeTakeFirstOrThrow();
      madeNotes.push(n.notification_id);
      return n.notification_id;
    };
    const before = await same(t, 'before');
    const all = await add({ category_id: 7, ag_code: null, user_id: null });
    const mine = await add({ category_id: 7, ag_code: 'A0000001', user_id: null });
    const other = await add({ category_id: 7, ag_code: 'A0000002', user_id: null });
    const me = await add({ category_id: 2, ag_code: null, user_id: String(agent.user.userId) });
    t.equal((await same(t, 'added'))[7], (before[7] ?? 0) + 2, 'for all and for its agent; not for another');
    await h.db.updateTable('notifications').set({ ag_code: 'A0000001' }).where('notification_id', '=', other).execute();
    t.equal((await same(t, 'readdressed to its agent'))[7], (before[7] ?? 0) + 3);
    await h.db.updateTable('notifications').set({ category_id: 1 }).where('notification_id', '=', mine).execute();
    await same(t, 'moved to another category');
    await h.db
      .insertInto('notification_reads')
      .values([
        { notification_id: all, user_id: String(agent.user.userId) },
        { notification_id: me, user_id: '0000000002' },
      ])
      .execute();
    t.equal(
      (await same(t, 'one read by it, one by a colleague'))[2],
      (before[2] ?? 0) + 1,
      'read by a colleague: still unread for it',
    );
    await h.db.deleteFrom('notifications').where('notification_id', 'in', [all, other]).execute();
    await same(t, 'deleted');
    const kept = await h.db
      .selectFrom('notification_totals')
      .select(['category_id', 'ag_code', 'user_id', 'n'])
      .where('n', '>', 0)
      .orderBy('ag_code')
      .orderBy('user_id')
      .orderBy('category_id')
      .execute();
    const counted = await h.db
      .selectFrom('notifications')
      .select([
        'category_id',
        sql<string>`coalesce(ag_code, '')`.as('ag_code'),
        sql<string>`coalesce(user_id, '')`.as('user_id'),
        sql<number>`cast(count(*) as integer)`.as('n'),
      ])
      .groupBy(['category_id', 'ag_code', 'user_id'])
      .orderBy('ag_code')
      .orderBy('user_id')
      .orderBy('category_id')
      .execute();
    t.same(kept, counted, 'the kept totals are the counts of the rows');
  });

  await t.test('the NEW period ends; a business date before and after it', async (t) => {
    const fresh = await addContent({ display_target: '0' });
    const with_ = await same(t, 'today');
    const providerViewer = (date: string): Viewer => ({
      userId: String(provider.user.userId),
      agCode: String(provider.user.agCode),
      date,
      isAdmin: true,
      seesAllTargets: true,
    });
    const d = (ms: number) => new Date(h.clock.now().getTime() + 9 * 3600_000 + ms).toISOString().slice(0, 10);
    for (const date of [d(-DAY), d(0), d(13 * DAY), d(14 * DAY)]) {
      // Category 14 is the receiver's new requests (tests/api/applications.test.ts), not counted here.
      const { 14: requests, ...got } = await badges(h, provider.token, date.replaceAll('-', '/'));
      t.ok(requests === undefined || requests > 0);
      t.same(got, await expected(h, providerViewer(date)), `the provider on business date ${date}`);
    }
    t.ok(
      (await badges(h, provider.token, d(0).replaceAll('-', '/')))[1]! >
        ((await badges(h, provider.token, d(14 * DAY).replaceAll('-', '/')))[1] ?? 0),
      'fewer NEW on the day the period of the new one ended',
    );
    h.clock.advance(14 * DAY);
    const later = await h.signIn('demo-agent');
    const want = await expected(h, agentViewer());
    t.same(await badges(h, later.token), want, '14 days later: the plain count');
    t.ok((want[1] ?? 0) < (with_[1] ?? 0), 'its NEW period has ended');
    t.ok(fresh);
  });
});
