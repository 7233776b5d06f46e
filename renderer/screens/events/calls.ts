// The calls of the skill-up events (spec 002 section 7); their answers are the wire types the
// API routes declare (schemas/wire/events.ts).
import { apiPost } from '../../api/client';
import { callerScope } from '../../components/data-scope';
import type {
  EntryAnswer,
  EventDetail,
  EventItem,
  EventListAnswer,
  EventTag,
  HistoryEventListAnswer,
  InitialEventsAnswer,
} from '../../../schemas/wire/events';

export type { EntryAnswer, EventDetail, EventItem, EventTag } from '../../../schemas/wire/events';
import { CATEGORY } from '../../../schemas/categories';

export interface EventCriteria {
  keyword: string;
  tags: number[];
  /** yyyy-MM-dd or ''. */
  from: string;
  to: string;
  /** Provider administrators: every posting period, held events too (the event list only). */
  outside: boolean;
}

export const NO_CRITERIA: EventCriteria = { keyword: '', tags: [], from: '', to: '', outside: false };

export type InitialEvents = InitialEventsAnswer;

const list = <T>(v: T[] | undefined): T[] => (Array.isArray(v) ? v : []);

function payload(c: EventCriteria) {
  return {
    ...callerScope(),
    categoryId: CATEGORY.EVENTS,
    narrowKeyword: c.keyword,
    narrowTags: c.tags.join(','),
    eventPeriodFrom: c.from,
    eventPeriodTo: c.to,
    isOutsideEventPeriod: c.outside,
  };
}

export async function loadInitialEvents(signal?: AbortSignal): Promise<InitialEvents> {
  const a = await apiPost<Partial<InitialEvents>>('/api/Event/getInitialDisplayEventList', payload(NO_CRITERIA), {
    signal,
  });
  return {
    eventListData: list(a?.eventListData),
    applicationEventListData: list(a?.applicationEventListData),
    historyEventListData: list(a?.historyEventListData),
    eventTagListData: list(a?.eventTagListData),
    historyEventTagListData: list(a?.historyEventTagListData),
    appDispCount: typeof a?.appDispCount === 'number' && a.appDispCount > 0 ? a.appDispCount : 3,
  };
}

export async function searchEvents(c: EventCriteria): Promise<{ items: EventItem[]; tags: EventTag[] }> {
  const a = await apiPost<Partial<EventListAnswer>>('/api/Event/getSkilupEventList', payload(c));
  return { items: list(a?.eventListData), tags: list(a?.eventTagListData) };
}

export async function searchHistory(c: EventCriteria): Promise<{ items: EventItem[]; tags: EventTag[] }> {
  const a = await apiPost<Partial<HistoryEventListAnswer>>(
    '/api/Event/getSkilupHistoryEventList',
    payload({ ...c, outside: false }),
  );
  return { items: list(a?.historyEventListData), tags: list(a?.historyEventTagListData) };
}

export async function loadEventDetail(
  categoryId: string,
  contentsId: string,
  preview: boolean,
  signal?: AbortSignal,
): Promise<EventDetail> {
  return apiPost<EventDetail>(
    '/api/EventDetail/getEventDetail',
    { ...callerScope(), categoryId, contentsId, ...(preview ? { isPreview: true } : {}) },
    { signal },
  );
}

export async function applyEvent(categoryId: number, contentsId: number, screenName: string): Promise<EntryAnswer> {
  const { userId, agCode } = callerScope();
  return apiPost<EntryAnswer>('/api/EventDetail/eventApplication', {
    userId,
    agCode,
    categoryId,
    contentsId,
    screenName,
  });
}

export async function cancelEvent(categoryId: number, contentsId: number, screenName: string): Promise<EntryAnswer> {
  const { userId, agCode } = callerScope();
  return apiPost<EntryAnswer>('/api/EventDetail/eventApplicationCancel', {
    userId,
    agCode,
    categoryId,
    contentsId,
    screenName,
  });
}

export const eventDetailPath = (categoryId: number, contentsId: number) =>
  `/skilup-event-detail/categoryId/${categoryId}/contentsId/${contentsId}`;
