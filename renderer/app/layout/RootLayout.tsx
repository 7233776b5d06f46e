// Root of every route: error boundary around the screen, operation log after each route change,
// a thin progress bar while the route guard runs, scroll restoration, document title.
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { OPERATION_TYPE, sendOperationLog } from '../operation-log';
import { useRouteHandle } from '../route-handle';
import { PRODUCT_NAME } from './brand';
import styles from './Layout.module.css';

export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const handle = useRouteHandle();
  const screenName = handle?.screenName ?? '';
  const previousScreen = useRef('');
  const loggedKey = useRef<string | null>(null);

  useEffect(() => {
    if (loggedKey.current === location.key) return;
    loggedKey.current = location.key;
    const from = previousScreen.current;
    previousScreen.current = screenName;
    sendOperationLog({ operationType: OPERATION_TYPE.transition, fromScreenName: from, toScreenName: screenName });
  }, [location.key, screenName]);

  useEffect(() => {
    document.title = screenName && screenName !== PRODUCT_NAME ? `${screenName}｜${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [screenName]);

  return (
    <>
      {navigation.state !== 'idle' && <div className={styles.progress} role="progressbar" aria-label="読み込み中" />}
      <ErrorBoundary resetKey={location.pathname}>
        <Outlet />
      </ErrorBoundary>
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route guard runs. */
export function BootScreen() {
  return (
    <div className={styles.boot} role="status" aria-live="polite">
      <span className={styles.bootSpinner} aria-hidden="true" />
      <span>読み込み中…</span>
    </div>
  );
}
