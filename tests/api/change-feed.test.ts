// What the API keeps in memory (api/cache): sessions and role permissions are answered without
// a query per call, and every change still takes effect on the next call — a logout, a password
// reset, a deleted user, a permission changed by hand in SQL, a role changed through the user
// form — on this instance at once and on another instance by NOTIFY (PostgreSQL). The read path
// of a portal-top load (session renewal at most once a minute, the floating incentive panel
// kept per code and month) still follows logout, password change, permission, target and
// schedule at once, and a session still ends after 30 minutes without a call.
import { sql } from 'kysely';
import t from 'tap';
import { ChangeFeed, changeFeedOf, RESET } from '../../api/cache/change-feed';
import { tokyoDate } from '../../api/clock';
import { addDays } from '../../seeds/seed-utils';
import { namedCache, TaggedCache } from '../../api/cache/tagged-cache';
import { openDatabase } from '../../api/db/connect';
import { CALLER_CACHE } from '../../api/plugins/auth';
import { LATEST_CACHE } from '../../api/resources/info/repository';
import { FLOATING_CACHE } from '../../api/resources/incentive/floating-repository';
import { SESSION_TOUCH_INTERVAL_MS } from '../../api/resources/auth/repository';
import { mailOf } from '../helpers/api-probe';
import { resetTokenIn } from '../helpers/smtp-capture';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { nth } from '../helpers/indexing';
import type { FavoriteListAnswer, RecentlyViewedAnswer } from '../../schemas/wire/portal';
import type { InfoList } from '../../schemas/wire/contents';

const status = async (h: TestApp, token: string) =>
  (await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token })).statusCode;
const flag = async (h: TestApp, token: string, categoryId: number) =>
  (
    (await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token })).json().userParmition as Array<{
      categoryId: number;
      parmitionFlg: string;
    }>
  ).find((p) => p.categoryId === categoryId)?.parmitionFlg;

/** A feed driven by hand: live, with messages delivered when the test says. */
function manualFeed() {
  let deliver: (payload: string) => void = () => {};
  let state: (live: boolean) => void = () => {};
  const feed = new ChangeFeed(null as never);
  void feed.start(async (onMessage, onState) => {
    deliver = onMessage;
    state = onState;
    onState(true);
    return async () => {};
  });
  return { feed, send: (p: string) => deliver(p), setLive: (live: boolean) => state(live) };
}

t.test('a tagged cache keeps a value until a change names one of its tags', async (t) => {
  const { feed, send, setLive } = manualFeed();
  const cache = new TaggedCache<string>(feed, { max: 2, ttlMs: 60_000 });
  let loads = 0;
  const load = (value: string, tags: string[] | null) => async () => ({ value: `${value}${++loads}`, tags });
  t.equal(await cache.get('a', load('a', ['users:1', 'agents:A'])), 'a1');
  t.equal(await cache.get('a', load('a', ['users:1'])), 'a1', 'kept');
  send('users:2');
  t.equal(await cache.get('a', load('a', ['users:1'])), 'a1', 'another row changed: still kept');
  send('agents:A');
  t.equal(await cache.get('a', load('a', ['users:1'])), 'a2', 'one of its rows changed: loaded again');
  t.equal(await cache.get('n', load('n', null)), 'n3');
  t.equal(await cache.get('n', load('n', null)), 'n4', 'tags null: never kept');

  // A change heard while the value was being read: the value is answered but not kept.
  const racing = cache.get('r', async () => {
    send('users:9');
    return { value: 'stale', tags: ['users:1'] };
  });
  t.equal(await racing, 'stale');
  t.equal(await cache.get('r', load('r', ['users:1'])), 'r5', 'loaded again after the race');

  t.equal(cache.size, 2, 'at most max entries');
  setLive(false);
  t.equal(cache.size, 0, 'feed down: everything dropped');
  t.equal(await cache.get('x', load('x', ['users:1'])), 'x6');
  t.equal(await cache.get('x', load('x', ['users:1'])), 'x7', 'nothing kept while the feed is down');
  setLive(true);
  t.equal(await cache.get('x', load('x', ['users:1'])), 'x8');
  t.equal(await cache.get('x', load('x', ['users:1'])), 'x8', 'kept again once live');
  send(RESET);
  t.equal(cache.size, 0, 'a reset drops everything');
});

