// In-place states of a part of a screen: the loading placeholder and the notice of a failed call.
import styles from './WidgetState.module.css';

export function WidgetFailure({ message }: { message: string }) {
  return (
    <p className={styles.failure} role="alert">
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M10 5.5v5.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        <circle cx="10" cy="14.2" r="1.1" fill="currentColor" />
      </svg>
      <span>{message}</span>
    </p>
  );
}

export function LoadingRows({ rows = 3 }: { rows?: number }) {
  return (
    <div className={styles.loading} role="status" aria-label="読み込み中">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className={styles.loadingRow} style={{ width: `${92 - ((i * 17) % 30)}%` }} />
      ))}
    </div>
  );
}
