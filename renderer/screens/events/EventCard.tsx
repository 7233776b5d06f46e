// One event of the lists: thumbnail, date (YYYY.MM.DD and the weekday), sub-category, NEW,
// 受付終了, title; provider administrators get an edit icon to the event registration form.
import { Link } from 'react-router-dom';
import { FallbackImage } from '../../components/FallbackImage';
import { NewFlag } from '../../components/ContentFlags';
import { EDIT_MODE, editFormPath } from '../contents/ContentDetailView';
import { EditIcon } from '../skilup/VideoCard';
import { eventDetailPath, type EventItem } from './calls';
import { eventDateParts } from './event-date';
import styles from './Events.module.css';

export function EventCard({ item, editPath }: { item: EventItem; editPath: string }) {
  const when = eventDateParts(item.eventDate);
  const edit = editPath ? editFormPath(editPath, item.categoryId, item.contentsId, EDIT_MODE.update) : null;
  return (
    <li className={`${styles.card} ${item.closeFlg ? styles.cardClosed : ''}`} data-contents-id={item.contentsId}>
      <Link to={eventDetailPath(item.categoryId, item.contentsId)} className={styles.cardLink}>
        <span className={styles.thumb}>
          <FallbackImage src={item.thumbnailPath} alt="" className={styles.thumbImage} aspectRatio="16 / 9" />
          {item.closeFlg && <span className={styles.closedMark}>受付終了</span>}
        </span>
        <span className={styles.cardBody}>
          <span className={styles.date}>
            <time dateTime={item.eventDate.slice(0, 10).replaceAll('/', '-')}>{when.date}</time>
            {when.time && <span className={styles.time}>{when.time}〜</span>}
          </span>
          <span className={styles.cardMeta}>
            {item.subCategoryName && <span className={styles.subCategory}>{item.subCategoryName}</span>}
            {item.newFlg && <NewFlag />}
          </span>
          <span className={styles.cardTitle}>{item.contentsTitle}</span>
        </span>
      </Link>
      {edit && (
        <Link to={edit} className={styles.editIcon} aria-label={`「${item.contentsTitle}」を編集`} title="編集">
          <EditIcon />
        </Link>
      )}
    </li>
  );
}

export function EventGrid({ items, label, editPath }: { items: EventItem[]; label: string; editPath: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item) => (
        <EventCard key={item.contentsId} item={item} editPath={editPath} />
      ))}
    </ul>
  );
}
