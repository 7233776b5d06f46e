// The 視聴完了 checkbox of skill-up contents (/api/SkilUp/GetWatchStatus and
// /api/SkilUp/skilupWatchHistoryReg); the token is checked before saving.
import { useEffect, useId, useState } from 'react';
import { alertApiError } from '../../app/errors/alert-api-error';
import { ensureValidSession } from '../../components/session-check';
import { loadWatchStatus, saveWatchStatus } from './calls';
import styles from './ContentDetail.module.css';

export function WatchStatus({ categoryId, contentsId }: { categoryId: number; contentsId: number }) {
  const id = useId();
  const [watched, setWatched] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    loadWatchStatus(categoryId, contentsId, controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setWatched(value);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setWatched(false);
        void alertApiError(error);
      },
    );
    return () => controller.abort();
  }, [categoryId, contentsId]);

  const change = async (next: boolean) => {
    if (saving) return;
    setSaving(true);
    setWatched(next);
    try {
      if (!(await ensureValidSession())) {
        setWatched(!next);
        return;
      }
      setWatched(await saveWatchStatus(categoryId, contentsId, next));
    } catch (error) {
      setWatched(!next);
      await alertApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={`${styles.watch} ${watched ? styles.watchDone : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={watched === true}
        disabled={watched === null || saving}
        onChange={(event) => void change(event.target.checked)}
      />
      <label htmlFor={id}>視聴完了</label>
      <span className={styles.watchNote}>
        {watched ? '視聴済みとして記録されています' : '視聴が終わったらチェックしてください'}
      </span>
    </div>
  );
}
