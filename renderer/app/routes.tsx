// The route table of the whole app (spec 000 section 2, spec 001 section 2, spec 002 section 2),
// kept as data: path, screen, public or guarded, administrator screen, Japanese screen name (the
// operation log uses it), and what the screen needs before it opens (screen-access.ts: the
// permission categories, the query it cannot do without).
import type { ComponentType } from 'react';
import { CATEGORY as C } from '../../schemas/categories';
import type { ScreenNeeds } from './screen-access';
// Screens other than the sign-in and notice pages load when first visited (lazy-screen.tsx).
import { lazyScreen } from './lazy-screen';
import { AboutPage } from '../screens/public/AboutPage';
import { ErrorPage } from '../screens/public/ErrorPage';
import { LogoutPage } from '../screens/public/LogoutPage';
import { OutOfOperationPage } from '../screens/public/OutOfOperationPage';
import { TemporaryPage } from '../screens/public/TemporaryPage';
import { LoginOtpPage } from '../screens/auth/LoginOtpPage';
import { LoginPage } from '../screens/auth/LoginPage';
const PasswordResetPage = lazyScreen(() => import('../screens/auth/PasswordResetPage'), 'PasswordResetPage');
const PasswordUpdatePage = lazyScreen(() => import('../screens/auth/PasswordUpdatePage'), 'PasswordUpdatePage');
import { NotFoundPage } from './errors/NotFoundPage';
const AgSegmentPage = lazyScreen(() => import('../screens/kanri/AgSegmentPage'), 'AgSegmentPage');
const AgUserMaintenancePage = lazyScreen(
  () => import('../screens/kanri/AgUserMaintenancePage'),
  'AgUserMaintenancePage',
);
const AgUserRegPage = lazyScreen(() => import('../screens/kanri/AgUserRegPage'), 'AgUserRegPage');
const SignInHistoryPage = lazyScreen(() => import('../screens/signin-history/SignInHistoryPage'), 'SignInHistoryPage');
const BannerListPage = lazyScreen(() => import('../screens/kanri/BannerListPage'), 'BannerListPage');
const BannerRegPage = lazyScreen(() => import('../screens/kanri/BannerRegPage'), 'BannerRegPage');
const CustomerSearchPage = lazyScreen(() => import('../screens/kanri/CustomerSearchPage'), 'CustomerSearchPage');
const EventEntryDownloadPage = lazyScreen(
  () => import('../screens/kanri/EventEntryDownloadPage'),
  'EventEntryDownloadPage',
);
const KanriTopPage = lazyScreen(() => import('../screens/kanri/KanriTopPage'), 'KanriTopPage');
const EventRegPage = lazyScreen(() => import('../screens/content-reg/EventRegPage'), 'EventRegPage');
const NotificationRegPage = lazyScreen(
  () => import('../screens/content-reg/NotificationRegPage'),
  'NotificationRegPage',
);
const SkilupRegPage = lazyScreen(() => import('../screens/content-reg/SkilupRegPage'), 'SkilupRegPage');
const LoginPopupListPage = lazyScreen(() => import('../screens/popup-reg/LoginPopupListPage'), 'LoginPopupListPage');
const OneStopGidePage = lazyScreen(() => import('../screens/one-stop/OneStopGidePage'), 'OneStopGidePage');
const OneStopGideKanriPage = lazyScreen(
  () => import('../screens/one-stop/OneStopGideKanriPage'),
  'OneStopGideKanriPage',
);
const LoginPopupRegPage = lazyScreen(() => import('../screens/popup-reg/LoginPopupRegPage'), 'LoginPopupRegPage');
const CategoryListPage = lazyScreen(() => import('../screens/contents/CategoryListPage'), 'CategoryListPage');
const ContentDetailPage = lazyScreen(() => import('../screens/contents/ContentDetailPage'), 'ContentDetailPage');
const PortalTopPage = lazyScreen(() => import('../screens/portal/PortalTopPage'), 'PortalTopPage');
const SiteSearchPage = lazyScreen(() => import('../screens/search/SiteSearchPage'), 'SiteSearchPage');
const EventDetailPage = lazyScreen(() => import('../screens/events/EventDetailPage'), 'EventDetailPage');
const EventListPage = lazyScreen(() => import('../screens/events/EventListPage'), 'EventListPage');
const SkilupVideoListPage = lazyScreen(() => import('../screens/skilup/SkilupVideoListPage'), 'SkilupVideoListPage');
const ToranomakiPage = lazyScreen(() => import('../screens/skilup/ToranomakiPage'), 'ToranomakiPage');
const IncentiveScreen = lazyScreen(() => import('../screens/incentive/LazyIncentivePage'), 'IncentiveScreen');
const IncentiveImportPage = lazyScreen(() => import('../screens/kanri/IncentiveImportPage'), 'IncentiveImportPage');
const InsightPage = lazyScreen(() => import('../screens/insight/InsightPage'), 'InsightPage');
const ShinseiFormAgPage = lazyScreen(() => import('../screens/shinsei/ShinseiPages'), 'ShinseiFormAgPage');
const ShinseiFormProviderPage = lazyScreen(() => import('../screens/shinsei/ShinseiPages'), 'ShinseiFormProviderPage');
const ShinseiKanriAgPage = lazyScreen(() => import('../screens/shinsei/ShinseiPages'), 'ShinseiKanriAgPage');
const ShinseiKanriProviderPage = lazyScreen(
  () => import('../screens/shinsei/ShinseiPages'),
  'ShinseiKanriProviderPage',
);
const GlobalNaviPreviewPage = lazyScreen(
  () => import('../screens/appearance/GlobalNaviPreviewPage'),
  'GlobalNaviPreviewPage',
);
const GlovalNaviKanriListPage = lazyScreen(
  () => import('../screens/appearance/GlovalNaviKanriListPage'),
  'GlovalNaviKanriListPage',
);
const GlovalNaviKanriPage = lazyScreen(
  () => import('../screens/appearance/GlovalNaviKanriPage'),
  'GlovalNaviKanriPage',
);
const IconMenuKanriListPage = lazyScreen(
  () => import('../screens/appearance/IconMenuKanriListPage'),
  'IconMenuKanriListPage',
);
const IconMenuKanriPage = lazyScreen(() => import('../screens/appearance/IconMenuKanriPage'), 'IconMenuKanriPage');
const IconMenuPreviewPage = lazyScreen(
  () => import('../screens/appearance/IconMenuPreviewPage'),
  'IconMenuPreviewPage',
);
const MailErrorListPage = lazyScreen(() => import('../screens/kanri/MailErrorListPage'), 'MailErrorListPage');
const KanriAuditPage = lazyScreen(() => import('../screens/audit/KanriAuditPage'), 'KanriAuditPage');