t.test('the portal', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const feed = (await import('../../api/cache/change-feed')).changeFeedOf(h.db)!;
  t.ok(feed.isLive(), 'the database has a live change feed');

  t.test('a signed-in caller is checked without a query per call', async (t) => {
    const { token } = await h.signIn('demo-agent');
    const callers = namedCache(feed, CALLER_CACHE);
    await status(h, token);
    const before = callers.hits;
    for (let i = 0; i < 5; i++) t.equal(await status(h, token), 200);
    t.ok(callers.hits - before >= 5, `five calls, answered from memory (${callers.hits - before} hits)`);
  });

  t.test('logout: the token is refused on the very next call', async (t) => {
    const { token } = await h.signIn('demo-agent');
    t.equal(await status(h, token), 200);
    t.equal((await h.post('/api/Auth/logout', { systemKbn: '01' }, { token })).statusCode, 200);
    t.equal(await status(h, token), 401);
  });

  t.test('a session revoked or a user deleted by hand in SQL', async (t) => {
    const a = await h.signIn('demo-agent2');
    t.equal(await status(h, a.token), 200);
    await h.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoke_reason: 'operator' })
      .where('user_id', '=', '0000000004')
      .where('revoked_at', 'is', null)
      .execute();
    t.equal(await status(h, a.token), 401, 'revoked session');

    const b = await h.signIn('demo-agent2');
    t.equal(await status(h, b.token), 200);
    await h.db.updateTable('users').set({ deleted_at: new Date() }).where('user_id', '=', '0000000004').execute();
    t.teardown(() => h.db.updateTable('users').set({ deleted_at: null }).where('user_id', '=', '0000000004').execute());
    t.equal(await status(h, b.token), 401, 'deleted user');
  });

  t.test('a permission changed by hand: the next call sees it', async (t) => {
    const { token } = await h.signIn('demo-agent');
    t.equal(await flag(h, token, 2), '1');
    t.equal(await flag(h, token, 2), '1', 'asked twice (kept in memory)');
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '0' })
      .where('role_id', '=', '02')
      .where('category_id', '=', 2)
      .execute();
    t.teardown(() =>
      h.db
        .updateTable('role_permissions')
        .set({ parmition_flg: '1' })
        .where('role_id', '=', '02')
        .where('category_id', '=', 2)
        .execute(),
    );
    t.equal(await flag(h, token, 2), '0', 'FAQ withdrawn');
    await sql`update categories set audience = 'provider' where category_id = 2`.execute(h.db);
    t.teardown(() => sql`update categories set audience = 'everyone' where category_id = 2`.execute(h.db));
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '1' })
      .where('role_id', '=', '02')
      .where('category_id', '=', 2)
      .execute();
    t.equal(await flag(h, token, 2), '0', 'a category narrowed to the provider stays closed to an agent');
  });

  t.test('a user made administrator through the user form is one at once', async (t) => {
    const admin = await h.signIn('demo-agadmin');
    const agent = await h.signIn('demo-agent');
    const canOpenUsers = async () =>
      (
        await h.post(
          '/api/AgUser/getAgUserList',
          { systemKbn: '01', agUserSearchCond: { agCode: 'A0000001' } },
          { token: agent.token },
        )
      ).statusCode;
    const before = await canOpenUsers();
    t.equal(before, 403, 'an agent without the administrator role may not open the user list');
    await h.db
      .updateTable('users')
      .set({ role_id: '01', is_admin: true })
      .where('user_id', '=', '0000000003')
      .execute();
    t.teardown(() =>
      h.db.updateTable('users').set({ role_id: '02', is_admin: false }).where('user_id', '=', '0000000003').execute(),
    );
    t.equal(await canOpenUsers(), 200, 'made administrator, the same token opens the user list at once');
    t.equal(await status(h, admin.token), 200);
  });

  t.test('the feed down: nothing served from memory, everything still answered', async (t) => {
    const { token } = await h.signIn('demo-agent');
    const callers = namedCache(feed, CALLER_CACHE);
    (feed as unknown as { setLive(live: boolean): void }).setLive(false);
    t.teardown(() => (feed as unknown as { setLive(live: boolean): void }).setLive(true));
    const hits = callers.hits;
    for (let i = 0; i < 3; i++) t.equal(await status(h, token), 200);
    t.equal(callers.hits, hits, 'no hit while the feed is down');
    await h.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', '0000000003')
      .where('revoked_at', 'is', null)
      .execute();
    t.equal(await status(h, token), 401);
  });
});

