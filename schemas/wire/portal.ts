// The calls of the portal top (spec 000 section 7): banners, the icon menu, favourites, recently
// viewed pages, the floating incentive panel and the login popups. The info lists are in
// contents.ts.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds, TargetDate, WireId } from './common';
import { ImgItem, LinkItem, TempFileItem } from './contents';

/** /api/Banner/getBannerList */
export const BannerKbn = Type.Union(
  ['01', '02', '03', '04', '05'].map((k) => Type.Literal(k as '01' | '02' | '03' | '04' | '05')),
  {
    description: '01 carousel, 02 side, 03 related links, 04 skill-up training, 05 road to master',
  },
);
export type BannerKbn = Static<typeof BannerKbn>;
export const BannerListBody = Body({ ...CallerIds, bannerKbn: BannerKbn, targetDate: TargetDate });
export const Banner = Type.Object({
  bannerName: Type.String(),
  bannerUrl: Type.String({ description: 'Link target; http(s) opens outside, a path is an in-app route' }),
  bannerImgFileName: Type.String({ description: 'Signed image path (GET) with a cache-busting time parameter' }),
  bannerCaption: Type.String(),
});
export type Banner = Static<typeof Banner>;
export const BannerListAnswer = Type.Object({ bannerListData: Type.Array(Banner) });
export type BannerListAnswer = Static<typeof BannerListAnswer>;

/** /api/IconMenu/getIconMenuyList */
export const IconMenuBody = Body({ ...CallerIds, targetDate: TargetDate });
export const IconMenuItem = Type.Object({
  menuId: Type.Number(),
  menuName: Type.String(),
  linkURL: Type.String({ description: 'Starting with http: an external anchor; otherwise an in-app route' }),
  isSaparateTab: Type.Boolean(),
  imageFileNomal: Type.String({ description: 'Signed image path (GET)' }),
  imageFileOver: Type.String({ description: 'Signed hover image path (GET)' }),
});
export type IconMenuItem = Static<typeof IconMenuItem>;
export const IconMenuAnswer = Type.Object({ iconMenuListData: Type.Array(IconMenuItem) });
export type IconMenuAnswer = Static<typeof IconMenuAnswer>;

/** /api/FavoritPage/getFavoritePageList */
export const FavoriteListBody = Body({ ...CallerIds, targetDate: TargetDate });
export const FavoriteItem = Type.Object({
  contentId: Type.Number(),
  categoryId: Type.Number(),
  categoryName: Type.String(),
  title: Type.String(),
  detailPath: Type.String(),
  isFavorite: Type.Boolean(),
});
export type FavoriteItem = Static<typeof FavoriteItem>;
export const FavoriteListAnswer = Type.Object({ favoritListData: Type.Array(FavoriteItem), showCount: Type.Number() });
export type FavoriteListAnswer = Static<typeof FavoriteListAnswer>;

/** /api/FavoritPage/toggleFavoritePage */
export const ToggleFavoriteBody = Body({
  ...CallerIds,
  parsedUserId: Type.Optional(Type.String({ maxLength: 20 })),
  parsedAgCode: Type.Optional(Type.String({ maxLength: 20 })),
  categoryId: WireId('Category of the content'),
  contentsId: WireId('Content'),
  processType: Type.Union([Type.Literal('1'), Type.Literal('2')], { description: "'1' register, '2' release" }),
  screenName: Type.Optional(Type.String({ maxLength: 255 })),
  targetDate: TargetDate,
});
export const ToggleFavoriteAnswer = Type.Object({ isFavorite: Type.Boolean() });
export type ToggleFavoriteAnswer = Static<typeof ToggleFavoriteAnswer>;

