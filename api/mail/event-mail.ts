// The confirmation mails of an event application and its cancellation (Japanese, plain text).
// The event's own mail message (イベント登録 mailMessage) is added to the application mail.
const SIGNATURE = [
  '',
  '--',
  '代理店ポータル（オフィスサプライ株式会社）',
  '※本メールは送信専用です。ご返信いただいてもお答えできません。',
].join('\n');

export interface EventMailFacts {
  userName: string;
  companyName: string;
  title: string;
  /** As shown on screen: 2026.12.01（火） 14:00〜16:00 */
  when: string;
  venue: string;
  mailMessage: string;
  detailUrl: string;
}

export function eventApplicationMail(f: EventMailFacts): { subject: string; text: string } {
  return {
    subject: `【代理店ポータル】イベントお申し込み受付のお知らせ（${f.title}）`,
    text: [
      `${f.companyName}`,
      `${f.userName} 様`,
      '',
      '以下のイベントのお申し込みを受け付けました。',
      '',
      `イベント：${f.title}`,
      `開催日時：${f.when}`,
      ...(f.venue ? [`会場：${f.venue}`] : []),
      '',
      ...(f.mailMessage ? [f.mailMessage, ''] : []),
      'お申し込み内容の確認・キャンセルは、イベント詳細画面から行えます。',
      f.detailUrl,
      SIGNATURE,
    ].join('\n'),
  };
}

export function eventCancellationMail(f: EventMailFacts): { subject: string; text: string } {
  return {
    subject: `【代理店ポータル】イベントお申し込みキャンセルのお知らせ（${f.title}）`,
    text: [
      `${f.companyName}`,
      `${f.userName} 様`,
      '',
      '以下のイベントのお申し込みのキャンセルを受け付けました。',
      '',
      `イベント：${f.title}`,
      `開催日時：${f.when}`,
      '',
      '再度お申し込みいただく場合は、受付期間内にイベント詳細画面からお手続きください。',
      f.detailUrl,
      SIGNATURE,
    ].join('\n'),
  };
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

/** 'yyyy.MM.dd（曜） HH:mm' in Tokyo, with 〜HH:mm when the end is the same day (spec 002 section 1). */
export function eventDateText(start: Date, end?: Date | null): string {
  const t = new Date(start.getTime() + 9 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  let out = `${t.getUTCFullYear()}.${p(t.getUTCMonth() + 1)}.${p(t.getUTCDate())}（${WEEKDAYS[t.getUTCDay()]}） ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}`;
  if (end) {
    const e = new Date(end.getTime() + 9 * 3600_000);
    out += `〜${p(e.getUTCHours())}:${p(e.getUTCMinutes())}`;
  }
  return out;
}
