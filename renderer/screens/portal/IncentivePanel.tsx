// The floating incentive panel of the portal top (spec 000 sections 2, 3 and 6): only for an
// incentive entrant holding the incentive permission; amounts in yen with thousands separators,
// a negative value in the negative style; the details open in a new tab. Its figures add up every
// target system, which the screen shows one at a time: the panel says so (docs/incentive.md).
import { useId, useState, type MouseEvent } from 'react';
import { apiPost } from '../../api/client';
import { alertApiError } from '../../app/errors/alert-api-error';
import { effectiveIds } from '../../app/session';
import { useRemote } from '../../components/use-remote';
import { reportWidgetFailure } from '../../components/widget-failure';
import { loadIncentiveFloating, type IncentiveFloating } from './calls';
import { WidgetFailure } from '../../components/WidgetState';
import styles from './Floating.module.css';

export const INCENTIVE_PART = 'インセンティブ';
/** The incentive screen (spec 002) opens in a new tab. */
export const INCENTIVE_DETAIL_URL = '/with-ag/incentive';

/**
 * 詳細を見る: a single-use handoff token (/api/Auth/RegRenkeiLogin, docs/decisions.md section 12), then the
 * landing with systemkbn, agcode, daihyoCode, token and userid. The tab is opened at once (inside
 * the click, so no popup blocker stops it) and sent to the landing when the token has come.
 */
async function openIncentiveTab(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return; // a tab the user opens itself signs in by its session
  event.preventDefault();
  const tab = window.open('', '_blank');
  try {
    const ids = effectiveIds();
    const { token } = await apiPost<{ token: string }>('/api/Auth/RegRenkeiLogin', {
      agCode: ids.agCode,
      userId: ids.userId,
      daihyoCode: ids.daihyoCode,
    });
    const query = new URLSearchParams({
      systemkbn: '01',
      agcode: ids.agCode,
      daihyoCode: ids.daihyoCode,
      token,
      userid: ids.userId,
    });
    const url = `${INCENTIVE_DETAIL_URL}?${query.toString()}`;
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    await alertApiError(error);
  }
}

const yen = new Intl.NumberFormat('ja-JP');

/** ¥1,234,567 or -¥1,234 (the sign before the currency). */
export function formatYen(value: number): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}¥${yen.format(Math.abs(value))}`;
}

export function formatCount(value: number): string {
  return yen.format(value);
}

function Figure({ label, value, kind }: { label: string; value: number | undefined; kind: 'yen' | 'count' }) {
  const known = typeof value === 'number' && Number.isFinite(value);
  const negative = known && value < 0;
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className={negative ? styles.negative : undefined} data-negative={negative ? 'true' : undefined}>
        {known ? (kind === 'yen' ? formatYen(value) : `${formatCount(value)} ID`) : '—'}
      </dd>
    </div>
  );
}

const COLLAPSED_KEY = 'portalTop.incentivePanelCollapsed';

function storedCollapsed(): boolean {
  try {
    return window.sessionStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Phone width (docs/phones.md): the panel starts folded into a bar at the bottom of the screen. */
function phoneWidth(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches;
}

export function IncentivePanel({ daihyoCode }: { daihyoCode: string }) {
  // Open at first (folded on a phone); once folded it stays folded for the rest of the browser session.
  const [open, setOpenState] = useState(() => !storedCollapsed() && !phoneWidth());
  const setOpen = (update: (value: boolean) => boolean) =>
    setOpenState((value) => {
      const next = update(value);
      try {
        if (next) window.sessionStorage.removeItem(COLLAPSED_KEY);
        else window.sessionStorage.setItem(COLLAPSED_KEY, '1');
      } catch {
        // storage unavailable: only this page remembers
      }
      return next;
    });
  const bodyId = useId();
  const scopeId = useId();
  const remote = useRemote<IncentiveFloating>(
    `incentive:${daihyoCode}`,
    (signal) => loadIncentiveFloating(daihyoCode, signal),
    (error) => reportWidgetFailure(INCENTIVE_PART, error),
  );
  const data = remote.status === 'ready' ? remote.data : null;
  const period = data?.hokokuYear && data?.hokokuMonth ? `${data.hokokuYear}年${data.hokokuMonth}月報告` : '';

  return (
    <aside className={styles.incentive} aria-label="インセンティブ進捗">
      <div className={styles.incentiveHeader}>
        <span className={styles.incentiveTitle}>インセンティブ進捗</span>
        {period && <span className={styles.incentivePeriod}>{period}</span>}
        <button
          type="button"
          className={styles.incentiveToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((v) => !v)}
          title={open ? 'たたむ' : 'ひらく'}
        >
          <svg
            viewBox="0 0 16 16"
            width="14"
            height="14"
            aria-hidden="true"
            focusable="false"
            style={{ transform: open ? undefined : 'rotate(180deg)' }}
          >
            <path
              d="M4 6l4 4 4-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="visually-hidden">{open ? 'インセンティブ進捗をたたむ' : 'インセンティブ進捗をひらく'}</span>
        </button>
      </div>
      <div id={bodyId} hidden={!open} className={styles.incentiveBody}>
        {remote.status === 'failed' && <WidgetFailure message={remote.message} />}
        {(remote.status === 'loading' || remote.status === 'idle') && (
          <p className={styles.incentiveNote}>読み込み中…</p>
        )}
        {data && !period && <p className={styles.incentiveNote}>集計済みの実績はまだありません。</p>}
        {data && period && (
          <p id={scopeId} className={styles.incentiveScope}>
            すべての対象システムの合計
          </p>
        )}
        {data && period && (
          <dl className={styles.figures} aria-describedby={scopeId}>
            <Figure label="奨励金 累計増加額" value={data.shoreiRuikeiZokagaku} kind="yen" />
            <Figure label="奨励金 進捗状況" value={data.shoreiShinchokuJokyo} kind="yen" />
            <Figure label="表彰 累計増加額" value={data.hyoshoRuikeiZokagaku} kind="yen" />
            <Figure label="表彰 累計稼働ID数" value={data.hyoshoRuikeiKadoId} kind="count" />
          </dl>
        )}
        <a
          className={styles.incentiveLink}
          href={INCENTIVE_DETAIL_URL}
          target="_blank"
          rel="noopener"
          onClick={(e) => void openIncentiveTab(e)}
        >
          詳細を見る
          <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
            <path d="M5 2H2v8h8V7M7 1.5h3.5V5M10.5 1.5 5.5 6.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
          </svg>
          <span className="visually-hidden">（新しいタブで開きます）</span>
        </a>
      </div>
    </aside>
  );
}
