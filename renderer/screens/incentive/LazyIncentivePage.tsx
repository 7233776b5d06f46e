// The incentive screen loaded on first use: visx and the screen's code stay out of the bundle
// every agent downloads for the portal.
import { lazy, Suspense } from 'react';
import styles from './Incentive.module.css';

const IncentivePage = lazy(() => import('./IncentivePage'));

export function IncentiveScreen() {
  return (
    <Suspense
      fallback={
        <p className={styles.loading} role="status">
          読み込み中です…
        </p>
      }
    >
      <IncentivePage />
    </Suspense>
  );
}
