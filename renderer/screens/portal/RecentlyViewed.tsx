// Recently viewed pages of the portal top, newest first, with the time of the last view.
import { Link } from 'react-router-dom';
import { CategoryTag } from '../../components/ContentFlags';
import { contentDetailPath } from '../../components/content-wire';
import type { RecentlyViewedItem } from './calls';
import styles from './PortalTop.module.css';

export function RecentlyViewedList({ items }: { items: RecentlyViewedItem[] }) {
  if (items.length === 0) return <p className={styles.empty}>最近閲覧したページはありません。</p>;
  return (
    <ul className={styles.pageList}>
      {items.map((item) => (
        <li key={`${item.categoryId}-${item.contentId}`} className={styles.pageRow}>
          <Link className={styles.pageTitle} to={contentDetailPath(item)}>
            {item.title}
          </Link>
          <CategoryTag name={item.categoryName} />
          <time className={styles.viewDate} dateTime={item.viewDate.replaceAll('/', '-').replace(' ', 'T')}>
            {item.viewDate}
          </time>
        </li>
      ))}
    </ul>
  );
}
