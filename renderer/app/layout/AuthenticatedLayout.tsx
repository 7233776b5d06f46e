// Frame of every guarded screen: global header, the screen, footer. A preview (?isPreview=true,
// spec 002 section 2.4) shows the screen alone, without header and footer.
import { Outlet, useSearchParams } from 'react-router-dom';
import { GlobalHeader } from '../header/GlobalHeader';
import { useRouteHandle } from '../route-handle';
import { SiteFooter } from './SiteFooter';
import styles from './Layout.module.css';

export function AuthenticatedLayout() {
  const handle = useRouteHandle();
  const [search] = useSearchParams();
  const preview = search.get('isPreview') === 'true';
  return (
    <div className={styles.app}>
      <a href="#main" className={styles.skipLink}>
        本文へ移動
      </a>
      {!preview && <GlobalHeader adminMode={Boolean(handle?.admin)} />}
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      {!preview && <SiteFooter />}
    </div>
  );
}
