// The call of the site-search screen (/api/SiteSearch/getContentsList, spec 000 §7) and how its
// failures are shown (spec 000 §8 "Search load"): 401 logs the user out, shows ERR_USER001 and
// goes to /login; 416 shows ERR_0023 naming サイト内検索; a 400 shows the rule messages; other
// answers ERR_SYS999; no answer ERR_SYS001; a request that could not be made ERR_SYS002.
import { formatMessage } from '../../../schemas/messages/format';
import { apiPost, errorMessageText, isApiError, type ErrorPolicy } from '../../api/client';
import { alertMessage } from '../../app/dialog';
import { loginPathFor } from '../../app/guard';
import { currentAppPath, navigateTo } from '../../app/navigation';
import { clearSession } from '../../app/session';
import { callerScope } from '../../components/data-scope';
import type { ContentsListAnswer } from '../../../schemas/wire/search';

export type { ContentsRow as SearchRow, TagRow as SearchTag } from '../../../schemas/wire/search';
export type SearchAnswer = ContentsListAnswer;

/** What the side panel narrows by. */
export interface Narrowing {
  keyword: string;
  categories: number[];
  tags: number[];
  /** yyyy-MM-dd (input value) or ''. */
  from: string;
  to: string;
  outside: boolean;
}

export const NO_NARROWING: Narrowing = { keyword: '', categories: [], tags: [], from: '', to: '', outside: false };

export interface SearchRequest {
  keyword: string;
  categoryId: number | null;
  narrowing: Narrowing;
  /** The date range and 掲載期間外も表示 are offered (provider administrators, the notices category). */
  adminOptions: boolean;
  registerHistory: boolean;
}

const slash = (iso: string) => iso.replaceAll('-', '/');

export async function loadSearch(r: SearchRequest, signal?: AbortSignal): Promise<SearchAnswer> {
  const n = r.narrowing;
  const answer = await apiPost<Partial<ContentsListAnswer>>(
    '/api/SiteSearch/getContentsList',
    {
      ...callerScope(),
      keyword: r.keyword,
      categoryId: r.categoryId ?? '',
      narrowKeyword: n.keyword,
      narrowCategorys: n.categories,
      isNarrowCategory: n.categories.length > 0,
      narrowTags: n.tags,
      postPeriodFrom: r.adminOptions && n.from ? slash(n.from) : '',
      postPeriodTo: r.adminOptions && n.to ? slash(n.to) : '',
      isOutsidePostPeriod: r.adminOptions && n.outside,
      isRegSerchHistory: r.registerHistory,
    },
    { signal },
  );
  return { containtsListData: answer?.containtsListData ?? [], tagListData: answer?.tagListData ?? [] };
}

/** Tells the portal a result of a keyword search was opened (docs/insight.md); a failure is not the user's concern. */
export function recordResultOpen(keyword: string, contentId: number): void {
  apiPost('/api/SiteSearch/openResult', { ...callerScope(), keyword, contentId }).catch(() => undefined);
}

export const SEARCH_ERROR_POLICY: ErrorPolicy = {
  otherStatus: 'ERR_SYS999',
  network: 'ERR_SYS001',
  setup: 'ERR_SYS002',
};

/** Tells the user why the search failed (spec 000 §8); returns the text shown in place of the list. */
export async function reportSearchFailure(error: unknown): Promise<string> {
  if (isApiError(error) && error.outOfOperation) return '';
  if (isApiError(error) && error.kind === 'http' && error.status === 401) {
    const returnTo = currentAppPath();
    clearSession();
    await alertMessage(formatMessage('ERR_USER001'));
    navigateTo(loginPathFor(returnTo));
    return '';
  }
  const text =
    isApiError(error) && error.status === 416
      ? formatMessage('ERR_0023', error.messages?.[0]?.args ?? ['サイト内検索'])
      : errorMessageText(error, SEARCH_ERROR_POLICY);
  await alertMessage(text);
  return text;
}