export interface AppRoute {
  /** Path relative to the base path /with-ag (react-router syntax). */
  path: string;
  screen: ComponentType;
  /** public: no sign-in, own frame. guarded: route guard, authenticated layout with the header. */
  access: 'public' | 'guarded';
  /** Administrator screen: the header shows 管理者モード. */
  admin?: boolean;
  /** Japanese screen name (operation log fromScreenName / toScreenName). */
  screenName: string;
  /** Guarded screens: the permission and context the screen needs (else ERR_0022 / ERR_SYS998 and a way back). */
  needs?: ScreenNeeds;
}

const pub = (path: string, screen: ComponentType, screenName: string): AppRoute => ({
  path,
  screen,
  access: 'public',
  screenName,
});

const page = (path: string, screenName: string, screen: ComponentType, needs?: ScreenNeeds): AppRoute => ({
  path,
  screen,
  access: 'guarded',
  screenName,
  needs,
});

const admin = (
  path: string,
  screenName: string,
  screen: ComponentType,
  permission: readonly number[],
  query?: ScreenNeeds['query'],
): AppRoute => ({
  path,
  screen,
  access: 'guarded',
  admin: true,
  screenName,
  needs: { permission, query },
});

/** The content categories each registration screen serves (its ?categoryId=). */
const NOTICE_CATEGORIES = ['1', '2', '3', '4', '5'];
const applicant: ScreenNeeds = { permission: [C.APPLICATIONS_AGENT], agentSide: true };
const receiver: ScreenNeeds = { permission: [C.APPLICATIONS_PROVIDER] };

