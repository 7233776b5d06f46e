// Request lists (spec 002 sections 2.6, 5): /shinsei-kanri-ag (applicant) and
// /shinsei-kanri-provider (receiver). Search mode shows only the conditions; a search switches to
// result mode. Period From / To are required and ordered, the keyword at most 50 characters,
// names at most 20 (the server says the same). Columns sort on click (again: the other way),
// pages of 20 / 50 / 100. Conditions, page, page size and sort are kept in session storage and
// restored when a form sends the user back (?isResearch=true). A title opens the form in
// preview mode, the request number in update mode; a 416 shows ERR_0023.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatMessage, type Message } from '../../../schemas/messages/format';
import { codePointLength } from '../../../schemas/rules/text';
import { errorMessageText, isApiError } from '../../api/client';
import { alertMessage } from '../../app/dialog';
import { useProcessing } from '../../app/use-processing';
import { Pager } from '../../components/Pager';
import { ensureValidSession } from '../../components/session-check';
import { ErrorList } from '../../forms/ErrorList';
import layout from '../../forms/FormLayout.module.css';
import { FORM_PATH, getInitialData, getList, type InitialData, type ListRow, type Side } from './api';
import styles from './Shinsei.module.css';

const PAGE_SIZES = [20, 50, 100];

interface Conditions {
  appDateFrom: string;
  appDateTo: string;
  appType: string;
  status: string;
  keyword: string;
  wishDate: string;
  isDisableFinished: boolean;
  appUserName: string;
  targetAgCode: string;
  operater: string;
  providerUser: string;
}

interface Saved {
  cond: Conditions;
  page: number;
  pageSize: number;
  sort: { key: keyof ListRow; dir: 'asc' | 'desc' } | null;
}

const storageKey = (side: Side) => `shinseiSearchCond-${side}`;

function readSaved(side: Side): Saved | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(side));
    return raw ? (JSON.parse(raw) as Saved) : null;
  } catch {
    return null;
  }
}

interface Column {
  key: keyof ListRow;
  label: string;
  kind?: 'title' | 'no' | 'new' | 'agent';
}

const COLUMNS: Record<Side, Column[]> = {
  applicant: [
    { key: 'agNewFlg', label: '新着', kind: 'new' },
    { key: 'applicationNo', label: '申請No', kind: 'no' },
    { key: 'applicationDate', label: '申請日' },
    { key: 'applicationTitle', label: '件名', kind: 'title' },
    { key: 'applicationCategoryName', label: '申請種別' },
    { key: 'applicationUser', label: '申請者' },
    { key: 'statusName', label: 'ステータス' },
    { key: 'wishDate', label: '希望納期' },
    { key: 'providerUser', label: '担当営業' },
    { key: 'lastUpdDate', label: '最終更新日時' },
  ],
  receiver: [
    { key: 'providerNewFlg', label: '新着', kind: 'new' },
    { key: 'applicationNo', label: '申請No', kind: 'no' },
    { key: 'applicationDate', label: '申請日' },
    { key: 'appAgCode', label: '代理店', kind: 'agent' },
    { key: 'applicationTitle', label: '件名', kind: 'title' },
    { key: 'applicationCategoryName', label: '申請種別' },
    { key: 'applicationUser', label: '申請者' },
    { key: 'statusName', label: 'ステータス' },
    { key: 'wishDate', label: '希望納期' },
    { key: 'operater', label: '対応者' },
    { key: 'providerUser', label: '担当営業' },
    { key: 'lastUpdDate', label: '最終更新日時' },
  ],
};

const emptyConditions = (init?: InitialData): Conditions => ({
  appDateFrom: init?.shinseiKikanStart ?? '',
  appDateTo: init?.shinseiKikanEnd ?? '',
  appType: '',
  status: '',
  keyword: '',
  wishDate: '',
  isDisableFinished: false,
  appUserName: '',
  targetAgCode: '',
  operater: '',
  providerUser: '',
});

/** The same checks as the server (spec 002 section 5 "Request list search"). */
function checkConditions(side: Side, c: Conditions): Message[] {
  const out: Message[] = [];
  if (!c.appDateFrom) out.push({ messageId: 'ERR_0001', args: ['申請期間From'] });
  if (!c.appDateTo) out.push({ messageId: 'ERR_0001', args: ['申請期間To'] });
  if (c.appDateFrom && c.appDateTo && c.appDateFrom > c.appDateTo) out.push({ messageId: 'ERR_0005', args: ['申請期間From', '申請期間To'] });
  if (codePointLength(c.keyword.trim()) > 50) out.push({ messageId: 'ERR_0025', args: ['キーワード'] });
  const names: [string, string][] = side === 'receiver' ? [[c.operater, '対応者'], [c.providerUser, '担当営業']] : [[c.appUserName, '申請者名']];
  for (const [v, label] of names) if (codePointLength(v) > 20) out.push({ messageId: 'ERR_0025', args: [label] });
  return out;
}

