// Placeholder of every screen that a later issue builds: no data, only the screen name.
import { Link } from 'react-router-dom';
import { useRouteHandle } from '../../app/route-handle';
import styles from './PendingPage.module.css';

export function PendingPage() {
  const handle = useRouteHandle();
  return (
    <section className={styles.panel} aria-labelledby="pending-title">
      <h1 id="pending-title" className={styles.title}>
        {handle?.screenName ?? '準備中'}
      </h1>
      <div className={styles.body}>
        <p className={styles.message}>このページは準備中です</p>
        <p className={styles.note}>公開まで今しばらくお待ちください。</p>
        <Link to="/portal-top" className="btn btn-secondary">
          ポータルトップへ戻る
        </Link>
      </div>
    </section>
  );
}
