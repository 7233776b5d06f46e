// The calls of the content pages (spec 000 section 7 and the added category list of
// docs/wire-contract.md); their answers are the wire types of schemas/wire/contents.ts.
import { apiPost, type ErrorPolicy } from '../../api/client';
import { getSession } from '../../app/session';
import { callerScope } from '../../components/data-scope';
import type { CategoryContentsAnswer, ContentDetail, InfoItem } from '../../../schemas/wire/contents';
import type { ToggleFavoriteAnswer } from '../../../schemas/wire/portal';
import type { WatchAnswer } from '../../../schemas/wire/skilup';

/** Content detail: 403 gives ERR_0022, anything else ERR_SYS999 (spec 000 section 8). */
export const CONTENT_DETAIL_ERROR_POLICY: ErrorPolicy = {
  byStatus: { 400: 'ERR_SYS999', 401: 'ERR_SYS999', 403: 'ERR_0022', 404: 'ERR_SYS999' },
  otherStatus: 'ERR_SYS999',
  network: 'ERR_SYS999',
  setup: 'ERR_SYS999',
};

export async function loadContentDetail(
  categoryId: string,
  contentId: string,
  signal?: AbortSignal,
): Promise<ContentDetail> {
  return apiPost<ContentDetail>(
    '/api/ContentsDetail/getContentsDetail',
    { ...callerScope(), categoryId, contentId },
    { signal },
  );
}

export async function registerRecentlyViewed(categoryId: number, contentsId: number): Promise<void> {
  await apiPost<unknown>('/api/RecentlyViewed/regRecentlyViewedHistory', { ...callerScope(), categoryId, contentsId });
}

export async function toggleFavorite(
  categoryId: number,
  contentsId: number,
  register: boolean,
  screenName: string,
): Promise<boolean | undefined> {
  const user = getSession().user;
  const answer = await apiPost<Partial<ToggleFavoriteAnswer>>('/api/FavoritPage/toggleFavoritePage', {
    ...callerScope(),
    parsedUserId: user?.userId ?? '',
    parsedAgCode: user?.agCode ?? '',
    categoryId,
    contentsId,
    processType: register ? '1' : '2',
    screenName,
  });
  return answer?.isFavorite;
}

export async function loadWatchStatus(categoryId: number, contentsId: number, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiPost<Partial<WatchAnswer>>(
    '/api/SkilUp/GetWatchStatus',
    { ...callerScope(), categoryId, contentsId },
    { signal },
  );
  return answer?.isWatched === true;
}

export async function saveWatchStatus(categoryId: number, contentsId: number, isWatched: boolean): Promise<boolean> {
  const answer = await apiPost<Partial<WatchAnswer>>('/api/SkilUp/skilupWatchHistoryReg', {
    ...callerScope(),
    categoryId,
    contentsId,
    isWatched,
  });
  return answer?.isWatched ?? isWatched;
}

/** The added call of docs/wire-contract.md: one page (20 rows) of a category's visible contents. */
export async function loadCategoryContents(
  categoryId: number,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: InfoItem[]; totalCount: number }> {
  const answer = await apiPost<Partial<CategoryContentsAnswer>>(
    '/api/Info/getCategoryContentsList',
    { ...callerScope(), categoryId, page },
    { signal },
  );
  const items = Array.isArray(answer?.infoListData) ? answer.infoListData : [];
  return { items, totalCount: Number(answer?.totalCount) || 0 };
}

export const CATEGORY_LIST_PAGE_SIZE = 20;
