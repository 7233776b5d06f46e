// A screen that does not open: its name, the catalogue message and a way back (the admin top from
// an administrator screen for those who may use it, else the portal top). The form and list
// pages show their own first-load failures with the same way back.
import { Link } from 'react-router-dom';
import { useRouteHandle } from '../route-handle';
import { mayUseAdminTop } from '../screen-access';
import { useSession } from '../session';
import styles from './ErrorScreen.module.css';

/** The link back from a screen that could not open. */
export function WayBack() {
  const session = useSession();
  const admin = Boolean(useRouteHandle()?.admin);
  const toAdminTop = admin && mayUseAdminTop(session);
  return (
    <Link to={toAdminTop ? '/kanrisya-top' : '/portal-top'} className="btn btn-secondary">
      {toAdminTop ? '管理者TOPへ戻る' : 'ポータルトップへ戻る'}
    </Link>
  );
}

export function RefusedScreen({ message }: { message: string }) {
  const screenName = useRouteHandle()?.screenName ?? '';
  return (
    <section className={styles.panel} aria-labelledby="refused-title">
      <h1 id="refused-title" className={styles.title}>
        {screenName}
      </h1>
      <div className={styles.body}>
        <p className={styles.message} role="alert">
          {message}
        </p>
        <WayBack />
      </div>
    </section>
  );
}
