// Favourite pages of the portal top: the first showCount entries (the server's number), the rest
// behind もっと見る.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { CategoryTag } from '../../components/ContentFlags';
import { contentDetailPath } from '../../components/content-wire';
import type { FavoriteItem } from './calls';
import styles from './PortalTop.module.css';

export function FavoriteList({ items, showCount }: { items: FavoriteItem[]; showCount: number }) {
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  if (items.length === 0)
    return <p className={styles.empty}>お気に入りに登録したページはありません。コンテンツの☆から登録できます。</p>;
  const visible = expanded ? items : items.slice(0, showCount);
  const hidden = items.length - showCount;
  return (
    <>
      <ul className={styles.pageList} id={moreId}>
        {visible.map((item) => (
          <li key={`${item.categoryId}-${item.contentId}`} className={styles.pageRow}>
            <svg
              className={styles.star}
              viewBox="0 0 20 20"
              width="14"
              height="14"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z" fill="currentColor" />
            </svg>
            <Link className={styles.pageTitle} to={contentDetailPath(item)}>
              {item.title}
            </Link>
            <CategoryTag name={item.categoryName} />
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <div className={styles.more}>
          <button
            type="button"
            className={styles.moreButton}
            aria-expanded={expanded}
            aria-controls={moreId}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? '閉じる' : `もっと見る（ほか${hidden}件）`}
          </button>
        </div>
      )}
    </>
  );
}
