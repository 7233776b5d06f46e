// A figures table of the incentive screen: grouped rows, one column per month in the scheme's
// order, the totals; the report month highlighted, negative figures in the negative style.
import type { MonthKey } from '../../../schemas/wire/incentive';
import type { TableRow } from './calls';
import { isNegativeFigure } from './format';
import styles from './Incentive.module.css';

type Total = 'kamikiTotal' | 'shimokiTotal' | 'togetsuRuikei' | 'yearTotal';

const TOTAL_LABELS: Record<Total, string> = {
  kamikiTotal: '上期計',
  shimokiTotal: '下期計',
  togetsuRuikei: '当月累計',
  yearTotal: '年間計',
};

interface Props {
  caption: string;
  rows: TableRow[];
  months: readonly number[];
  totals: readonly Total[];
  /** Which table (for tests and the screen reader's name). */
  name: string;
}

const monthKey = (m: number) => `month${String(m).padStart(2, '0')}` as MonthKey;

function Cell({ value, current }: { value: string; current?: boolean }) {
  const negative = isNegativeFigure(value);
  const className = [styles.num, negative ? styles.negative : '', current ? styles.current : '']
    .filter(Boolean)
    .join(' ');
  return (
    <td className={className} data-negative={negative ? 'true' : undefined} data-current={current ? 'true' : undefined}>
      {value}
    </td>
  );
}

export function FigureTable({ caption, rows, months, totals, name }: Props) {
  // The highlighted month is the report month of the first row (spec 002 section 2.1).
  const current = rows[0]?.hokokuMonth ?? 0;
  const groupSize = (no: number) => rows.filter((r) => r.groupNo === no).length;
  return (
    // A phone scrolls the table inside this box (docs/phones.md): keyboard users reach it too.
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={`${name}（表）`}>
      <table className={styles.table} aria-label={name}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" colSpan={2} className={styles.corner}>
              項目
            </th>
            {months.map((m) => (
              <th
                key={m}
                scope="col"
                className={m === current ? styles.current : undefined}
                data-current={m === current ? 'true' : undefined}
              >
                {m}月
              </th>
            ))}
            {totals.map((k) => (
              <th key={k} scope="col" className={styles.totalHead}>
                {TOTAL_LABELS[k]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const firstOfGroup = rows[i - 1]?.groupNo !== r.groupNo;
            return (
              <tr key={`${r.groupNo}-${r.rowTitle}`} className={firstOfGroup ? styles.groupStart : undefined}>
                {firstOfGroup && (
                  <th scope="rowgroup" rowSpan={groupSize(r.groupNo)} className={styles.groupTitle}>
                    {r.groupTitle}
                  </th>
                )}
                <th scope="row" className={styles.rowTitle}>
                  {r.rowTitle}
                </th>
                {months.map((m) => (
                  <Cell key={m} value={r[monthKey(m)] ?? ''} current={m === current} />
                ))}
                {totals.map((k) => (
                  <Cell key={k} value={r[k]} />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
