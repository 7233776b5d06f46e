// The thumbnail of a skill-up video (spec 002 section 4: "Video thumbnails are taken at 1
// second"). A registered thumbnail image is shown as it is; otherwise the browser takes the frame
// at 1 s of the first video itself: once the card is near the viewport, a detached <video> loads
// the metadata, seeks to 1 s (or the middle of a shorter video), draws that frame onto a canvas
// and keeps it as a JPEG data URL (cached per address, so paging and expanding reuse it). No
// server-side tool is needed (there is no ffmpeg); if the browser cannot decode the video, the
// neutral placeholder stays.
import { useEffect, useRef, useState } from 'react';
import { FallbackImage } from '../../components/FallbackImage';
import styles from './Skilup.module.css';

const VIDEO_EXT = /\.(webm|mp4|ogv)$/i;
export const THUMBNAIL_SECOND = 1;
const frames = new Map<string, string>();

export const isVideoFile = (name: string) => VIDEO_EXT.test(name);

/** Resolves with a JPEG data URL of the frame at `second` of the video. */
export function captureFrame(src: string, second = THUMBNAIL_SECOND, timeoutMs = 15_000): Promise<string> {
  const cached = frames.get(src);
  if (cached) return Promise.resolve(cached);
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    let done = false;
    const finish = (error: Error | null, url?: string) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load(); // releases the connection and the decoder
      if (error) reject(error);
      else resolve(url!);
    };
    const timer = window.setTimeout(() => finish(new Error('thumbnail timeout')), timeoutMs);
    video.muted = true;
    video.preload = 'metadata';
    video.playsInline = true;
    video.addEventListener('error', () => finish(new Error('video not decodable')));
    video.addEventListener('loadedmetadata', () => {
      const duration = Number.isFinite(video.duration) ? video.duration : second;
      video.currentTime = Math.min(second, duration / 2);
    });
    video.addEventListener('seeked', () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth || 320;
        canvas.height = video.videoHeight || 180;
        canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
        const url = canvas.toDataURL('image/jpeg', 0.8);
        frames.set(src, url);
        finish(null, url);
      } catch (error) {
        finish(error instanceof Error ? error : new Error(String(error)));
      }
    });
    video.src = src;
  });
}

interface Props {
  path: string;
  name: string;
  alt: string;
}

export function VideoThumbnail({ path, name, alt }: Props) {
  const video = isVideoFile(name) && path !== '';
  const [frame, setFrame] = useState<string | null>(() => (video ? (frames.get(path) ?? null) : null));
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!video || frame) return;
    let cancelled = false;
    const start = () =>
      captureFrame(path).then(
        (url) => !cancelled && setFrame(url),
        () => !cancelled && setFailed(true),
      );
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      void start();
      return () => {
        cancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void start();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [video, path, frame]);

  if (!video) return <FallbackImage src={path} alt={alt} className={styles.thumbImage} aspectRatio="16 / 9" />;
  if (frame) return <img src={frame} alt={alt} className={styles.thumbImage} data-frame-at={THUMBNAIL_SECOND} />;
  return (
    <span ref={box} className={styles.thumbPending} data-thumbnail-state={failed ? 'failed' : 'pending'}>
      <FallbackImage src="" alt={alt} className={styles.thumbImage} aspectRatio="16 / 9" />
    </span>
  );
}
