// /signin-history (docs/security.md "Sign-in history"): the sign-in events of one agent user
// (?agCode=&userId=, the ログイン履歴 link of the AG user maintenance list) or of every user of an
// agent, newest first, 50 at a time, with period and kind filters and the CSV of what the
// filters match. Provider administrators pick any agent; an agent administrator sees his own.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SIGN_IN_EVENT_KINDS, SIGN_IN_EVENT_KIND_LIST } from '../../../schemas/wire/signin-history';
import { errorMessageText, isApiError } from '../../api/client';
import { FormErrors } from '../../app/form/FormErrors';
import { effectiveIds } from '../../app/session';
import { saveBlob } from '../../components/download';
import layout from '../../forms/FormLayout.module.css';
import { downloadHistoryCsv, loadAgents, loadHistory, type HistoryFilters, type SignInEventItem } from './calls';
import styles from './SignInHistory.module.css';

/** Kinds shown as failures (red), so a burst of them stands out. */
const FAILURES = new Set(['wrong_password', 'locked_out', 'code_failed', 'code_limited']);

export function SignInHistoryPage() {
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<HistoryFilters>(() => ({
    agCode: params.get('agCode') || effectiveIds().agCode,
    userId: params.get('userId') ?? '',
    from: '',
    to: '',
    kinds: [],
  }));
  const [agents, setAgents] = useState<{ agCode: string; agName: string }[]>([]);
  const [shown, setShown] = useState<HistoryFilters | null>(null);
  const [events, setEvents] = useState<SignInEventItem[]>([]);
  const [scope, setScope] = useState({ agName: '', userName: '' });
  const [cursor, setCursor] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function search(f: HistoryFilters, after = '') {
    setBusy(true);
    setErrors([]);
    try {
      const a = await loadHistory(f, after);
      setEvents((prev) => (after ? [...prev, ...a.events] : a.events));
      setScope({ agName: a.agName, userName: a.userName });
      setCursor(a.nextCursor);
      setShown(f);
    } catch (error) {
      if (isApiError(error) && error.outOfOperation) return;
      if (!after) setEvents([]);
      setErrors([errorMessageText(error)]);
    } finally {
      setBusy(false);
    }
  }

  async function csv() {
    setBusy(true);
    setErrors([]);
    try {
      const file = await downloadHistoryCsv(filters);
      saveBlob(file.blob, file.fileName);
    } catch (error) {
      if (isApiError(error) && error.outOfOperation) return;
      setErrors([errorMessageText(error)]);
    } finally {
      setBusy(false);
    }
  }

  // The agents the caller may pick, then the first page of what the link asked for.
  useEffect(() => {
    let live = true;
    void loadAgents()
      .then((list) => live && setAgents(list))
      .catch(() => undefined);
    void search(filters);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the filters of the link
  }, []);

  const set = (patch: Partial<HistoryFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const toggleKind = (kind: string, on: boolean) =>
    set({ kinds: on ? [...filters.kinds, kind] : filters.kinds.filter((k) => k !== kind) });

  return (
    <section className={layout.panel} aria-labelledby="signin-history-title">
      <div className={layout.panelHeader}>
        <h1 id="signin-history-title" className={layout.title}>
          ログイン履歴
        </h1>
      </div>
      <div className={layout.panelBody}>
        <FormErrors messages={errors} />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void search(filters);
          }}
        >
          <div className={styles.filters}>
            <label className={styles.label} htmlFor="signin-history-agent">
              代理店
            </label>
            <select
              id="signin-history-agent"
              className={`input ${styles.agentSelect}`}
              value={filters.agCode}
              disabled={busy || agents.length <= 1}
              onChange={(e) => set({ agCode: e.target.value, userId: '' })}
            >
              {!agents.some((a) => a.agCode === filters.agCode) && (
                <option value={filters.agCode}>{filters.agCode}</option>
              )}
              {agents.map((a) => (
                <option key={a.agCode} value={a.agCode}>
                  {a.agCode} {a.agName}
                </option>
              ))}
            </select>
            <label className={styles.label} htmlFor="signin-history-user">
              ユーザーID
            </label>
            <div className={styles.inline}>
              <input
                id="signin-history-user"
                className={`input ${styles.short}`}
                value={filters.userId}
                maxLength={10}
                disabled={busy}
                onChange={(e) => set({ userId: e.target.value.trim() })}
              />
              <span className={styles.hint}>空欄のときは代理店の全ユーザー</span>
            </div>
            <span className={styles.label}>期間</span>
            <div className={styles.inline}>
              <input
                type="date"
                className={`input ${styles.short}`}
                aria-label="期間（開始）"
                value={filters.from}
                disabled={busy}
                onChange={(e) => set({ from: e.target.value })}
              />
              <span aria-hidden="true">〜</span>
              <input
                type="date"
                className={`input ${styles.short}`}
                aria-label="期間（終了）"
                value={filters.to}
                disabled={busy}
                onChange={(e) => set({ to: e.target.value })}
              />
            </div>
            <span className={styles.label}>種別</span>
            <fieldset className={styles.kinds} aria-label="種別">
              {SIGN_IN_EVENT_KIND_LIST.map((k) => (
                <label key={k}>
                  <input
                    type="checkbox"
                    checked={filters.kinds.includes(k)}
                    disabled={busy}
                    onChange={(e) => toggleKind(k, e.target.checked)}
                  />
                  {SIGN_IN_EVENT_KINDS[k]}
                </label>
              ))}
            </fieldset>
          </div>
          <div className={styles.buttons}>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              検索
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void csv()}>
              CSV出力
            </button>
            {filters.userId && (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                onClick={() => {
                  const all = { ...filters, userId: '' };
                  setFilters(all);
                  void search(all);
                }}
              >
                代理店の全ユーザーを表示
              </button>
            )}
            <Link className="btn btn-secondary" to="/aguser-maintenance?isResearch=true">
              戻る
            </Link>
          </div>
        </form>
        {shown && (
          <div aria-live="polite">
            <p className={styles.scope}>
              {shown.agCode} {scope.agName}
              {shown.userId ? ` ／ ${shown.userId} ${scope.userName}` : '（全ユーザー）'}
            </p>
            {events.length === 0 ? (
              <p className={styles.empty} role="status">
                {busy ? '読み込み中です…' : '該当するログイン履歴はありません。'}
              </p>
            ) : (
              <table className={styles.table} aria-label="ログイン履歴">
                <thead>
                  <tr>
                    <th scope="col">日時</th>
                    <th scope="col">ユーザー</th>
                    <th scope="col">種別</th>
                    <th scope="col">詳細</th>
                    <th scope="col">接続元アドレス</th>
                    <th scope="col">ブラウザ</th>
                  </tr>
                </thead>
                <tbody>
                  {events.map((e) => (
                    <tr key={e.eventId}>
                      <td className={styles.nowrap}>{e.at}</td>
                      <td className={styles.nowrap}>
                        {e.loginId || e.userId} {e.userName}
                      </td>
                      <td className={`${styles.nowrap} ${FAILURES.has(e.kind) ? styles.failure : ''}`}>{e.kindName}</td>
                      <td>{e.detail}</td>
                      <td className={styles.nowrap}>{e.ip}</td>
                      <td className={styles.agent}>{e.userAgent}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {cursor && shown && (
              <div className={styles.more}>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() => void search(shown, cursor)}
                >
                  さらに表示
                </button>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
