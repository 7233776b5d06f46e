import { SUPPLIER_NAME } from './brand';
import styles from './SiteFooter.module.css';

export function SiteFooter({ variant = 'page' }: { variant?: 'page' | 'plain' }) {
  return (
    <footer className={`${styles.footer} ${variant === 'plain' ? styles.plain : ''}`}>
      <small>
        © {new Date().getFullYear()} {SUPPLIER_NAME}
      </small>
    </footer>
  );
}
