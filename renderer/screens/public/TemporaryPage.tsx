// /temporary: temporary maintenance notice.
import { InfoPage } from './InfoPage';

export function TemporaryPage() {
  return (
    <InfoPage title="メンテナンス中です" tone="warning" icon="!">
      <p>ただいまシステムメンテナンスのため、一時的にサービスを停止しております。</p>
      <p>ご不便をおかけして申し訳ございません。しばらく時間をおいてから再度アクセスしてください。</p>
    </InfoPage>
  );
}
