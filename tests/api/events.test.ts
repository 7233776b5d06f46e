// Skill-up events: the three lists with their own criteria, the detail, applying and cancelling
// (the stored entry, the confirmation mail, ERR_0030 with 400 / 422), the attendance history
// after the event's date (business date of a provider administrator), 416, and authority.
import t from 'tap';
import { messageIds } from '../helpers/api-probe';
import { createTestApp } from '../helpers/test-app';
import { actingAs, signInAs, type Session } from '../helpers/portal';
import { eventListSettings } from '../../api/resources/event/routes';
import { nth } from '../helpers/indexing';
import type { EventItem, HistoryEventListAnswer, InitialEventsAnswer } from '../../schemas/wire/events';

t.test('skill-up events', async (t) => {
  const h = await createTestApp(); // 2026-11-20 10:00 Tokyo
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const agent2 = await signInAs(h, 'demo-agent2');
  const provider = await signInAs(h, 'demo-provider');
  // The seeded events in order (seeds/skilup-events.ts): 0–5 open, 6 entry closed, 3 full,
  // 7–9 held recently, 10–15 held long ago (posting ended).
  const events = (
    await h.db
      .selectFrom('contents')
      .select(['content_id', 'title'])
      .where('category_id', '=', 7)
      .orderBy('content_id')
      .execute()
  ).map((r) => r.content_id);
  const ev = (i: number) => nth(events, i);

  const initial = async (s: Session, body: Record<string, unknown> = {}) => {
    const res = await s.call('/api/Event/getInitialDisplayEventList', {
      userId: s.userId,
      agCode: s.agCode,
      categoryId: 7,
      narrowKeyword: '',
      narrowTags: '',
      targetDate: '',
      eventPeriodFrom: '',
      eventPeriodTo: '',
      isOutsideEventPeriod: false,
      ...body,
    });
    t.equal(res.statusCode, 200);
    return res.json<InitialEventsAnswer>();
  };
  const ids = (items: EventItem[]) => items.map((i) => i.contentsId);
  const detail = (s: Session, contentsId: number, body: Record<string, unknown> = {}) =>
    s.call('/api/EventDetail/getEventDetail', { categoryId: 7, contentsId, ...body });
  const apply = (s: Session, contentsId: number) =>
    s.call('/api/EventDetail/eventApplication', { categoryId: 7, contentsId, screenName: 'イベント詳細' });
  const cancel = (s: Session, contentsId: number) =>
    s.call('/api/EventDetail/eventApplicationCancel', { categoryId: 7, contentsId, screenName: 'イベント詳細' });

  await t.test('the initial lists of an agent', async (t) => {
    const list = await initial(agent);
    t.equal(list.appDispCount, 3);
    t.same(ids(list.eventListData), [ev(6), ev(0), ev(1), ev(2), ev(3), ev(4), ev(5)], 'upcoming events by date');
    t.same(
      list.eventListData.map((e) => e.closeFlg),
      [true, false, false, false, true, false, false],
      'entry closed (6) and full (3)',
    );
    t.same(ids(list.applicationEventListData), [ev(1)], 'own upcoming applications only');
    t.same(
      ids(list.historyEventListData),
      [ev(7), ev(8), ev(12)],
      'own held applications, newest first; posting ended for 12',
    );
    const first = nth(list.eventListData, 1);
    t.match(first.eventDate, /^2026\/11\/27 14:00$/);
    t.ok(first.subCategoryName.length > 0 && first.contentsTitle.length > 0);
    t.ok(
      first.thumbnailPath.startsWith('/api/media/') && first.thumbnailName.endsWith('.png'),
      'first image as thumbnail',
    );
    t.equal(nth(list.eventListData, 4).thumbnailName, 'thumbnail-04.png', 'a picked thumbnail');
    t.ok(list.eventTagListData.some((x) => x.tagName === 'イベント' && x.categoryName === 'イベント' && !x.isChecked));
    const other = await initial(agent2);
    t.same(ids(other.applicationEventListData), [ev(2)], "another agent's applications are never shown");
    t.same(ids(other.historyEventListData), [ev(9), ev(13)]);
  });

  await t.test('apply, see it, cancel: entries and mails', async (t) => {
    const before = h.smtp.mails.length;
    const d0 = await detail(agent, ev(0));
    t.equal(d0.statusCode, 200);
    t.match(d0.json(), {
      isApplication: false,
      isRegistrationEnded: false,
      eventDate: '2026/11/27 14:00',
      eventEndDate: '2026/11/27 16:00',
      registrationEndDate: '2026/11/25 17:00',
      updateFormPath: '',
    });
    const res = await apply(agent, ev(0));
    t.equal(res.statusCode, 200);
    t.same(res.json(), {
      isApplication: true,
      completeMessage: 'イベントのお申し込みを受付しました。',
      addMessage: '受付完了メールをお送りしました。当日は名刺を1枚お持ちください。',
    });
    const mail = h.smtp.latestTo('demo-agent@portal.example.jp');
    t.equal(h.smtp.mails.length, before + 1, 'one confirmation mail');
    t.match(mail?.subject, /イベントお申し込み受付のお知らせ/);
    t.match(mail?.text, /鈴木 一郎 様/);
    t.match(mail?.text, /開催日時：2026\.11\.27（金） 14:00〜16:00/);
    t.match(mail?.text, /会場：東京本社 2F セミナールーム/);
    t.match(mail?.text, new RegExp(`http://portal.test/with-ag/skilup-event-detail/categoryId/7/contentsId/${ev(0)}`));
    const again = await apply(agent, ev(0));
    t.equal(again.statusCode, 200, 'applying twice is harmless');
    t.equal(h.smtp.mails.length, before + 1, 'and sends no second mail');
    const rows = await h.db
      .selectFrom('event_entries')
      .selectAll()
      .where('content_id', '=', ev(0))
      .where('user_id', '=', agent.userId)
      .execute();
    t.equal(rows.length, 1);
    t.match(rows[0], { ag_code: 'A0000001', applied_by: agent.userId, cancelled_at: null });
    t.equal((await detail(agent, ev(0))).json().isApplication, true);
    t.same(ids((await initial(agent)).applicationEventListData), [ev(0), ev(1)]);
    t.same(ids((await initial(agent2)).applicationEventListData), [ev(2)], 'not visible to another agent');

    const off = await cancel(agent, ev(0));
    t.equal(off.statusCode, 200);
    t.same(off.json(), {
      isApplication: false,
      completeMessage: 'イベントのお申し込みをキャンセルしました。',
      addMessage: '',
    });
    t.match(h.smtp.latestTo('demo-agent@portal.example.jp')?.subject, /キャンセル/);
    const after = await h.db
      .selectFrom('event_entries')
      .selectAll()
      .where('content_id', '=', ev(0))
      .where('user_id', '=', agent.userId)
      .execute();
    t.equal(after.length, 1);
    t.ok(nth(after, 0).cancelled_at, 'the cancellation is kept for the entry download');
    t.equal((await detail(agent, ev(0))).json().isApplication, false);
    t.equal((await cancel(agent, ev(0))).statusCode, 200, 'cancelling what is not applied is harmless');
    t.equal((await apply(agent, ev(0))).statusCode, 200, 'applying again after a cancellation');
    t.equal(
      (
        await h.db
          .selectFrom('event_entries')
          .select('entry_id')
          .where('content_id', '=', ev(0))
          .where('user_id', '=', agent.userId)
          .execute()
      ).length,
      2,
    );
  });

  await t.test('closed events: ERR_0030 with 申し込み (400) and キャンセル (422)', async (t) => {
    const closed = await apply(agent, ev(6));
    t.equal(closed.statusCode, 400);
    t.same(closed.json().messages, [{ messageId: 'ERR_0030', args: ['申し込み'] }]);
    t.equal((await detail(agent, ev(6))).json().isRegistrationEnded, true);
    const full = await apply(agent, ev(3));
    t.equal(full.statusCode, 400, 'a full event');
    t.same(messageIds(full), ['ERR_0030']);
    const late = await cancel(agent, ev(7));
    t.equal(late.statusCode, 422, 'cancelling a held event');
    t.same(late.json().messages, [{ messageId: 'ERR_0030', args: ['キャンセル'] }]);
    // The deadline passes (moved to a minute ago; tokens would expire if the clock jumped days):
    // the agent's own application to event 1 can no longer be cancelled.
    const setDeadline = (at: Date) =>
      h.db.updateTable('events').set({ registration_end_at: at }).where('content_id', '=', ev(1)).execute();
    const now = h.clock.now().getTime();
    await setDeadline(new Date(now - 60_000));
    t.equal((await cancel(agent, ev(1))).statusCode, 422);
    t.equal((await apply(agent2, ev(1))).statusCode, 400);
    t.equal((await detail(agent, ev(1))).json().isRegistrationEnded, true);
    await setDeadline(new Date(now + 60_000));
    t.equal((await detail(agent2, ev(1))).json().isRegistrationEnded, false, 'a minute before it is open');
    await setDeadline(new Date('2026-11-30T08:00:00Z'));
  });

  await t.test('the last place goes to one of two simultaneous applications', async (t) => {
    const taken = await h.db
      .selectFrom('event_entries')
      .select('entry_id')
      .where('content_id', '=', ev(2))
      .where('cancelled_at', 'is', null)
      .execute();
    await h.db
      .updateTable('events')
      .set({ capacity: taken.length + 1 })
      .where('content_id', '=', ev(2))
      .execute();
    const agadmin = await signInAs(h, 'demo-agadmin');
    const answers = await Promise.all([apply(agent, ev(2)), apply(agadmin, ev(2))]);
    t.same(answers.map((a) => a.statusCode).sort(), [200, 400]);
    const live = await h.db
      .selectFrom('event_entries')
      .select('entry_id')
      .where('content_id', '=', ev(2))
      .where('cancelled_at', 'is', null)
      .execute();
    t.equal(live.length, taken.length + 1, 'never over capacity');
    const winner = answers[0].statusCode === 200 ? agent : agadmin;
    t.equal(
      (await detail(winner, ev(2))).json().isRegistrationEnded,
      false,
      'the holder of the place can still cancel',
    );
    t.equal((await cancel(winner, ev(2))).statusCode, 200);
    await h.db.updateTable('events').set({ capacity: null }).where('content_id', '=', ev(2)).execute();
  });

  await t.test('the history after the event date: a provider administrator switches the business date', async (t) => {
    t.equal((await apply(provider, ev(0))).statusCode, 200);
    const today = await initial(provider);
    t.notOk(ids(today.historyEventListData).includes(ev(0)));
    const later = await initial(provider, { targetDate: '2026/11/28' });
    t.ok(ids(later.historyEventListData).includes(ev(0)), 'held on 11/27: in the history on 11/28');
    t.notOk(ids(later.eventListData).includes(ev(0)), 'no longer in the event list');
    const hist = await provider.call('/api/Event/getSkilupHistoryEventList', {
      categoryId: 7,
      targetDate: '2026-11-28',
    });
    t.same(ids(hist.json().historyEventListData), [ev(0)]);
    const agentLater = await initial(agent, { targetDate: '2026/11/28' });
    t.notOk(ids(agentLater.historyEventListData).includes(ev(0)), "an agent's business date is ignored");
    t.ok(ids(agentLater.applicationEventListData).includes(ev(0)));
  });

  await t.test('separate criteria: keyword, tags, event period, and their messages', async (t) => {
    const list = async (path: string, body: Record<string, unknown>, s = agent) =>
      s.call(`/api/Event/${path}`, { categoryId: 7, ...body });
    const byKeyword = await list('getSkilupEventList', { narrowKeyword: '説明会' });
    t.equal(byKeyword.statusCode, 200);
    t.ok(byKeyword.json().eventListData.length > 0);
    t.ok(byKeyword.json().eventListData.every((e: EventItem) => /説明会/.test(e.contentsTitle)));
    t.ok(byKeyword.json().eventTagListData.length > 0, 'the tag list of the whole list');
    const period = await list('getSkilupEventList', { eventPeriodFrom: '2026-12-01', eventPeriodTo: '2026/12/11' });
    t.same(ids(period.json().eventListData), [ev(1), ev(2), ev(3)]);
    const fromOnly = await list('getSkilupEventList', { eventPeriodFrom: '2026-12-15' });
    t.same(ids(fromOnly.json().eventListData), [ev(4), ev(5)], 'To falls back to 9999-12-31');
    const toOnly = await list('getSkilupHistoryEventList', { eventPeriodTo: '2026-11-15' });
    t.same(ids(toOnly.json().historyEventListData), [ev(8), ev(12)], 'From falls back to 2001-01-01');
    const tag = nth((await initial(agent)).eventTagListData, 0);
    const byTag = await list('getSkilupHistoryEventList', { narrowTags: String(tag.tagId) });
    t.equal(byTag.json().historyEventListData.length, 3);
    t.ok(byTag.json<HistoryEventListAnswer>().historyEventTagListData.find((x) => x.tagId === tag.tagId)?.isChecked);

    const order = await list('getSkilupEventList', { eventPeriodFrom: '2026-12-11', eventPeriodTo: '2026-12-01' });
    t.equal(order.statusCode, 400);
    t.same(order.json().messages, [{ messageId: 'ERR_0005', args: ['開催期間From', '開催期間To'] }]);
    const bad = await list('getSkilupHistoryEventList', { eventPeriodFrom: '2026-02-30' });
    t.equal(bad.statusCode, 400);
    t.same(bad.json().messages, [{ messageId: 'ERR_0025', args: ['開催期間From'] }]);
    const one = await list('getInitialDisplayEventList', { narrowKeyword: '会' });
    t.equal(one.statusCode, 400);
    t.same(one.json().messages, [{ messageId: 'ERR_0028', args: ['キーワード', '2'] }]);
    t.equal((await list('getSkilupEventList', { narrowKeyword: 'x\u0001y' })).statusCode, 400);
    t.equal((await list('getSkilupEventList', { eventPeriodFrom: '2026-13-45xx' })).statusCode, 400);
    t.equal((await list('getSkilupEventList', { narrowTags: '7;8' })).statusCode, 400);
  });

  await t.test('416 names the list or the history', async (t) => {
    eventListSettings.maxResults = 2;
    t.teardown(() => {
      eventListSettings.maxResults = 500;
    });
    const list = await agent.call('/api/Event/getSkilupEventList', { categoryId: 7 });
    t.equal(list.statusCode, 416);
    t.same(list.json().messages, [{ messageId: 'ERR_0023', args: ['イベント一覧'] }]);
    const hist = await agent.call('/api/Event/getSkilupHistoryEventList', { categoryId: 7 });
    t.equal(hist.statusCode, 416);
    t.same(hist.json().messages, [{ messageId: 'ERR_0023', args: ['参加履歴'] }]);
  });

  await t.test('administrators: out of period, edit path, preview', async (t) => {
    const outside = await initial(provider, { isOutsideEventPeriod: true });
    t.ok(ids(outside.eventListData).includes(ev(15)), 'held events with their posting ended');
    const forAgent = await initial(agent, { isOutsideEventPeriod: true });
    t.notOk(ids(forAgent.eventListData).includes(ev(15)), 'an agent asking for it does not get them');
    t.notOk(ids(forAgent.eventListData).includes(ev(7)));
    t.equal((await detail(provider, ev(2))).json().updateFormPath, '/event-touroku');
    t.equal((await detail(agent, ev(15))).statusCode, 403, 'posting ended, not applied');
    t.equal((await detail(provider, ev(15))).statusCode, 403, 'also for an administrator outside a preview');
    t.equal(
      (await detail(provider, ev(15), { isPreview: true })).statusCode,
      200,
      'the preview of a provider administrator',
    );
    t.equal((await detail(agent, ev(15), { isPreview: true })).statusCode, 403, 'an agent cannot preview');
    t.equal((await detail(agent, ev(12))).statusCode, 200, 'own application: the history links to the detail');
  });

  await t.test('authority: targeting, forged ids, pseudo-login', async (t) => {
    await h.db.updateTable('contents').set({ display_target: '2' }).where('content_id', '=', ev(5)).execute();
    await h.db
      .insertInto('content_agents')
      .values({ content_id: ev(5), ag_code: 'A0000002' })
      .execute();
    t.notOk(ids((await initial(agent)).eventListData).includes(ev(5)), 'an event for another agent is not listed');
    t.ok(ids((await initial(agent2)).eventListData).includes(ev(5)));
    const hidden = await detail(agent, ev(5));
    t.equal(hidden.statusCode, 403);
    t.same(messageIds(hidden), ['ERR_0022']);
    t.equal((await apply(agent, ev(5))).statusCode, 403);
    t.equal((await cancel(agent, ev(5))).statusCode, 403);
    t.equal((await apply(agent2, ev(5))).statusCode, 200);

    const forged = await agent.call('/api/EventDetail/eventApplication', {
      userId: agent2.userId,
      agCode: agent2.agCode,
      categoryId: 7,
      contentsId: ev(4),
    });
    t.equal(forged.statusCode, 403, 'applying in the name of another user');
    t.equal(
      (
        await agent.call('/api/EventDetail/eventApplicationCancel', {
          userId: agent2.userId,
          categoryId: 7,
          contentsId: ev(2),
        })
      ).statusCode,
      403,
      "cancelling another user's application",
    );
    t.equal(
      (await agent.call('/api/Event/getSkilupHistoryEventList', { userId: agent2.userId, categoryId: 7 })).statusCode,
      403,
      "reading another user's history",
    );
    t.equal(
      (await agent2.call('/api/EventDetail/getEventDetail', { categoryId: 7, contentsId: ev(12) })).statusCode,
      403,
      "another user's held application is not a key",
    );
    t.equal((await detail(agent, ev(4), { categoryId: 1 })).statusCode, 403, 'the wrong category');
    t.equal((await detail(agent, 999999)).statusCode, 403);
    const notEvent = await h.db
      .selectFrom('contents')
      .select('content_id')
      .where('category_id', '=', 1)
      .executeTakeFirstOrThrow();
    t.equal((await apply(agent, notEvent.content_id)).statusCode, 403, 'a content that is not an event');
    t.equal(
      (await agent.call('/api/EventDetail/eventApplication', { categoryId: 7 })).statusCode,
      400,
      'no contentsId',
    );
    t.equal(
      (await h.post('/api/EventDetail/eventApplication', { systemKbn: '01', categoryId: 7, contentsId: ev(4) }))
        .statusCode,
      401,
    );

    // A provider administrator acting as the agent applies for the agent, whose mail it is.
    const pseudo = actingAs(h, provider, { userId: agent2.userId, agCode: agent2.agCode });
    t.equal(
      (
        await pseudo.call('/api/EventDetail/eventApplication', {
          userId: agent2.userId,
          agCode: agent2.agCode,
          categoryId: 7,
          contentsId: ev(4),
        })
      ).statusCode,
      200,
    );
    const row = await h.db
      .selectFrom('event_entries')
      .selectAll()
      .where('content_id', '=', ev(4))
      .where('cancelled_at', 'is', null)
      .executeTakeFirstOrThrow();
    t.match(row, { user_id: agent2.userId, ag_code: 'A0000002', applied_by: provider.userId });
    t.match(h.smtp.latestTo('demo-agent2@portal.example.jp')?.subject, /受付/);
    t.ok(ids((await initial(agent2)).applicationEventListData).includes(ev(4)));
    t.notOk(ids((await initial(agent)).applicationEventListData).includes(ev(4)));
  });
});
