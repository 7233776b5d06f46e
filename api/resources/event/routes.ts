// Skill-up events (spec 002 sections 2.4, 4, 5, 7): /api/Event/getInitialDisplayEventList,
// /api/Event/getSkilupEventList, /api/Event/getSkilupHistoryEventList, and the event detail
// /api/EventDetail/getEventDetail, eventApplication (400 ERR_0030 申し込み once closed) and
// eventApplicationCancel (422 ERR_0030 キャンセル once closed). The applicant is always the
// token's user (the pseudo user during pseudo-login); the confirmation mail goes to that user.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { formatMessage, type Message } from '../../../schemas/messages/format';
import { isProviderAdmin, type Caller } from '../../authority/caller';
import { viewerOf, type Viewer } from '../../authority/visibility';
import { tokyoDate } from '../../clock';
import { eventPeriod, keywordTerms, tagIds } from '../content/narrowing';
import { contentDetailWire, loadContentParts } from '../content/parts';
import {
  EntryAnswer,
  EventActionBody,
  EventDetail,
  EventDetailBody,
  EventListAnswer,
  EventListBody,
  HistoryEventListAnswer,
  InitialEventsAnswer,
} from '../../../schemas/wire/events';
import { idOf, slashDateTime } from '../content/wire';
import { HttpProblem, messagesBody, problem } from '../../http/problems';
import { eventApplicationMail, eventCancellationMail, eventDateText } from '../../mail/event-mail';
import { enqueueMail } from '../../mail/outbox';
import {
  addEntry,
  cancelEntry,
  eventDetail,
  eventList,
  eventTags,
  liveEntry,
  liveEntryCount,
  lockEvent,
  userContact,
  type EventCriteria,
  type EventListKind,
} from './repository';

/** How many applied events the list shows before its more button (appDispCount). */
export const APPLIED_DISP_COUNT = 3;
/** The largest list answered; more is 416 ERR_0023 naming the list. Tests lower it. */
export const eventListSettings = { maxResults: 500 };
export const LIST_NAME = 'イベント一覧';
export const HISTORY_NAME = '参加履歴';

/** The instant "now" of a viewer: now on today, else the start of the business date (Tokyo). */
export function instantOf(v: Viewer, now: Date): Date {
  return v.date === tokyoDate(now) ? now : new Date(`${v.date}T00:00:00+09:00`);
}

