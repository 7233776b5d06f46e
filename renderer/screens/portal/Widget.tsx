// The frame of one portal-top part: a heading with an optional action, then the part's body,
// a loading placeholder, or the ERR_SYS003 notice of a failed call.
import { useId, type ReactNode } from 'react';
import type { Remote } from '../../components/use-remote';
import { LoadingRows, WidgetFailure } from '../../components/WidgetState';
import styles from './PortalTop.module.css';

interface Props<T> {
  title: string;
  remote: Remote<T>;
  /** Rendered once the data is there. */
  children: (data: T) => ReactNode;
  action?: ReactNode;
  className?: string;
  /** Rows of the loading placeholder. */
  placeholderRows?: number;
  icon?: ReactNode;
}

export function Widget<T>({ title, remote, children, action, className, placeholderRows = 3, icon }: Props<T>) {
  const headingId = useId();
  return (
    <section className={`${styles.widget} ${className ?? ''}`} aria-labelledby={headingId}>
      <header className={styles.widgetHeader}>
        <h2 id={headingId} className={styles.widgetTitle}>
          {icon}
          {title}
        </h2>
        {action}
      </header>
      <div className={styles.widgetBody}>
        {remote.status === 'ready' && children(remote.data)}
        {(remote.status === 'loading' || remote.status === 'idle') && <LoadingRows rows={placeholderRows} />}
        {remote.status === 'failed' && <WidgetFailure message={remote.message} />}
      </div>
    </section>
  );
}
