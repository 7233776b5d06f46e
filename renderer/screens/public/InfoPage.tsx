// Frame of the short public information pages: icon, heading, text, one or two links.
import type { ReactNode } from 'react';
import { PublicShell } from '../../app/layout/PublicShell';
import styles from './InfoPage.module.css';

interface Props {
  title: string;
  tone?: 'info' | 'warning' | 'error' | 'success';
  icon?: string;
  children: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
}

export function InfoPage({ title, tone = 'info', icon = 'i', children, actions, wide }: Props) {
  return (
    <PublicShell title={title} width={wide ? 'wide' : 'narrow'} markLinksTo={null}>
      <div className={styles.icon} data-tone={tone} aria-hidden="true">
        {icon}
      </div>
      <div className={styles.body}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </PublicShell>
  );
}
