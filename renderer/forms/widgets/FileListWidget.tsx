// A list of files of one kind (attachments, images, videos, a thumbnail) with its explanation.
// Each chosen file is first checked by the form's file rules (extension, size, name, duplicate)
// and then uploaded through the one tus upload (progress in whole percent); the record keeps
// {rowNo, fileName, size, uploadId, isUpload: true}, and the save call attaches the uploads by id.
// Files already saved come from the server with their fileId, fileName and fileUrl (isUpload
// false); the save keeps them by fileId (docs/forms.md), so only rowNo is renumbered here.
// ui:options: accept (".pdf,.docx"), multiple (true), maxFiles, explanationField (the sibling
// field of the explanation), explanationLabel, buttonLabel (the pick button, default ファイルを追加),
// preview (images: each entry shows its picture, a saved one from its fileUrl, a new one from the
// picked file), download (a call spec {call, body} for a file saved on the server without a
// fileUrl: its body is evaluated over the record and the entry as `row`, and the answer is saved
// as a file). Removing the last file clears the explanation.
import { memo, useEffect, useRef, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { formatFileSize } from '../../components/file-size';
import { runCall } from '../calls';
import type { CallSpec } from '../definitions';
import { storeOf, useFieldMessages, useRecordValue } from '../use-form-store';
import { UploadError, UploadProgress, useTusUploads } from '../upload/TusUpload';
import styles from './Widgets.module.css';

export interface FileListEntry {
  /** A stored file's stable id: what the save keeps it by. */
  fileId?: number;
  rowNo?: number;
  fileName: string;
  size?: number;
  uploadId?: string;
  fileUrl?: string;
  isUpload?: boolean;
  [key: string]: unknown;
}

function entriesOf(value: unknown): FileListEntry[] {
  return Array.isArray(value) ? (value as FileListEntry[]).filter((e) => e && typeof e.fileName === 'string') : [];
}

const renumber = (list: FileListEntry[]) => list.map((e, i) => ({ ...e, rowNo: i + 1 }));

function isCallSpec(value: unknown): value is CallSpec {
  return typeof value === 'object' && value !== null && typeof (value as { call?: unknown }).call === 'string';
}

function FileListWidgetFn(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, registry, label } = props;
  const store = storeOf(registry);
  const path = store ? store.pathOfId(id) : '';
  const input = useRef<HTMLInputElement>(null);
  const { running, start } = useTusUploads();
  const entries = entriesOf(value);
  const accept = typeof options.accept === 'string' ? options.accept : '';
  const multiple = options.multiple !== false;
  const maxFiles = typeof options.maxFiles === 'number' ? options.maxFiles : multiple ? Infinity : 1;
  const explanationField = typeof options.explanationField === 'string' ? options.explanationField : '';
  const explanationLabel = typeof options.explanationLabel === 'string' ? options.explanationLabel : '説明';
  const explanation = useRecordValue(store, explanationField);
  const explanationId = store && explanationField ? store.idOfPath(explanationField) : `${id}-explanation`;
  const explanationInvalid = useFieldMessages(store, explanationField).length > 0;
  const buttonLabel = typeof options.buttonLabel === 'string' ? options.buttonLabel : 'ファイルを追加';
  const preview = options.preview === true;
  const download = isCallSpec(options.download) ? options.download : undefined;
  // Pictures of files picked on this page, by upload id (revoked when the form closes).
  const pictures = useRef(new Map<string, string>());
  useEffect(() => {
    const urls = pictures.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const locked = Boolean(disabled || readonly);
  const full = entries.length + running.length >= maxFiles;

  const current = (): FileListEntry[] => entriesOf(store ? store.valueAt(path) : value);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    for (const file of files.slice(0, Math.max(0, maxFiles - entries.length - running.length))) {
      const candidate = { fileName: file.name, size: file.size };
      if (store) {
        const found = store.validatePath(path, store.recordWith(path, [...current(), candidate]));
        if (found.length > 0) continue;
      }
      const upload = start(file).then(
        (done) => {
          if (preview) pictures.current.set(done.uploadId, URL.createObjectURL(file));
          const next = renumber([
            ...current(),
            { fileName: done.fileName, size: done.size, uploadId: done.uploadId, isUpload: true },
          ]);
          setList(next);
          // An earlier failure message of this list goes away.
          store?.validatePath(path, store.recordWith(path, next));
        },
        (error: unknown) => {
          const messages =
            error instanceof UploadError
              ? error.messages
              : [{ messageId: 'ERR_SYS003', args: ['ファイルアップロード'] }];
          store?.addResults(
            messages.map((m) => ({ field: path, messageId: m.messageId, args: (m.args ?? []).map(String) })),
          );
        },
      );
      store?.trackUpload(upload);
    }
  };

  const remove = (index: number) => {
    const next = renumber(current().filter((_, i) => i !== index));
    setList(next, next.length === 0 && explanationField ? { [explanationField]: undefined } : {});
  };

  // Only a saved file can be fetched: an upload of this page is not attached until the save.
  const fetchSaved = async (entry: FileListEntry) => {
    if (!download) return;
    try {
      await runCall(
        { ...download, response: 'file', defaultFileName: entry.fileName },
        { record: store?.getRecord(), row: entry },
      );
    } catch {
      store?.showMessages([{ messageId: 'ERR_SYS003', args: ['ファイルダウンロード'] }]);
    }
  };

  /** The new list (and sibling values) into the record: uploads finish after the props were drawn. */
  const setList = (next: FileListEntry[], siblings: Record<string, unknown> = {}) => {
    if (store && !path.includes('.')) store.patch({ [path]: next, ...siblings });
    else {
      onChange(next);
      if (store && Object.keys(siblings).length > 0) store.patch(siblings);
    }
  };

  return (
    <div>
      {(entries.length > 0 || running.length > 0) && (
        <ul className={styles.rows} aria-label={label}>
          {entries.map((entry, i) => (
            <li key={`${entry.uploadId ?? entry.fileUrl ?? entry.fileName}-${i}`} className={styles.fileItem}>
              <span className={styles.fileName} title={entry.fileName}>
                {preview && (entry.uploadId ? pictures.current.get(entry.uploadId) : entry.fileUrl) && (
                  <img
                    className={styles.filePreview}
                    src={entry.uploadId ? pictures.current.get(entry.uploadId) : entry.fileUrl}
                    alt={`${entry.fileName} のプレビュー`}
                  />
                )}
                {entry.fileUrl ? (
                  <a href={entry.fileUrl} target="_blank" rel="noopener noreferrer">
                    {entry.fileName}
                  </a>
                ) : (
                  entry.fileName
                )}
              </span>
              <span className={styles.fileMeta}>
                {typeof entry.size === 'number' ? formatFileSize(entry.size) : ''}
                {entry.isUpload ? '（アップロード済み・未保存）' : ''}
              </span>
              <span className={styles.fileActions}>
                {download && !entry.fileUrl && !entry.uploadId && (
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={() => void fetchSaved(entry)}
                    aria-label={`${entry.fileName} をダウンロード`}
                  >
                    ダウンロード
                  </button>
                )}
                {!locked && (
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={() => remove(i)}
                    aria-label={`${entry.fileName} を削除`}
                  >
                    削除
                  </button>
                )}
              </span>
            </li>
          ))}
          {running.map((u) => (
            <li key={u.key}>
              <UploadProgress fileName={u.fileName} percent={u.percent} waiting={u.waiting} />
            </li>
          ))}
        </ul>
      )}
      {/* A form in preview (disabled) offers no pick button: nothing could be added there. */}
      {!locked && (
        <div className={styles.inline} style={{ marginTop: entries.length + running.length > 0 ? 8 : 0 }}>
          <input
            ref={input}
            id={id}
            type="file"
            className="visually-hidden"
            tabIndex={-1}
            accept={accept}
            multiple={multiple}
            onChange={pick}
            disabled={locked || full}
          />
          <button
            type="button"
            className="btn btn-secondary"
            disabled={locked || full}
            onClick={() => input.current?.click()}
          >
            {buttonLabel}
          </button>
          {accept && <span className={styles.fileMeta}>対応形式：{accept.split(',').join(' ')}</span>}
        </div>
      )}
      {explanationField && (
        <div className={styles.explanation}>
          <label className={styles.subLabel} htmlFor={explanationId}>
            {explanationLabel}
          </label>
          <input
            id={explanationId}
            className="input"
            value={typeof explanation === 'string' ? explanation : ''}
            disabled={locked}
            aria-invalid={explanationInvalid || undefined}
            onChange={(event) =>
              store?.patch({ [explanationField]: event.target.value === '' ? undefined : event.target.value })
            }
            onBlur={(event) => onBlur(explanationId, event.target.value)}
          />
        </div>
      )}
    </div>
  );
}

export const FileListWidget = memo(FileListWidgetFn);
