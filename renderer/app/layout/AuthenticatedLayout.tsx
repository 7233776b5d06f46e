// Frame of every guarded screen: global header, the screen, footer.
import { Outlet } from 'react-router-dom';
import { GlobalHeader } from '../header/GlobalHeader';
import { useRouteHandle } from '../route-handle';
import { SiteFooter } from './SiteFooter';
import styles from './Layout.module.css';

export function AuthenticatedLayout() {
  const handle = useRouteHandle();
  return (
    <div className={styles.app}>
      <a href="#main" className={styles.skipLink}>
        本文へ移動
      </a>
      <GlobalHeader adminMode={Boolean(handle?.admin)} />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
