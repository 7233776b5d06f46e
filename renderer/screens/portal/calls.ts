// The calls of the portal top (spec 000 section 7) and their answers, as the API routes declare
// them (api/resources/banner, icon-menu, info, favorites, recently-viewed, incentive/floating,
// login-popups). Every call carries the effective ids and the target date.
import { apiPost } from '../../api/client';
import { callerScope } from '../../components/data-scope';
import type { ContentImage, ContentLink, ContentTempFile, InfoItem } from '../../components/content-wire';

/** Banner kinds: 01 carousel, 02 side, 03 related links (04, 05 are the skill-up pages'). */
export type BannerKbn = '01' | '02' | '03' | '04' | '05';

export interface Banner {
  bannerName: string;
  bannerUrl: string;
  bannerImgFileName: string;
  bannerCaption: string;
}

export interface IconMenuItem {
  menuId: number;
  menuName: string;
  linkURL: string;
  isSaparateTab: boolean;
  imageFileNomal: string;
  imageFileOver: string;
}

export interface FavoriteItem {
  contentId: number;
  categoryId: number;
  categoryName: string;
  title: string;
  detailPath: string;
  isFavorite: boolean;
}

export interface RecentlyViewedItem {
  contentId: number;
  categoryId: number;
  categoryName: string;
  title: string;
  detailPath: string;
  /** yyyy/MM/dd HH:mm */
  viewDate: string;
}

/** {} while the agent has no figures yet. */
export interface IncentiveFloating {
  hokokuYear?: number;
  hokokuMonth?: number;
  shoreiRuikeiZokagaku?: number;
  shoreiShinchokuJokyo?: number;
  hyoshoRuikeiZokagaku?: number;
  hyoshoRuikeiKadoId?: number;
  daihyoCode?: string;
}

export type CheckPatern = '1' | '2';

export interface PopupSummary {
  categoryId: number;
  contentsId: number;
  title: string;
  checkPatern: CheckPatern;
  checkDispTarget: '1' | '2';
}

export interface PopupData {
  categoryId: number;
  contentsId: number;
  title: string;
  keisaiKikanStart: string;
  keisaiKikanEnd: string;
  contentsBody: string;
  links: ContentLink[];
  files: ContentTempFile[];
  images: ContentImage[];
  checkPatern: CheckPatern;
  checkDispTarget: '1' | '2';
}

const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

export async function loadBanners(bannerKbn: BannerKbn, signal?: AbortSignal): Promise<Banner[]> {
  const answer = await apiPost<{ bannerListData?: Banner[] }>('/api/Banner/getBannerList', { ...callerScope(), bannerKbn }, { signal });
  return list(answer?.bannerListData);
}

export async function loadIconMenu(signal?: AbortSignal): Promise<IconMenuItem[]> {
  const answer = await apiPost<{ iconMenuListData?: IconMenuItem[] }>('/api/IconMenu/getIconMenuyList', callerScope(), { signal });
  return list(answer?.iconMenuListData);
}

export async function loadPortalNews(signal?: AbortSignal): Promise<InfoItem[]> {
  const answer = await apiPost<{ infoListData?: InfoItem[] }>('/api/Info/getPortalTopInfo', callerScope(), { signal });
  return list(answer?.infoListData);
}

export async function loadAdminNotices(signal?: AbortSignal): Promise<InfoItem[]> {
  const answer = await apiPost<{ infoListData?: InfoItem[] }>('/api/Info/getKanriInfo', callerScope(), { signal });
  return list(answer?.infoListData);
}

export async function loadFavorites(signal?: AbortSignal): Promise<{ items: FavoriteItem[]; showCount: number }> {
  const answer = await apiPost<{ favoritListData?: FavoriteItem[]; showCount?: number }>('/api/FavoritPage/getFavoritePageList', callerScope(), { signal });
  const items = list(answer?.favoritListData);
  const showCount = Number(answer?.showCount);
  return { items, showCount: Number.isFinite(showCount) && showCount >= 0 ? showCount : items.length };
}

export async function loadRecentlyViewed(signal?: AbortSignal): Promise<RecentlyViewedItem[]> {
  const answer = await apiPost<{ recentlyViewedListData?: RecentlyViewedItem[] }>('/api/recentlyViewed/getRecentlyViewedPagesList', callerScope(), { signal });
  return list(answer?.recentlyViewedListData);
}

export async function loadIncentiveFloating(daihyoCode: string, signal?: AbortSignal): Promise<IncentiveFloating> {
  const answer = await apiPost<IncentiveFloating>('/api/Incentive/getIncentiveFloating', { ...callerScope(), daihyoCode }, { signal });
  return answer ?? {};
}

export async function loadPopupList(signal?: AbortSignal): Promise<PopupSummary[]> {
  const answer = await apiPost<{ popupList?: PopupSummary[] }>('/api/LoginPopup/GetUserPopupList', { ...callerScope(), isUnlimitDate: false }, { signal });
  return list(answer?.popupList);
}

export async function loadPopupData(popup: PopupSummary, signal?: AbortSignal): Promise<PopupData> {
  return apiPost<PopupData>(
    '/api/LoginPopup/GetPopupData',
    { ...callerScope(), isUnlimitDate: false, categoryId: popup.categoryId, contentId: popup.contentsId },
    { signal },
  );
}

export async function savePopupCheck(popup: { categoryId: number; contentsId: number }, isChecked: boolean): Promise<void> {
  await apiPost<unknown>('/api/LoginPopup/RegPopupCheckHistory', {
    ...callerScope(),
    isUnlimitDate: false,
    categoryId: popup.categoryId,
    contentsId: popup.contentsId,
    isChecked,
  });
}
