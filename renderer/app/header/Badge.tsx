import { badgeText } from './nav-tree';
import styles from './Header.module.css';

/** Notification count: hidden at zero, "99+" above 99. */
export function Badge({ count }: { count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <>
      <span className={styles.badge} aria-hidden="true">
        {text}
      </span>
      <span className="visually-hidden">（新着{text}件）</span>
    </>
  );
}
