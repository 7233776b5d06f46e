// The ui:options of the rowTable widget, read in one place into one typed object: the widget and
// its cells never read ui:options themselves. Reading is lenient like rjsf's (a value of the wrong
// type counts as absent); `npm run schemas:check` refuses the wrong ones in definitions.
//   columns        [{ key, label, kind, width, empty, fills, editableWhen, linkCheck, accept, … }]
//                  kind: select (the row's selection), category (a select of `categorySource`;
//                  `fills` copies the chosen item's keys into row fields, e.g. { "url": "categoryUrl" }),
//                  text, url (editable only when `editableWhen` holds for the row), checkbox,
//                  image (a file uploaded through the tus upload, shown as a preview),
//                  value (the cell as read-only text), dateRange (key 〜 endKey as dates)
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
import type {
  RowTableColumn as DeclaredColumn,
  RowTableOptions as DeclaredOptions,
} from '../../../../schemas/meta/widget-options';
import { str, type Row } from './rows';

/** A column as the definition language declares it (schemas/meta/widget-options/row-table.ts). */
export type RowTableColumn = DeclaredColumn;

/**
 * The declared options with the defaults applied ('' for a text option that is not set): one
 * declaration gives the meta-schema an analyst's editor checks and the type the widget reads.
 */
export type RowTableOptions = Required<Omit<DeclaredOptions, 'rowHeight' | 'newRow' | 'wide'>> & {
  rowHeight: number | undefined;
  newRow: Row;
};

/** Reads the widget's ui:options (`label`: the field's label, the copy confirmation's fallback name). */
export function readRowTableOptions(options: Record<string, unknown>, label: string | undefined): RowTableOptions {
  return {
    columns: (Array.isArray(options.columns) ? options.columns : []) as RowTableColumn[],
    categorySource: str(options.categorySource) || 'categoryList',
    newRow: (typeof options.newRow === 'object' && options.newRow !== null ? options.newRow : {}) as Row,
    copyFrom: str(options.copyFrom),
    copyLabel: str(options.copyLabel) || label || '予約設定',
    preview: str(options.preview),
    rowHeight: typeof options.rowHeight === 'number' ? options.rowHeight : undefined,
    fixedRows: options.fixedRows === true,
    transferTo: str(options.transferTo),
    transferLabel: str(options.transferLabel) || '追加',
    transferEmpty: (options.transferEmpty ?? {
      message: 'ERR_0003',
      args: ['明細'],
    }) as RowTableOptions['transferEmpty'],
    rowKey: str(options.rowKey),
    filterBy: str(options.filterBy),
    filterKeys: (Array.isArray(options.filterKeys) ? options.filterKeys : []).map(str),
    reorder: options.reorder === true,
    removable: options.removable === true,
    emptyText: str(options.emptyText) || '行がありません。「行追加」で追加してください。',
    rowLabel: str(options.rowLabel),
  };
}
