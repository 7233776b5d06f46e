// A bar chart of the insight screen, drawn with visx (@visx/xychart, as the incentive screen's
// charts): one or more series over labels (days, statuses, phases). The picture is for the eye;
// each chart sits beside a table of the same figures for screen readers (the chart itself is
// one labelled image), so nothing is only in the picture.
import { Axis, BarGroup, BarSeries, BarStack, Grid, XYChart } from '@visx/xychart';
import { useElementWidth } from '../../components/use-element-width';
import styles from './Insight.module.css';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
}

interface Props {
  title: string;
  labels: string[];
  series: ChartSeries[];
  /** Stacked bars (parts of one whole) instead of bars side by side. */
  stacked?: boolean;
  height?: number;
}

type Datum = { label: string; value: number };

const MARGIN = { top: 12, right: 16, bottom: 40, left: 48 };

export function InsightChart({ title, labels, series, stacked = false, height = 220 }: Props) {
  const { ref, width } = useElementWidth(480);
  const data = (s: ChartSeries): Datum[] => labels.map((label, i) => ({ label, value: s.values[i] ?? 0 }));
  const bars = series.map((s) => (
    <BarSeries
      key={s.key}
      dataKey={s.label}
      data={data(s)}
      xAccessor={(d: Datum) => d.label}
      yAccessor={(d: Datum) => d.value}
      colorAccessor={() => s.color}
    />
  ));
  // Every label when few; else about ten, so day labels do not overlap.
  const every = Math.max(1, Math.ceil(labels.length / 10));
  const summary = `${title}：${series.map((s) => s.label).join('・')}の棒グラフ（数値は隣の表）`;
  return (
    <figure className={styles.chart}>
      <ul className={styles.legend} aria-hidden="true">
        {series.map((s) => (
          <li key={s.key}>
            <span className={styles.legendMark} style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <div ref={ref} className={styles.chartArea} role="img" aria-label={summary}>
        {labels.length === 0 ? (
          <p className={styles.noData}>期間内のデータはありません。</p>
        ) : (
          <XYChart
            width={width}
            height={height}
            margin={MARGIN}
            xScale={{ type: 'band', domain: labels, paddingInner: 0.25, paddingOuter: 0.1 }}
            yScale={{ type: 'linear', nice: true, zero: true }}
          >
            <Grid columns={false} numTicks={4} lineStyle={{ stroke: '#dde2e9' }} />
            <Axis
              orientation="bottom"
              tickValues={labels.filter((_, i) => i % every === 0)}
              tickLabelProps={() => ({ fontSize: 10, fill: '#465163', textAnchor: 'middle' })}
              stroke="#a3abb7"
              tickStroke="#a3abb7"
            />
            <Axis
              orientation="left"
              numTicks={4}
              tickFormat={(v) => (Number.isInteger(Number(v)) ? Number(v).toLocaleString('ja-JP') : '')}
              tickLabelProps={() => ({ fontSize: 10, fill: '#465163', textAnchor: 'end' })}
              stroke="#a3abb7"
              tickStroke="#a3abb7"
            />
            {stacked ? <BarStack>{bars}</BarStack> : <BarGroup padding={0.08}>{bars}</BarGroup>}
          </XYChart>
        )}
      </div>
    </figure>
  );
}
