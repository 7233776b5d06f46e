// The incentive screen's figures (spec 002 sections 2.1 and 3), computed from the monthly
// figures of one representative code and target system. Pure: no database, no clock.
//
// Reward (奨励金) runs by calendar year Jan–Dec; commendation (表彰) by fiscal year Aug–Jul.
// The report month is the latest month of the year with figures, never after the target date.
// "Increase" compares with the same month a year earlier; cumulative figures (this-month
// cumulative, the summary rows, the floating panel) run from the first month of the year through
// the report month, like for like. Table cells are strings formatted here (thousands separators,
// a leading minus, one decimal and % for ratios) so the file download and the screen agree.

export interface MonthFigure {
  year: number;
  month: number;
  /** Yen; null for a month that has its target only (not reported yet). */
  sales: number | null;
  /** Yen; null where no target was set. */
  target: number | null;
  activeIds: number;
}

/** jissekiType: how a row's figures read (the screen and the file format by it). */
export const JissekiType = { yen: '1', percent: '2', count: '3' } as const;

export interface TableRow {
  groupNo: number;
  groupTitle: string;
  rowTitle: string;
  jissekiType: string;
  hokokuMonth: number;
  month01: string;
  month02: string;
  month03: string;
  month04: string;
  month05: string;
  month06: string;
  month07: string;
  month08: string;
  month09: string;
  month10: string;
  month11: string;
  month12: string;
  kamikiTotal: string;
  shimokiTotal: string;
  togetsuRuikei: string;
  yearTotal: string;
}

export interface ChartPoint {
  month: number;
  value: number | null;
}

export interface RewardChart {
  tonenDataList: ChartPoint[];
  zennenDataList: ChartPoint[];
  mokuhyoDataList: ChartPoint[];
  ruikeiDataList: ChartPoint[];
}

export interface CommendationChart {
  tonenDataList: ChartPoint[];
  zennenDataList: ChartPoint[];
  ruikeiDataList: ChartPoint[];
}

export interface RewardPart {
  shoreiRuikeiZokagaku: number;
  shoreiShinchokuJokyo: number;
  shoreiList: TableRow[];
  shoreiKamikiUriageChart: RewardChart;
  shoreiShimokiUriageChart: RewardChart;
}

export interface CommendationPart {
  hyoshoRuikeiZokagaku: number;
  hyoshoRuikeiKadoId: number;
  hyoshoList: TableRow[];
  hyoshoUriageChart: CommendationChart;
  hyoshoKadoIdChart: CommendationChart;
}

/** Calendar months of the commendation's fiscal year, in order. */
export const FISCAL_MONTHS = [8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7] as const;
export const FISCAL_START_MONTH = 8;

/** The year whose August starts the fiscal year that holds (year, month). */
export function fiscalYearOf(year: number, month: number): number {
  return month >= FISCAL_START_MONTH ? year : year - 1;
}

const grouping = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

/** "1,234,567", "-1,234"; '' for no value. */
export function formatAmount(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  return value < 0 ? `-${grouping.format(Math.abs(value))}` : grouping.format(value);
}

/** "103.2%", "-4.5%"; '' when the base is zero or missing. */
export function formatPercent(numerator: number | null, denominator: number | null): string {
  if (numerator === null || denominator === null || denominator === 0) return '';
  const p = Math.round((numerator / denominator) * 1000) / 10;
  return `${p < 0 ? '-' : ''}${Math.abs(p).toFixed(1)}%`;
}

type Slot = { year: number; month: number };
type Lookup = (year: number, month: number) => MonthFigure | undefined;

function lookupOf(figures: readonly MonthFigure[]): Lookup {
  const map = new Map(figures.map((f) => [f.year * 100 + f.month, f]));
  return (year, month) => map.get(year * 100 + month);
}

const sum = (values: Array<number | null>) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
};

/** The slots of a year up to the report slot (inclusive), given the slots in order. */
function reportIndex(slots: readonly Slot[], find: Lookup, limit: Slot): number {
  let index = -1;
  slots.forEach((s, i) => {
    const notAfterLimit = s.year < limit.year || (s.year === limit.year && s.month <= limit.month);
    const f = find(s.year, s.month);
    if (notAfterLimit && f && f.sales !== null) index = i;
  });
  return index;
}

