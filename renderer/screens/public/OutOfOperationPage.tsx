// /out-of-operation: shown outside operating hours. It says the hours and when the portal opens
// next (from /api/System/checkOperationTime), so a newcomer who signs in at night is not sent
// round the login page without knowing why (the login page says it too); once the portal is
// open again the button leads on to the portal top.
import { Link } from 'react-router-dom';
import { hoursText, opensAtText, useOperatingHours } from '../../app/operating-hours';
import { InfoPage } from './InfoPage';

export function OutOfOperationPage() {
  const info = useOperatingHours();
  const hours = info && info.hours && info.hours !== 'always' ? hoursText(info.hours) : '8:00〜21:00';
  return (
    <InfoPage
      title="サービス時間外です"
      tone="warning"
      icon="!"
      actions={
        // Open again: on to the portal. Still closed: the login page, which says the same.
        info?.open ? (
          <Link to="/portal-top" className="btn btn-primary">
            ポータルトップへ
          </Link>
        ) : (
          <Link to="/login" className="btn btn-secondary">
            ログイン画面へ
          </Link>
        )
      }
    >
      <p>ただいまサービス時間外のため、ご利用いただけません。</p>
      <p>ご利用時間は {hours}（日本時間）です。</p>
      {info?.opensAt && (
        <p data-testid="opens-at">
          次回は <strong>{opensAtText(info.opensAt)}</strong> からご利用いただけます。
        </p>
      )}
      {info?.open && <p>現在はご利用時間内です。ポータルトップへお進みください。</p>}
    </InfoPage>
  );
}