function wireConditions(side: Side, c: Conditions): Record<string, unknown> {
  const common = { appDateFrom: c.appDateFrom, appDateTo: c.appDateTo, appType: c.appType || undefined, status: c.status || undefined, keyword: c.keyword.trim() || undefined, wishDate: c.wishDate || undefined, isDisableFinished: c.isDisableFinished };
  return side === 'receiver'
    ? { ...common, targetAgCode: c.targetAgCode || undefined, operater: c.operater || undefined, providerUser: c.providerUser || undefined }
    : { ...common, appUserName: c.appUserName || undefined };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a ?? '');
  const y = String(b ?? '');
  if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y);
  return x.localeCompare(y, 'ja');
}

export function ShinseiListPage({ side }: { side: Side }) {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const { processing, run } = useProcessing();
  const [init, setInit] = useState<InitialData | null>(null);
  const [cond, setCond] = useState<Conditions>(emptyConditions());
  const [rows, setRows] = useState<ListRow[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [sort, setSort] = useState<Saved['sort']>(null);
  const [scrollRequest, setScrollRequest] = useState(0);
  const title = side === 'applicant' ? '申請管理' : '申請管理（受付）';

  const search = useCallback(
    async (c: Conditions, keep?: Pick<Saved, 'page' | 'pageSize' | 'sort'>) => {
      const messages = checkConditions(side, c);
      if (messages.length) {
        setErrors(messages.map((m) => formatMessage(m.messageId, m.args)));
        setScrollRequest((n) => n + 1);
        return;
      }
      if (!(await ensureValidSession())) return;
      try {
        const { appDataList } = await getList(side, wireConditions(side, c));
        setErrors([]);
        setRows(appDataList);
        const next: Saved = { cond: c, page: keep?.page ?? 1, pageSize: keep?.pageSize ?? pageSize, sort: keep?.sort ?? sort };
        setPage(next.page);
        setPageSize(next.pageSize);
        setSort(next.sort);
        window.sessionStorage.setItem(storageKey(side), JSON.stringify(next));
      } catch (error) {
        if (isApiError(error) && (error.status === 400 || error.status === 416) && error.messages) {
          setErrors(error.messages.map((m) => formatMessage(m.messageId, m.args)));
          setScrollRequest((n) => n + 1);
          if (error.status === 416) setRows(null);
        } else await alertMessage(errorMessageText(error));
      }
    },
    [side, pageSize, sort],
  );

  useEffect(() => {
    let live = true;
    getInitialData(side).then(
      (data) => {
        if (!live) return;
        setInit(data);
        const saved = query.get('isResearch') === 'true' ? readSaved(side) : null;
        if (saved) {
          setCond(saved.cond);
          void search(saved.cond, saved);
        } else setCond(emptyConditions(data));
      },
      (error) => void alertMessage(errorMessageText(error)),
    );
    return () => {
      live = false;
    };
    // The initial load runs once per side.
  }, [side]);

  const persist = (patch: Partial<Saved>) => {
    const saved = readSaved(side);
    if (saved) window.sessionStorage.setItem(storageKey(side), JSON.stringify({ ...saved, ...patch }));
  };

  const sorted = useMemo(() => {
    if (!rows) return [];
    if (!sort) return rows;
    const out = [...rows].sort((a, b) => compare(a[sort.key], b[sort.key]));
    return sort.dir === 'desc' ? out.reverse() : out;
  }, [rows, sort]);
  const pageRows = sorted.slice((page - 1) * pageSize, page * pageSize);

  const toggleSort = (key: keyof ListRow) => {
    const next = { key, dir: sort?.key === key && sort.dir === 'asc' ? ('desc' as const) : ('asc' as const) };
    setSort(next);
    setPage(1);
    persist({ sort: next, page: 1 });
  };

  const set = <K extends keyof Conditions>(key: K, value: Conditions[K]) => setCond((c) => ({ ...c, [key]: value }));
  const field = (key: keyof Conditions, label: string, input: React.ReactNode) => (
    <div className={styles.searchField}>
      <label htmlFor={`cond-${key}`}>{label}</label>
      {input}
    </div>
  );
  const text = (key: 'keyword' | 'appUserName' | 'operater' | 'providerUser', max: number) => (
    <input id={`cond-${key}`} className="input" value={cond[key]} maxLength={max} onChange={(e) => set(key, e.target.value)} />
  );
  const select = (key: 'appType' | 'status' | 'targetAgCode', options: { value: string; text: string }[]) => (
    <select id={`cond-${key}`} className="input" value={cond[key]} onChange={(e) => set(key, e.target.value)}>
      <option value="">すべて</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </select>
  );

  const newFlag = (r: ListRow) => (side === 'applicant' ? r.agNewFlg : r.providerNewFlg);

  return (
    <div className={styles.page}>
      <section className={layout.panel} aria-labelledby="shinsei-list-title">
        <div className={layout.panelHeader}>
          <h1 id="shinsei-list-title" className={layout.title}>
            {title}
          </h1>
          {side === 'applicant' && (
            <button type="button" className="btn btn-primary" onClick={() => navigate(FORM_PATH.applicant)}>
              新規申請
            </button>
          )}
        </div>
        <div className={layout.panelBody}>
          <ErrorList lines={errors} scrollRequest={scrollRequest} />
          <form
            className={styles.search}
            onSubmit={(e) => {
              e.preventDefault();
              void run(() => search(cond));
            }}
          >
            <div className={styles.searchGrid}>
              <div className={styles.searchField}>
                <span id="cond-period">申請期間</span>
                <div className={styles.period} role="group" aria-labelledby="cond-period">
                  <input aria-label="申請期間From" type="date" max="9999-12-31" className="input" value={cond.appDateFrom} onChange={(e) => set('appDateFrom', e.target.value)} />
                  <span>〜</span>
                  <input aria-label="申請期間To" type="date" max="9999-12-31" className="input" value={cond.appDateTo} onChange={(e) => set('appDateTo', e.target.value)} />
                </div>
              </div>
              {field('appType', '申請種別', select('appType', init?.categoryList ?? []))}
              {field('status', 'ステータス', select('status', init?.statusList ?? []))}
              {field('wishDate', '希望納期（以前）', <input id="cond-wishDate" type="date" max="9999-12-31" className="input" value={cond.wishDate} onChange={(e) => set('wishDate', e.target.value)} />)}
              {field('keyword', 'キーワード', text('keyword', 50))}
              {side === 'applicant' && field('appUserName', '申請者名', text('appUserName', 20))}
              {side === 'receiver' && field('targetAgCode', '代理店', select('targetAgCode', init?.agCodeList ?? []))}
              {side === 'receiver' && field('operater', '対応者', text('operater', 20))}
              {side === 'receiver' && field('providerUser', '担当営業', text('providerUser', 20))}
              <label className={styles.check}>
                <input type="checkbox" checked={cond.isDisableFinished} onChange={(e) => set('isDisableFinished', e.target.checked)} />
                完了・取下げを表示しない
              </label>
            </div>
            <div className={styles.searchButtons}>
              <button type="button" className="btn btn-secondary" onClick={() => setCond(emptyConditions(init ?? undefined))} disabled={processing}>
                クリア
              </button>
              <button type="submit" className="btn btn-primary" disabled={processing || !init}>
                検索
              </button>
            </div>
          </form>

          {rows && (
            <div className={styles.results}>
              <div className={styles.toolbar}>
                <span aria-live="polite">{rows.length}件</span>
                <label className={styles.pageSize}>
                  表示件数
                  <select
                    className="input"
                    value={pageSize}
                    onChange={(e) => {
                      const size = Number(e.target.value);
                      setPageSize(size);
                      setPage(1);
                      persist({ pageSize: size, page: 1 });
                    }}
                  >
                    {PAGE_SIZES.map((n) => (
                      <option key={n} value={n}>
                        {n}件
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              {rows.length === 0 ? (
                <p className={styles.empty}>該当する申請はありません。</p>
              ) : (
                <div className={styles.tableWrap}>
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        {COLUMNS[side].map((c) => (
                          <th key={c.key} scope="col" aria-sort={sort?.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                            <button type="button" className={styles.sortButton} onClick={() => toggleSort(c.key)}>
                              {c.label}
                              <span aria-hidden="true" className={styles.sortMark}>
                                {sort?.key === c.key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ' ⇅'}
                              </span>
                            </button>
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {pageRows.map((r) => (
                        <tr key={r.applicationNo}>
                          {COLUMNS[side].map((c) => (
                            <td key={c.key}>
                              {c.kind === 'new' ? (
                                newFlag(r) ? <span className={styles.newFlag}>NEW</span> : null
                              ) : c.kind === 'title' ? (
                                <Link to={`${FORM_PATH[side]}/appNo/${r.applicationNo}?preview=1`}>{r.applicationTitle}</Link>
                              ) : c.kind === 'no' ? (
                                <Link to={`${FORM_PATH[side]}/appNo/${r.applicationNo}`} aria-label={`申請No ${r.applicationNo} を開く`}>
                                  {r.applicationNo}
                                </Link>
                              ) : c.kind === 'agent' ? (
                                `${r.appAgCode} ${r.appAgName}`
                              ) : (
                                String(r[c.key] ?? '')
                              )}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              {rows.length > pageSize && (
                <Pager
                  page={page}
                  totalCount={rows.length}
                  pageSize={pageSize}
                  onChange={(p) => {
                    setPage(p);
                    persist({ page: p });
                  }}
                  label={`${title}のページ送り`}
                />
              )}
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
