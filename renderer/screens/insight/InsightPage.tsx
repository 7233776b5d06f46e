// /kanri-insight (インサイト, provider administrators; docs/insight.md): who was reached, who
// confirmed, what agents searched for and did not find, skill-up and events, requests and
// activity. One filter (period in Tokyo dates, default the last 30 days; a segment; an agent
// code) applies to every section; each chart has a table of the same figures beside it; the
// drill-downs (agents that have not opened a content, users that have not confirmed a popup,
// idle agents) are tables with a CSV button.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessageText } from '../../api/client';
import { alertMessage } from '../../app/dialog/dialog-store';
import { useRemote } from '../../components/use-remote';
import layout from '../../forms/FormLayout.module.css';
import {
  downloadCsv,
  loadPending,
  loadSections,
  loadSegments,
  loadUnopened,
  type CsvList,
  type Filter,
  type Sections,
} from './calls';
import { InsightChart } from './InsightChart';
import styles from './Insight.module.css';

const EMPTY: Filter = { from: '', to: '', segmentId: '', agentCode: '' };
const BLUE = '#2f6fbd';
const GREEN = '#2e8b57';
const ORANGE = '#d9822b';
const GREY = '#9aa3af';

const pct = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—');
const hours = (h: number | null) => (h === null ? '—' : h < 48 ? `${h}時間` : `${(h / 24).toFixed(1)}日`);
const shortDay = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;

/** Every day of the period, so a day without figures shows as 0 rather than missing. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

function Section({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {note && <p className={styles.note}>{note}</p>}
      {children}
    </section>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // A long table scrolls in its box: the box takes the keyboard focus so it can be scrolled without a mouse.
    <div className={styles.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className={styles.empty}>
                該当するデータはありません。
              </td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={i}>
                {r.map((c, j) => (
                  <td key={j} className={typeof c === 'number' ? styles.num : undefined}>
                    {c}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** An open drill-down: the rows shown so far (pages of 100 appended), the whole list's count. */
interface Drill {
  kind: 'reach' | 'popup';
  contentId: number;
  title: string;
  total: number;
  rows: ReactNode[][];
  /** The next page's cursor; '' when every row is shown. */
  nextCursor: string;
}

