// List pages of the content categories (/news, /faq, /application-form, /proposal, /manual):
// the contents visible to the user, newest first, 20 a page (/api/Info/getCategoryContentsList).
// The page number is kept in the address (?page=), so returning from a detail page restores it.
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { errorMessageText, isApiError } from '../../api/client';
import { alertApiError } from '../../app/errors/alert-api-error';
import { useRouteHandle } from '../../app/route-handle';
import { useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { CATEGORY } from '../../components/data-scope';
import { InfoList } from '../../components/InfoList';
import { Pager } from '../../components/Pager';
import { useRemote } from '../../components/use-remote';
import { LoadingRows, WidgetFailure } from '../../components/WidgetState';
import { CATEGORY_LIST_PAGE_SIZE, loadCategoryContents } from './calls';
import styles from './CategoryList.module.css';

/** The category of each list route. */
export const LIST_CATEGORY_BY_PATH: Record<string, number> = {
  '/news': CATEGORY.news,
  '/faq': CATEGORY.faq,
  '/application-form': CATEGORY.applicationForm,
  '/proposal': CATEGORY.proposal,
  '/manual': CATEGORY.manual,
};

export function CategoryListPage() {
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const session = useSession();
  const screenName = useRouteHandle()?.screenName ?? '';
  const categoryId = LIST_CATEGORY_BY_PATH[pathname.replace(/\/+$/, '')] ?? CATEGORY.news;
  const requested = Number.parseInt(search.get('page') ?? '1', 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  const categoryName =
    session.categoryList.find((c) => Number(c.categoryId) === categoryId)?.categoryName ?? screenName;
  const scope = [session.user?.userId, session.user?.pseudoUserId, session.systemDate, session.businessDate].join('|');

  const remote = useRemote(
    `${categoryId}|${page}|${scope}`,
    (signal) => loadCategoryContents(categoryId, page, signal),
    (error) => {
      if (!(isApiError(error) && error.outOfOperation)) void alertApiError(error);
      return errorMessageText(error);
    },
  );

  const goTo = (next: number) => {
    setSearch(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  const data = remote.status === 'ready' ? remote.data : null;
  // A stored page beyond the last one (contents ended meanwhile): show the last page instead.
  const lastPage = data ? Math.max(1, Math.ceil(data.totalCount / CATEGORY_LIST_PAGE_SIZE)) : 1;
  const beyondLast = data !== null && data.totalCount > 0 && page > lastPage;
  useEffect(() => {
    if (beyondLast) setSearch(lastPage > 1 ? { page: String(lastPage) } : {}, { replace: true });
  }, [beyondLast, lastPage, setSearch]);

  return (
    <div className={styles.page}>
      <Breadcrumbs categoryId={categoryId} />
      <section className={styles.panel} aria-labelledby="list-title">
        <header className={styles.header}>
          <h1 id="list-title" className={styles.title}>
            {categoryName}
          </h1>
          {data && <span className={styles.count}>{data.totalCount.toLocaleString('ja-JP')}件</span>}
        </header>
        <div className={styles.body}>
          {remote.status === 'failed' && <WidgetFailure message={remote.message} />}
          {(remote.status === 'loading' || remote.status === 'idle') && <LoadingRows rows={8} />}
          {data && data.items.length === 0 && <p className={styles.empty}>現在掲載中のコンテンツはありません。</p>}
          {data && data.items.length > 0 && <InfoList items={data.items} />}
        </div>
        {data && data.totalCount > 0 && (
          <footer className={styles.footer}>
            <Pager
              page={Math.min(page, lastPage)}
              totalCount={data.totalCount}
              pageSize={CATEGORY_LIST_PAGE_SIZE}
              onChange={goTo}
              label={`${categoryName}のページ送り`}
            />
          </footer>
        )}
      </section>
    </div>
  );
}