// One entry a line: the browser tests read the table's entries by line (tests/e2e/a11y.ts).
// prettier-ignore
export const appRoutes: readonly AppRoute[] = [
  // Public (spec 000 section 2).
  pub('/login', LoginPage, 'ログイン'),
  pub('/login-otp', LoginOtpPage, 'セキュリティコード入力'),
  pub('/logout', LogoutPage, 'ログアウト'),
  pub('/password-reset', PasswordResetPage, 'パスワード再設定'),
  pub('/password-update/token/:token', PasswordUpdatePage, 'パスワード変更'),
  // The link without its token (cut off in a mail client): the same screen says the link is invalid.
  pub('/password-update/token', PasswordUpdatePage, 'パスワード変更'),
  pub('/about', AboutPage, '代理店ポータルについて'),
  pub('/error-page', ErrorPage, 'エラー'),
  pub('/temporary', TemporaryPage, 'メンテナンス'),
  pub('/out-of-operation', OutOfOperationPage, 'サービス時間外'),
  // The incentive tab's landing and screen (spec 002 section 2.1): public, it brings its own handoff.
  pub('/incentive', IncentiveScreen, 'インセンティブ'),
  pub('/with-incentive', IncentiveScreen, 'インセンティブ'),

  // Front area (spec 000 section 2).
  page('/', 'ポータルトップ', PortalTopPage),
  page('/portal-top', 'ポータルトップ', PortalTopPage),
  page('/site-serch', 'サイト内検索', SiteSearchPage),
  page('/site-serch/categoryId/:categoryId', 'サイト内検索', SiteSearchPage),
  page('/news', 'お知らせ', CategoryListPage),
  page('/faq', 'FAQ', CategoryListPage),
  page('/application-form', '申請フォーム', CategoryListPage),
  page('/proposal', '提案書', CategoryListPage),
  page('/manual', 'マニュアル', CategoryListPage),
  page('/contents/categoryId/:categoryId/contentsId/:contentsId', 'コンテンツ詳細', ContentDetailPage),
  page('/contents/categoryId/:categoryId/contentsId/:contentsId/ismodal/:ismodal', 'コンテンツ詳細', ContentDetailPage),
  page('/one-stop-gide', 'ワンストップガイド', OneStopGidePage),

  // Administrator maintenance (spec 001 section 2).
  admin('/kanrisya-top', '管理者TOP', KanriTopPage, [C.ADMIN_TOP]),
  admin('/agsegment-reg', 'AGセグメント登録', AgSegmentPage, [C.SEGMENTS]),
  admin('/aguser-maintenance', 'AGユーザーメンテナンス', AgUserMaintenancePage, [C.USERS]),
  admin('/aguser-reg', 'AGユーザー登録', AgUserRegPage, [C.USERS]),
  admin('/signin-history', 'ログイン履歴', SignInHistoryPage, [C.USERS]),
  admin('/notification-reg', 'お知らせ登録', NotificationRegPage, [C.NOTICE_REG, C.FAQ_REG, C.APPLICATION_FORM_REG, C.PROPOSAL_REG, C.MANUAL_REG], { categoryId: NOTICE_CATEGORIES }),
  admin('/kanrisya-notification-reg', '管理者お知らせ登録', NotificationRegPage, [C.ADMIN_NOTICE_REG], { categoryId: ['12'] }),
  admin('/event-touroku', 'イベント登録', EventRegPage, [C.EVENT_REG]),
  admin('/login-popup-list', 'ログインポップアップ一覧', LoginPopupListPage, [C.LOGIN_POPUP_MGT]),
  admin('/login-popup-reg', 'ログインポップアップ登録', LoginPopupRegPage, [C.LOGIN_POPUP_MGT]),
  admin('/glovalnavi-kanri-list', 'グローバルナビ一覧', GlovalNaviKanriListPage, [C.GLOBAL_NAVI]),
  admin('/glovalnavi-kanri', 'グローバルナビ登録', GlovalNaviKanriPage, [C.GLOBAL_NAVI]),
  admin('/iconmenu-kanri-list', 'アイコンメニュー一覧', IconMenuKanriListPage, [C.ICON_MENU]),
  admin('/iconmenu-kanri', 'アイコンメニュー登録', IconMenuKanriPage, [C.ICON_MENU]),
  admin('/banner-touroku-list', 'バナーメンテナンス', BannerListPage, [C.BANNERS]),
  admin('/banner-touroku', 'バナー登録', BannerRegPage, [C.BANNERS]),
  admin('/event-entry-dl', 'イベント申込ダウンロード', EventEntryDownloadPage, [C.EVENT_ENTRY_DL]),
  admin('/customer-serch', '登録企業検索', CustomerSearchPage, [C.CUSTOMER_SEARCH]),
  admin('/mail-error-list', '送信エラーメール一覧', MailErrorListPage, [C.MAIL_ERRORS]),
  admin('/kanri-audit', '監査ログ', KanriAuditPage, [C.KANRI_AUDIT]),
  admin('/kanri-insight', 'インサイト', InsightPage, [C.KANRI_INSIGHT]),
  admin('/one-stop-gide_kanri', 'ワンストップガイドTOP管理', OneStopGideKanriPage, [C.ONE_STOP_GUIDE_MGT]),
  admin('/preview-globalnavi/glovalNaviKanriId/:glovalNaviKanriId/detailKbn/:detailKbn', 'グローバルナビプレビュー', GlobalNaviPreviewPage, [C.GLOBAL_NAVI]),
  admin('/preview-iconmenu/iconMenuKanriId/:iconMenuKanriId/detailKbn/:detailKbn', 'アイコンメニュープレビュー', IconMenuPreviewPage, [C.ICON_MENU]),
  admin('/skilup-touroku', 'スキルアップ登録', SkilupRegPage, [C.SKILUP_REG], { categoryId: ['6', '8'] }),
  admin('/incentive-jisseki-torikomi', 'インセンティブ実績取込', IncentiveImportPage, [C.INCENTIVE_IMPORT]),
  // npm run dev only (docs/forms.md, "Editing a definition"): `vite build` replaces
  // import.meta.env.DEV by false, so neither the route nor the screen's code is in the bundle.
  ...(import.meta.env.DEV
    ? [
        admin(
          '/dev/definitions',
          '定義プレイグラウンド',
          lazyScreen(() => import('../screens/playground/DefinitionPlaygroundPage'), 'DefinitionPlaygroundPage'),
          [C.ADMIN_TOP],
        ),
      ]
    : []),

  // Skill-up, events and requests (spec 002 section 2).
  page('/skilup-video-list', 'スキルアップ動画一覧', SkilupVideoListPage),
  page('/skilup-toranomaki', '営業虎の巻', ToranomakiPage),
  page('/skilup-event-list', 'イベント一覧', EventListPage),
  page('/skilup-event-detail/categoryId/:categoryId/contentsId/:contentsId', 'イベント詳細', EventDetailPage),
  page('/shinsei-kanri-provider', '申請管理（受付）', ShinseiKanriProviderPage, receiver),
  page('/shinsei-kanri-ag', '申請管理', ShinseiKanriAgPage, applicant),
  page('/shinseiform-ag', '申請フォーム（申請者）', ShinseiFormAgPage, applicant),
  page('/shinseiform-ag/appNo/:appNo', '申請フォーム（申請者）', ShinseiFormAgPage, applicant),
  page('/shinseiform-provider', '申請フォーム（受付）', ShinseiFormProviderPage, receiver),
  page('/shinseiform-provider/appNo/:appNo', '申請フォーム（受付）', ShinseiFormProviderPage, receiver),
];

/** Any other path: a not-found page inside the authenticated layout. */
export const notFoundRoute: AppRoute = page('*', 'ページが見つかりません', NotFoundPage);
