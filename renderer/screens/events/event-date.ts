// Event dates on screen (spec 002 section 1): YYYY.MM.DD plus the weekday in Japanese.
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

/** 'yyyy/MM/dd HH:mm' (or yyyy-MM-dd…) → { date: '2026.11.27（金）', time: '14:00' }; unchanged text when it is not a date. */
export function eventDateParts(value: string): { date: string; time: string } {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(value ?? '');
  if (!m) return { date: value ?? '', time: '' };
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay()];
  return { date: `${m[1]}.${m[2]}.${m[3]}（${weekday}）`, time: m[4] ?? '' };
}

/** '2026.11.27（金） 14:00〜16:00' from the start and an optional end on the same day. */
export function eventDateText(start: string, end = ''): string {
  const s = eventDateParts(start);
  const e = end ? eventDateParts(end) : null;
  let out = s.time ? `${s.date} ${s.time}` : s.date;
  if (e && e.time) out += e.date === s.date ? `〜${e.time}` : `〜${e.date} ${e.time}`;
  return out;
}
