// Site search results (spec 000 §2 "Site search results", §4 "Search screen", §9):
//   /site-serch?keyWord=…&categoryId=…      keyword mode (default sort おすすめ順)
//   /site-serch/categoryId/:categoryId      category mode (default sort 新着順)
// The API answers every hit (up to its maximum, else 416); sorting and paging (20 a page) happen
// here. The side panel narrows by keyword, categories and tags (and, for provider administrators
// or on the notices category, by posting date and 掲載期間外も表示) with a new call. The page,
// the sort and the narrowing are kept per history entry, so coming back from a detail page
// shows the same page when it is still in range.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { formatMessage } from '../../../schemas/messages/format';
import { SEARCH_PAGE_SIZE, SEARCH_SORTS, sortSearchRows, type SearchSort } from '../../../schemas/rules/search-order';
import { OPERATION_TYPE, sendOperationLog } from '../../app/operation-log';
import { isProviderAdmin, useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { CATEGORY } from '../../components/data-scope';
import { Pager } from '../../components/Pager';
import { LoadingRows, WidgetFailure } from '../../components/WidgetState';
import {
  loadSearch,
  recordResultOpen,
  NO_NARROWING,
  reportSearchFailure,
  type Narrowing,
  type SearchRow,
  type SearchTag,
} from './search-calls';
import { categoryGroups, historyEntryKey, readStoredSearch, writeStoredSearch } from './search-state';
import { SearchResultList } from './SearchResultList';
import { SearchSidePanel } from './SearchSidePanel';
import styles from './SiteSearch.module.css';

const SCREEN_NAME = 'サイト内検索';

type Result =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; rows: SearchRow[] }
  | { status: 'failed'; message: string };

/** A new history entry (a new search, a new category) is a new screen with its own state. */
export function SiteSearchPage() {
  const location = useLocation();
  const entryKey = useMemo(() => historyEntryKey(location.key), [location.key]);
  return <SiteSearchScreen key={entryKey} entryKey={entryKey} address={location.pathname + location.search} />;
}

