// The one-stop guide /one-stop-gide (spec 000 section 2; spec 001 "One-stop guide top
// management" for what the page shows): the category blocks with their images, then per category
// the contents the provider chose for it, in their display order, 20 a page; a side search panel
// (keyword, tags) switches to the matching contents of the one-stop categories, 20 a page, and
// 初期表示に戻る returns to the blocks. The server sends only what the agent may see.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessageText } from '../../api/client';
import { alertApiError } from '../../app/errors/alert-api-error';
import { formatDate } from '../../app/format';
import { useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { NewFlag, SubCategoryTag } from '../../components/ContentFlags';
import { contentDetailPath } from '../../components/content-wire';
import { CATEGORY } from '../../components/data-scope';
import { FallbackImage } from '../../components/FallbackImage';
import { Pager } from '../../components/Pager';
import { useRemote } from '../../components/use-remote';
import { SearchResultList } from '../search/SearchResultList';
import type { SearchRow } from '../search/search-calls';
import {
  loadOneStop,
  NO_NARROWING,
  ONE_STOP_PAGE_SIZE,
  type OneStopAgentItem,
  type OneStopAnswer,
  type OneStopCategory,
  type OneStopNarrowing,
} from './calls';
import { OneStopSearchPanel } from './OneStopSearchPanel';
import sideLayout from '../../components/SideLayout.module.css';
import styles from './OneStopGide.module.css';

const sectionId = (categoryId: number) => `one-stop-category-${categoryId}`;

function CategoryBlocks({ categories }: { categories: OneStopCategory[] }) {
  return (
    <ul className={styles.blocks} aria-label="カテゴリ">
      {categories.map((c) => (
        <li key={c.categoryId}>
          <a className={styles.block} href={`#${sectionId(c.categoryId)}`}>
            <FallbackImage src={c.imgFileName} alt="" className={styles.blockImage} aspectRatio="16 / 9" />
            <span className={styles.blockName}>{c.categoryName}</span>
            {c.description && <span className={styles.blockText}>{c.description}</span>}
            <span className={styles.blockCount}>{c.dispCount}件</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function CategoryList({ category, items }: { category: OneStopCategory; items: OneStopAgentItem[] }) {
  const [page, setPage] = useState(1);
  const shown = items.slice((page - 1) * ONE_STOP_PAGE_SIZE, page * ONE_STOP_PAGE_SIZE);
  return (
    <section
      id={sectionId(category.categoryId)}
      className={styles.section}
      aria-labelledby={`${sectionId(category.categoryId)}-title`}
    >
      <h2 id={`${sectionId(category.categoryId)}-title`} className={styles.sectionTitle}>
        {category.categoryName}
        <span className={styles.count}>{items.length}件</span>
      </h2>
      {items.length === 0 ? (
        <p className={styles.empty}>表示できるコンテンツはありません。</p>
      ) : (
        <>
          <ol className={styles.list}>
            {shown.map((item) => (
              <li key={item.contentsId} className={styles.row}>
                <time className={styles.date} dateTime={item.keisaikikanStart.replaceAll('/', '-')}>
                  {formatDate(item.keisaikikanStart)}
                </time>
                <SubCategoryTag name={item.subCategoryName} />
                {item.newFlg && <NewFlag />}
                <Link
                  className={styles.titleLink}
                  to={contentDetailPath({
                    detailPath: item.detailPath,
                    categoryId: item.categoryId,
                    contentId: item.contentsId,
                  })}
                >
                  {item.title}
                </Link>
              </li>
            ))}
          </ol>
          <Pager
            page={page}
            totalCount={items.length}
            pageSize={ONE_STOP_PAGE_SIZE}
            onChange={setPage}
            label={`${category.categoryName}の一覧`}
          />
        </>
      )}
    </section>
  );
}

function InitialView({ data }: { data: OneStopAnswer }) {
  if (data.categoryListData.length === 0) return <p className={styles.empty}>表示できるカテゴリはありません。</p>;
  return (
    <>
      <CategoryBlocks categories={data.categoryListData} />
      {data.categoryListData.map((c) => (
        <CategoryList
          key={c.categoryId}
          category={c}
          items={data.oneStopGideListData.filter((i) => i.categoryId === c.categoryId)}
        />
      ))}
    </>
  );
}

function ResultView({
  rows,
  categories,
  page,
  onPage,
}: {
  rows: SearchRow[];
  categories: OneStopCategory[];
  page: number;
  onPage: (p: number) => void;
}) {
  const shown = rows.slice((page - 1) * ONE_STOP_PAGE_SIZE, page * ONE_STOP_PAGE_SIZE);
  const name = (id: number) => categories.find((c) => c.categoryId === id)?.categoryName ?? '';
  return (
    <section className={styles.section} aria-labelledby="one-stop-results">
      <h2 id="one-stop-results" className={styles.sectionTitle}>
        検索結果<span className={styles.count}>{rows.length}件</span>
      </h2>
      {rows.length === 0 ? (
        <p className={styles.empty}>条件に合うコンテンツはありません。</p>
      ) : (
        <>
          <SearchResultList rows={shown} categoryName={name} />
          <Pager
            page={page}
            totalCount={rows.length}
            pageSize={ONE_STOP_PAGE_SIZE}
            onChange={onPage}
            label="検索結果"
          />
        </>
      )}
    </section>
  );
}

export function OneStopGidePage() {
  const session = useSession();
  const scope = [session.user?.userId, session.user?.pseudoUserId, session.systemDate, session.businessDate].join('|');
  const initial = useRemote(
    `one-stop|${scope}`,
    (signal) => loadOneStop(NO_NARROWING, signal),
    (error) => errorMessageText(error),
  );
  const [draft, setDraft] = useState<OneStopNarrowing>(NO_NARROWING);
  const [results, setResults] = useState<SearchRow[] | null>(null);
  const [page, setPage] = useState(1);
  const [searching, setSearching] = useState(false);

  const search = async (n: OneStopNarrowing) => {
    setSearching(true);
    try {
      const answer = await loadOneStop(n);
      setDraft(n);
      setResults(answer.containtsListData);
      setPage(1);
      window.scrollTo({ top: 0 });
    } catch (error) {
      await alertApiError(error);
    } finally {
      setSearching(false);
    }
  };
  const back = () => {
    setDraft(NO_NARROWING);
    setResults(null);
    setPage(1);
    window.scrollTo({ top: 0 });
  };
  const ready = initial.status === 'ready' ? initial.data : null;

  return (
    <div className={sideLayout.page}>
      <Breadcrumbs categoryId={CATEGORY.oneStop} />
      <h1 className={sideLayout.title}>ワンストップガイド</h1>
      <div className={sideLayout.layout}>
        <div className={sideLayout.main} aria-busy={initial.status === 'loading' || searching}>
          {initial.status === 'loading' && <div className={styles.loading} role="status" aria-label="読み込み中" />}
          {initial.status === 'failed' && (
            <p className={styles.failed} role="alert">
              {initial.message}
            </p>
          )}
          {ready &&
            (results ? (
              <ResultView rows={results} categories={ready.categoryListData} page={page} onPage={setPage} />
            ) : (
              <InitialView data={ready} />
            ))}
        </div>
        <aside className={styles.side} aria-label="検索">
          <OneStopSearchPanel
            value={draft}
            tags={ready?.tagListData ?? []}
            disabled={!ready || searching}
            searching={results !== null}
            onChange={setDraft}
            onSearch={(n) => void search(n)}
            onBack={back}
          />
        </aside>
      </div>
    </div>
  );
}
