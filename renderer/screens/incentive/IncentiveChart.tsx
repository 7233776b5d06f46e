// One bar-and-line chart of the incentive screen, drawn with visx (spec 002 section 2.1): bars
// for this year, last year and (reward) the target per month, a line for the cumulative figure
// on its own scale at the right, so monthly bars stay readable beside a running total. The two
// layers are two XYCharts of the same size and margins, one over the other. Ticks are padded
// to 11 characters (format.ts), the margins fixed, so the charts of a row line up.
import { Axis, BarGroup, BarSeries, Grid, LineSeries, XYChart } from '@visx/xychart';
import { useElementWidth } from '../../components/use-element-width';
import type { ChartPoint } from './calls';
import { tickLabel } from './format';
import styles from './Incentive.module.css';

export interface Series {
  key: string;
  label: string;
  color: string;
  points: ChartPoint[];
}

interface Props {
  title: string;
  unit: string;
  bars: Series[];
  line: Series;
}

const HEIGHT = 240;
const MARGIN = { top: 16, right: 84, bottom: 28, left: 84 };

type Datum = { label: string; value: number };

const monthLabel = (m: number) => `${m}月`;
const present = (s: Series): Datum[] =>
  s.points.filter((p) => p.value !== null).map((p) => ({ label: monthLabel(p.month), value: p.value! }));
const x = (d: Datum) => d.label;
const y = (d: Datum) => d.value;

function extent(series: Series[]): [number, number] {
  const values = series.flatMap((s) => s.points.map((p) => p.value).filter((v): v is number => v !== null));
  return [Math.min(0, ...values), Math.max(1, ...values)];
}

const tickProps = (anchor: 'end' | 'start') => () => ({
  fontSize: 11,
  fill: '#5d6878',
  textAnchor: anchor,
  style: { whiteSpace: 'pre' as const, fontFamily: 'inherit' },
});

export function IncentiveChart({ title, unit, bars, line }: Props) {
  const { ref, width } = useElementWidth(560);
  const labels = bars[0]?.points.map((p) => monthLabel(p.month)) ?? [];
  const xScale = { type: 'band' as const, domain: labels, paddingInner: 0.28, paddingOuter: 0.14 };
  const barDomain = extent(bars);
  const lineDomain = extent([line]);
  const summary = `${title}（${unit}）：${bars.map((b) => b.label).join('・')}は棒グラフ、${line.label}は折れ線グラフ`;
  return (
    <figure className={styles.chart} data-chart={title}>
      <figcaption className={styles.chartTitle}>
        {title}
        <span className={styles.chartUnit}>（{unit}）</span>
      </figcaption>
      <ul className={styles.legend}>
        {[...bars, line].map((s) => (
          <li key={s.key}>
            <span
              className={s === line ? styles.legendLine : styles.legendBar}
              style={{ background: s.color }}
              aria-hidden="true"
            />
            {s.label}
          </li>
        ))}
      </ul>
      <div ref={ref} className={styles.chartArea} role="img" aria-label={summary}>
        <div className={styles.chartLayer}>
          <XYChart
            width={width}
            height={HEIGHT}
            margin={MARGIN}
            xScale={xScale}
            yScale={{ type: 'linear', domain: barDomain, nice: true }}
          >
            <Grid columns={false} numTicks={5} lineStyle={{ stroke: '#dde2e9' }} />
            <Axis
              orientation="bottom"
              tickLabelProps={() => ({ fontSize: 11, fill: '#465163', textAnchor: 'middle' })}
              stroke="#a3abb7"
              tickStroke="#a3abb7"
            />
            <Axis
              orientation="left"
              numTicks={5}
              tickFormat={(v) => tickLabel(Number(v))}
              tickLabelProps={tickProps('end')}
              stroke="#a3abb7"
              tickStroke="#a3abb7"
            />
            <BarGroup padding={0.08}>
              {bars.map((s) => (
                <BarSeries
                  key={s.key}
                  dataKey={s.label}
                  data={present(s)}
                  xAccessor={x}
                  yAccessor={y}
                  colorAccessor={() => s.color}
                />
              ))}
            </BarGroup>
          </XYChart>
        </div>
        <div className={`${styles.chartLayer} ${styles.chartOverlay}`}>
          <XYChart
            width={width}
            height={HEIGHT}
            margin={MARGIN}
            xScale={xScale}
            yScale={{ type: 'linear', domain: lineDomain, nice: true }}
          >
            <Axis
              orientation="right"
              numTicks={5}
              tickFormat={(v) => tickLabel(Number(v), 'right')}
              tickLabelProps={tickProps('start')}
              stroke="#a3abb7"
              tickStroke="#a3abb7"
            />
            <LineSeries
              dataKey={line.label}
              data={present(line)}
              xAccessor={x}
              yAccessor={y}
              stroke={line.color}
              strokeWidth={2.5}
            />
          </XYChart>
        </div>
      </div>
    </figure>
  );
}
