// Rule kinds about dates: date, dateOrder (2001-01-01 / 9999-12-31 fallbacks), notPast, afterServerDate.
import t from 'tap';
import { validateForm, type Rule } from '../../schemas/rules/engine';
import { parseDateTime } from '../../schemas/rules/kinds-date';

const run = (rules: Rule[], record: unknown, ctx = {}) => validateForm({ rules }, record, ctx);
const err = (field: string, messageId: string, ...args: string[]) => ({ field, messageId, args });

t.test('date: a real calendar date, at most 9999-12-31', async (t) => {
  const rules: Rule[] = [{ rule: 'date', field: 'd', message: 'ERR_0020', args: ['反映日'] }];
  for (const ok of ['2026-04-01', '2026/04/01', '2024-02-29', '9999-12-31', '2001-01-01', ''])
    t.same(run(rules, { d: ok }), [], ok);
  for (const bad of [
    '2025-02-29',
    '2026-13-01',
    '2026-04-31',
    '2026-4-1',
    '2026/04-01',
    '10000-01-01',
    '２０２６-04-01',
    'tomorrow',
    '2026-04-01T10:00',
  ]) {
    t.same(run(rules, { d: bad }), [err('d', 'ERR_0020', '反映日')], bad);
  }
});

t.test('date with time: yyyy-MM-ddTHH:mm, at most 9999-12-31T23:59', async (t) => {
  const rules: Rule[] = [{ rule: 'date', field: 'd', time: true, message: 'ERR_0020', args: ['開催日時'] }];
  for (const ok of [
    '2026-04-01T10:00',
    '2026-04-01 10:00',
    '2026/04/01T23:59',
    '9999-12-31T23:59',
    '2026-04-01T10:00:59',
  ])
    t.same(run(rules, { d: ok }), [], ok);
  for (const bad of ['2026-04-01', '2026-04-01T24:00', '2026-04-01T10:60', '2026-02-30T10:00'])
    t.same(run(rules, { d: bad }).length, 1, bad);
  t.equal(parseDateTime('2026/04/01 09:05'), '2026-04-01T09:05');
});

t.test('dateOrder: from not after to', async (t) => {
  const rules: Rule[] = [
    { rule: 'dateOrder', from: 'start', to: 'end', message: 'ERR_0005', args: ['掲載期間From', '掲載期間To'] },
  ];
  const e = [err('start', 'ERR_0005', '掲載期間From', '掲載期間To')];
  t.same(run(rules, { start: '2026-04-01', end: '2026-04-30' }), []);
  t.same(run(rules, { start: '2026-04-01', end: '2026-04-01' }), [], 'the same day is allowed');
  t.same(run(rules, { start: '2026-04-02', end: '2026-04-01' }), e);
  t.same(run(rules, { start: '2026/04/02', end: '2026-04-01' }), e, 'mixed separators');
  t.same(run(rules, { start: 'x', end: '2026-04-01' }), [], 'not a date: the date rule reports it');
  t.same(
    run([{ ...rules[0], allowEqual: false } as Rule], { start: '2026-04-01', end: '2026-04-01' }),
    e,
    'allowEqual false',
  );
  t.same(
    run([{ ...rules[0], reportOn: 'to' } as Rule], { start: '2026-04-02', end: '2026-04-01' }),
    [err('end', 'ERR_0005', '掲載期間From', '掲載期間To')],
    'reportOn to',
  );
});

t.test('dateOrder fallbacks: empty from is 2001-01-01, empty to is 9999-12-31', async (t) => {
  const rules: Rule[] = [{ rule: 'dateOrder', from: 'start', to: 'end', message: 'ERR_0005', args: ['From', 'To'] }];
  t.same(run(rules, { start: '', end: '' }), [], 'both empty');
  t.same(run(rules, { start: '', end: '2001-01-01' }), [], 'to on the fallback from');
  t.same(run(rules, { start: '', end: '2000-12-31' }).length, 1, 'to before 2001-01-01 with an empty from');
  t.same(run(rules, { start: '9999-12-31', end: '' }), [], 'from on the fallback to');
  t.same(run(rules, { start: '2026-04-01' }), [], 'missing to');
  const strict: Rule[] = [{ ...rules[0], fallback: false } as Rule];
  t.same(run(strict, { start: '', end: '2000-12-31' }), [], 'no fallback: needs both');
  t.same(run(strict, { start: '2026-05-01', end: '2026-04-01' }).length, 1);
});

t.test('dateOrder with date-times and fallbacks T00:00 / T23:59', async (t) => {
  const rules: Rule[] = [
    { rule: 'dateOrder', from: 'a', to: 'b', message: 'ERR_0005', args: ['開催日時', '申込締切日時'] },
  ];
  t.same(run(rules, { a: '2026-04-01T10:00', b: '2026-04-01T10:00' }), []);
  t.same(run(rules, { a: '2026-04-01T10:01', b: '2026-04-01T10:00' }).length, 1);
  t.same(run(rules, { a: '2026-04-01T10:00', b: '2026-04-01' }), [], 'a date-only to covers the whole day');
  t.same(run(rules, { a: '2026-04-02T00:00', b: '2026-04-01' }).length, 1);
  t.same(run(rules, { a: '', b: '2001-01-01T00:00' }), []);
  t.same(run(rules, { a: '9999-12-31T23:59', b: '' }), []);
});

t.test('dateOrder in list rows (ERR_0034 style)', async (t) => {
  const rules: Rule[] = [
    { rule: 'dateOrder', from: 'rows[].from', to: 'rows[].to', fallback: false, message: 'ERR_0034' },
  ];
  t.same(
    run(rules, {
      rows: [
        { from: '2026-01-01', to: '2026-02-01' },
        { from: '2026-03-01', to: '2026-02-01' },
      ],
    }),
    [err('rows.1.from', 'ERR_0034')],
  );
});

t.test('notPast (ERR_0039) and afterServerDate (ERR_0035) against the server date', async (t) => {
  const ctx = { serverDate: '2026-11-20' };
  const notPast: Rule[] = [{ rule: 'notPast', field: 'd', message: 'ERR_0039', args: ['反映日'] }];
  t.same(run(notPast, { d: '2026-11-20' }, ctx), [], 'today is not past');
  t.same(run(notPast, { d: '2026-11-19' }, ctx), [err('d', 'ERR_0039', '反映日')]);
  t.same(run(notPast, { d: '2026-11-19T23:59' }, ctx).length, 1, 'date part of a date-time');
  t.same(run(notPast, { d: '' }, ctx), [], 'empty');
  t.same(run(notPast, { d: '2026-11-19' }, {}), [], 'no server date: nothing to compare with');
  const after: Rule[] = [{ rule: 'afterServerDate', field: 'kaisaiDate', message: 'ERR_0035' }];
  t.same(
    run(after, { kaisaiDate: '2026-11-20T18:00' }, ctx),
    [err('kaisaiDate', 'ERR_0035')],
    'today is not after today',
  );
  t.same(run(after, { kaisaiDate: '2026-11-21T09:00' }, ctx), [], 'tomorrow');
  t.same(run(after, { kaisaiDate: '2026/11/21' }, { serverDate: '2026/11/20' }), [], 'slash dates');
});
