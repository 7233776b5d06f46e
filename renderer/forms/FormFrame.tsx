// The frame of a generic form: a titled panel on a page, nothing around it in a modal.
import type { ReactNode } from 'react';
import styles from './FormLayout.module.css';

export function Frame({ display, title, children }: { display: 'page' | 'modal'; title: string; children: ReactNode }) {
  if (display === 'modal') return <div>{children}</div>;
  return (
    <section className={styles.panel} aria-label={title || undefined}>
      {title && (
        <div className={styles.panelHeader}>
          <h1 className={styles.title}>{title}</h1>
        </div>
      )}
      <div className={title ? styles.panelBody : undefined}>{children}</div>
    </section>
  );
}
