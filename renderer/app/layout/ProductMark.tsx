// The product logo: a small mark and the product name.
import { PRODUCT_NAME } from './brand';
import styles from './ProductMark.module.css';

interface Props {
  size?: 'md' | 'lg';
  tone?: 'dark' | 'light';
}

export function ProductMark({ size = 'md', tone = 'dark' }: Props) {
  return (
    <span className={`${styles.mark} ${styles[size]} ${tone === 'light' ? styles.light : ''}`}>
      <svg className={styles.icon} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" className={styles.iconBack} />
        <path d="M9 10.5h9.5a4.5 4.5 0 0 1 0 9H13v4.5H9z" className={styles.iconFront} />
        <circle cx="22.5" cy="22.5" r="3" className={styles.iconDot} />
      </svg>
      <span className={styles.name}>{PRODUCT_NAME}</span>
    </span>
  );
}
