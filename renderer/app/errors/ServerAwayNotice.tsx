// Shown while a read waits for the server to come back (503 ERR_SYS001, renderer/api/server-away.ts):
// the catalogue's message at the top of the window, over whatever the screen shows, and gone once
// the read has its answer. Outside the router, so it shows during a page's first route guard too.
import { useSyncExternalStore } from 'react';
import { formatMessage } from '../../../schemas/messages/format';
import { readsWaitingForServer, subscribeServerAway } from '../../api/server-away';
import styles from './ServerAwayNotice.module.css';

export function ServerAwayNotice() {
  const waiting = useSyncExternalStore(subscribeServerAway, readsWaitingForServer, readsWaitingForServer);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {waiting > 0 && (
        <p className={styles.notice}>
          <span className={styles.spinner} aria-hidden="true" />
          <span>
            {formatMessage('ERR_SYS001')}
            <br />
            {formatMessage('INF_SYS001')}
          </span>
        </p>
      )}
    </div>
  );
}
