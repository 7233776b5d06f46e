// Paging of result lists (spec 000 "Site search results"): every page up to 7 pages, otherwise
// the first, the last and a window around the current page with ellipses; previous and next
// are labelled with the page size.
import styles from './Pager.module.css';

interface Props {
  page: number;
  totalCount: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** What the pages are of, for the label of the navigation. */
  label?: string;
}

export type PagerItem = number | 'gap-start' | 'gap-end';

/** The page numbers shown for a current page (1-based) among totalPages. */
export function pagerItems(page: number, totalPages: number): PagerItem[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  let from = Math.max(2, page - 2);
  let to = Math.min(totalPages - 1, page + 2);
  if (page <= 4) {
    from = 2;
    to = 5;
  } else if (page >= totalPages - 3) {
    from = totalPages - 4;
    to = totalPages - 1;
  }
  const items: PagerItem[] = [1];
  if (from > 2) items.push('gap-start');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < totalPages - 1) items.push('gap-end');
  items.push(totalPages);
  return items;
}

export function Pager({ page, totalCount, pageSize, onChange, label = 'ページ送り' }: Props) {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  if (totalCount <= 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, totalCount);
  return (
    <div className={styles.pager}>
      <p className={styles.summary} aria-live="polite">
        全<strong>{totalCount.toLocaleString('ja-JP')}</strong>件中 {first.toLocaleString('ja-JP')}〜
        {last.toLocaleString('ja-JP')}件を表示
      </p>
      {totalPages > 1 && (
        <nav aria-label={label}>
          <ul className={styles.list}>
            <li>
              <button type="button" className={styles.step} disabled={page <= 1} onClick={() => onChange(page - 1)}>
                ‹ 前の{pageSize}件
              </button>
            </li>
            {pagerItems(page, totalPages).map((item) =>
              typeof item === 'number' ? (
                <li key={item}>
                  <button
                    type="button"
                    className={`${styles.page} ${item === page ? styles.current : ''}`}
                    aria-current={item === page ? 'page' : undefined}
                    aria-label={`${item}ページ目`}
                    onClick={() => item !== page && onChange(item)}
                  >
                    {item}
                  </button>
                </li>
              ) : (
                <li key={item} className={styles.gap} aria-hidden="true">
                  …
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                className={styles.step}
                disabled={page >= totalPages}
                onClick={() => onChange(page + 1)}
              >
                次の{pageSize}件 ›
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
