// Pure parts of the incentive screen: the multi-column CSV reader of the import, the row checks,
// the figures of a year (report month, like-for-like totals, ratios) and the screen's formats.
import t from 'tap';
import {
  commendationPart,
  fiscalYearOf,
  formatPercent,
  rewardPart,
  type MonthFigure,
} from '../../api/resources/incentive/figures';
import { floatingFigures } from '../../api/resources/incentive/summary';
import { parseCsvRecords } from '../../schemas/rules/csv-records';
import { checkFigureFile } from '../../schemas/rules/incentive-import';
import { formatYen, isNegativeFigure, tickLabel } from '../../renderer/screens/incentive/format';
import { nth } from '../helpers/indexing';

t.test('CSV records: quotes, commas and line breaks inside quotes, blank lines, BOM', async (t) => {
  const text = '\uFEFFa,b,c\r\n"x,1","say ""hi""", z \r\n\r\n"two\nlines",2,3\n';
  t.same(parseCsvRecords(text), [
    { line: 1, cells: ['a', 'b', 'c'] },
    { line: 2, cells: ['x,1', 'say "hi"', 'z'] },
    { line: 4, cells: ['two\nlines', '2', '3'] },
  ]);
  t.same(parseCsvRecords(''), []);
});

t.test('figure rows: checks and the values they give', async (t) => {
  const known = { daihyoCodes: new Set(['A0000001']), targetSystems: new Set(['01']) };
  const header = '代表コード,対象システム,年,月,売上実績,目標,稼働ID数';
  const ok = checkFigureFile(`${header}\nA0000001,01,2026,3,"-1,200",5000000,12\nA0000001,01,2026,4,,4000000,`, known);
  t.same(ok.messages, []);
  t.same(
    ok.rows.map((r) => [r.line, r.sales, r.target, r.activeIds]),
    [
      [2, -1200, 5000000, 12],
      [3, null, 4000000, 0],
    ],
  );
  const bad = checkFigureFile(
    `${header}\nA0000001,01,1999,3,1,,1\nA0000001,01,2026,3,1.5,,1\nA0000001,01,2026,3,1,,x`,
    known,
  );
  t.same(bad.messages, [
    { messageId: 'ERR_0015', args: ['2', '年'] },
    { messageId: 'ERR_0013', args: ['3', '売上実績'] },
    { messageId: 'ERR_0013', args: ['4', '稼働ID数'] },
  ]);
  t.same(bad.rows, [], 'no rows when any row is wrong');
  t.equal(
    checkFigureFile(`${header}\n${Array.from({ length: 30 }, () => 'A0000009,01,2026,1,1,,1').join('\n')}`, known)
      .messages.length,
    20,
    'messages capped like the code lists',
  );
});

t.test('a year of figures: report month, totals over reported months, ratios', async (t) => {
  const figures: MonthFigure[] = [];
  for (let m = 1; m <= 12; m++) figures.push({ year: 2025, month: m, sales: 100, target: null, activeIds: 10 });
  for (let m = 1; m <= 3; m++)
    figures.push({ year: 2026, month: m, sales: m === 2 ? 80 : 120, target: 110, activeIds: 11 });
  figures.push({ year: 2026, month: 4, sales: null, target: 110, activeIds: 0 });
  figures.push({ year: 2026, month: 5, sales: 999, target: 110, activeIds: 50 }); // after the target date
  const r = rewardPart(figures, 2026, { year: 2026, month: 4 });
  t.equal(r.shoreiList.length, 7, 'seven rows');
  const row = (i: number) => nth(r.shoreiList, i);
  const [sales, last, inc, ratio, target, diff, rate] = [row(0), row(1), row(2), row(3), row(4), row(5), row(6)];
  t.equal(sales.hokokuMonth, 3, 'the latest month with sales, not after the target date');
  t.same([sales.month01, sales.month02, sales.month04, sales.month05], ['120', '80', '', '']);
  t.equal(sales.togetsuRuikei, '320');
  t.equal(last.yearTotal, '1,200');
  t.equal(last.togetsuRuikei, '300', 'last year like for like');
  t.equal(inc.month02, '-20');
  t.equal(ratio.togetsuRuikei, '106.7%');
  t.equal(ratio.month02, '80.0%');
  t.equal(target.month04, '110', 'a planned target shows ahead');
  t.equal(diff.togetsuRuikei, '-10');
  t.equal(rate.togetsuRuikei, '97.0%');
  t.equal(r.shoreiRuikeiZokagaku, 20);
  t.equal(r.shoreiShinchokuJokyo, -10);
  t.same(
    r.shoreiKamikiUriageChart.ruikeiDataList.map((p) => p.value),
    [120, 200, 320, null, null, null],
  );
  t.equal(formatPercent(1, 0), '', 'no ratio over zero');

  t.equal(fiscalYearOf(2026, 7), 2025);
  t.equal(fiscalYearOf(2026, 8), 2026);
  const c = commendationPart(figures, 2025, { year: 2026, month: 4 });
  t.same(
    c.hyoshoUriageChart.tonenDataList.map((p) => p.month),
    [8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7],
  );
  t.equal(nth(c.hyoshoList, 0).togetsuRuikei, '820', 'August 2025 to the report month');
  t.equal(
    c.hyoshoRuikeiKadoId,
    53,
    'IDs: 10 more than none for Aug–Dec (no figures a year before), 1 more for Jan–Mar',
  );
  const floating = floatingFigures(
    new Map([
      ['01', figures],
      ['02', figures],
    ]),
    2026,
    3,
  );
  t.equal(floating.shoreiRuikeiZokagaku, 40, 'the panel adds the target systems up');
});

t.test('screen formats', async (t) => {
  for (const s of ['-1', '-1,234', '-1,234,567.5', '-12.5%', '-0.3%']) t.ok(isNegativeFigure(s), s);
  for (const s of ['1,234', '', '-', '-abc', '12.5%', '−1']) t.notOk(isNegativeFigure(s), `not ${s}`);
  t.equal(formatYen(-1234567), '-¥1,234,567');
  t.equal(formatYen(0), '¥0');
  t.equal(formatYen('abc'), '¥0', '0 yen for a non-number');
  t.equal(formatYen(undefined), '¥0');
  t.equal(tickLabel(12000000).length, 11);
  t.equal(tickLabel(0, 'right'), `0${'\u00a0'.repeat(10)}`);
});
