// Portal top (/portal-top and /, spec 000 section 2): carousel, icon menu, administrator
// announcements (only when there are some), news, favourites, recently viewed, side banners,
// related-information links, back-to-top, the floating incentive panel and the login popups.
// Every part loads on its own: a failed call shows ERR_SYS003 naming the part (dialog and in
// place) and the other parts keep working.
import { Link } from 'react-router-dom';
import { useSession } from '../../app/session';
import { CATEGORY, hasCategoryPermission } from '../../components/data-scope';
import { InfoList } from '../../components/InfoList';
import { useRemote, type Remote } from '../../components/use-remote';
import { reportWidgetFailure } from '../../components/widget-failure';
import { LoadingRows, WidgetFailure } from '../../components/WidgetState';
import { useRef } from 'react';
import { BackToTop } from './BackToTop';
import { useFloatingReserve } from './floating-reserve';
import {
  loadAdminNotices,
  loadBanners,
  loadFavorites,
  loadIconMenu,
  loadPortalNews,
  loadRecentlyViewed,
} from './calls';
import { Carousel } from './Carousel';
import { FavoriteList } from './Favorites';
import { IconMenu } from './IconMenu';
import { IncentivePanel } from './IncentivePanel';
import { LoginPopups } from './LoginPopups';
import { RecentlyViewedList } from './RecentlyViewed';
import { RelatedLinkList, SideBannerList } from './SideBanners';
import { Widget } from './Widget';
import styles from './PortalTop.module.css';
import floating from './Floating.module.css';

/** The names of the parts in ERR_SYS003 (spec 000 section 8). */
export const PORTAL_PART = {
  carousel: 'カルーセル',
  iconMenu: 'アイコンメニュー',
  news: 'お知らせ',
  adminNotices: '管理者からのお知らせ',
  favorites: 'お気に入り',
  recentlyViewed: '最近閲覧したページ',
  sideBanners: 'サイドバナー',
  relatedLinks: '関連情報リンク',
} as const;

/** Loads one part; the key includes the ids and date so a pseudo-login or date switch reloads. */
function usePart<T>(part: string, scopeKey: string, load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  return useRemote(`${part}|${scopeKey}`, load, (error) => reportWidgetFailure(part, error));
}

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className={styles.sideTitle}>
      {children}
    </h2>
  );
}

export function PortalTopPage() {
  const session = useSession();
  const user = session.user;
  const scopeKey = [user?.userId, user?.pseudoUserId, session.systemDate, session.businessDate].join('|');

  const carousel = usePart(PORTAL_PART.carousel, scopeKey, (signal) => loadBanners('01', signal));
  const iconMenu = usePart(PORTAL_PART.iconMenu, scopeKey, loadIconMenu);
  const adminNotices = usePart(PORTAL_PART.adminNotices, scopeKey, loadAdminNotices);
  const news = usePart(PORTAL_PART.news, scopeKey, loadPortalNews);
  const favorites = usePart(PORTAL_PART.favorites, scopeKey, loadFavorites);
  const recentlyViewed = usePart(PORTAL_PART.recentlyViewed, scopeKey, loadRecentlyViewed);
  const sideBanners = usePart(PORTAL_PART.sideBanners, scopeKey, (signal) => loadBanners('02', signal));
  const relatedLinks = usePart(PORTAL_PART.relatedLinks, scopeKey, (signal) => loadBanners('03', signal));

  const showIncentive =
    hasCategoryPermission(CATEGORY.incentive, session) && session.incentiveInfo?.isIncentiveEntry === true;
  const daihyoCode = user?.pseudoDaihyoCode || user?.daihyoCode || '';
  const hasAdminNotices = adminNotices.status === 'ready' && adminNotices.data.length > 0;
  const stack = useRef<HTMLDivElement>(null);
  useFloatingReserve(stack);

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">ポータルトップ</h1>

      {/* Carousel and icon menu appear once their data has loaded. */}
      <section aria-label={PORTAL_PART.carousel} className={styles.carouselArea}>
        {carousel.status === 'ready' && <Carousel banners={carousel.data} />}
        {carousel.status === 'loading' && <div className={styles.carouselPlaceholder} aria-hidden="true" />}
        {carousel.status === 'failed' && <WidgetFailure message={carousel.message} />}
      </section>

      <section aria-label={PORTAL_PART.iconMenu} className={styles.iconMenuArea}>
        {iconMenu.status === 'ready' && <IconMenu items={iconMenu.data} />}
        {iconMenu.status === 'loading' && <LoadingRows rows={1} />}
        {iconMenu.status === 'failed' && <WidgetFailure message={iconMenu.message} />}
      </section>

      <div className={styles.columns}>
        <div className={styles.mainColumn}>
          {(hasAdminNotices || adminNotices.status === 'failed') && (
            <Widget
              title={PORTAL_PART.adminNotices}
              remote={adminNotices}
              className={styles.adminNotices}
              icon={<MegaphoneIcon />}
            >
              {(items) => <InfoList items={items} compact />}
            </Widget>
          )}

          <Widget
            title={PORTAL_PART.news}
            remote={news}
            placeholderRows={6}
            action={
              <Link to="/news" className={styles.headerLink}>
                お知らせ一覧へ
              </Link>
            }
          >
            {(items) =>
              items.length > 0 ? (
                <InfoList items={items} compact />
              ) : (
                <p className={styles.empty}>現在掲載中のお知らせはありません。</p>
              )
            }
          </Widget>

          <div className={styles.pairs}>
            <Widget title={PORTAL_PART.favorites} remote={favorites}>
              {(data) => <FavoriteList items={data.items} showCount={data.showCount} />}
            </Widget>
            <Widget title={PORTAL_PART.recentlyViewed} remote={recentlyViewed}>
              {(items) => <RecentlyViewedList items={items} />}
            </Widget>
          </div>
        </div>

        <aside className={styles.sideColumn} aria-label="バナー・関連情報">
          <section aria-label={PORTAL_PART.sideBanners}>
            {sideBanners.status === 'ready' && <SideBannerList banners={sideBanners.data} />}
            {sideBanners.status === 'loading' && <div className={styles.bannerPlaceholder} aria-hidden="true" />}
            {sideBanners.status === 'failed' && <WidgetFailure message={sideBanners.message} />}
          </section>
          <section className={styles.sideBox} aria-labelledby="related-links-title">
            <Heading id="related-links-title">{PORTAL_PART.relatedLinks}</Heading>
            {relatedLinks.status === 'ready' && <RelatedLinkList banners={relatedLinks.data} />}
            {relatedLinks.status === 'loading' && <LoadingRows rows={3} />}
            {relatedLinks.status === 'failed' && <WidgetFailure message={relatedLinks.message} />}
          </section>
        </aside>
      </div>

      <div ref={stack} className={floating.stack}>
        <BackToTop />
        {showIncentive && <IncentivePanel daihyoCode={daihyoCode} />}
      </div>

      <LoginPopups />
    </div>
  );
}

function MegaphoneIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false" className={styles.titleIcon}>
      <path d="M3 8v4h3l6 4V4L6 8H3z" fill="currentColor" />
      <path d="M14.5 7.5a3.5 3.5 0 0 1 0 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
