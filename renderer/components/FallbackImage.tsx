// An image that shows a neutral placeholder (inline SVG, no external file) when its address is
// empty or fails to load.
import { useState, type CSSProperties } from 'react';
import styles from './FallbackImage.module.css';

interface Props {
  src: string;
  alt: string;
  className?: string;
  /** Width / height of the placeholder box, e.g. "3 / 1"; the image itself keeps its own. */
  aspectRatio?: string;
  loading?: 'lazy' | 'eager';
  style?: CSSProperties;
}

export function FallbackImage({ src, alt, className, aspectRatio, loading = 'lazy', style }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  if (failed) {
    return (
      <span
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        className={`${styles.placeholder} ${className ?? ''}`}
        style={{ aspectRatio, ...style }}
        data-image-fallback=""
      >
        <span className={styles.placeholderIcon}>
          <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
            <rect x="5" y="9" width="38" height="30" rx="3" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <circle cx="17" cy="19" r="4" fill="currentColor" />
            <path
              d="M8 36 L20 25 L28 32 L33 27 L41 35"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      className={className}
      loading={loading}
      decoding="async"
      style={{ aspectRatio, ...style }}
      onError={() => setFailedSrc(src)}
    />
  );
}
