// /incentive and /with-incentive: public, not built yet (spec 002 section 2.1).
import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage';

export function IncentivePendingPage() {
  return (
    <InfoPage
      title="インセンティブ"
      actions={
        <Link to="/portal-top" className="btn btn-secondary">
          ポータルトップへ
        </Link>
      }
    >
      <p>このページは準備中です。</p>
    </InfoPage>
  );
}