interface SeriesRow {
  title: string;
  type: string;
  /** One value per slot; null: none. */
  values: Array<number | null>;
  /** A ratio row: cells and totals are numerator / denominator over the same months. */
  ratio?: { of: Array<number | null>; to: Array<number | null> };
}

function monthColumns(slots: readonly Slot[], cells: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let m = 1; m <= 12; m++) out[`month${String(m).padStart(2, '0')}`] = '';
  slots.forEach((s, i) => (out[`month${String(s.month).padStart(2, '0')}`] = cells[i] ?? ''));
  return out;
}

function buildRows(
  group: { no: number; title: string },
  rows: SeriesRow[],
  slots: readonly Slot[],
  reported: number,
  halves: { first: number[]; second: number[] } | null,
  hokokuMonth: number,
): TableRow[] {
  const all = slots.map((_, i) => i);
  const upToReport = all.filter((i) => i <= reported);
  const total = (row: SeriesRow, indexes: number[]): string => {
    if (row.ratio)
      return formatPercent(
        sum(indexes.map((i) => row.ratio!.of[i] ?? null)),
        sum(indexes.map((i) => row.ratio!.to[i] ?? null)),
      );
    return formatAmount(sum(indexes.map((i) => row.values[i] ?? null)));
  };
  return rows.map((row) => {
    const cells = slots.map((_, i) =>
      row.ratio ? formatPercent(row.ratio.of[i] ?? null, row.ratio.to[i] ?? null) : formatAmount(row.values[i] ?? null),
    );
    return {
      groupNo: group.no,
      groupTitle: group.title,
      rowTitle: row.title,
      jissekiType: row.type,
      hokokuMonth,
      ...monthColumns(slots, cells),
      kamikiTotal: halves ? total(row, halves.first) : '',
      shimokiTotal: halves ? total(row, halves.second) : '',
      togetsuRuikei: reported >= 0 ? total(row, upToReport) : '',
      yearTotal: total(row, all),
    } as TableRow;
  });
}

const cumulative = (values: Array<number | null>) => {
  let run = 0;
  return values.map((v) => (v === null ? null : (run += v)));
};

const points = (slots: readonly Slot[], values: Array<number | null>): ChartPoint[] =>
  slots.map((s, i) => ({ month: s.month, value: values[i] ?? null }));

/**
 * The reward part for calendar year `year`. `limit` is the target date's month: figures after it
 * are not reported yet (a provider administrator's business date may lie in the past).
 */
export function rewardPart(figures: readonly MonthFigure[], year: number, limit: Slot): RewardPart {
  const find = lookupOf(figures);
  const slots: Slot[] = Array.from({ length: 12 }, (_, i) => ({ year, month: i + 1 }));
  const reported = reportIndex(slots, find, limit);
  const hokokuMonth = slots[reported]?.month ?? 0;
  const isReported = (i: number) => i <= reported;
  const thisYear = slots.map((s, i) => (isReported(i) ? (find(s.year, s.month)?.sales ?? null) : null));
  const lastYear = slots.map((s) => find(s.year - 1, s.month)?.sales ?? null);
  const target = slots.map((s) => find(s.year, s.month)?.target ?? null);
  const increase = thisYear.map((v, i) => (v === null ? null : v - (lastYear[i] ?? 0)));
  const targetDiff = thisYear.map((v, i) => (v === null || target[i] === null ? null : v - target[i]!));
  // Ratios compare like for like: last year's and the target's figures of reported months only.
  const lastYearReported = lastYear.map((v, i) => (thisYear[i] === null ? null : v));
  const salesWithTarget = thisYear.map((v, i) => (target[i] === null ? null : v));
  const targetReported = target.map((v, i) => (thisYear[i] === null ? null : v));

  const halves = { first: [0, 1, 2, 3, 4, 5], second: [6, 7, 8, 9, 10, 11] };
  const shoreiList = [
    ...buildRows(
      { no: 1, title: '売上実績' },
      [
        { title: '当年実績', type: JissekiType.yen, values: thisYear },
        { title: '前年実績', type: JissekiType.yen, values: lastYear },
        { title: '前年差', type: JissekiType.yen, values: increase },
        { title: '前年比', type: JissekiType.percent, values: [], ratio: { of: thisYear, to: lastYearReported } },
      ],
      slots,
      reported,
      halves,
      hokokuMonth,
    ),
    ...buildRows(
      { no: 2, title: '目標' },
      [
        { title: '目標', type: JissekiType.yen, values: target },
        { title: '目標差', type: JissekiType.yen, values: targetDiff },
        { title: '達成率', type: JissekiType.percent, values: [], ratio: { of: salesWithTarget, to: targetReported } },
      ],
      slots,
      reported,
      halves,
      hokokuMonth,
    ),
  ];

  const running = cumulative(thisYear);
  const chart = (indexes: number[]): RewardChart => {
    const s = indexes.flatMap((i) => slots[i] ?? []);
    return {
      tonenDataList: points(
        s,
        indexes.map((i) => thisYear[i] ?? null),
      ),
      zennenDataList: points(
        s,
        indexes.map((i) => lastYear[i] ?? null),
      ),
      mokuhyoDataList: points(
        s,
        indexes.map((i) => target[i] ?? null),
      ),
      ruikeiDataList: points(
        s,
        indexes.map((i) => running[i] ?? null),
      ),
    };
  };
  const upTo = slots.map((_, i) => i).filter(isReported);
  return {
    shoreiRuikeiZokagaku: sum(upTo.map((i) => increase[i] ?? null)) ?? 0,
    shoreiShinchokuJokyo: sum(upTo.map((i) => targetDiff[i] ?? null)) ?? 0,
    shoreiList,
    shoreiKamikiUriageChart: chart(halves.first),
    shoreiShimokiUriageChart: chart(halves.second),
  };
}