t.test('targeted reads are kept per agent and date, and follow every change at once', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const feed = changeFeedOf(h.db)!;
  const agent1 = await h.signIn('demo-agent'); // A0000001, segment 1
  const agent2 = await h.signIn('demo-agent2'); // A0000002
  const today = tokyoDate(h.clock.now());
  const titles = async (token: string) =>
    (await h.post('/api/Info/getPortalTopInfo', { systemKbn: '01' }, { token }))
      .json<InfoList>()
      .infoListData.map((i) => i.contentsTitle);
  const cache = namedCache(feed, LATEST_CACHE);
  await titles(agent1.token);
  await titles(agent2.token);
  const hits = cache.hits;
  await titles(agent1.token);
  await titles(agent2.token);
  t.equal(cache.hits - hits, 2, 'both agents answered from memory');

  const insert = async (title: string, target: { agent?: string; segment?: number }) => {
    const row = await h.db
      .insertInto('contents')
      .values({
        category_id: 1,
        title,
        body_html: '',
        keisai_start: today,
        last_update: today,
        display_target: target.agent ? '2' : '1',
        ag_segment_id: target.segment ?? null,
        jyuyo_flg: true,
        jyuyo_start: today,
      })
      .returning('content_id')
      .executeTakeFirstOrThrow();
    if (target.agent)
      await h.db.insertInto('content_agents').values({ content_id: row.content_id, ag_code: target.agent }).execute();
    return row.content_id;
  };
  const forTwo = await insert('A0000002だけのお知らせ', { agent: 'A0000002' });
  t.ok(
    (await titles(agent2.token)).includes('A0000002だけのお知らせ'),
    'a new notice for A0000002 shows to it on the next call',
  );
  t.notOk((await titles(agent1.token)).includes('A0000002だけのお知らせ'), 'and never to A0000001');

  await insert('セグメント1のお知らせ', { segment: 1 });
  t.ok((await titles(agent1.token)).includes('セグメント1のお知らせ'), 'a member of segment 1 sees the segment notice');
  t.notOk((await titles(agent2.token)).includes('セグメント1のお知らせ'), 'A0000002 is not a member');
  await h.db.insertInto('agent_segment_members').values({ ag_segment_id: 1, ag_code: 'A0000002' }).execute();
  t.ok(
    (await titles(agent2.token)).includes('セグメント1のお知らせ'),
    'added to the segment: sees it on the next call',
  );
  await h.db
    .deleteFrom('agent_segment_members')
    .where('ag_segment_id', '=', 1)
    .where('ag_code', '=', 'A0000002')
    .execute();
  t.notOk(
    (await titles(agent2.token)).includes('セグメント1のお知らせ'),
    'removed from the segment: gone on the next call',
  );

  await h.db.updateTable('contents').set({ deleted_at: new Date() }).where('content_id', '=', forTwo).execute();
  t.notOk((await titles(agent2.token)).includes('A0000002だけのお知らせ'), 'a deleted notice is gone on the next call');

  // A user's own rows: a visit and a favourite show on that user's next portal-top load.
  const visible = await h.db
    .selectFrom('contents')
    .select(['content_id', 'title'])
    .where('category_id', '=', 1)
    .where('display_target', '=', '0')
    .where('deleted_at', 'is', null)
    .where('keisai_start', '<=', today)
    .where('keisai_end', '>=', today)
    .orderBy('content_id', 'desc')
    .executeTakeFirstOrThrow();
  const recent = async () =>
    (await h.post('/api/recentlyViewed/getRecentlyViewedPagesList', { systemKbn: '01' }, { token: agent1.token }))
      .json<RecentlyViewedAnswer>()
      .recentlyViewedListData.map((r) => r.contentId);
  const favorites = async () =>
    (await h.post('/api/FavoritPage/getFavoritePageList', { systemKbn: '01' }, { token: agent1.token }))
      .json<FavoriteListAnswer>()
      .favoritListData.map((r) => r.contentId);
  const newsBadge = async (token: string) =>
    (
      (await h.post('/api/GlobalNavi/getNotificationBadges', { systemKbn: '01' }, { token })).json()
        .notificationList as Array<{ categoryId: number; notificationNum: number }>
    ).find((b) => b.categoryId === 1)?.notificationNum ?? 0;
  await h.db
    .deleteFrom('content_views')
    .where('user_id', '=', '0000000003')
    .where('content_id', '=', visible.content_id)
    .execute();
  await h.db
    .updateTable('contents')
    .set({ keisai_start: today })
    .where('content_id', '=', visible.content_id)
    .execute(); // NEW today
  const [recentBefore, favoritesBefore, badgeBefore, otherBadge] = [
    await recent(),
    await favorites(),
    await newsBadge(agent1.token),
    await newsBadge(agent2.token),
  ];
  t.notOk(recentBefore.includes(visible.content_id), 'not visited yet');
  await h.db.insertInto('content_views').values({ user_id: '0000000003', content_id: visible.content_id }).execute();
  t.equal((await recent())[0], visible.content_id, 'the visit heads the recently viewed pages at once');
  t.equal(await newsBadge(agent1.token), badgeBefore - 1, 'and the news badge counts one fewer');
  t.equal(await newsBadge(agent2.token), otherBadge, "another agent's badge is its own");
  t.notOk(favoritesBefore.includes(visible.content_id));
  await h.db.insertInto('favorites').values({ user_id: '0000000003', content_id: visible.content_id }).execute();
  t.ok((await favorites()).includes(visible.content_id), 'a new favourite shows at once');

  const banners = async () =>
    (
      (await h.post('/api/Banner/getBannerList', { systemKbn: '01', bannerKbn: '02' }, { token: agent1.token })).json()
        .bannerListData as Array<{ bannerName: string }>
    ).map((b) => b.bannerName);
  const before = await banners();
  t.ok(before.length > 0, 'side banners shown');
  await h.db
    .updateTable('banners')
    .set({ disp_end: addDays(today, -1) })
    .where('banner_kbn', '=', '02')
    .where('banner_name', '=', nth(before, 0))
    .execute();
  t.notOk((await banners()).includes(nth(before, 0)), 'a banner whose period ended is gone on the next call');
});

