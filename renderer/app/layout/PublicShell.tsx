// Frame of the screens without sign-in: the product name above a centred card, a footer below.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ProductMark } from './ProductMark';
import { SiteFooter } from './SiteFooter';
import styles from './PublicShell.module.css';

interface Props {
  /** Heading of the card (h1). */
  title: string;
  /** A short line under the heading. */
  lead?: ReactNode;
  children: ReactNode;
  width?: 'narrow' | 'wide';
  /** Whether the product mark links to the login screen (default) or is plain text. */
  markLinksTo?: string | null;
  /** A round status icon above the heading. */
  status?: { tone: 'info' | 'success' | 'warning' | 'error'; icon: string };
}

export function PublicShell({ title, lead, children, width = 'narrow', markLinksTo = '/login', status }: Props) {
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        {markLinksTo ? (
          <Link to={markLinksTo} className={styles.markLink} aria-label="代理店ポータル">
            <ProductMark size="lg" />
          </Link>
        ) : (
          <ProductMark size="lg" />
        )}
        <p className={styles.tagline}>販売代理店さま専用サイト</p>
      </header>
      <main className={`${styles.card} ${width === 'wide' ? styles.wide : ''}`}>
        {status && (
          <div className={styles.statusIcon} data-tone={status.tone} aria-hidden="true">
            {status.icon}
          </div>
        )}
        <h1 className={styles.title}>{title}</h1>
        {lead && <div className={styles.lead}>{lead}</div>}
        {children}
      </main>
      <SiteFooter variant="plain" />
    </div>
  );
}
