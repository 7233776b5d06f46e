// An image cell of the rowTable widget: pick, checked by the form's rules for that path, uploaded
// by tus, previewed; a saved file may be downloaded.
import { useRef, useState, type ChangeEvent } from 'react';
import { apiDownload } from '../../../api/client';
import { saveBlob } from '../../../components/download';
import { useRouteHandle } from '../../../app/route-handle';
import type { FormStore } from '../../form-store';
import { UploadError, UploadProgress, useTusUploads } from '../../upload/TusUpload';
import { isImage, type ImageEntry } from './rows';
import styles from '../RowTable.module.css';

interface ImageCellProps {
  id: string;
  label: string;
  value: unknown;
  accept: string;
  download?: string;
  disabled: boolean;
  store: FormStore | undefined;
  onPicked: (entry: ImageEntry | undefined) => void;
}

/** One image of a row: pick, checked by the form's rules for that path, uploaded by tus, previewed. */
export function ImageCell({ id, label, value, accept, download, disabled, store, onPicked }: ImageCellProps) {
  const screenName = useRouteHandle()?.screenName ?? '';
  const input = useRef<HTMLInputElement>(null);
  const { running, start } = useTusUploads();
  const [local, setLocal] = useState<string | null>(null);
  const path = store ? store.pathOfId(id) : '';
  const entry = isImage(value) ? value : undefined;
  const src = local ?? entry?.fileUrl;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (store && store.validatePath(path, store.recordWith(path, { fileName: file.name, size: file.size })).length > 0)
      return;
    const preview = URL.createObjectURL(file);
    const upload = start(file).then(
      (done) => {
        setLocal(preview);
        onPicked({ fileName: done.fileName, size: done.size, uploadId: done.uploadId, isUpload: true });
      },
      (error: unknown) => {
        URL.revokeObjectURL(preview);
        const messages =
          error instanceof UploadError ? error.messages : [{ messageId: 'ERR_SYS003', args: ['ファイルアップロード'] }];
        store?.addResults(
          messages.map((m) => ({ field: path, messageId: m.messageId, args: (m.args ?? []).map(String) })),
        );
      },
    );
    store?.trackUpload(upload);
  };

  // Only the saved file may be downloaded: a newly chosen one is not on the server yet (ERR_0037).
  const fetchSaved = async () => {
    if (!entry || !download) return;
    if (entry.isUpload || !entry.fileUrl) {
      store?.showMessages([{ messageId: 'ERR_0037', args: [label] }]);
      return;
    }
    try {
      const file = await apiDownload(download, { fileName: entry.fileName, screenName }, entry.fileName);
      saveBlob(file.blob, file.fileName);
    } catch {
      store?.showMessages([{ messageId: 'ERR_SYS003', args: ['ファイルダウンロード'] }]);
    }
  };

  // The preview beside the name and the buttons (stacked), so a row keeps the spec's 120 px.
  return (
    <div className={styles.image}>
      {src ? (
        <img src={src} alt={`${label}のプレビュー`} className={styles.thumb} />
      ) : (
        <span className={styles.noImage}>未設定</span>
      )}
      <div className={styles.imageSide}>
        {running.map((u) => (
          <UploadProgress key={u.key} fileName={u.fileName} percent={u.percent} waiting={u.waiting} />
        ))}
        {entry && (
          <span className={styles.fileName} title={entry.fileName}>
            {entry.fileName}
          </span>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          accept={accept}
          onChange={pick}
          disabled={disabled}
          aria-label={label}
        />
        <div className={styles.imageButtons}>
          <button
            type="button"
            className={`btn btn-secondary ${styles.small}`}
            disabled={disabled || running.length > 0}
            onClick={() => input.current?.click()}
          >
            参照
          </button>
          {download && entry && (
            <button
              type="button"
              className={`btn btn-secondary ${styles.small}`}
              aria-label={`ダウンロード（${label}）`}
              onClick={() => void fetchSaved()}
            >
              ダウンロード
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
