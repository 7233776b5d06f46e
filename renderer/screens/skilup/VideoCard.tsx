// One video of the skill-up hub: thumbnail (frame at 1 s), 視聴済み / NEW marks, phase, title,
// caption and date, linking to its detail page; provider administrators get an edit icon that
// opens the registration form (updateFormPath) in update mode.
import { Link } from 'react-router-dom';
import { NewFlag } from '../../components/ContentFlags';
import { formatDate } from '../../app/format';
import { EDIT_MODE, editFormPath } from '../contents/ContentDetailView';
import { detailPathOf, type SkilupVideo } from './calls';
import { VideoThumbnail } from './VideoThumbnail';
import styles from './Skilup.module.css';

export function EditIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M13.5 3.5l3 3L7 16H4v-3zM11.5 5.5l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function VideoCard({ video }: { video: SkilupVideo }) {
  const edit = video.updateFormPath
    ? editFormPath(video.updateFormPath, video.categoryId, video.contentsId, EDIT_MODE.update)
    : null;
  return (
    <li className={`${styles.card} ${video.isWatched ? styles.cardWatched : ''}`} data-contents-id={video.contentsId}>
      <Link to={detailPathOf(video.detailPath, video.categoryId, video.contentsId)} className={styles.cardLink}>
        <span className={styles.thumb}>
          <VideoThumbnail path={video.thumbnailPath} name={video.thumbnailName} alt="" />
          <span className={styles.play} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="18" height="18">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          </span>
          {video.isWatched && <span className={styles.watchedMark}>視聴済み</span>}
        </span>
        <span className={styles.cardBody}>
          <span className={styles.cardMeta}>
            <span className={styles.phaseTag}>{video.phaseName}</span>
            {video.isNewVideo && <NewFlag />}
          </span>
          <span className={styles.cardTitle}>{video.videoTitle}</span>
          {video.videoCaption && <span className={styles.cardCaption}>{video.videoCaption}</span>}
          <span className={styles.cardDate}>更新日 {formatDate(video.updateDate)}</span>
        </span>
      </Link>
      {edit && (
        <Link to={edit} className={styles.editIcon} aria-label={`「${video.videoTitle}」を編集`} title="編集">
          <EditIcon />
        </Link>
      )}
    </li>
  );
}

export function VideoGrid({ videos, label }: { videos: SkilupVideo[]; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {videos.map((v) => (
        <VideoCard key={v.contentsId} video={v} />
      ))}
    </ul>
  );
}
