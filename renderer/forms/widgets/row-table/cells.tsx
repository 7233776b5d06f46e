// The cells of a rowTable row, one kind of column each (options.ts). Each cell's control has the
// id of its own path (nowSettingList.0.dispNo …), so it blurs as that path and the rules of that
// row run; a cell shows the invalid state of that path.
import type { ReactNode } from 'react';
import { holds } from '../../../../schemas/rules/conditions';
import { formatDate } from '../../../app/format';
import { ID_SEPARATOR, type FormStore } from '../../form-store';
import { useFieldMessages } from '../../use-form-store';
import { ImageCell } from './ImageCell';
import type { RowTableColumn } from './options';
import { str, type Row } from './rows';
import styles from '../RowTable.module.css';

interface CellProps {
  id: string;
  store: FormStore | undefined;
  label: string;
  children: (invalid: boolean) => ReactNode;
}

/** A cell's control with the invalid state of its own path. */
function Cell({ id, store, children }: CellProps) {
  const invalid = useFieldMessages(store, store ? store.pathOfId(id) : '').length > 0;
  return <>{children(invalid)}</>;
}

/** What the cells of one table share. */
export interface CellContext {
  /** The widget's id (the cells' ids continue it). */
  id: string;
  /** The list's path in the record. */
  path: string;
  store: FormStore | undefined;
  locked: boolean;
  categories: Row[];
  nameOf: (row: Row, index: number) => string;
  setCell: (index: number, values: Row) => void;
  onBlur: (id: string, value: string) => void;
  linkCheck: (index: number, url: string) => void;
}

export const cellId = (id: string, i: number, key: string) => [id, i, key].join(ID_SEPARATOR);

/** The control of column `c` in row `i`. */
export function renderCell(c: RowTableColumn, row: Row, i: number, cx: CellContext): ReactNode {
  const { store, locked, setCell, onBlur } = cx;
  const cid = cellId(cx.id, i, c.key);
  const aria = `${i + 1}行目の${c.label}`;
  switch (c.kind) {
    case 'select':
      return (
        <input
          type="checkbox"
          id={cid}
          aria-label={`${cx.nameOf(row, i)}を選択`}
          checked={row[c.key] === true}
          disabled={locked}
          onChange={(e) => setCell(i, { [c.key]: e.target.checked })}
        />
      );
    case 'checkbox':
      return (
        <input
          type="checkbox"
          id={cid}
          aria-label={aria}
          checked={row[c.key] === true}
          disabled={locked}
          onChange={(e) => setCell(i, { [c.key]: e.target.checked })}
        />
      );
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
                const chosen = cx.categories.find((k) => str(k.categoryId) === e.target.value);
                const filled = Object.fromEntries(
                  Object.entries(c.fills ?? {}).map(([field, key]) => [field, chosen ? str(chosen[key]) : '']),
                );
                setCell(i, { [c.key]: e.target.value === '' ? undefined : e.target.value, ...filled });
              }}
              onBlur={(e) => onBlur(cid, e.target.value)}
            >
              <option value="">{c.empty ?? '選択してください'}</option>
              {cx.categories.map((k) => (
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
      return (
        <span
          className={styles.nowrap}
        >{`${formatDate(str(row[c.key]))} 〜 ${formatDate(str(row[c.endKey ?? '']))}`}</span>
      );
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
            store?.validatePath(`${cx.path}.${i}.${c.key}`);
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
                <button
                  type="button"
                  className={`btn btn-secondary ${styles.small}`}
                  disabled={locked || !editable}
                  onClick={() => cx.linkCheck(i, str(row[c.key]))}
                >
                  リンクチェック
                </button>
              )}
            </div>
          )}
        </Cell>
      );
    }
  }
}
