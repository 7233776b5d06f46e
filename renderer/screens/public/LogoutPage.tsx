// /logout: where logout lands.
import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage';
import styles from './InfoPage.module.css';

export function LogoutPage() {
  return (
    <InfoPage
      title="ログアウトしました"
      tone="success"
      icon="✓"
      actions={
        <Link to="/login" className="btn btn-primary">
          ログイン画面へ
        </Link>
      }
    >
      <p className={styles.center}>ご利用ありがとうございました。</p>
    </InfoPage>
  );
}
