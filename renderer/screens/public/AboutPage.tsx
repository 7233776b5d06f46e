// /about: what the portal is.
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, SUPPLIER_NAME } from '../../app/layout/brand';
import { InfoPage } from './InfoPage';
import styles from './InfoPage.module.css';

export function AboutPage() {
  return (
    <InfoPage
      title={`${PRODUCT_NAME}について`}
      wide
      actions={
        <Link to="/login" className="btn btn-primary">
          ログイン画面へ
        </Link>
      }
    >
      <p className={styles.left}>
        {PRODUCT_NAME}は、{SUPPLIER_NAME}
        の販売代理店さま専用の情報サイトです。お知らせ、FAQ、申請フォーム、提案書、マニュアル、スキルアップ動画、イベントなどの情報をまとめてご覧いただけます。
      </p>
      <p className={styles.left}>ご利用には、代理店さまごとに発行されたログインIDとパスワードが必要です。</p>
      <dl>
        <dt>ご利用時間</dt>
        <dd>8:00〜21:00（21:00〜翌8:00はご利用いただけません）</dd>
        <dt>お問い合わせ</dt>
        <dd>ご不明な点は担当営業へお問い合わせください。</dd>
      </dl>
    </InfoPage>
  );
}