/** The commendation part for the fiscal year starting in August of `fiscalYear`. */
export function commendationPart(figures: readonly MonthFigure[], fiscalYear: number, limit: Slot): CommendationPart {
  const find = lookupOf(figures);
  const slots: Slot[] = FISCAL_MONTHS.map((month) => ({
    year: month >= FISCAL_START_MONTH ? fiscalYear : fiscalYear + 1,
    month,
  }));
  const reported = reportIndex(slots, find, limit);
  const hokokuMonth = slots[reported]?.month ?? 0;
  const isReported = (i: number) => i <= reported;
  const sales = slots.map((s, i) => (isReported(i) ? (find(s.year, s.month)?.sales ?? null) : null));
  const lastSales = slots.map((s) => find(s.year - 1, s.month)?.sales ?? null);
  const idsOf = (f: MonthFigure | undefined) => (f && f.sales !== null ? f.activeIds : null);
  const ids = slots.map((s, i) => (isReported(i) ? idsOf(find(s.year, s.month)) : null));
  const lastIds = slots.map((s) => idsOf(find(s.year - 1, s.month)));
  const salesIncrease = sales.map((v, i) => (v === null ? null : v - (lastSales[i] ?? 0)));
  const idIncrease = ids.map((v, i) => (v === null ? null : v - (lastIds[i] ?? 0)));

  const rows = [
    ...buildRows(
      { no: 1, title: '売上実績' },
      [
        { title: '当年実績', type: JissekiType.yen, values: sales },
        { title: '前年実績', type: JissekiType.yen, values: lastSales },
        { title: '前年差', type: JissekiType.yen, values: salesIncrease },
      ],
      slots,
      reported,
      null,
      hokokuMonth,
    ),
    ...buildRows(
      { no: 2, title: '稼働ID数' },
      [
        { title: '当年稼働ID数', type: JissekiType.count, values: ids },
        { title: '前年稼働ID数', type: JissekiType.count, values: lastIds },
        { title: '前年差', type: JissekiType.count, values: idIncrease },
      ],
      slots,
      reported,
      null,
      hokokuMonth,
    ),
  ];
  const upTo = slots.map((_, i) => i).filter(isReported);
  return {
    hyoshoRuikeiZokagaku: sum(upTo.map((i) => salesIncrease[i] ?? null)) ?? 0,
    hyoshoRuikeiKadoId: sum(upTo.map((i) => idIncrease[i] ?? null)) ?? 0,
    hyoshoList: rows,
    hyoshoUriageChart: {
      tonenDataList: points(slots, sales),
      zennenDataList: points(slots, lastSales),
      ruikeiDataList: points(slots, cumulative(sales)),
    },
    hyoshoKadoIdChart: {
      tonenDataList: points(slots, ids),
      zennenDataList: points(slots, lastIds),
      ruikeiDataList: points(slots, cumulative(ids)),
    },
  };
}
