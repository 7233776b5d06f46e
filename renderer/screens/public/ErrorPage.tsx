// /error-page: where unexpected errors land.
import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage';

export function ErrorPage() {
  return (
    <InfoPage
      title="エラーが発生しました"
      tone="error"
      icon="!"
      actions={
        <Link to="/portal-top" className="btn btn-primary">
          ポータルトップへ
        </Link>
      }
    >
      <p>予期しないエラーが発生しました。</p>
      <p>
        お手数ですが、もう一度はじめから操作をやり直してください。それでも解決しない場合は、担当営業またはプロバイダーへお問い合わせください。
      </p>
    </InfoPage>
  );
}
