// /out-of-operation: shown outside operating hours (8:00 to 21:00).
import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage';

export function OutOfOperationPage() {
  return (
    <InfoPage
      title="サービス時間外です"
      tone="warning"
      icon="!"
      actions={
        <Link to="/portal-top" className="btn btn-secondary">
          ポータルトップへ
        </Link>
      }
    >
      <p>ただいまサービス時間外のため、ご利用いただけません。</p>
      <p>ご利用時間は 8:00〜21:00 です。恐れ入りますが、ご利用時間内に改めてアクセスしてください。</p>
    </InfoPage>
  );
}
