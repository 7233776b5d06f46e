// The mail a new agent user gets: the login id and a link to set the first password. The link
// is a password-reset link (api/resources/password-reset), valid longer than a reset's 30 minutes.
const SIGNATURE = [
  '',
  '--',
  '代理店ポータル（オフィスサプライ株式会社）',
  '※本メールは送信専用です。ご返信いただいてもお答えできません。',
].join('\n');

export function accountSetupMail(
  userName: string,
  loginId: string,
  link: string,
  validHours: number,
): { subject: string; text: string } {
  return {
    subject: '【代理店ポータル】アカウント登録のお知らせ',
    text: [
      `${userName} 様`,
      '',
      '代理店ポータルのアカウントが登録されました。',
      `下記のURLから${validHours}時間以内にパスワードを設定してください。`,
      '',
      `ログインID：${loginId}`,
      link,
      '',
      'URLは1回のみ有効です。期限が過ぎた場合は、ログイン画面からパスワードの再設定を行ってください。',
      'お心当たりのない場合は、このメールを破棄し、担当営業までご連絡ください。',
      SIGNATURE,
    ].join('\n'),
  };
}
