// The calls of the portal top (spec 000 section 7); their answers are the wire types the API
// routes declare (schemas/wire/portal.ts, schemas/wire/contents.ts). Every call carries the
// effective ids and the target date.
import { apiPost } from '../../api/client';
import { callerScope } from '../../components/data-scope';
import type { InfoItem, InfoList } from '../../../schemas/wire/contents';
import type {
  BannerKbn,
  BannerListAnswer,
  Banner,
  FavoriteItem,
  FavoriteListAnswer,
  IconMenuAnswer,
  IconMenuItem,
  IncentiveFloating,
  PopupData,
  PopupListAnswer,
  PopupSummary,
  RecentlyViewedAnswer,
  RecentlyViewedItem,
} from '../../../schemas/wire/portal';

export type {
  Banner,
  FavoriteItem,
  IconMenuItem,
  IncentiveFloating,
  PopupData,
  PopupSummary,
  RecentlyViewedItem,
} from '../../../schemas/wire/portal';

const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

export async function loadBanners(bannerKbn: BannerKbn, signal?: AbortSignal): Promise<Banner[]> {
  const answer = await apiPost<Partial<BannerListAnswer>>(
    '/api/Banner/getBannerList',
    { ...callerScope(), bannerKbn },
    { signal },
  );
  return list(answer?.bannerListData);
}

export async function loadIconMenu(signal?: AbortSignal): Promise<IconMenuItem[]> {
  const answer = await apiPost<Partial<IconMenuAnswer>>('/api/IconMenu/getIconMenuyList', callerScope(), { signal });
  return list(answer?.iconMenuListData);
}

export async function loadPortalNews(signal?: AbortSignal): Promise<InfoItem[]> {
  const answer = await apiPost<Partial<InfoList>>('/api/Info/getPortalTopInfo', callerScope(), { signal });
  return list(answer?.infoListData);
}

export async function loadAdminNotices(signal?: AbortSignal): Promise<InfoItem[]> {
  const answer = await apiPost<Partial<InfoList>>('/api/Info/getKanriInfo', callerScope(), { signal });
  return list(answer?.infoListData);
}

export async function loadFavorites(signal?: AbortSignal): Promise<{ items: FavoriteItem[]; showCount: number }> {
  const answer = await apiPost<Partial<FavoriteListAnswer>>('/api/FavoritPage/getFavoritePageList', callerScope(), {
    signal,
  });
  const items = list(answer?.favoritListData);
  const showCount = Number(answer?.showCount);
  return { items, showCount: Number.isFinite(showCount) && showCount >= 0 ? showCount : items.length };
}

export async function loadRecentlyViewed(signal?: AbortSignal): Promise<RecentlyViewedItem[]> {
  const answer = await apiPost<Partial<RecentlyViewedAnswer>>(
    '/api/recentlyViewed/getRecentlyViewedPagesList',
    callerScope(),
    { signal },
  );
  return list(answer?.recentlyViewedListData);
}

export async function loadIncentiveFloating(daihyoCode: string, signal?: AbortSignal): Promise<IncentiveFloating> {
  const answer = await apiPost<IncentiveFloating>(
    '/api/Incentive/getIncentiveFloating',
    { ...callerScope(), daihyoCode },
    { signal },
  );
  return answer ?? {};
}

export async function loadPopupList(signal?: AbortSignal): Promise<PopupSummary[]> {
  const answer = await apiPost<Partial<PopupListAnswer>>(
    '/api/LoginPopup/GetUserPopupList',
    { ...callerScope(), isUnlimitDate: false },
    { signal },
  );
  return list(answer?.popupList);
}

export async function loadPopupData(popup: PopupSummary, signal?: AbortSignal): Promise<PopupData> {
  return apiPost<PopupData>(
    '/api/LoginPopup/GetPopupData',
    { ...callerScope(), isUnlimitDate: false, categoryId: popup.categoryId, contentId: popup.contentsId },
    { signal },
  );
}

export async function savePopupCheck(
  popup: { categoryId: number; contentsId: number },
  isChecked: boolean,
): Promise<void> {
  await apiPost<unknown>('/api/LoginPopup/RegPopupCheckHistory', {
    ...callerScope(),
    isUnlimitDate: false,
    categoryId: popup.categoryId,
    contentsId: popup.contentsId,
    isChecked,
  });
}
