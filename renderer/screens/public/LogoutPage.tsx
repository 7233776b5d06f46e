// /logout: where logout lands.
import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage';

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
      <p>ご利用ありがとうございました。</p>
    </InfoPage>
  );
}