/** /api/recentlyViewed/getRecentlyViewedPagesList */
export const RecentlyViewedBody = Body({ ...CallerIds, targetDate: TargetDate });
export const RecentlyViewedItem = Type.Object({
  contentId: Type.Number(),
  categoryId: Type.Number(),
  categoryName: Type.String(),
  title: Type.String(),
  detailPath: Type.String(),
  viewDate: Type.String({ description: 'Last view, yyyy/MM/dd HH:mm (Tokyo)' }),
});
export type RecentlyViewedItem = Static<typeof RecentlyViewedItem>;
export const RecentlyViewedAnswer = Type.Object({ recentlyViewedListData: Type.Array(RecentlyViewedItem) });
export type RecentlyViewedAnswer = Static<typeof RecentlyViewedAnswer>;

/** /api/RecentlyViewed/regRecentlyViewedHistory */
export const RegisterViewBody = Body({
  ...CallerIds,
  categoryId: WireId('Category of the content'),
  contentsId: WireId('Content'),
  targetDate: TargetDate,
});

/** /api/Incentive/getIncentiveFloating */
export const IncentiveFloatingBody = Body({
  ...CallerIds,
  daihyoCode: Type.Optional(Type.String({ maxLength: 20 })),
  targetDate: TargetDate,
});
export const IncentiveFloating = Type.Object(
  {
    hokokuYear: Type.Optional(Type.Number()),
    hokokuMonth: Type.Optional(Type.Number()),
    shoreiRuikeiZokagaku: Type.Optional(Type.Number({ description: 'Yen, may be negative' })),
    shoreiShinchokuJokyo: Type.Optional(Type.Number({ description: 'Yen, may be negative' })),
    hyoshoRuikeiZokagaku: Type.Optional(Type.Number({ description: 'Yen, may be negative' })),
    hyoshoRuikeiKadoId: Type.Optional(Type.Number({ description: 'Count of IDs, may be negative' })),
    daihyoCode: Type.Optional(Type.String()),
  },
  { description: 'The latest report month on or before the target date; {} when there are no figures yet' },
);
export type IncentiveFloating = Static<typeof IncentiveFloating>;

// ---- Login popups (/api/LoginPopup/…) ----
const CheckPatern = Type.Union([Type.Literal('1'), Type.Literal('2')], {
  description: "'1' do not show next time, '2' confirm",
});
const CheckDispTarget = Type.Union([Type.Literal('1'), Type.Literal('2')], {
  description: "'1' all, '2' administrators only",
});

export const PopupSummary = Type.Object({
  categoryId: Type.Number(),
  contentsId: Type.Number(),
  title: Type.String(),
  checkPatern: CheckPatern,
  checkDispTarget: CheckDispTarget,
});
export type PopupSummary = Static<typeof PopupSummary>;
export const PopupListAnswer = Type.Object({ popupList: Type.Array(PopupSummary) });
export type PopupListAnswer = Static<typeof PopupListAnswer>;

export const PopupData = Type.Object({
  categoryId: Type.Number(),
  contentsId: Type.Number(),
  title: Type.String(),
  keisaiKikanStart: Type.String(),
  keisaiKikanEnd: Type.String(),
  contentsBody: Type.String({ description: 'HTML, sanitised when stored; sanitise again before display' }),
  links: Type.Array(LinkItem),
  files: Type.Array(TempFileItem),
  images: Type.Array(ImgItem),
  checkPatern: CheckPatern,
  checkDispTarget: CheckDispTarget,
});
export type PopupData = Static<typeof PopupData>;

const UnlimitDate = Type.Optional(
  Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })], {
    description: 'Ignore the posting period (provider administrators only)',
  }),
);
const PopupCommon = { ...CallerIds, targetDate: TargetDate, isUnlimitDate: UnlimitDate };
export const PopupListBody = Body(PopupCommon);
export const PopupDataBody = Body({
  ...PopupCommon,
  categoryId: WireId('Category (15)'),
  contentId: WireId('Popup content'),
});
export const PopupCheckBody = Body({
  ...PopupCommon,
  categoryId: WireId('Category (15)'),
  contentsId: WireId('Popup content'),
  isChecked: Type.Boolean(),
});
