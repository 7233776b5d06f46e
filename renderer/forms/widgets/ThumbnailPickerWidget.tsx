// The thumbnail of a content: picked from the prepared thumbnails of the initial data (in a
// modal) or uploaded (the one tus upload, .jpg/.png). The field holds the uploaded file list
// (thumbnailFileList); ui:options.nameField names the field that holds the chosen name.
// ui:options: source ("thumbNailList"), nameKey ("thumbnailFileName"), labelKey ("thumbnailName"),
// imageUrl (a path with {thumbnailFileName} for the previews), accept (".jpg,.png"), nameField.
// Once a file is uploaded, the list is hidden (spec 002 section 4): the upload is the thumbnail
// until it is cleared.
import { memo, useRef, useState, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Modal } from '../Modal';
import { storeOf, useRecordValue } from '../use-form-store';
import { UploadError, UploadProgress, useTusUploads } from '../upload/TusUpload';
import styles from './Widgets.module.css';

type Item = Record<string, unknown>;
const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);

function ThumbnailPickerWidgetFn(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, registry, label } = props;
  const store = storeOf(registry);
  const path = store ? store.pathOfId(id) : '';
  const source = str(options.source, 'thumbNailList');
  const nameKey = str(options.nameKey, 'thumbnailFileName');
  const labelKey = str(options.labelKey, 'thumbnailName');
  const nameField = str(options.nameField, '');
  const imageUrl = str(options.imageUrl, '');
  const accept = str(options.accept, '.jpg,.png');
  const items: Item[] = Array.isArray(store?.data[source]) ? (store.data[source] as Item[]) : [];
  const chosenName = str(useRecordValue(store, nameField));
  const uploaded = Array.isArray(value) ? (value as Item[]) : [];
  const input = useRef<HTMLInputElement>(null);
  const { running, start } = useTusUploads();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const locked = Boolean(disabled || readonly);

  const urlOf = (item: Item) =>
    imageUrl ? imageUrl.replace(/\{(\w+)\}/g, (_m, k: string) => encodeURIComponent(str(item[k]))) : '';
  const listItem = items.find((i) => str(i[nameKey]) === chosenName);
  const shown = uploaded[0] ? str(uploaded[0].fileName) : listItem ? str(listItem[labelKey], chosenName) : chosenName;

  const choose = () => {
    const item = items.find((i) => str(i[nameKey]) === draft);
    if (item && store) {
      store.patch({
        ...(path.includes('.') ? {} : { [path]: [] }),
        ...(nameField ? { [nameField]: str(item[nameKey]) } : {}),
      });
    }
    setOpen(false);
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const candidate = [{ rowNo: 1, fileName: file.name, size: file.size }];
    if (store && store.validatePath(path, store.recordWith(path, candidate)).length > 0) return;
    const upload = start(file).then(
      (done) => {
        const next = [{ rowNo: 1, fileName: done.fileName, size: done.size, uploadId: done.uploadId, isUpload: true }];
        if (store && !path.includes('.'))
          store.patch({ [path]: next, ...(nameField ? { [nameField]: done.fileName } : {}) });
        else onChange(next);
        store?.validatePath(path, store.recordWith(path, next));
      },
      (error: unknown) => {
        const messages =
          error instanceof UploadError ? error.messages : [{ messageId: 'ERR_SYS003', args: ['ファイルアップロード'] }];
        store?.addResults(
          messages.map((m) => ({ field: path, messageId: m.messageId, args: (m.args ?? []).map(String) })),
        );
      },
    );
    store?.trackUpload(upload);
  };

  const clear = () => {
    if (store && !path.includes('.')) store.patch({ [path]: [], ...(nameField ? { [nameField]: undefined } : {}) });
    else onChange([]);
  };

  return (
    <div id={id} role="group" aria-labelledby={`${id}-label`}>
      <div className={styles.inline}>
        {shown ? (
          <span className={styles.fileName} title={shown}>
            {shown}
          </span>
        ) : (
          <span className={styles.placeholder}>選択されていません</span>
        )}
        {shown && (
          <button type="button" className={styles.linkButton} onClick={clear} disabled={locked}>
            選択を解除
          </button>
        )}
      </div>
      {running.map((u) => (
        <UploadProgress key={u.key} fileName={u.fileName} percent={u.percent} waiting={u.waiting} />
      ))}
      <div className={styles.inline} style={{ marginTop: 8 }}>
        {uploaded.length === 0 && (
          <>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={locked}
              aria-haspopup="dialog"
              onClick={() => {
                setDraft(chosenName);
                setOpen(true);
              }}
            >
              一覧から選択
            </button>
            <span className={styles.or}>または</span>
          </>
        )}
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          accept={accept}
          onChange={pick}
          disabled={locked}
          aria-label={`${label}の画像ファイル`}
        />
        <button type="button" className="btn btn-secondary" disabled={locked} onClick={() => input.current?.click()}>
          画像をアップロード
        </button>
      </div>
      <Modal
        open={open}
        title={`${label}を選択`}
        onClose={() => setOpen(false)}
        width={880}
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              キャンセル
            </button>
            <button type="button" className="btn btn-primary" onClick={choose} disabled={!draft}>
              決定
            </button>
          </>
        }
      >
        {items.length === 0 && <p className={styles.placeholder}>選択できるサムネイルがありません</p>}
        <div className={styles.thumbs} role="radiogroup" aria-label={label}>
          {items.map((item) => {
            const key = str(item[nameKey]);
            const src = urlOf(item);
            return (
              <label key={key} className={styles.thumb}>
                {src && <img src={src} alt="" loading="lazy" />}
                <span>
                  <input
                    type="radio"
                    name={`${id}-thumbnail`}
                    value={key}
                    checked={draft === key}
                    onChange={() => setDraft(key)}
                  />{' '}
                  {str(item[labelKey], key)}
                </span>
              </label>
            );
          })}
        </div>
      </Modal>
    </div>
  );
}

export const ThumbnailPickerWidget = memo(ThumbnailPickerWidgetFn);
