// The global navigation and its badges (spec 000 section 7, /api/GlobalNavi/*). The server
// validates and serialises with these; the renderer's header (renderer/app/header) and the tests
// use their Static types. The icon menu is in portal.ts.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds, TargetDate } from './common';

/** /api/GlobalNavi/getGlobalNaviData */
export const GlobalNaviBody = Body({
  ...CallerIds,
  pseudoLoginFlg: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
  targetDate: TargetDate,
});
export type GlobalNaviRequest = Static<typeof GlobalNaviBody>;
export const GlobalNavItem = Type.Object({
  categoryId: Type.Number(),
  categoryName: Type.String(),
  parentId: Type.Union([Type.Number(), Type.Literal('')]),
  displayOrder: Type.Number(),
  linkUrl: Type.String(),
  isSaparateTab: Type.Boolean(),
});
/** One navigation entry; parentId is '' for top-level items. */
export type GlobalNavItem = Static<typeof GlobalNavItem>;
export const GlobalNaviAnswer = Type.Object({
  globalNav: Type.Array(GlobalNavItem),
  // Added: the header's 管理者マニュアル link (ADMIN_MANUAL_URL), for administrators; '' otherwise.
  adminManualUrl: Type.String(),
});
export type GlobalNaviAnswer = Static<typeof GlobalNaviAnswer>;

/** /api/GlobalNavi/getNotificationBadges */
export const BadgesBody = Body({ ...CallerIds, targetDate: TargetDate });
export const NotificationBadge = Type.Object({ categoryId: Type.Number(), notificationNum: Type.Number() });
export type NotificationBadge = Static<typeof NotificationBadge>;
export const BadgesAnswer = Type.Object({ notificationList: Type.Array(NotificationBadge) });
export type BadgesAnswer = Static<typeof BadgesAnswer>;
