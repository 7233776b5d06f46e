// A table of rows the user edits (spec 001: the current and scheduled lists of the global
// navigation and icon menu settings): a selection column, 行追加 and 選択行削除, per-row cells
// declared in ui:options, 下にコピー from a sibling list (asking CNF_0001 when this one is not
// empty), a per-row link check for rows whose URL is typed, and a preview in a new window.
// Each cell blurs as its own path (nowSettingList.0.dispNo …) so the rules of that row run.
// ui:options:
//   columns        [{ key, label, kind, width, empty, fills, editableWhen, linkCheck, accept }]
//                  kind: select (the row's selection), category (a select of `categorySource`;
//                  `fills` copies the chosen item's keys into row fields, e.g. { "url": "categoryUrl" }),
//                  text, url (editable only when `editableWhen` holds for the row), checkbox,
//                  image (a file uploaded through the tus upload, shown as a preview)
//   categorySource the initial-data list of categories (categoryId, categoryName, categoryUrl)
//   newRow         the values of an added row
//   copyFrom       a sibling list field copied into this one by 下にコピー
//   copyLabel      the name of this list in the copy confirmation
//   preview        the preview page, a path with {record.x} placeholders (shown once the record has them)
//   rowHeight      the height of a row in px (the icon menu's 120)
//   fixedRows      no 行追加 / 選択行削除: the rows come from a call (the one-stop candidates)
//   transferTo     a sibling list the selected rows are moved to by the `transferLabel` button
//                  (`transferEmpty`: the message when none is selected); rows whose `rowKey` the
//                  sibling list holds are not shown here, so a row removed there comes back
//   filterBy       a sibling field narrowing the shown rows: a row shows when one of `filterKeys`
//                  contains its text (the one-stop keyword)
//   reorder        ↑ / ↓ buttons per row; removable: a 除外 button per row
//   emptyText      what an empty table says; rowLabel: the row key that names a row to screen
//                  readers (「…を選択」), else its number
// Column kinds also: value (the cell as read-only text), dateRange (key 〜 endKey as dates).
import { memo, useRef, useState, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { formatMessage } from '../../../schemas/messages/format';
import { holds } from '../../../schemas/rules/conditions';
import type { Condition } from '../../../schemas/rules/engine';
import { apiDownload } from '../../api/client';
import { saveBlob } from '../../components/download';
import { useRouteHandle } from '../../app/route-handle';
import { confirmMessage } from '../../app/dialog';
import { formatDate } from '../../app/format';
import { appHref } from '../../app/navigation';
import type { MessageRef } from '../definitions';
import { interpolatePath } from '../expressions';
import { ID_SEPARATOR, storeOf, useFieldMessages, useRecordValue, type FormStore } from '../form-store';
import { UploadError, UploadProgress, useTusUploads } from '../upload/TusUpload';
import styles from './RowTable.module.css';

type Row = Record<string, unknown>;

interface Column {
  key: string;
  label: string;
  kind: 'select' | 'category' | 'text' | 'url' | 'checkbox' | 'image' | 'value' | 'dateRange';
  /** dateRange: the key of the end date. */
  endKey?: string;
  width?: string;
  empty?: string;
  fills?: Record<string, string>;
  editableWhen?: Condition;
  linkCheck?: boolean;
  accept?: string;
  inputMode?: 'numeric' | 'text';
  /** image: the download call of a saved file ({ fileName, screenName }); refused with ERR_0037 for an unsaved one. */
  download?: string;
}

/** An uploaded or saved image of a row: the name, and the upload id or the saved file's URL. */
export interface ImageEntry {
  fileName: string;
  uploadId?: string;
  fileUrl?: string;
  isUpload?: boolean;
  size?: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? v.filter((r): r is Row => typeof r === 'object' && r !== null) : []);
const isImage = (v: unknown): v is ImageEntry => typeof v === 'object' && v !== null && typeof (v as ImageEntry).fileName === 'string';

interface CellProps {
  id: string;
  store: FormStore | undefined;
  label: string;
  children: (invalid: boolean) => React.ReactNode;
}

/** A cell's control with the invalid state of its own path. */
function Cell({ id, store, children }: CellProps) {
  const invalid = useFieldMessages(store, store ? store.pathOfId(id) : '').length > 0;
  return <>{children(invalid)}</>;
}

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
function ImageCell({ id, label, value, accept, download, disabled, store, onPicked }: ImageCellProps) {
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
    if (store && store.validatePath(path, store.recordWith(path, { fileName: file.name, size: file.size })).length > 0) return;
    const preview = URL.createObjectURL(file);
    const upload = start(file).then(
      (done) => {
        setLocal(preview);
        onPicked({ fileName: done.fileName, size: done.size, uploadId: done.uploadId, isUpload: true });
      },
      (error: unknown) => {
        URL.revokeObjectURL(preview);
        const messages = error instanceof UploadError ? error.messages : [{ messageId: 'ERR_SYS003', args: ['ファイルアップロード'] }];
        store?.addResults(messages.map((m) => ({ field: path, messageId: m.messageId, args: (m.args ?? []).map(String) })));
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
      {src ? <img src={src} alt={`${label}のプレビュー`} className={styles.thumb} /> : <span className={styles.noImage}>未設定</span>}
      <div className={styles.imageSide}>
        {running.map((u) => (
          <UploadProgress key={u.key} fileName={u.fileName} percent={u.percent} waiting={u.waiting} />
        ))}
        {entry && (
          <span className={styles.fileName} title={entry.fileName}>
            {entry.fileName}
          </span>
        )}
        <input ref={input} id={id} type="file" className="visually-hidden" tabIndex={-1} accept={accept} onChange={pick} disabled={disabled} aria-label={label} />
        <div className={styles.imageButtons}>
          <button type="button" className={`btn btn-secondary ${styles.small}`} disabled={disabled || running.length > 0} onClick={() => input.current?.click()}>
            参照
          </button>
          {download && entry && (
            <button type="button" className={`btn btn-secondary ${styles.small}`} aria-label={`ダウンロード（${label}）`} onClick={() => void fetchSaved()}>
              ダウンロード
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

function RowTableWidgetFn(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onBlur, registry, label } = props;
  const store = storeOf(registry);
  const path = store ? store.pathOfId(id) : '';
  const columns = (Array.isArray(options.columns) ? options.columns : []) as Column[];
  const categories = (store && Array.isArray(store.data[str(options.categorySource) || 'categoryList']) ? store.data[str(options.categorySource) || 'categoryList'] : []) as Row[];
  const newRow = (typeof options.newRow === 'object' && options.newRow !== null ? options.newRow : {}) as Row;
  const copyFrom = str(options.copyFrom);
  const copyLabel = str(options.copyLabel) || label || '予約設定';
  const rowHeight = typeof options.rowHeight === 'number' ? options.rowHeight : undefined;
  const locked = Boolean(disabled || readonly);
  const rows = rowsOf(value);
  const source = useRecordValue(store, copyFrom);
  const fixedRows = options.fixedRows === true;
  const transferTo = str(options.transferTo);
  const rowKey = str(options.rowKey);
  const transferred = rowsOf(useRecordValue(store, transferTo));
  const filterKeys = (Array.isArray(options.filterKeys) ? options.filterKeys : []).map(str);
  const filter = str(useRecordValue(store, str(options.filterBy))).trim();
  const taken = new Set(transferTo && rowKey ? transferred.map((r) => str(r[rowKey])) : []);
  // Each shown row keeps its index in the list, so its cells keep their paths.
  const shown = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => !taken.has(str(row[rowKey])) && (filter === '' || filterKeys.some((k) => str(row[k]).includes(filter))));
  const reorder = options.reorder === true;
  const removable = options.removable === true;
  const rowLabel = str(options.rowLabel);
  const nameOf = (row: Row, i: number) => (rowLabel ? str(row[rowLabel]) : `${i + 1}行目`);
  // The URLs as loaded: the link check works only on a URL that was saved (ERR_0033).
  const saved = useRef(rows.map((r) => ({ ...r })));
  const previewPath = str(options.preview);
  const previewUrl = previewPath && store ? interpolatePath(previewPath, { record: store.getRecord() }) : '';
  const previewReady = previewUrl !== '' && !/\/\/|\/$/.test(previewUrl.replace(/^https?:\/\//, ''));

  const current = () => rowsOf(store ? store.valueAt(path) : value);
  const setRows = (next: Row[]) => {
    if (store) store.patch({ [path]: next });
    else props.onChange(next);
  };
  const setCell = (index: number, values: Row) => setRows(current().map((r, i) => (i === index ? { ...r, ...values } : r)));

  const add = () => setRows([...current(), { ...newRow }]);
  const removeSelected = () => {
    const list = current();
    if (!list.some((r) => r.selection === true)) {
      store?.showMessages([{ messageId: 'ERR_0003', args: ['明細'] }]);
      return;
    }
    setRows(list.filter((r) => r.selection !== true));
  };
  const copyDown = async () => {
    if (current().length > 0 && !(await confirmMessage(formatMessage('CNF_0001', [copyLabel, '下にコピー'])))) return;
    setRows(rowsOf(source).map((r) => ({ ...r, selection: false })));
  };
  const transfer = () => {
    const picked = shown.filter(({ row }) => row.selection === true).map(({ row }) => row);
    if (picked.length === 0) {
      const empty = (options.transferEmpty ?? { message: 'ERR_0003', args: ['明細'] }) as MessageRef;
      store?.showMessages([{ messageId: empty.message, args: empty.args ?? [] }]);
      return;
    }
    store?.patch({
      [transferTo]: [...rowsOf(store.valueAt(transferTo)), ...picked.map(({ selection: _, ...r }) => r)],
      [path]: current().map((r) => ({ ...r, selection: false })),
    });
    store?.clearResults();
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...current()];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row);
    setRows(next);
  };
  const removeAt = (index: number) => setRows(current().filter((_, i) => i !== index));

  const linkCheck = (index: number, url: string) => {
    const before = saved.current[index];
    if (!before || str(before.url) !== url || url === '') {
      store?.showMessages([{ messageId: 'ERR_0033' }]);
      return;
    }
    window.open(url, '_blank', 'noopener');
  };

  const cellId = (i: number, key: string) => [id, i, key].join(ID_SEPARATOR);

  const renderCell = (c: Column, row: Row, i: number) => {
    const cid = cellId(i, c.key);
    const aria = `${i + 1}行目の${c.label}`;
    switch (c.kind) {
      case 'select':
        return <input type="checkbox" id={cid} aria-label={`${nameOf(row, i)}を選択`} checked={row[c.key] === true} disabled={locked} onChange={(e) => setCell(i, { [c.key]: e.target.checked })} />;
      case 'checkbox':
        return <input type="checkbox" id={cid} aria-label={aria} checked={row[c.key] === true} disabled={locked} onChange={(e) => setCell(i, { [c.key]: e.target.checked })} />;
      case 'category':
        return (
          <Cell id={cid} store={store} label={aria}>
            {(invalid) => (
              <select
                id={cid}
                className="input"
                aria-label={aria}
                aria-invalid={invalid || undefined}
                value={str(row[c.key])}
                disabled={locked}
                onChange={(e) => {
                  const chosen = categories.find((k) => str(k.categoryId) === e.target.value);
                  const filled = Object.fromEntries(Object.entries(c.fills ?? {}).map(([field, key]) => [field, chosen ? str(chosen[key]) : '']));
                  setCell(i, { [c.key]: e.target.value === '' ? undefined : e.target.value, ...filled });
                }}
                onBlur={(e) => onBlur(cid, e.target.value)}
              >
                <option value="">{c.empty ?? '選択してください'}</option>
                {categories.map((k) => (
                  <option key={str(k.categoryId)} value={str(k.categoryId)}>
                    {str(k.categoryName)}
                  </option>
                ))}
              </select>
            )}
          </Cell>
        );
      case 'value':
        return <span>{str(row[c.key])}</span>;
      case 'dateRange':
        return <span className={styles.nowrap}>{`${formatDate(str(row[c.key]))} 〜 ${formatDate(str(row[c.endKey ?? '']))}`}</span>;
      case 'image':
        return (
          <ImageCell
            id={cid}
            label={aria}
            value={row[c.key]}
            accept={c.accept ?? '.jpg,.png'}
            download={c.download}
            disabled={locked}
            store={store}
            onPicked={(entry) => {
              setCell(i, { [c.key]: entry });
              store?.validatePath(`${path}.${i}.${c.key}`);
            }}
          />
        );
      default: {
        const editable = c.kind !== 'url' || !c.editableWhen || holds(c.editableWhen, row, {});
        return (
          <Cell id={cid} store={store} label={aria}>
            {(invalid) => (
              <div className={c.linkCheck ? styles.stack : styles.inline}>
                <input
                  id={cid}
                  className="input"
                  aria-label={aria}
                  aria-invalid={invalid || undefined}
                  inputMode={c.inputMode}
                  value={str(row[c.key])}
                  disabled={locked}
                  readOnly={!editable}
                  onChange={(e) => setCell(i, { [c.key]: e.target.value === '' ? undefined : e.target.value })}
                  onBlur={(e) => onBlur(cid, e.target.value)}
                />
                {c.linkCheck && (
                  <button type="button" className={`btn btn-secondary ${styles.small}`} disabled={locked || !editable} onClick={() => linkCheck(i, str(row[c.key]))}>
                    リンクチェック
                  </button>
                )}
              </div>
            )}
          </Cell>
        );
      }
    }
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.toolbar}>
        {!fixedRows && (
          <>
            <button type="button" className={`btn btn-secondary ${styles.small}`} disabled={locked} onClick={add}>
              行追加
            </button>
            <button type="button" className={`btn btn-secondary ${styles.small}`} disabled={locked || rows.length === 0} onClick={removeSelected}>
              選択行削除
            </button>
          </>
        )}
        {transferTo && (
          <button type="button" className={`btn btn-primary ${styles.small}`} disabled={locked} onClick={transfer}>
            {str(options.transferLabel) || '追加'}
          </button>
        )}
        {copyFrom && (
          <button type="button" className={`btn btn-secondary ${styles.small}`} disabled={locked || rowsOf(source).length === 0} onClick={() => void copyDown()}>
            下にコピー
          </button>
        )}
        {previewReady && (
          <button type="button" className={`btn btn-secondary ${styles.small}`} onClick={() => window.open(appHref(previewUrl), '_blank', 'width=1200,height=800')}>
            プレビュー
          </button>
        )}
        <span className={styles.count}>{shown.length}件</span>
      </div>
      <div className={fixedRows ? `${styles.scroller} ${styles.tall}` : styles.scroller}>
        <table className={styles.table} aria-label={label}>
          <thead>
            <tr>
              <th scope="col" className={styles.no}>
                No
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" style={c.width ? { width: c.width } : undefined}>
                  {c.label}
                </th>
              ))}
              {reorder && (
                <th scope="col" className={styles.center}>
                  並び替え
                </th>
              )}
              {removable && (
                <th scope="col" className={styles.center}>
                  除外
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 && (
              <tr>
                <td colSpan={columns.length + 1 + (reorder ? 1 : 0) + (removable ? 1 : 0)} className={styles.empty}>
                  {str(options.emptyText) || '行がありません。「行追加」で追加してください。'}
                </td>
              </tr>
            )}
            {shown.map(({ row, index: i }, n) => (
              <tr key={rowKey ? str(row[rowKey]) : i} style={rowHeight ? { height: rowHeight } : undefined} className={row.selection === true ? styles.selected : undefined}>
                <td className={styles.no}>{n + 1}</td>
                {columns.map((c) => (
                  <td key={c.key} className={c.kind === 'select' || c.kind === 'checkbox' ? styles.center : undefined}>
                    {renderCell(c, row, i)}
                  </td>
                ))}
                {reorder && (
                  <td className={`${styles.center} ${styles.nowrap}`}>
                    <button type="button" className={`btn btn-secondary ${styles.small}`} disabled={locked || i === 0} aria-label={`${nameOf(row, i)}を上へ`} onClick={() => move(i, -1)}>
                      ↑
                    </button>{' '}
                    <button type="button" className={`btn btn-secondary ${styles.small}`} disabled={locked || i === rows.length - 1} aria-label={`${nameOf(row, i)}を下へ`} onClick={() => move(i, 1)}>
                      ↓
                    </button>
                  </td>
                )}
                {removable && (
                  <td className={styles.center}>
                    <button type="button" className={`btn btn-secondary ${styles.small}`} disabled={locked} aria-label={`${nameOf(row, i)}を除外`} onClick={() => removeAt(i)}>
                      除外
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export const RowTableWidget = memo(RowTableWidgetFn);
