// The texts of the portal's mails (Japanese, plain text).
const SIGNATURE = [
  '',
  '--',
  '代理店ポータル（オフィスサプライ株式会社）',
  '※本メールは送信専用です。ご返信いただいてもお答えできません。',
].join('\n');

export function oneTimeCodeMail(userName: string, code: string): { subject: string; text: string } {
  return {
    subject: '【代理店ポータル】セキュリティコードのお知らせ',
    text: [
      `${userName} 様`,
      '',
      '代理店ポータルへのログインに必要なセキュリティコードをお知らせします。',
      '',
      `セキュリティコード：${code}`,
      '',
      'このコードの有効期限は10分です。ログイン画面に戻り、コードを入力してください。',
      'お心当たりのない場合は、このメールを破棄し、担当営業までご連絡ください。',
      SIGNATURE,
    ].join('\n'),
  };
}

export function passwordResetMail(userName: string, loginId: string, link: string): { subject: string; text: string } {
  return {
    subject: '【代理店ポータル】パスワード再設定のご案内',
    text: [
      `${userName} 様`,
      '',
      'パスワード再設定のお申し込みを受け付けました。',
      '下記のURLから30分以内に新しいパスワードを設定してください。',
      '',
      `ログインID：${loginId}`,
      link,
      '',
      'URLは1回のみ有効です。お心当たりのない場合は、このメールを破棄してください。',
      SIGNATURE,
    ].join('\n'),
  };
}

/** The click mailer of a content registration (spec 001 section 7, sendClickMailer): a new or updated content to read. */
export function contentNoticeMail(
  userName: string,
  categoryName: string,
  title: string,
  link: string,
): { subject: string; text: string } {
  return {
    subject: `【代理店ポータル】${categoryName}：${title}`,
    text: [
      `${userName} 様`,
      '',
      `代理店ポータルに${categoryName}が掲載されました。`,
      '',
      `タイトル：${title}`,
      '',
      '下記のリンクからログインしてご確認ください。',
      link,
      SIGNATURE,
    ].join('\n'),
  };
}
