// Rows of the search results: posting date, category, sub-category, NEW, the title linking to
// /{detailPath}/categoryId/{categoryId}/contentsId/{contentId}, a mark for attached documents,
// and for provider administrators (the API fills updateFormPath only for them) an edit link to
// the registration form with categoryId, contentsId and editMode update.
import { Link } from 'react-router-dom';
import { formatDate } from '../../app/format';
import { AttachmentMark, CategoryTag, NewFlag, SubCategoryTag } from '../../components/ContentFlags';
import { contentDetailPath } from '../../components/content-wire';
import { EDIT_MODE, editFormPath } from '../contents/ContentDetailView';
import type { SearchRow } from './search-calls';
import styles from './SiteSearch.module.css';

interface Props {
  rows: SearchRow[];
  categoryName: (categoryId: number) => string;
  /** A title link was followed (recorded for the administrators' insight screen). */
  onOpen?: (contentId: number) => void;
}

export function SearchResultList({ rows, categoryName, onOpen }: Props) {
  return (
    <ol className={styles.list}>
      {rows.map((row) => {
        const edit = row.updateFormPath
          ? editFormPath(row.updateFormPath, row.categoryId, row.contentId, EDIT_MODE.update)
          : null;
        return (
          <li key={`${row.categoryId}-${row.contentId}`} className={styles.row}>
            <div className={styles.rowMeta}>
              <time className={styles.date} dateTime={row.postPeriod.replaceAll('/', '-')}>
                {formatDate(row.postPeriod)}
              </time>
              <CategoryTag name={categoryName(row.categoryId)} />
              <SubCategoryTag name={row.subCategoryName} />
              {row.newFlg && <NewFlag />}
            </div>
            <div className={styles.rowTitle}>
              <Link className={styles.titleLink} to={contentDetailPath(row)} onClick={() => onOpen?.(row.contentId)}>
                {row.contentsTitle}
              </Link>
              {row.fileFlg && <AttachmentMark />}
              {edit && (
                <Link className={styles.edit} to={edit} aria-label={`${row.contentsTitle}を編集`}>
                  編集
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
