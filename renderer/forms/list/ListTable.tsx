// The result table of a generic list: selection checkboxes, sortable headers (aria-sort),
// text / number / date / date range / image cells, inputs for editable columns, row action
// buttons, links (a row action that goes to a page, as an address) and flags (a mark when the
// value is truthy, said as the column's label).
import { Link, type To } from 'react-router-dom';
import type { ListColumn, ListDefinition } from '../definitions';
import { formatDate } from '../../app/format';
import { keyOf, rowStylesOf, shownRow, type Edits, type Row, type SortState } from './rows';
import styles from './ListPage.module.css';

interface Props {
  def: ListDefinition;
  rows: Row[];
  edits: Edits;
  selected: ReadonlyMap<string, unknown>;
  sort: SortState | null;
  context: Record<string, unknown>;
  disabled: boolean;
  onSort: (column: ListColumn) => void;
  onSelect: (row: Row, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  onEdit: (row: Row, column: string, value: string) => void;
  onAction: (row: Row, column: ListColumn) => void;
  /** Where a link cell goes; null: the cell shows its text only. */
  linkOf?: (row: Row, column: ListColumn) => { to: To; onFollow: () => void } | null;
}

const ROW_CLASS: Record<string, string | undefined> = {
  changed: styles.rowChanged,
  past: styles.rowPast,
  greyed: styles.rowPast,
  muted: styles.rowPast,
};

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** "{a} {b}" filled from the row. */
function fromRow(template: string, row: Row): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => text(row[key])).trim();
}

function cell(column: ListColumn, value: unknown, row: Row): string {
  if (column.template) return fromRow(column.template, row);
  if (column.labels) return column.labels[text(value)] ?? text(value);
  switch (column.kind) {
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('ja-JP') : text(value);
    case 'date':
      return formatDate(text(value));
    case 'datetime':
      return text(value).replace(/-/g, '/').replace('T', ' ').slice(0, 16);
    default:
      return text(value);
  }
}

function alignOf(column: ListColumn): string {
  const align =
    column.align ??
    (column.kind === 'number'
      ? 'right'
      : column.kind === 'select' || column.kind === 'action' || column.kind === 'flag'
        ? 'center'
        : 'left');
  const nowrap =
    column.kind === 'date' ||
    column.kind === 'datetime' ||
    column.kind === 'dateRange' ||
    column.kind === 'action' ||
    /Date$/.test(column.key)
      ? ` ${styles.nowrap}`
      : '';
  return (align === 'right' ? styles.alignRight : align === 'center' ? styles.alignCenter : '') + nowrap;
}

export function ListTable({
  def,
  rows,
  edits,
  selected,
  sort,
  context,
  disabled,
  onSort,
  onSelect,
  onSelectPage,
  onEdit,
  onAction,
  linkOf,
}: Props) {
  const pageKeys = rows.map((r) => keyOf(def, r));
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => selected.has(k));
  const labelOf = (row: Row) => {
    const named = def.columns.find((c) => c.kind === 'input' || (c.kind === 'text' && c.key !== def.rowKey));
    return `${text(row[def.rowKey])} ${named ? text(shownRow(def, row, edits)[named.key]) : ''}`.trim();
  };

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {def.columns.map((column) => {
              const sorted = sort?.column === column.key ? sort.direction : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={alignOf(column)}
                  style={column.width ? { width: column.width, minWidth: column.width } : undefined}
                  aria-sort={
                    sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : column.sortable ? 'none' : undefined
                  }
                >
                  {column.kind === 'select' ? (
                    <label className={styles.selectAll}>
                      <input
                        type="checkbox"
                        checked={allSelected}
                        disabled={disabled || rows.length === 0}
                        onChange={(e) => onSelectPage(e.target.checked)}
                        aria-label={`このページの${column.label ?? '選択'}をすべて選択`}
                      />
                      <span>{column.label}</span>
                    </label>
                  ) : column.sortable ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => onSort(column)}
                      disabled={disabled}
                    >
                      {column.label}
                      <span className={styles.sortMark} aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '⇅'}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = keyOf(def, row);
            const shown = shownRow(def, row, edits);
            const rowStyles = rowStylesOf(def, row, edits, context);
            const styleNames = rowStyles.map((s) => s.className);
            const classes = styleNames.map((c) => ROW_CLASS[c] ?? c);
            const styleLabels = rowStyles.map((s) => s.label).filter((l): l is string => Boolean(l));
            return (
              <tr key={key} className={classes.join(' ')} data-row-key={key}>
                {def.columns.map((column) => {
                  const value = shown[column.key];
                  let content;
                  switch (column.kind) {
                    case 'select':
                      content = (
                        <input
                          type="checkbox"
                          checked={selected.has(key)}
                          disabled={disabled}
                          onChange={(e) => onSelect(row, e.target.checked)}
                          aria-label={`${column.label ?? '選択'} ${labelOf(row)}`}
                        />
                      );
                      break;
                    case 'input':
                      content = (
                        <input
                          className={`input ${styles.cellInput}${column.maxLength !== undefined && column.maxLength <= 5 ? ` ${styles.cellInputShort}` : ''}`}
                          value={text(value)}
                          maxLength={column.maxLength}
                          disabled={disabled}
                          aria-label={`${column.label ?? column.key} ${text(row[def.rowKey])}`}
                          onChange={(e) => onEdit(row, column.key, e.target.value)}
                        />
                      );
                      break;
                    case 'action':
                      content = (
                        <button
                          type="button"
                          className={`btn btn-secondary ${styles.cellButton}`}
                          disabled={disabled}
                          onClick={() => onAction(row, column)}
                          aria-label={`${column.label ?? ''} ${labelOf(row)}`}
                        >
                          {column.label}
                        </button>
                      );
                      break;
                    case 'image':
                      content = value ? <img className={styles.cellImage} src={text(value)} alt="" /> : null;
                      break;
                    case 'flag':
                      content = value ? (
                        <span className={styles.flag}>
                          <span aria-hidden="true">{column.mark ?? 'NEW'}</span>
                          <span className="visually-hidden">{column.label ?? column.key}</span>
                        </span>
                      ) : null;
                      break;
                    case 'link': {
                      const link = linkOf?.(row, column);
                      const shownText = cell(column, value, shown);
                      content = link ? (
                        <Link
                          to={link.to}
                          onClick={link.onFollow}
                          aria-label={column.linkLabel ? fromRow(column.linkLabel, shown) : undefined}
                        >
                          {shownText}
                        </Link>
                      ) : (
                        shownText
                      );
                      break;
                    }
                    case 'dateRange':
                      content = (
                        <span
                          className={styles.nowrap}
                        >{`${formatDate(text(value))} 〜 ${formatDate(text(shown[column.endKey ?? '']))}`}</span>
                      );
                      break;
                    default:
                      content = cell(column, value, shown);
                  }
                  return (
                    <td key={column.key} className={alignOf(column)}>
                      {content}
                      {column === def.columns[0] && styleNames.includes('changed') && (
                        <span className="visually-hidden">（変更あり）</span>
                      )}
                      {column === def.columns[0] &&
                        styleLabels.map((l) => (
                          <span key={l} className="visually-hidden" data-row-style-label="">
                            （{l}）
                          </span>
                        ))}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
