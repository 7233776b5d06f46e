// Frame of every guarded screen: global header, the screen, footer. A preview (?isPreview=true,
// spec 002 section 2.4) shows the screen alone, without header and footer. A screen the session
// may not open, or opened without its context, is not drawn: its message and a way back are, and
// the header stays out of 管理者モード (screen-access.ts).
import { Outlet, useSearchParams } from 'react-router-dom';
import { formatMessage } from '../../../schemas/messages/format';
import { RefusedScreen } from '../errors/RefusedScreen';
import { GlobalHeader } from '../header/GlobalHeader';
import { useRouteHandle } from '../route-handle';
import { screenRefusal } from '../screen-access';
import { useSession } from '../session';
import { SiteFooter } from './SiteFooter';
import styles from './Layout.module.css';

export function AuthenticatedLayout() {
  const handle = useRouteHandle();
  const [search] = useSearchParams();
  const preview = search.get('isPreview') === 'true';
  const session = useSession();
  const refusal = screenRefusal(handle?.needs, session, search);
  const admin = Boolean(handle?.admin) && !refusal;
  return (
    // Administrator screens stay desktop-only: at phone width they keep the desktop width and pan (docs/phones.md).
    <div className={admin ? `${styles.app} ${styles.desktopOnly}` : styles.app}>
      <a href="#main" className={styles.skipLink}>
        本文へ移動
      </a>
      {!preview && <GlobalHeader adminMode={admin} />}
      <main id="main" className={styles.main} tabIndex={-1}>
        {refusal ? <RefusedScreen message={formatMessage(refusal.messageId)} /> : <Outlet />}
      </main>
      {!preview && <SiteFooter />}
    </div>
  );
}
