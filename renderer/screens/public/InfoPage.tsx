// Frame of the short public information pages: icon, heading, text, one or two links.
import type { ReactNode } from 'react';
import { PublicShell } from '../../app/layout/PublicShell';
import styles from './InfoPage.module.css';

interface Props {
  title: string;
  tone?: 'info' | 'warning' | 'error' | 'success';
  /** Round icon above the heading; none when omitted. */
  icon?: string;
  children: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
}

export function InfoPage({ title, tone = 'info', icon, children, actions, wide }: Props) {
  return (
    <PublicShell
      title={title}
      width={wide ? 'wide' : 'narrow'}
      markLinksTo={null}
      status={icon ? { tone, icon } : undefined}
    >
      <div className={styles.body}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </PublicShell>
  );
}