function SiteSearchScreen({ entryKey, address }: { entryKey: string; address: string }) {
  const params = useParams();
  const [query] = useSearchParams();
  const session = useSession();
  const keyword = (query.get('keyWord') ?? '').trim();
  const categoryParam = params.categoryId ?? query.get('categoryId') ?? '';
  const categoryId = /^\d{1,9}$/.test(categoryParam) ? Number(categoryParam) : null;
  const providerAdmin = isProviderAdmin(session);
  const adminOptions = providerAdmin || categoryId === CATEGORY.news;
  const categoryName = (id: number) =>
    session.categoryList.find((c) => Number(c.categoryId) === id)?.categoryName ?? '';

  const stored = useMemo(() => readStoredSearch(entryKey, address), [entryKey, address]);
  const [sort, setSort] = useState<SearchSort>(stored?.sort ?? (keyword ? 'recommended' : 'newest'));
  const [page, setPage] = useState(stored?.page ?? 1);
  const [applied, setApplied] = useState<Narrowing>(stored?.applied ?? NO_NARROWING);
  const [result, setResult] = useState<Result>({ status: 'idle' });
  const [tags, setTags] = useState<SearchTag[]>([]);
  const running = useRef<AbortController | null>(null);

  const canSearch = keyword !== '' || categoryId !== null;

  async function run(narrowing: Narrowing, opts: { register: boolean; keepPage: boolean }) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setResult({ status: 'loading' });
    try {
      const answer = await loadSearch(
        { keyword, categoryId, narrowing, adminOptions, registerHistory: opts.register },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      setTags(answer.tagListData);
      setResult({ status: 'ready', rows: answer.containtsListData });
      const lastPage = Math.max(1, Math.ceil(answer.containtsListData.length / SEARCH_PAGE_SIZE));
      setPage((current) => (opts.keepPage && current <= lastPage ? current : 1));
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = await reportSearchFailure(error);
      setResult({ status: 'failed', message });
    }
  }

  // The initial load: a fresh search registers the keyword; a return restores the stored state.
  useEffect(() => {
    if (!canSearch) return;
    const fresh = stored === null;
    if (fresh && keyword) {
      sendOperationLog({
        operationType: OPERATION_TYPE.search,
        toScreenName: SCREEN_NAME,
        actionDetail: keyword,
        genericField1: categoryId === null ? '' : String(categoryId),
      });
    }
    void run(applied, { register: fresh && keyword !== '', keepPage: !fresh });
    return () => running.current?.abort();
    // Once per screen: the component is keyed by the history entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, []);

  useEffect(() => {
    if (canSearch) writeStoredSearch(entryKey, { address, page, sort, applied });
  }, [entryKey, address, canSearch, page, sort, applied]);

  const rows = useMemo(() => (result.status === 'ready' ? sortSearchRows(result.rows, sort) : []), [result, sort]);
  const totalCount = rows.length;
  const shown = rows.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE);

  const changeSort = (next: SearchSort) => {
    setSort(next);
    setPage(1);
  };
  const goTo = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };
  const narrow = (next: Narrowing) => {
    setApplied(next);
    setPage(1);
    void run(next, { register: false, keepPage: false });
  };

  const groups = useMemo(
    () => (categoryId === null ? categoryGroups(session.categoryList, session.globalNav) : []),
    [categoryId, session.categoryList, session.globalNav],
  );
  const title = keyword
    ? `「${keyword}」の検索結果`
    : categoryId !== null
      ? categoryName(categoryId) || SCREEN_NAME
      : SCREEN_NAME;

  return (
    <div className={styles.page}>
      <Breadcrumbs categoryId={categoryId} current={keyword ? title : categoryId !== null ? '' : SCREEN_NAME} />
      <div className={styles.layout}>
        <SearchSidePanel
          key={JSON.stringify(applied)}
          initial={applied}
          groups={groups}
          tags={tags}
          adminOptions={adminOptions}
          disabled={!canSearch || result.status === 'loading'}
          onNarrow={narrow}
        />
        <section className={styles.results} aria-labelledby="search-title">
          <header className={styles.header}>
            <h1 id="search-title" className={styles.title}>
              {title}
            </h1>
            {result.status === 'ready' && <span className={styles.count}>{totalCount.toLocaleString('ja-JP')}件</span>}
            <div className={styles.sort} role="group" aria-label="並び順">
              {SEARCH_SORTS.map((s) => (
                <button
                  key={s.value}
                  type="button"
                  className={`${styles.sortButton} ${s.value === sort ? styles.sortCurrent : ''}`}
                  aria-pressed={s.value === sort}
                  onClick={() => s.value !== sort && changeSort(s.value)}
                >
                  {s.label}
                </button>
              ))}
            </div>
          </header>
          <div className={styles.body}>
            {!canSearch && <p className={styles.empty}>ヘッダーの検索欄にキーワードを入力して検索してください。</p>}
            {result.status === 'loading' && <LoadingRows rows={8} />}
            {result.status === 'failed' && result.message && <WidgetFailure message={result.message} />}
            {result.status === 'ready' && totalCount === 0 && (
              <p className={styles.empty}>{formatMessage('WRN_0002', ['コンテンツ'])}</p>
            )}
            {result.status === 'ready' && totalCount > 0 && (
              <SearchResultList
                rows={shown}
                categoryName={categoryName}
                onOpen={keyword ? (id) => recordResultOpen(keyword, id) : undefined}
              />
            )}
          </div>
          {result.status === 'ready' && totalCount > 0 && (
            <footer className={styles.footer}>
              <Pager
                page={page}
                totalCount={totalCount}
                pageSize={SEARCH_PAGE_SIZE}
                onChange={goTo}
                label="検索結果のページ送り"
              />
            </footer>
          )}
        </section>
      </div>
      <p className={styles.home}>
        <Link to="/portal-top">ポータルトップへ戻る</Link>
      </p>
    </div>
  );
}
