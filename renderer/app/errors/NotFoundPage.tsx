// Unknown paths, inside the authenticated layout.
import { Link } from 'react-router-dom';
import styles from './ErrorScreen.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.panel} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className={styles.title}>
        ページが見つかりません
      </h1>
      <div className={styles.body}>
        <div>
          <p className={styles.message}>お探しのページは見つかりませんでした</p>
          <p className={styles.note}>URLが正しいかご確認ください。ページが移動または削除された可能性があります。</p>
        </div>
        <Link to="/portal-top" className="btn btn-secondary">
          ポータルトップへ戻る
        </Link>
      </div>
    </section>
  );
}
