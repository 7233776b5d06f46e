// Small labels of a content: NEW, 重要, sub-category, attachment.
import styles from './ContentFlags.module.css';

export function NewFlag() {
  return <span className={`${styles.flag} ${styles.new}`}>NEW</span>;
}

export function ImportantFlag() {
  return <span className={`${styles.flag} ${styles.important}`}>重要</span>;
}

export function SubCategoryTag({ name }: { name: string }) {
  if (!name) return null;
  return <span className={styles.subCategory}>{name}</span>;
}

export function CategoryTag({ name }: { name: string }) {
  if (!name) return null;
  return <span className={styles.category}>{name}</span>;
}

/** The content has documents to download. */
export function AttachmentMark() {
  return (
    <span className={styles.attachment} title="添付ファイルあり">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          d="M10.5 4.5 5.6 9.4a1.3 1.3 0 0 0 1.8 1.8l5-5a2.6 2.6 0 0 0-3.7-3.7l-5 5a3.9 3.9 0 0 0 5.5 5.5l4.3-4.3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinecap="round"
        />
      </svg>
      <span className="visually-hidden">添付ファイルあり</span>
    </span>
  );
}
