// Rows of infoListData (news, administrator announcements, category lists): posting date,
// sub-category, 重要 (inside the important period; such rows come first), NEW, the title linking to the detail page, and a mark when files are attached.
import { Link } from 'react-router-dom';
import { formatDate } from '../app/format';
import { AttachmentMark, ImportantFlag, NewFlag, SubCategoryTag } from './ContentFlags';
import { contentDetailPath, type InfoItem } from './content-wire';
import styles from './InfoList.module.css';

interface Props {
  items: InfoItem[];
  /** Denser rows for the portal top. */
  compact?: boolean;
}

export function InfoList({ items, compact = false }: Props) {
  return (
    <ul className={`${styles.list} ${compact ? styles.compact : ''}`}>
      {items.map((item) => (
        <li key={`${item.categoryId}-${item.contentId}`} className={styles.row}>
          <time className={styles.date} dateTime={item.postPeriod.replaceAll('/', '-')}>
            {formatDate(item.postPeriod)}
          </time>
          <span className={styles.tags}>
            <SubCategoryTag name={item.subCategoryName} />
            {item.jyuyoFlg && <ImportantFlag />}
            {item.newFlg && <NewFlag />}
          </span>
          <Link className={styles.title} to={contentDetailPath(item)}>
            {item.contentsTitle}
          </Link>
          {item.fileFlg && <AttachmentMark />}
        </li>
      ))}
    </ul>
  );
}
