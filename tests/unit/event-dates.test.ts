// Event dates as the screens and the mails show them (spec 002 section 1: YYYY.MM.DD plus the
// Japanese weekday), and the narrowing inputs of the event list (spec 002 section 5).
import t from 'tap';
import { eventDateParts, eventDateText } from '../../renderer/screens/events/event-date';
import { eventDateText as mailDateText } from '../../api/mail/event-mail';
import { eventPeriod, keywordTerms, tagIds } from '../../api/resources/content/narrowing';
import type { Message } from '../../schemas/messages/format';

t.test('screen format', async (t) => {
  t.same(eventDateParts('2026/11/27 14:00'), { date: '2026.11.27（金）', time: '14:00' });
  t.same(eventDateParts('2026-12-06'), { date: '2026.12.06（日）', time: '' });
  t.equal(
    eventDateText('2026/11/27 14:00', '2026/11/27 16:00'),
    '2026.11.27（金） 14:00〜16:00',
    'same day: the end time only',
  );
  t.equal(
    eventDateText('2026/12/31 18:00', '2027/01/01 01:00'),
    '2026.12.31（木） 18:00〜2027.01.01（金） 01:00',
    'over midnight: the end date too',
  );
  t.equal(eventDateText('2024/02/29 09:30'), '2024.02.29（木） 09:30', 'a leap day');
  t.same(eventDateParts('未定'), { date: '未定', time: '' }, 'not a date: unchanged');
});

t.test('mail format is the same, from an instant in Tokyo', async (t) => {
  t.equal(
    mailDateText(new Date('2026-11-27T05:00:00Z'), new Date('2026-11-27T07:00:00Z')),
    '2026.11.27（金） 14:00〜16:00',
  );
  t.equal(mailDateText(new Date('2026-11-30T15:30:00Z')), '2026.12.01（火） 00:30', 'the Tokyo day, not the UTC one');
});

t.test('narrowing inputs', async (t) => {
  const run = <T>(f: (m: Message[]) => T) => {
    const messages: Message[] = [];
    return { value: f(messages), messages };
  };
  t.same(
    run((m) => eventPeriod('2026-12-01', '', m)),
    { value: { from: '2026-12-01', to: '9999-12-31' }, messages: [] },
    'only From: To is 9999-12-31',
  );
  t.same(
    run((m) => eventPeriod('', '2026/12/01', m)),
    { value: { from: '2001-01-01', to: '2026-12-01' }, messages: [] },
    'only To: From is 2001-01-01',
  );
  t.same(run((m) => eventPeriod(undefined, undefined, m)).value, null, 'neither: no period');
  t.same(run((m) => eventPeriod('2026-12-02', '2026-12-01', m)).messages, [
    { messageId: 'ERR_0005', args: ['開催期間From', '開催期間To'] },
  ]);
  t.same(run((m) => eventPeriod('2026-02-30', '', m)).messages, [{ messageId: 'ERR_0025', args: ['開催期間From'] }]);
  t.same(
    run((m) => tagIds('3, 1,3,,2', m)),
    { value: [3, 1, 2], messages: [] },
    'distinct ids, blanks dropped',
  );
  t.same(run((m) => tagIds([4, '5'], m)).value, [4, 5], 'an array too');
  t.same(run((m) => tagIds('1,x', m)).messages, [{ messageId: 'ERR_0025', args: ['タグ'] }]);
  t.match(run((m) => keywordTerms('研', m)).messages, [{ messageId: 'ERR_0028', args: ['キーワード', '2'] }]);
  t.same(
    run((m) => keywordTerms('   ', m)),
    { value: [], messages: [] },
    'spaces only: no keyword',
  );
  t.same(run((m) => keywordTerms('説明会 東京', m)).value.length, 2, 'terms split at spaces');
  t.same(
    run((m) => keywordTerms('a<b>', m)).value,
    run((m) => keywordTerms('a＜b＞', m)).value,
    'search characters become full-width',
  );
});
