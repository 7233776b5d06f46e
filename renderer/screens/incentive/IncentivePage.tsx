// The incentive and commendation performance screen (spec 002 sections 2.1, 3, 4; docs/decisions.md
// section 12). /incentive (and /with-incentive) is the landing of the portal's new tab: the
// handoff values of its address are stored, removed from the address bar, then read once;
// the check display, initial data and performance calls run in that order and any failure
// leaves the error state with the catalogue message. Changing the system or the year refetches
// the reward part only, and only while nothing else runs.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatMessage } from '../../../schemas/messages/format';
import { errorMessageText, isApiError, type ErrorPolicy } from '../../api/client';
import { alertMessage } from '../../app/dialog';
import { getSession, getToken, updateSession } from '../../app/session';
import { dataTargetDate } from '../../components/data-scope';
import { saveBlob } from '../../components/download';
import {
  checkIncentiveDisplay,
  downloadJisseki,
  loadInitialData,
  loadJisseki,
  loadReward,
  storeHandoff,
  takeHandoff,
  type CommendationPart,
  type InitialData,
  type RewardPart,
  type ScreenIds,
  type Selection,
} from './calls';
import { FigureTable } from './FigureTable';
import { formatCount, formatYen, isNegativeFigure } from './format';
import { IncentiveChart } from './IncentiveChart';
import styles from './Incentive.module.css';

const SCREEN_NAME = 'インセンティブ';
const CHECK_POLICY: ErrorPolicy = { byStatus: { 401: 'ERR_USER006' }, otherStatus: 'ERR_SYS999' };
const FETCH_POLICY: ErrorPolicy = { otherStatus: 'ERR_SYS999', network: 'ERR_SYS999', setup: 'ERR_SYS999' };
const DOWNLOAD_FAILED = '実績ファイルのダウンロード';

const REWARD_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const FISCAL_MONTHS = [8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7] as const;

const COLORS = { tonen: '#2f65b0', zennen: '#a3abb7', mokuhyo: '#e0a43a', ruikei: '#c0262d', ids: '#2e7d4f' };

/** The ids of the calls: the handoff's, or (a reload of the tab) the stored session's. */
function sessionIds(): ScreenIds {
  const u = getSession().user;
  if (!u) return { userId: '', agCode: '', daihyoCode: '' };
  return u.pseudoUserId
    ? { userId: u.pseudoUserId, agCode: u.pseudoAgCode || u.agCode, daihyoCode: u.pseudoDaihyoCode || u.daihyoCode }
    : { userId: u.userId, agCode: u.agCode, daihyoCode: u.daihyoCode };
}

type Phase = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready' };

function Summary({ label, value, kind }: { label: string; value: number; kind: 'yen' | 'id' }) {
  const negative = isNegativeFigure(value);
  return (
    <div className={styles.summaryRow}>
      <dt>{label}</dt>
      <dd className={negative ? styles.negative : undefined} data-negative={negative ? 'true' : undefined}>
        {kind === 'yen' ? formatYen(value) : `${formatCount(value)} ID`}
      </dd>
    </div>
  );
}

