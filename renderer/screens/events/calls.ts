// The calls of the skill-up events (spec 002 section 7), as the API routes declare them
// (api/routes/events/index.ts).
import { apiPost } from '../../api/client';
import { callerScope } from '../../components/data-scope';
import type { ContentDetail } from '../../components/content-wire';
import { CATEGORY } from '../../../schemas/categories';

export interface EventItem {
  contentsId: number;
  categoryId: number;
  thumbnailPath: string;
  thumbnailName: string;
  /** yyyy/MM/dd HH:mm (Tokyo). */
  eventDate: string;
  subCategoryName: string;
  newFlg: boolean;
  /** Registration has ended. */
  closeFlg: boolean;
  contentsTitle: string;
}

export interface EventTag {
  tagId: number;
  tagName: string;
  categoryId: number;
  categoryName: string;
  isChecked: boolean;
}

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

export interface InitialEvents {
  eventListData: EventItem[];
  applicationEventListData: EventItem[];
  historyEventListData: EventItem[];
  eventTagListData: EventTag[];
  historyEventTagListData: EventTag[];
  appDispCount: number;
}

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
  const a = await apiPost<Partial<InitialEvents>>('/api/Event/getInitialDisplayEventList', payload(NO_CRITERIA), { signal });
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
  const a = await apiPost<{ eventListData?: EventItem[]; eventTagListData?: EventTag[] }>('/api/Event/getSkilupEventList', payload(c));
  return { items: list(a?.eventListData), tags: list(a?.eventTagListData) };
}

export async function searchHistory(c: EventCriteria): Promise<{ items: EventItem[]; tags: EventTag[] }> {
  const a = await apiPost<{ historyEventListData?: EventItem[]; historyEventTagListData?: EventTag[] }>('/api/Event/getSkilupHistoryEventList', payload({ ...c, outside: false }));
  return { items: list(a?.historyEventListData), tags: list(a?.historyEventTagListData) };
}

/** /api/EventDetail/getEventDetail: the content detail plus the event's fields. */
export interface EventDetail extends ContentDetail {
  detailPath: string;
  eventDate: string;
  eventEndDate: string;
  registrationEndDate: string;
  venue: string;
  isRegistrationEnded: boolean;
  isApplication: boolean;
}

export async function loadEventDetail(categoryId: string, contentsId: string, preview: boolean, signal?: AbortSignal): Promise<EventDetail> {
  return apiPost<EventDetail>('/api/EventDetail/getEventDetail', { ...callerScope(), categoryId, contentsId, ...(preview ? { isPreview: true } : {}) }, { signal });
}

export interface EntryAnswer {
  isApplication: boolean;
  completeMessage: string;
  addMessage: string;
}

export async function applyEvent(categoryId: number, contentsId: number, screenName: string): Promise<EntryAnswer> {
  const { userId, agCode } = callerScope();
  return apiPost<EntryAnswer>('/api/EventDetail/eventApplication', { userId, agCode, categoryId, contentsId, screenName });
}

export async function cancelEvent(categoryId: number, contentsId: number, screenName: string): Promise<EntryAnswer> {
  const { userId, agCode } = callerScope();
  return apiPost<EntryAnswer>('/api/EventDetail/eventApplicationCancel', { userId, agCode, categoryId, contentsId, screenName });
}

export const eventDetailPath = (categoryId: number, contentsId: number) => `/skilup-event-detail/categoryId/${categoryId}/contentsId/${contentsId}`;
