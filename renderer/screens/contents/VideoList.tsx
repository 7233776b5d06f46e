// Videos of a content (spec 000 section 2 and 4): one per row when there is one, otherwise two
// per row with a last odd one at full width. Play, pause and ended are logged (operation type
// 04); reaching half of the duration is reported once per video.
import { useRef } from 'react';
import { OPERATION_TYPE, sendOperationLog } from '../../app/operation-log';
import type { ContentVideo } from '../../components/content-wire';
import styles from './ContentDetail.module.css';

export type VideoEvent = 'play' | 'pause' | 'ended' | 'half';

interface Props {
  videos: ContentVideo[];
  categoryId: number;
  contentsId: number;
  screenName: string;
  /** No operation log (preview). */
  preview?: boolean;
}

function Video({ video, onEvent, wide }: { video: ContentVideo; onEvent: (event: VideoEvent) => void; wide: boolean }) {
  const halfReported = useRef(false);
  return (
    <figure className={`${styles.video} ${wide ? styles.videoWide : ''}`}>
      <video
        className={styles.videoPlayer}
        src={video.videoPath}
        controls
        preload="metadata"
        playsInline
        controlsList="nodownload"
        aria-label={video.videoExp || video.videoName}
        onPlay={() => onEvent('play')}
        onPause={(event) => {
          // The pause that comes with the end is logged as ended.
          if (!event.currentTarget.ended) onEvent('pause');
        }}
        onEnded={() => onEvent('ended')}
        onTimeUpdate={(event) => {
          const el = event.currentTarget;
          if (halfReported.current || !Number.isFinite(el.duration) || el.duration <= 0) return;
          if (el.currentTime >= el.duration / 2) {
            halfReported.current = true;
            onEvent('half');
          }
        }}
      />
      {(video.videoExp || video.videoName) && (
        <figcaption className={styles.videoCaption}>
          <span className={styles.videoTitle}>{video.videoExp || video.videoName}</span>
          {video.videoExp && <span className={styles.videoFile}>{video.videoName}</span>}
        </figcaption>
      )}
    </figure>
  );
}

export function VideoList({ videos, categoryId, contentsId, screenName, preview = false }: Props) {
  if (videos.length === 0) return null;
  const single = videos.length === 1;
  const log = (video: ContentVideo, event: VideoEvent) => {
    if (preview) return;
    sendOperationLog({
      operationType: OPERATION_TYPE.video,
      fromScreenName: screenName,
      controlName: 'video',
      actionDetail: event,
      genericField1: String(categoryId),
      genericField2: String(contentsId),
      genericField3: video.videoName,
    });
  };
  return (
    <div className={`${styles.videos} ${single ? styles.videosSingle : ''}`}>
      {videos.map((video, index) => (
        <Video
          key={video.rowNo}
          video={video}
          wide={single || (videos.length % 2 === 1 && index === videos.length - 1)}
          onEvent={(event) => log(video, event)}
        />
      ))}
    </div>
  );
}