export default async function eventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  type ListBodyT = (typeof EventListBody)['static'];

  function criteriaOf(b: ListBodyT): EventCriteria {
    const messages: Message[] = [];
    const terms = keywordTerms(b.narrowKeyword, messages);
    const tags = tagIds(b.narrowTags, messages);
    const period = eventPeriod(b.eventPeriodFrom, b.eventPeriodTo, messages);
    if (messages.length) throw problem.validation(messages);
    return { terms, tagIds: tags, period };
  }

  async function list(
    viewer: Viewer,
    categoryId: number,
    kind: EventListKind,
    c: EventCriteria,
    outside: boolean,
    name: string,
  ) {
    const limit = eventListSettings.maxResults;
    const rows = await eventList(app.db, viewer, categoryId, kind, instantOf(viewer, app.clock.now()), c, {
      outside,
      limit: limit + 1,
    });
    if (rows.length > limit) throw problem.tooManyResults(name);
    return rows.map((r) => ({
      contentsId: r.content_id,
      categoryId: r.category_id,
      thumbnailPath:
        r.thumbnail_id !== null
          ? app.mediaUrls.pathFor({ kind: 'thumbnail', id: r.thumbnail_id })
          : r.image_file_id !== null && r.image_file_id !== undefined
            ? app.mediaUrls.pathFor({ kind: 'file', id: Number(r.image_file_id) })
            : '',
      thumbnailName: r.thumbnail_file_name ?? r.image_file_name ?? '',
      eventDate: slashDateTime(r.kaisai_at),
      subCategoryName: r.sub_category_name ?? '',
      newFlg: !!r.new_flg,
      closeFlg: !!r.close_flg,
      contentsTitle: r.title,
    }));
  }

  async function tagList(items: Array<{ contentsId: number }>, checked: number[]) {
    const rows = await eventTags(
      app.db,
      items.map((i) => i.contentsId),
    );
    return rows.map((t) => ({
      tagId: t.tag_id,
      tagName: t.tag_name,
      categoryId: t.category_id ?? 0,
      categoryName: t.category_name ?? '',
      isChecked: checked.includes(t.tag_id),
    }));
  }

  const isOutside = (caller: Caller, b: ListBodyT) => isProviderAdmin(caller) && b.isOutsideEventPeriod === true;

  app.post(
    '/api/Event/getInitialDisplayEventList',
    {
      schema: {
        body: EventListBody,
        response: {
          200: InitialEventsAnswer,
        },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const b = request.body;
      const c = criteriaOf(b);
      const viewer = viewerOf(caller, b.targetDate, app.clock);
      const categoryId = idOf(b.categoryId, 'categoryId');
      const none: EventCriteria = { terms: [], tagIds: [], period: null };
      const [events, applied, history, allEvents, allHistory] = await Promise.all([
        list(viewer, categoryId, 'list', c, isOutside(caller, b), LIST_NAME),
        list(viewer, categoryId, 'applied', none, false, LIST_NAME),
        list(viewer, categoryId, 'history', c, false, HISTORY_NAME),
        list(viewer, categoryId, 'list', none, isOutside(caller, b), LIST_NAME),
        list(viewer, categoryId, 'history', none, false, HISTORY_NAME),
      ]);
      return {
        eventListData: events,
        applicationEventListData: applied,
        historyEventListData: history,
        eventTagListData: await tagList(allEvents, c.tagIds),
        historyEventTagListData: await tagList(allHistory, c.tagIds),
        appDispCount: APPLIED_DISP_COUNT,
      };
    },
  );

  app.post(
    '/api/Event/getSkilupEventList',
    { schema: { body: EventListBody, response: { 200: EventListAnswer } } },
    async (request) => {
      const caller = request.caller!;
      const b = request.body;
      const c = criteriaOf(b);
      const viewer = viewerOf(caller, b.targetDate, app.clock);
      const categoryId = idOf(b.categoryId, 'categoryId');
      const outside = isOutside(caller, b);
      const events = await list(viewer, categoryId, 'list', c, outside, LIST_NAME);
      const all = await list(viewer, categoryId, 'list', { terms: [], tagIds: [], period: null }, outside, LIST_NAME);
      return { eventListData: events, eventTagListData: await tagList(all, c.tagIds) };
    },
  );

  app.post(
    '/api/Event/getSkilupHistoryEventList',
    { schema: { body: EventListBody, response: { 200: HistoryEventListAnswer } } },
    async (request) => {
      const b = request.body;
      const c = criteriaOf(b);
      const viewer = viewerOf(request.caller!, b.targetDate, app.clock);
      const categoryId = idOf(b.categoryId, 'categoryId');
      const history = await list(viewer, categoryId, 'history', c, false, HISTORY_NAME);
      const all = await list(
        viewer,
        categoryId,
        'history',
        { terms: [], tagIds: [], period: null },
        false,
        HISTORY_NAME,
      );
      return { historyEventListData: history, historyEventTagListData: await tagList(all, c.tagIds) };
    },
  );

  app.post(
    '/api/EventDetail/getEventDetail',
    { schema: { body: EventDetailBody, response: { 200: EventDetail } } },
    async (request) => {
      const caller = request.caller!;
      const b = request.body;
      const viewer = viewerOf(caller, b.targetDate, app.clock);
      const admin = isProviderAdmin(caller);
      const e = await eventDetail(
        app.db,
        viewer,
        idOf(b.categoryId, 'categoryId'),
        idOf(b.contentsId, 'contentsId'),
        instantOf(viewer, app.clock.now()),
        { anyPeriod: admin && b.isPreview === true },
      );
      if (!e) throw problem.forbidden();
      const parts = await loadContentParts(app.db, app.mediaUrls, e.content_id);
      return {
        ...contentDetailWire(e, parts, admin),
        detailPath: e.detail_path,
        eventDate: slashDateTime(e.kaisai_at),
        eventEndDate: e.kaisai_end_at ? slashDateTime(e.kaisai_end_at) : '',
        registrationEndDate: slashDateTime(e.registration_end_at),
        venue: e.venue,
        isRegistrationEnded: !!e.is_ended,
        isApplication: !!e.is_applied,
      };
    },
  );

  /** The event the caller may apply to or cancel: visible today (no business date on these calls). */
  async function actionTarget(caller: Caller, body: (typeof EventActionBody)['static']) {
    const viewer = viewerOf(caller, undefined, app.clock);
    const contentId = idOf(body.contentsId, 'contentsId');
    const e = await eventDetail(app.db, viewer, idOf(body.categoryId, 'categoryId'), contentId, app.clock.now(), {
      anyPeriod: false,
    });
    if (!e) throw problem.forbidden();
    return { viewer, contentId };
  }

  const closed = (status: number, action: string) =>
    new HttpProblem(status, messagesBody([{ messageId: 'ERR_0030', args: [action] }]));

  /** Writes the confirmation mail in the transaction of the entry it confirms (api/mail/outbox.ts). */
  async function queueMail(
    trx: typeof app.db,
    kind: 'event_application' | 'event_cancellation',
    userId: string,
    event: { title: string; kaisai_at: Date; kaisai_end_at: Date | null; venue: string; mail_message: string },
    categoryId: number,
    contentId: number,
  ) {
    const user = await userContact(trx, userId);
    if (!user?.email) return [];
    const build = kind === 'event_application' ? eventApplicationMail : eventCancellationMail;
    const mail = build({
      userName: user.user_name,
      companyName: user.company_name,
      title: event.title,
      when: eventDateText(event.kaisai_at, event.kaisai_end_at),
      venue: event.venue,
      mailMessage: event.mail_message,
      detailUrl: `${app.config.publicUrl}/with-ag/skilup-event-detail/categoryId/${categoryId}/contentsId/${contentId}`,
    });
    return enqueueMail(trx, { kind, to: user.email, ...mail });
  }

  /** The answer's message: the entry is kept whatever happens to the mail, and says when the mail is late. */
  async function completeMessage(mailIds: number[], action: string) {
    const done = formatMessage('INF_0001', ['イベントのお申し込み', action]);
    const first = await app.mailOutbox.deliverNow(mailIds);
    return first.waiting > 0 ? `${done}${formatMessage('INF_0003')}` : done;
  }

  app.post(
    '/api/EventDetail/eventApplication',
    { schema: { body: EventActionBody, response: { 200: EntryAnswer } } },
    async (request) => {
      const { viewer, contentId } = await actionTarget(request.caller!, request.body);
      const now = app.clock.now();
      const result = await app.db.transaction().execute(async (trx) => {
        const e = await lockEvent(trx, contentId);
        if (!e) throw problem.forbidden();
        if (await liveEntry(trx, contentId, viewer.userId)) return { event: e, added: false };
        const ended =
          e.registration_end_at < now ||
          e.kaisai_at < now ||
          (e.capacity !== null && (await liveEntryCount(trx, contentId)) >= e.capacity);
        if (ended) throw closed(400, '申し込み');
        await addEntry(trx, {
          contentId,
          userId: viewer.userId,
          agCode: viewer.agCode,
          appliedBy: request.caller!.userId,
          at: now,
        });
        return {
          event: e,
          added: true,
          mailIds: await queueMail(
            trx,
            'event_application',
            viewer.userId,
            e,
            idOf(request.body.categoryId, 'categoryId'),
            contentId,
          ),
        };
      });
      return {
        isApplication: true,
        completeMessage: await completeMessage(result.mailIds ?? [], '受付'),
        addMessage: result.event.complete_add_message,
      };
    },
  );

  app.post(
    '/api/EventDetail/eventApplicationCancel',
    { schema: { body: EventActionBody, response: { 200: EntryAnswer } } },
    async (request) => {
      const { viewer, contentId } = await actionTarget(request.caller!, request.body);
      const now = app.clock.now();
      const result = await app.db.transaction().execute(async (trx) => {
        const e = await lockEvent(trx, contentId);
        if (!e) throw problem.forbidden();
        const entry = await liveEntry(trx, contentId, viewer.userId);
        if (!entry) return { event: e, cancelled: false };
        if (e.registration_end_at < now || e.kaisai_at < now) throw closed(422, 'キャンセル');
        await cancelEntry(trx, entry.entry_id, request.caller!.userId, now);
        return {
          event: e,
          cancelled: true,
          mailIds: await queueMail(
            trx,
            'event_cancellation',
            viewer.userId,
            e,
            idOf(request.body.categoryId, 'categoryId'),
            contentId,
          ),
        };
      });
      return {
        isApplication: false,
        completeMessage: await completeMessage(result.mailIds ?? [], 'キャンセル'),
        addMessage: '',
      };
    },
  );
}