export function InsightPage() {
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [drill, setDrill] = useState<Drill | null>(null);
  // A page of a drill-down is on its way: a second click must not append the same page twice.
  const [drilling, setDrilling] = useState(false);
  // That page's call. A new filter, another drill-down, 閉じる or leaving the screen aborts it, so
  // the late answer of a superseded page never lands on the drill-down shown now.
  const drillCall = useRef<AbortController | null>(null);
  const segments = useRemote(
    'segments',
    (signal) => loadSegments(signal),
    (e) => errorMessageText(e),
  );
  const key = JSON.stringify(filter);
  const remote = useRemote<Sections>(
    key,
    (signal) => loadSections(filter, signal),
    (e) => errorMessageText(e),
  );
  // A new filter closes the drill-down (it belonged to the former one).
  useEffect(() => {
    setDrill(null);
    return () => drillCall.current?.abort();
  }, [key]);

  function closeDrill() {
    drillCall.current?.abort();
    setDrill(null);
  }

  function apply(e: FormEvent) {
    e.preventDefault();
    setFilter({ ...draft });
  }

  async function csv(list: CsvList, contentId?: number) {
    try {
      await downloadCsv(filter, list, contentId);
    } catch (error) {
      await alertMessage(errorMessageText(error));
    }
  }

  /** A drill-down's first page (no `shown`), or its next page appended to `shown`. */
  async function openDrill(kind: Drill['kind'], contentId: number, shown?: Drill) {
    drillCall.current?.abort();
    const call = new AbortController();
    drillCall.current = call;
    setDrilling(true);
    try {
      const cursor = shown?.nextCursor ?? '';
      let page: Pick<Drill, 'title' | 'total' | 'rows' | 'nextCursor'>;
      if (kind === 'reach') {
        const a = await loadUnopened(filter, contentId, cursor, call.signal);
        page = { ...a, rows: a.agents.map((x) => [x.agCode, x.agName]) };
      } else {
        const a = await loadPending(filter, contentId, cursor, call.signal);
        page = { ...a, rows: a.users.map((u) => [u.agCode, u.agName, u.userId, u.userName]) };
      }
      if (call.signal.aborted) return;
      setDrill({
        kind,
        contentId,
        title: page.title,
        total: page.total,
        rows: [...(shown?.rows ?? []), ...page.rows],
        nextCursor: page.nextCursor,
      });
    } catch (error) {
      if (!call.signal.aborted) await alertMessage(errorMessageText(error));
    } finally {
      // A newer call keeps the button disabled until its own answer.
      if (drillCall.current === call) setDrilling(false);
    }
  }

  const data = remote.status === 'ready' ? remote.data : null;
  const period = data?.reach.period;
  const days = period ? daysOf(period.from, period.to) : [];

  return (
    <section className={layout.panel} aria-labelledby="insight-title">
      <div className={layout.panelHeader}>
        <h1 id="insight-title" className={layout.title}>
          インサイト
        </h1>
      </div>
      <div className={layout.panelBody}>
        <form className={styles.filter} onSubmit={apply} aria-label="表示条件">
          <div className={styles.field}>
            <label htmlFor="insight-from">期間From</label>
            <input
              id="insight-from"
              className="input"
              type="date"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="insight-to">期間To</label>
            <input
              id="insight-to"
              className="input"
              type="date"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="insight-segment">セグメント</label>
            <select
              id="insight-segment"
              className="input"
              value={draft.segmentId}
              onChange={(e) => setDraft({ ...draft, segmentId: e.target.value })}
            >
              <option value="">すべての代理店</option>
              {segments.status === 'ready' &&
                segments.data.map((s) => (
                  <option key={s.segmentId} value={String(s.segmentId)}>
                    {s.segmentName}（{s.members}社）
                  </option>
                ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="insight-agent">代理店コード</label>
            <input
              id="insight-agent"
              className="input"
              value={draft.agentCode}
              maxLength={8}
              onChange={(e) => setDraft({ ...draft, agentCode: e.target.value })}
            />
          </div>
          <button type="submit" className="btn btn-primary">
            表示
          </button>
          {period && (
            <p className={styles.scope} role="status">
              {period.from.replaceAll('-', '/')}〜{period.to.replaceAll('-', '/')}（東京時間）・対象代理店{' '}
              {period.agents}社
            </p>
          )}
        </form>

        {remote.status === 'loading' && (
          <p className={styles.loading} role="status">
            読み込み中です…
          </p>
        )}
        {remote.status === 'failed' && (
          <p className={styles.error} role="alert">
            {remote.message}
          </p>
        )}

        {data && (
          <>
            <Section
              id="insight-reach"
              title="コンテンツの到達"
              note={`期間内に掲載されたコンテンツ${data.reach.total}件（重要なものから50件まで）。到達率は対象代理店のうち、いずれかのユーザーが開いた代理店の割合です。`}
            >
              <div className={styles.pair}>
                <InsightChart
                  title="日別閲覧数"
                  labels={days.map(shortDay)}
                  series={[
                    {
                      key: 'views',
                      label: '閲覧数',
                      color: BLUE,
                      values: days.map((d) => data.reach.viewsPerDay.find((v) => v.date === d)?.count ?? 0),
                    },
                  ]}
                />
                <Table
                  caption="日別閲覧数"
                  head={['日付', '閲覧数']}
                  rows={data.reach.viewsPerDay.map((v) => [v.date.replaceAll('-', '/'), v.count])}
                />
              </div>
              <Table
                caption="コンテンツ別の到達"
                head={['区分', 'カテゴリ', 'タイトル', '表示対象', '対象代理店', '閲覧代理店', '到達率', '閲覧数', '']}
                rows={data.reach.contents.map((c) => [
                  c.important ? <span className={styles.badge}>重要</span> : '',
                  c.categoryName,
                  c.title,
                  c.displayTarget,
                  c.targeted,
                  c.opened,
                  pct(c.opened, c.targeted),
                  c.views,
                  c.targeted > c.opened ? (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => void openDrill('reach', c.contentId)}
                      aria-label={`未閲覧 ${c.targeted - c.opened}社：${c.title}`}
                    >
                      未閲覧 {c.targeted - c.opened}社
                    </button>
                  ) : (
                    ''
                  ),
                ])}
              />
            </Section>

            <Section
              id="insight-popups"
              title="ログインポップアップの確認"
              note="確認パターン2（「確認しました」）のポップアップ。対象ユーザーは対象代理店の有効なユーザー（管理者向けは管理者のみ）です。"
            >
              <div className={styles.pair}>
                <InsightChart
                  title="ポップアップ別の確認状況"
                  labels={data.popups.popups.map((p) => String(p.contentId))}
                  stacked
                  series={[
                    { key: 'done', label: '確認済', color: GREEN, values: data.popups.popups.map((p) => p.confirmed) },
                    {
                      key: 'pending',
                      label: '未確認',
                      color: ORANGE,
                      values: data.popups.popups.map((p) => p.pending),
                    },
                  ]}
                />
                <Table
                  caption="ポップアップ別の確認状況"
                  head={['ID', 'タイトル', '対象代理店', '対象ユーザー', '確認済', '未確認', '']}
                  rows={data.popups.popups.map((p) => [
                    p.contentId,
                    `${p.title}${p.adminsOnly ? '（管理者向け）' : ''}`,
                    p.targetedAgents,
                    p.targetedUsers,
                    p.confirmed,
                    p.pending,
                    p.pending > 0 ? (
                      <button
                        type="button"
                        className={styles.linkButton}
                        onClick={() => void openDrill('popup', p.contentId)}
                        aria-label={`未確認一覧：${p.title}`}
                      >
                        未確認一覧
                      </button>
                    ) : (
                      ''
                    ),
                  ])}
                />
              </div>
            </Section>

            {drill && (
              <section className={styles.drill} aria-labelledby="insight-drill">
                <div className={styles.drillHead}>
                  <h2 id="insight-drill" className={styles.sectionTitle}>
                    {drill.kind === 'reach' ? '未閲覧の代理店' : '未確認のユーザー'}：{drill.title}（{drill.total}件）
                  </h2>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() =>
                      void csv(drill.kind === 'reach' ? 'reach-unopened' : 'popup-pending', drill.contentId)
                    }
                  >
                    CSVダウンロード
                  </button>
                  <button type="button" className="btn btn-secondary" onClick={closeDrill}>
                    閉じる
                  </button>
                </div>
                <Table
                  caption={drill.kind === 'reach' ? '未閲覧の代理店' : '未確認のユーザー'}
                  head={
                    drill.kind === 'reach'
                      ? ['代理店コード', '代理店名']
                      : ['代理店コード', '代理店名', 'ユーザーID', 'ユーザー名']
                  }
                  rows={drill.rows}
                />
                {drill.nextCursor !== '' && (
                  <div className={styles.drillMore}>
                    <span>
                      {drill.total}件中 {drill.rows.length}件を表示
                    </span>
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={drilling}
                      onClick={() => void openDrill(drill.kind, drill.contentId, drill)}
                    >
                      さらに表示
                    </button>
                  </div>
                )}
              </section>
            )}

            <Section
              id="insight-search"
              title="サイト内検索"
              note={`検索${data.search.searches}回のうち、結果を開いた検索 ${data.search.searchesOpened}回（${pct(data.search.searchesOpened, data.search.searches)}）。`}
            >
              <div className={styles.pair}>
                <InsightChart
                  title="よく検索されたキーワード"
                  labels={data.search.topKeywords.slice(0, 10).map((k) => k.keyword)}
                  series={[
                    {
                      key: 'n',
                      label: '検索回数',
                      color: BLUE,
                      values: data.search.topKeywords.slice(0, 10).map((k) => k.count),
                    },
                  ]}
                />
                <Table
                  caption="よく検索されたキーワード"
                  head={['キーワード', '検索回数', '代理店数', '最終検索日時']}
                  rows={data.search.topKeywords.map((k) => [k.keyword, k.count, k.agents, k.lastSearched])}
                />
              </div>
              <Table
                caption="結果が0件だったキーワード（追加すべきコンテンツの候補）"
                head={['キーワード', '検索回数', '代理店数', '最終検索日時']}
                rows={data.search.zeroKeywords.map((k) => [k.keyword, k.count, k.agents, k.lastSearched])}
              />
            </Section>

            <Section
              id="insight-skilup"
              title="スキルアップとイベント"
              note="フェーズ別の代理店数：全章を最後まで視聴した代理店、一部を視聴・閲覧した代理店、未視聴の代理店（期間の末日まで）。"
            >
              <div className={styles.pair}>
                <InsightChart
                  title="フェーズ別の視聴状況"
                  labels={data.skilup.phases.map((_, i) => String(i + 1))}
                  stacked
                  series={[
                    { key: 'c', label: '完了', color: GREEN, values: data.skilup.phases.map((p) => p.completed) },
                    { key: 's', label: '視聴中', color: BLUE, values: data.skilup.phases.map((p) => p.started) },
                    { key: 'n', label: '未視聴', color: GREY, values: data.skilup.phases.map((p) => p.never) },
                  ]}
                />
                <Table
                  caption="フェーズ別の視聴状況"
                  head={['No.', 'プログラム', 'フェーズ', '章数', '完了', '視聴中', '未視聴']}
                  rows={data.skilup.phases.map((p, i) => [
                    i + 1,
                    p.skilupName,
                    p.phaseName,
                    p.chapters,
                    p.completed,
                    p.started,
                    p.never,
                  ])}
                />
              </div>
              <Table
                caption="期間内に開催されたイベント"
                head={['開催日時', 'イベント', '定員', '申込', 'キャンセル', '充足率']}
                rows={data.skilup.events.map((e) => [
                  e.heldAt,
                  e.title,
                  e.capacity ?? '—',
                  e.applications,
                  e.cancellations,
                  e.fillRate === null ? '—' : `${e.fillRate}%`,
                ])}
              />
            </Section>

            <Section
              id="insight-requests"
              title="申請"
              note="対応中の申請（ステータス・申請からの経過日数別、現在）と、期間内に申請されたものの初回回答・完了までの時間（中央値・90パーセンタイル）。"
            >
              <div className={styles.pair}>
                <InsightChart
                  title="対応中の申請"
                  labels={[...new Set(data.requests.open.map((o) => o.age))]}
                  stacked
                  series={[...new Set(data.requests.open.map((o) => o.statusKbn))].map((status, i) => ({
                    key: status,
                    label: data.requests.open.find((o) => o.statusKbn === status)?.statusName ?? status,
                    color: i === 0 ? ORANGE : BLUE,
                    values: data.requests.open.filter((o) => o.statusKbn === status).map((o) => o.count),
                  }))}
                />
                <Table
                  caption="対応中の申請"
                  head={['ステータス', '経過日数', '件数']}
                  rows={data.requests.open.map((o) => [o.statusName, o.age, o.count])}
                />
              </div>
              <Table
                caption="回答・完了までの時間"
                head={['申請種別', '申請月', '申請数', '初回回答 中央値', '初回回答 90%', '完了 中央値', '完了 90%']}
                rows={data.requests.durations.map((d) => [
                  d.categoryName,
                  d.month,
                  d.submitted,
                  hours(d.replyMedianHours),
                  hours(d.replyP90Hours),
                  hours(d.completeMedianHours),
                  hours(d.completeP90Hours),
                ])}
              />
            </Section>

            <Section
              id="insight-activity"
              title="利用状況"
              note={`サインインしたことのないユーザー ${data.activity.neverSignedIn}人。期間の末日までの30日間にどのユーザーもサインインしていない代理店 ${data.activity.idleAgents.length}社。`}
            >
              <div className={styles.pair}>
                <InsightChart
                  title="日別のサインイン"
                  labels={days.map(shortDay)}
                  series={[
                    {
                      key: 'a',
                      label: '代理店数',
                      color: BLUE,
                      values: days.map((d) => data.activity.perDay.find((p) => p.date === d)?.agents ?? 0),
                    },
                    {
                      key: 'u',
                      label: 'ユーザー数',
                      color: GREEN,
                      values: days.map((d) => data.activity.perDay.find((p) => p.date === d)?.users ?? 0),
                    },
                  ]}
                />
                <Table
                  caption="日別のサインイン"
                  head={['日付', '代理店数', 'ユーザー数']}
                  rows={data.activity.perDay.map((p) => [p.date.replaceAll('-', '/'), p.agents, p.users])}
                />
              </div>
              <div className={styles.drillHead}>
                <h3 className={styles.subTitle}>30日間サインインのない代理店（{data.activity.idleAgents.length}社）</h3>
                <button type="button" className="btn btn-secondary" onClick={() => void csv('idle-agents')}>
                  CSVダウンロード
                </button>
              </div>
              <Table
                caption="30日間サインインのない代理店"
                head={['代理店コード', '代理店名']}
                rows={data.activity.idleAgents.slice(0, 100).map((a) => [a.agCode, a.agName])}
              />
              {data.activity.idleAgents.length > 100 && (
                <p className={styles.note}>先頭の100社を表示しています。すべてはCSVでダウンロードできます。</p>
              )}
            </Section>
          </>
        )}
      </div>
    </section>
  );
}