t.test(
  'another instance on the same PostgreSQL database hears the change',
  { skip: !process.env.DATABASE_URL && 'PostgreSQL only (PGlite is one process)' },
  async (t) => {
    const h = await createTestApp();
    t.teardown(h.close);
    const name = nth((await sql<{ name: string }>`select current_database() as name`.execute(h.db)).rows, 0).name;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = await createTestApp({ database: await openDatabase({ kind: 'postgres', url: url.toString() }) });
    t.teardown(other.close);

    const { token } = await h.signIn('demo-agent');
    t.equal(await status(other, token), 200, 'the token works on the other instance');
    t.equal(await status(other, token), 200, '(kept in its memory)');
    t.equal((await h.post('/api/Auth/logout', { systemKbn: '01' }, { token })).statusCode, 200, 'logout on the first');
    // The other instance's feed delivers the NOTIFY; wait for it as a request arriving later would.
    await (await import('../../api/cache/change-feed')).changeFeedOf(other.db)!.settle();
    t.equal(await status(other, token), 401, 'refused on the other instance too');
  },
);

t.test(
  'the portal-top read path: renewal and the incentive panel from memory, every change still at once',
  async (t) => {
    const h = await createTestApp();
    t.teardown(h.close);
    const feed = changeFeedOf(h.db)!;
    const MINUTE = 60_000;
    const validate = (token: string) => h.post('/api/auth/validate', { systemKbn: '01' }, { token });
    const lastSeen = async (token: string) => {
      const sid = (JSON.parse(Buffer.from(nth(token.split('.'), 1), 'base64url').toString()) as { sid: string }).sid;
      return (
        await h.db.selectFrom('sessions').select('last_seen_at').where('session_id', '=', sid).executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    };

    t.test('renewal writes last_seen_at at most once per interval; the token is renewed on every call', async (t) => {
      const { token } = await h.signIn('demo-agent');
      const first = await validate(token);
      t.equal(first.statusCode, 200);
      const seen = await lastSeen(token);
      t.equal(seen, h.clock.now().getTime(), 'written by the first renewal');
      h.clock.advance(SESSION_TOUCH_INTERVAL_MS / 2);
      const second = await validate(first.json().token);
      t.equal(second.statusCode, 200);
      t.not(second.json().token, first.json().token, 'a new token (its expiry moved on)');
      t.equal(await lastSeen(token), seen, 'within the interval: not written again');
      h.clock.advance(SESSION_TOUCH_INTERVAL_MS / 2);
      t.equal((await validate(second.json().token)).statusCode, 200);
      t.equal(await lastSeen(token), h.clock.now().getTime(), 'after the interval: written again');
    });

    t.test('a session ends 30 minutes after its last call, though its caller is kept in memory', async (t) => {
      const { token } = await h.signIn('demo-agent2');
      const renewed = (await validate(token)).json().token as string;
      const callers = namedCache(feed, CALLER_CACHE);
      h.clock.advance(29 * MINUTE);
      const hits = callers.hits;
      t.equal(await status(h, renewed), 200, 'alive after 29 minutes without a call');
      t.ok(callers.hits > hits, '(answered from memory)');
      h.clock.advance(MINUTE + 1000);
      t.equal(await status(h, renewed), 401, 'refused 30 minutes after the last renewal');
      t.equal((await validate(renewed)).statusCode, 401, 'and cannot be renewed');
    });

    t.test(
      'logout right after a renewal that skipped its write: every token of the session refused at once',
      async (t) => {
        const { token } = await h.signIn('demo-agent');
        const a = (await validate(token)).json().token as string;
        const b = (await validate(a)).json().token as string; // within the interval: no write
        t.equal(await status(h, b), 200);
        t.equal((await h.post('/api/Auth/logout', { systemKbn: '01' }, { token: b })).statusCode, 200);
        for (const x of [token, a, b]) t.equal(await status(h, x), 401);
        t.equal((await validate(b)).statusCode, 401, 'no renewal after logout');
      },
    );

    t.test('a password change ends a session being renewed, at once', async (t) => {
      const { password_hash } = await h.db
        .selectFrom('users')
        .select('password_hash')
        .where('user_id', '=', '0000000003')
        .executeTakeFirstOrThrow();
      t.teardown(() => h.db.updateTable('users').set({ password_hash }).where('user_id', '=', '0000000003').execute());
      const { token } = await h.signIn('demo-agent');
      const renewed = (await validate(token)).json().token as string;
      t.equal(await status(h, renewed), 200);
      t.equal(
        (
          await h.post(
            '/api/pwdReset/sendResetMail',
            { systemKbn: '01', agCode: 'A0000001', emailAddress: mailOf('demo-agent') },
            { ip: '198.51.100.77' },
          )
        ).statusCode,
        200,
      );
      const otu = resetTokenIn(h.smtp.latestTo(mailOf('demo-agent')));
      const res = await h.post('/api/pwdReset/PasswordUpdate', {
        systemKbn: '01',
        agCode: 'A0000001',
        userId: '0000000003',
        newPassword: 'Fresh#Passw0rd2026',
        otu,
      });
      t.equal(res.statusCode, 200);
      t.equal(await status(h, renewed), 401, 'the renewed token is refused on the next call');
      t.equal((await validate(renewed)).statusCode, 401, 'and cannot be renewed');
    });

    t.test(
      'a notice scheduled for tomorrow: not shown today though the list is kept, shown once the date turns',
      async (t) => {
        const saved = h.clock.now();
        t.teardown(() => h.clock.set(saved));
        const today = tokyoDate(h.clock.now());
        const tomorrow = addDays(today, 1);
        const titles = async (token: string) =>
          (await h.post('/api/Info/getPortalTopInfo', { systemKbn: '01' }, { token }))
            .json<InfoList>()
            .infoListData.map((i) => i.contentsTitle);
        const before = await h.signIn('demo-agent');
        await titles(before.token);
        await h.db
          .insertInto('contents')
          .values({
            category_id: 1,
            title: '明日からのお知らせ',
            body_html: '',
            keisai_start: tomorrow,
            last_update: today,
            display_target: '0',
            jyuyo_flg: true,
            jyuyo_start: tomorrow,
          })
          .execute();
        const hits = namedCache(feed, LATEST_CACHE).hits;
        t.notOk((await titles(before.token)).includes('明日からのお知らせ'), 'not shown before its day');
        t.notOk((await titles(before.token)).includes('明日からのお知らせ'));
        t.ok(namedCache(feed, LATEST_CACHE).hits > hits, '(the list is answered from memory)');
        h.clock.advance(24 * 3600_000);
        const after = await h.signIn('demo-agent');
        t.ok((await titles(after.token)).includes('明日からのお知らせ'), 'shown on its day, on the first call');
      },
    );

    t.test(
      'the incentive panel: kept per code and month, and follows permission, participation, figures and the month at once',
      async (t) => {
        const agent = await h.signIn('demo-agent2'); // A0000002, its own representative code
        const floating = async () => {
          const res = await h.post('/api/Incentive/getIncentiveFloating', { systemKbn: '01' }, { token: agent.token });
          return {
            status: res.statusCode,
            body: res.json<{ hokokuYear?: number; hokokuMonth?: number; shoreiRuikeiZokagaku?: number }>(),
          };
        };
        const cache = namedCache(feed, FLOATING_CACHE);
        const first = await floating();
        t.equal(first.status, 200);
        t.ok(first.body.hokokuMonth, `figures shown (${first.body.hokokuYear}-${first.body.hokokuMonth})`);
        const hits = cache.hits;
        t.same((await floating()).body, first.body);
        t.equal(cache.hits - hits, 1, 'the second call answered from memory');

        // Permission withdrawn from the role, then given back.
        await h.db
          .updateTable('role_permissions')
          .set({ parmition_flg: '0' })
          .where('role_id', '=', '02')
          .where('category_id', '=', 11)
          .execute();
        t.teardown(() =>
          h.db
            .updateTable('role_permissions')
            .set({ parmition_flg: '1' })
            .where('role_id', '=', '02')
            .where('category_id', '=', 11)
            .execute(),
        );
        t.equal((await floating()).status, 403, 'permission withdrawn: refused on the next call');
        await h.db
          .updateTable('role_permissions')
          .set({ parmition_flg: '1' })
          .where('role_id', '=', '02')
          .where('category_id', '=', 11)
          .execute();
        t.equal((await floating()).status, 200, 'given back: shown on the next call');

        // The agent leaves the programme.
        await h.db.updateTable('agents').set({ is_incentive_entry: false }).where('ag_code', '=', 'A0000002').execute();
        t.teardown(() =>
          h.db.updateTable('agents').set({ is_incentive_entry: true }).where('ag_code', '=', 'A0000002').execute(),
        );
        t.equal((await floating()).status, 403, 'no longer taking part: refused on the next call');
        await h.db.updateTable('agents').set({ is_incentive_entry: true }).where('ag_code', '=', 'A0000002').execute();
        t.equal((await floating()).status, 200);

        // The figures of its code change; another code's change leaves its entry kept.
        const month = { y: first.body.hokokuYear!, m: first.body.hokokuMonth! };
        await h.db
          .updateTable('incentive_floating')
          .set({ shorei_ruikei_zokagaku: 123456 })
          .where('daihyo_code', '=', 'A0000002')
          .where('hokoku_year', '=', month.y)
          .where('hokoku_month', '=', month.m)
          .execute();
        t.equal((await floating()).body.shoreiRuikeiZokagaku, 123456, 'new figures shown on the next call');
        const kept = cache.hits;
        await h.db
          .updateTable('incentive_floating')
          .set({ shorei_ruikei_zokagaku: 1 })
          .where('daihyo_code', '=', 'A0000001')
          .execute();
        t.equal((await floating()).body.shoreiRuikeiZokagaku, 123456);
        t.equal(cache.hits - kept, 1, "another code's figures changed: still answered from memory");

        // Scheduled: a later month's figures are published ahead; they show once the date reaches that month.
        const next = month.m === 12 ? { y: month.y + 1, m: 1 } : { y: month.y, m: month.m + 1 };
        const later = next.m === 12 ? { y: next.y + 1, m: 1 } : { y: next.y, m: next.m + 1 };
        await h.db
          .deleteFrom('incentive_floating')
          .where('daihyo_code', '=', 'A0000002')
          .where((eb) =>
            eb.or([
              eb('hokoku_year', '>', month.y),
              eb.and([eb('hokoku_year', '=', month.y), eb('hokoku_month', '>', month.m)]),
            ]),
          )
          .execute();
        await h.db
          .insertInto('incentive_floating')
          .values({
            daihyo_code: 'A0000002',
            hokoku_year: later.y,
            hokoku_month: later.m,
            shorei_ruikei_zokagaku: 777,
            shorei_shinchoku_jokyo: 0,
            hyosho_ruikei_zokagaku: 0,
            hyosho_ruikei_kado_id: 0,
            updated_at: new Date(),
          })
          .execute();
        const before = await floating();
        t.same([before.body.hokokuYear, before.body.hokokuMonth], [month.y, month.m], 'a month ahead is not shown yet');
        const today = tokyoDate(h.clock.now());
        const saved = h.clock.now();
        t.teardown(() => h.clock.set(saved));
        h.clock.set(new Date(`${later.y}-${String(later.m).padStart(2, '0')}-01T10:00:00+09:00`)); // within operating hours
        const reauth = await h.signIn('demo-agent2');
        const res = await h.post('/api/Incentive/getIncentiveFloating', { systemKbn: '01' }, { token: reauth.token });
        t.same(
          [res.json().hokokuYear, res.json().hokokuMonth, res.json().shoreiRuikeiZokagaku],
          [later.y, later.m, 777],
          `from ${today} to the 1st of ${later.y}-${later.m}: the new month shows at once`,
        );
      },
    );
  },
);
