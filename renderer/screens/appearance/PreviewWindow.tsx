// The frame both appearance previews share (spec 001 "Global navigation preview", "Icon menu
// preview"): a window of its own with the title, 閉じる, and the stored list loaded once —
// loading, failed, empty or drawn by the caller.
import type { ReactNode } from 'react';
import { errorMessageText } from '../../api/client';
import { useRemote } from '../../components/use-remote';
import styles from './Preview.module.css';

const detailKbnLabel = (kbn: string) => (kbn === '02' ? '予約設定' : '現在の設定');

interface Props<T> {
  /** What is previewed: 「グローバルナビ」, 「アイコンメニュー」. */
  what: string;
  /** 01 current, 02 scheduled setting. */
  detailKbn: string;
  /** Reload key: the setting's id and kind. */
  loadKey: string;
  load: (signal: AbortSignal) => Promise<T[]>;
  children: (items: T[]) => ReactNode;
}

export function PreviewWindow<T>({ what, detailKbn, loadKey, load, children }: Props<T>) {
  const remote = useRemote(loadKey, load, (error) => errorMessageText(error));
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>
          {what}プレビュー（{detailKbnLabel(detailKbn)}）
        </h1>
        <button type="button" className="btn btn-secondary" onClick={() => window.close()}>
          閉じる
        </button>
      </header>
      {remote.status === 'failed' && (
        <p role="alert" className={styles.failed}>
          {remote.message}
        </p>
      )}
      {remote.status === 'loading' && <p role="status">読み込み中…</p>}
      {remote.status === 'ready' && (
        <div className={styles.frame}>
          {remote.data.length === 0 ? (
            <p className={styles.empty}>表示する項目がありません。</p>
          ) : (
            children(remote.data)
          )}
        </div>
      )}
    </div>
  );
}
