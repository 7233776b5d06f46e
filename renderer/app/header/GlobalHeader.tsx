// The global header of every authenticated screen (spec 000 section 2 "Global header").
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { formatMessage } from '../../../schemas/messages/format';
import { apiPost } from '../../api/client';
import { confirmMessage } from '../dialog';
import { formatDate } from '../format';
import { ProductMark } from '../layout/ProductMark';
import { clearSession, isPseudoLogin, useSession } from '../session';
import { Badge } from './Badge';
import { GlobalNav } from './GlobalNav';
import { HeaderSearch } from './HeaderSearch';
import { useNotificationBadges } from './use-notification-badges';
import { useFreshGlobalNav } from './use-fresh-global-nav';
import { buildNavTree } from './nav-tree';
import styles from './Header.module.css';

/**
 * Where 管理者マニュアル leads when the session does not carry ADMIN_MANUAL_URL (a session from
 * before it was served): the same default as the server's (api/config.ts).
 */
export const DEFAULT_ADMIN_MANUAL_URL = `/with-ag/site-serch?keyWord=${encodeURIComponent('管理者向け')}&categoryId=5`;

interface Props {
  /** The route is an administrator screen: the header shows 管理者モード. */
  adminMode: boolean;
}

export function GlobalHeader({ adminMode }: Props) {
  const session = useSession();
  const navigate = useNavigate();
  const user = session.user;
  const counts = useNotificationBadges(user !== null);
  useFreshGlobalNav(user !== null);
  const headerRef = useRef<HTMLElement>(null);
  const [scrolledPast, setScrolledPast] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  // Phone width (docs/phones.md): the search, the account and the navigation fold behind メニュー.
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const navBadgeTotal = useMemo(() => {
    const tree = buildNavTree(session.globalNav, counts);
    return [...tree.visible, ...tree.overflow].reduce((sum, n) => sum + n.badge, 0);
  }, [session.globalNav, counts]);

  // Any navigation folds the menu again.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => entry && setScrolledPast(!entry.isIntersecting), {
      threshold: 0,
    });
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  const logout = async () => {
    if (loggingOut) return;
    if (!(await confirmMessage(formatMessage('CNF_0006')))) return;
    setLoggingOut(true);
    try {
      await apiPost<unknown>('/api/Auth/logout', {}, { redirectOutOfOperation: false });
    } catch {
      // The session is cleared in the browser even if the server did not answer.
    }
    clearSession();
    setLoggingOut(false);
    void navigate('/logout', { replace: true });
  };

  const isAdmin = Boolean(user?.isAdmin);
  const pseudo = isPseudoLogin(session);

  return (
    <>
      {isAdmin && session.businessDate && (
        <div className={styles.businessDateBar} role="status">
          業務日付切替中：{formatDate(session.businessDate)}
        </div>
      )}
      <header
        ref={headerRef}
        className={`${styles.header} ${adminMode ? styles.adminHeader : ''} ${menuOpen ? styles.menuOpen : ''}`}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuOpen) {
            setMenuOpen(false);
            menuButtonRef.current?.focus();
          }
        }}
      >
        <div className={styles.topRow}>
          <div className={styles.inner}>
            <Link to="/portal-top" className={styles.logoLink} aria-label="代理店ポータル ポータルトップへ">
              <ProductMark />
            </Link>
            {/* Shown at phone width only (CSS); on a desktop the header is laid out in full. */}
            <button
              ref={menuButtonRef}
              type="button"
              className={styles.menuButton}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <svg viewBox="0 0 20 16" width="20" height="16" aria-hidden="true" focusable="false">
                <path
                  d={menuOpen ? 'M3 1l14 14M17 1L3 15' : 'M1 2h18M1 8h18M1 14h18'}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              <span>メニュー</span>
              <Badge count={navBadgeTotal} />
            </button>
            <HeaderSearch categories={session.categoryList} />
            <div className={styles.account}>
              {user && (
                <dl className={styles.agent}>
                  <div>
                    <dt>代理店コード</dt>
                    <dd>{user.agCode}</dd>
                  </div>
                  <div>
                    <dt>代理店名</dt>
                    <dd className={styles.agentName} title={user.agName}>
                      {user.agName}
                    </dd>
                  </div>
                </dl>
              )}
              {pseudo && user && (
                <div className={styles.pseudo} role="group" aria-label="代行中の代理店">
                  <span className={styles.pseudoTag}>代行中</span>
                  <dl className={styles.agent}>
                    <div>
                      <dt>代理店コード</dt>
                      <dd>{user.pseudoAgCode}</dd>
                    </div>
                    <div>
                      <dt>代理店名</dt>
                      <dd className={styles.agentName} title={user.pseudoAgName}>
                        {user.pseudoAgName}
                      </dd>
                    </div>
                    <div>
                      <dt>登録番号</dt>
                      <dd>{user.pseudoInvoiceNo || '－'}</dd>
                    </div>
                  </dl>
                </div>
              )}
              <button
                type="button"
                className={`btn btn-secondary ${styles.logout}`}
                onClick={() => void logout()}
                disabled={loggingOut}
              >
                ログアウト
              </button>
            </div>
          </div>
        </div>
        <div className={styles.navRow}>
          <div className={styles.inner}>
            <GlobalNav items={session.globalNav} counts={counts} label="グローバルナビゲーション" />
            {isAdmin && (
              <ul className={styles.adminLinks}>
                <li>
                  <a
                    href={session.adminManualUrl || DEFAULT_ADMIN_MANUAL_URL}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={styles.adminLink}
                  >
                    管理者マニュアル
                    <span className="visually-hidden">（新しいタブで開きます）</span>
                  </a>
                </li>
                <li>
                  <Link to="/kanrisya-top" className={`${styles.adminLink} ${styles.adminTop}`}>
                    管理者TOP
                  </Link>
                </li>
              </ul>
            )}
          </div>
        </div>
        {adminMode && (
          <div className={styles.adminBand}>
            <div className={styles.inner}>
              <span className={styles.adminBandLabel}>管理者モード</span>
              <span className={styles.adminBandText}>管理者用の画面を表示しています</span>
            </div>
          </div>
        )}
      </header>
      {scrolledPast && (
        <div className={`${styles.compact} ${adminMode ? styles.compactAdmin : ''}`}>
          <div className={styles.inner}>
            <Link
              to="/portal-top"
              className={styles.logoLink}
              aria-label="代理店ポータル ポータルトップへ（固定ヘッダー）"
            >
              <ProductMark tone="light" />
            </Link>
            <GlobalNav items={session.globalNav} counts={counts} label="グローバルナビゲーション（固定ヘッダー）" />
            <HeaderSearch categories={session.categoryList} compact />
            {/* The same account as the full header: who is signed in (or acted for), and logout. */}
            <div className={styles.compactAccount}>
              {user && (
                <dl className={styles.compactAgent}>
                  <dt className="visually-hidden">代理店コード</dt>
                  <dd>{pseudo ? user.pseudoAgCode : user.agCode}</dd>
                  <dt className="visually-hidden">代理店名</dt>
                  <dd className={styles.agentName} title={pseudo ? user.pseudoAgName : user.agName}>
                    {pseudo && <span className={styles.compactPseudo}>代行中 </span>}
                    {pseudo ? user.pseudoAgName : user.agName}
                  </dd>
                </dl>
              )}
              <button
                type="button"
                className={`btn btn-secondary ${styles.logout}`}
                onClick={() => void logout()}
                disabled={loggingOut}
              >
                ログアウト
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
