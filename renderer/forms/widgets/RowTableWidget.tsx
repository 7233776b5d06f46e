// A table of rows the user edits (spec 001: the current and scheduled lists of the global
// navigation and icon menu settings): a selection column, 行追加 and 選択行削除, per-row cells
// declared in ui:options, 下にコピー from a sibling list (asking CNF_0001 when this one is not
// empty), a per-row link check for rows whose URL is typed, and a preview in a new window.
// Its parts live in row-table/: the options it reads (options.ts, the one place that reads
// ui:options), its rows and buttons (use-row-table.ts), its cells (cells.tsx, ImageCell.tsx).
import { memo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { appHref } from '../../app/navigation';
import { renderCell, type CellContext } from './row-table/cells';
import { readRowTableOptions } from './row-table/options';
import { str } from './row-table/rows';
import { useRowTable } from './row-table/use-row-table';
import styles from './RowTable.module.css';

function RowTableWidgetFn(props: WidgetProps) {
  const { id, options, disabled, readonly, onBlur, label } = props;
  const o = readRowTableOptions(options, label);
  const { columns, fixedRows, transferTo, copyFrom, reorder, removable, rowKey, rowHeight } = o;
  const locked = Boolean(disabled || readonly);
  const table = useRowTable(props, o);
  const { rows, shown, nameOf, previewUrl, previewReady, move, removeAt } = table;
  const cx: CellContext = {
    id,
    path: table.path,
    store: table.store,
    locked,
    categories: table.categories,
    nameOf,
    setCell: table.setCell,
    onBlur,
    linkCheck: table.linkCheck,
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.toolbar}>
        {!fixedRows && (
          <>
            <button type="button" className={`btn btn-secondary ${styles.small}`} disabled={locked} onClick={table.add}>
              行追加
            </button>
            <button
              type="button"
              className={`btn btn-secondary ${styles.small}`}
              disabled={locked || rows.length === 0}
              onClick={table.removeSelected}
            >
              選択行削除
            </button>
          </>
        )}
        {transferTo && (
          <button
            type="button"
            className={`btn btn-primary ${styles.small}`}
            disabled={locked}
            onClick={table.transfer}
          >
            {o.transferLabel}
          </button>
        )}
        {copyFrom && (
          <button
            type="button"
            className={`btn btn-secondary ${styles.small}`}
            disabled={locked || table.source.length === 0}
            onClick={() => void table.copyDown()}
          >
            下にコピー
          </button>
        )}
        {previewReady && (
          <button
            type="button"
            className={`btn btn-secondary ${styles.small}`}
            onClick={() => window.open(appHref(previewUrl), '_blank', 'width=1200,height=800')}
          >
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
                  {o.emptyText}
                </td>
              </tr>
            )}
            {shown.map(({ row, index: i }, n) => (
              <tr
                key={rowKey ? str(row[rowKey]) : i}
                style={rowHeight ? { height: rowHeight } : undefined}
                className={row.selection === true ? styles.selected : undefined}
              >
                <td className={styles.no}>{n + 1}</td>
                {columns.map((c) => (
                  <td key={c.key} className={c.kind === 'select' || c.kind === 'checkbox' ? styles.center : undefined}>
                    {renderCell(c, row, i, cx)}
                  </td>
                ))}
                {reorder && (
                  <td className={`${styles.center} ${styles.nowrap}`}>
                    <button
                      type="button"
                      className={`btn btn-secondary ${styles.small}`}
                      disabled={locked || i === 0}
                      aria-label={`${nameOf(row, i)}を上へ`}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </button>{' '}
                    <button
                      type="button"
                      className={`btn btn-secondary ${styles.small}`}
                      disabled={locked || i === rows.length - 1}
                      aria-label={`${nameOf(row, i)}を下へ`}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </button>
                  </td>
                )}
                {removable && (
                  <td className={styles.center}>
                    <button
                      type="button"
                      className={`btn btn-secondary ${styles.small}`}
                      disabled={locked}
                      aria-label={`${nameOf(row, i)}を除外`}
                      onClick={() => removeAt(i)}
                    >
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