export default function IncentivePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ state: 'loading' });
  const [init, setInit] = useState<InitialData | null>(null);
  const [selection, setSelection] = useState<Selection>({ targetSystem: '', targetYear: '0' });
  const [reward, setReward] = useState<RewardPart | null>(null);
  const [commendation, setCommendation] = useState<CommendationPart | null>(null);
  // The target system each part's figures are of: the commendation part is fetched once, for the
  // first system (spec 002 section 4); the summary labels name it (docs/incentive.md).
  const [shownSystems, setShownSystems] = useState({ reward: '', commendation: '' });
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const ids = useRef<ScreenIds>({ userId: '', agCode: '', daihyoCode: '' });
  const started = useRef(false);

  const start = useCallback(async () => {
    const handoff = takeHandoff();
    ids.current = handoff
      ? { userId: handoff.userId, agCode: handoff.agCode, daihyoCode: handoff.daihyoCode }
      : sessionIds();
    busyRef.current = true;
    try {
      const { token } = await checkIncentiveDisplay(ids.current, handoff?.token ?? '');
      if (!getToken()) updateSession({ token });
    } catch (error) {
      setPhase({ state: 'error', message: errorMessageText(error, CHECK_POLICY) });
      return;
    }
    try {
      const date = dataTargetDate();
      const initial = await loadInitialData(ids.current, date);
      const first: Selection = { targetSystem: initial.targetSystemList[0]?.value ?? '', targetYear: '0' };
      const figures = await loadJisseki(ids.current, date, first);
      setInit(initial);
      setSelection(first);
      setReward(figures);
      setCommendation(figures);
      setShownSystems({ reward: first.targetSystem, commendation: first.targetSystem });
      setPhase({ state: 'ready' });
    } catch (error) {
      setPhase({ state: 'error', message: errorMessageText(error, FETCH_POLICY) });
    } finally {
      busyRef.current = false;
    }
  }, []);

  useEffect(() => {
    if (location.search) {
      // The landing: keep the handoff values, then clean the address bar.
      storeHandoff(new URLSearchParams(location.search));
      void navigate({ pathname: location.pathname, search: '' }, { replace: true });
      return;
    }
    if (started.current) return;
    started.current = true;
    void start();
  }, [location.search, location.pathname, navigate, start]);

  async function change(next: Selection) {
    if (busyRef.current) return; // only while nothing else runs
    busyRef.current = true;
    setBusy(true);
    setSelection(next);
    try {
      setReward(await loadReward(ids.current, dataTargetDate(), next));
      setShownSystems((s) => ({ ...s, reward: next.targetSystem }));
    } catch (error) {
      setPhase({ state: 'error', message: errorMessageText(error, FETCH_POLICY) });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  async function download() {
    if (busyRef.current || !init) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const file = await downloadJisseki(ids.current, dataTargetDate(), init.jissekiFileName, SCREEN_NAME);
      saveBlob(file.blob, file.fileName);
    } catch (error) {
      // Spec 002 section 8: a failed download is ERR_SYS003 naming it.
      if (!(isApiError(error) && error.outOfOperation))
        await alertMessage(formatMessage('ERR_SYS003', [DOWNLOAD_FAILED]));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  const systemName = (value: string) => init?.targetSystemList.find((s) => s.value === value)?.text ?? '';
  const user = getSession().user;
  const agName = user?.pseudoAgName || user?.agName || '';
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <h1 className={styles.title}>インセンティブ・表彰実績</h1>
          {agName && (
            <p className={styles.agent}>
              {agName}
              {ids.current.daihyoCode && <span className={styles.code}>代表コード {ids.current.daihyoCode}</span>}
            </p>
          )}
        </div>
      </header>
      <main className={styles.main}>
        {phase.state === 'loading' && (
          <p className={styles.loading} role="status">
            読み込み中です…
          </p>
        )}
        {phase.state === 'error' && (
          <div className={styles.error} role="alert">
            {phase.message.split('\n').map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        {phase.state === 'ready' && init && reward && commendation && (
          <>
            <section className={styles.controls} aria-label="表示条件">
              <label className={styles.control}>
                <span>対象システム</span>
                <select
                  className="input"
                  value={selection.targetSystem}
                  disabled={busy}
                  onChange={(e) => void change({ ...selection, targetSystem: e.target.value })}
                >
                  {init.targetSystemList.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.text}
                    </option>
                  ))}
                </select>
              </label>
              <fieldset className={styles.control}>
                <legend>対象年</legend>
                {(
                  [
                    ['0', '当年'],
                    ['1', '前年'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className={styles.radio}>
                    <input
                      type="radio"
                      name="targetYear"
                      value={value}
                      checked={selection.targetYear === value}
                      disabled={busy}
                      onChange={() => void change({ ...selection, targetYear: value })}
                    />
                    {label}
                  </label>
                ))}
              </fieldset>
              <div className={styles.links}>
                <button type="button" className={styles.linkButton} onClick={() => void download()} disabled={busy}>
                  実績ファイルダウンロード
                </button>
                {init.shoreiLinkUrl && (
                  <a href={init.shoreiLinkUrl} target="_blank" rel="noopener">
                    奨励金制度について
                  </a>
                )}
                {init.hyoshoLinkUrl && (
                  <a href={init.hyoshoLinkUrl} target="_blank" rel="noopener">
                    表彰制度について
                  </a>
                )}
              </div>
            </section>

            <section className={styles.section} aria-labelledby="shorei-title" aria-busy={busy}>
              <h2 id="shorei-title" className={styles.sectionTitle}>
                奨励金実績
                <span className={styles.period}>（1月〜12月）</span>
              </h2>
              {selection.targetYear === '0' && (
                <dl className={styles.summary}>
                  <Summary
                    label={`累計増加額（${systemName(shownSystems.reward)}）`}
                    value={reward.shoreiRuikeiZokagaku}
                    kind="yen"
                  />
                  <Summary
                    label={`進捗状況（${systemName(shownSystems.reward)}）`}
                    value={reward.shoreiShinchokuJokyo}
                    kind="yen"
                  />
                </dl>
              )}
              <FigureTable
                name="奨励金実績"
                caption="奨励金実績（単位：円、比率は%）"
                rows={reward.shoreiList}
                months={REWARD_MONTHS}
                totals={['kamikiTotal', 'shimokiTotal', 'togetsuRuikei', 'yearTotal']}
              />
              <div className={styles.charts}>
                {(
                  [
                    ['上期売上推移（1月〜6月）', reward.shoreiKamikiUriageChart],
                    ['下期売上推移（7月〜12月）', reward.shoreiShimokiUriageChart],
                  ] as const
                ).map(([title, chart]) => (
                  <IncentiveChart
                    key={title}
                    title={title}
                    unit="円"
                    bars={[
                      { key: 'tonen', label: '当年実績', color: COLORS.tonen, points: chart.tonenDataList },
                      { key: 'zennen', label: '前年実績', color: COLORS.zennen, points: chart.zennenDataList },
                      { key: 'mokuhyo', label: '目標', color: COLORS.mokuhyo, points: chart.mokuhyoDataList ?? [] },
                    ]}
                    line={{ key: 'ruikei', label: '当年累計', color: COLORS.ruikei, points: chart.ruikeiDataList }}
                  />
                ))}
              </div>
            </section>

            <section className={styles.section} aria-labelledby="hyosho-title">
              <h2 id="hyosho-title" className={styles.sectionTitle}>
                表彰実績
                <span className={styles.period}>（8月〜翌年7月）</span>
              </h2>
              <dl className={styles.summary}>
                <Summary
                  label={`累計増加額（${systemName(shownSystems.commendation)}）`}
                  value={commendation.hyoshoRuikeiZokagaku}
                  kind="yen"
                />
                <Summary
                  label={`累計稼働ID数（${systemName(shownSystems.commendation)}）`}
                  value={commendation.hyoshoRuikeiKadoId}
                  kind="id"
                />
              </dl>
              <FigureTable
                name="表彰実績"
                caption="表彰実績（売上は円、稼働IDは件）"
                rows={commendation.hyoshoList}
                months={FISCAL_MONTHS}
                totals={['togetsuRuikei', 'yearTotal']}
              />
              <div className={styles.charts}>
                <IncentiveChart
                  title="売上推移"
                  unit="円"
                  bars={[
                    {
                      key: 'tonen',
                      label: '当年実績',
                      color: COLORS.tonen,
                      points: commendation.hyoshoUriageChart.tonenDataList,
                    },
                    {
                      key: 'zennen',
                      label: '前年実績',
                      color: COLORS.zennen,
                      points: commendation.hyoshoUriageChart.zennenDataList,
                    },
                  ]}
                  line={{
                    key: 'ruikei',
                    label: '当年累計',
                    color: COLORS.ruikei,
                    points: commendation.hyoshoUriageChart.ruikeiDataList,
                  }}
                />
                <IncentiveChart
                  title="稼働ID数推移"
                  unit="ID"
                  bars={[
                    {
                      key: 'tonen',
                      label: '当年稼働ID数',
                      color: COLORS.ids,
                      points: commendation.hyoshoKadoIdChart.tonenDataList,
                    },
                    {
                      key: 'zennen',
                      label: '前年稼働ID数',
                      color: COLORS.zennen,
                      points: commendation.hyoshoKadoIdChart.zennenDataList,
                    },
                  ]}
                  line={{
                    key: 'ruikei',
                    label: '当年累計',
                    color: COLORS.ruikei,
                    points: commendation.hyoshoKadoIdChart.ruikeiDataList,
                  }}
                />
              </div>
            </section>
          </>
        )}
      </main>
    </div>
  );
}
