// ui:options of "rowTable" (renderer/forms/widgets/RowTableWidget.tsx): a table of rows the user
// edits (the current and scheduled lists of the global navigation and icon menu settings).
import { Type, type Static } from '@sinclair/typebox';
import { Condition, MessageRef } from '../language/basics';
import { Dict, Enum, closed } from '../language/build';
import { reusable } from '../language/reuse';
import { DataKey, FieldName } from './fields';

export const RowTableColumn = Type.Object(
  {
    key: Type.String({ minLength: 1, description: 'The row field of the cell' }),
    label: Type.String(),
    kind: Enum(['select', 'category', 'text', 'url', 'checkbox', 'image', 'value', 'dateRange'], {
      description:
        "select: the row's selection; category: a select of categorySource; text; url (editable when editableWhen holds); checkbox; image (an upload with its preview); value (read-only text); dateRange (key 〜 endKey)",
    }),
    endKey: Type.Optional(Type.String({ description: 'dateRange: the key of the end date' })),
    width: Type.Optional(Type.String({ description: 'A CSS width (9em)' })),
    empty: Type.Optional(Type.String({ description: 'category: the text of the empty choice' })),
    fills: Type.Optional(
      Dict(Type.String(), { description: 'category: row fields set from the chosen item ({ "url": "categoryUrl" })' }),
    ),
    editableWhen: Type.Optional(Condition),
    linkCheck: Type.Optional(Type.Boolean({ description: 'url: a link check button per row' })),
    accept: Type.Optional(Type.String({ description: 'image: the file types offered (.jpg,.png)' })),
    inputMode: Type.Optional(Enum(['numeric', 'text'])),
    download: Type.Optional(
      Type.String({
        pattern: '^/api/',
        description: 'image: the download call of a saved file ({ fileName, screenName })',
      }),
    ),
  },
  closed,
);

export const RowTableOptions = Type.Object(
  {
    columns: Type.Array(reusable(RowTableColumn), { minItems: 1 }),
    categorySource: Type.Optional(
      DataKey('the list of categories (categoryId, categoryName, categoryUrl); default categoryList'),
    ),
    newRow: Type.Optional(Dict(Type.Unknown(), { description: 'The values of an added row' })),
    copyFrom: Type.Optional(FieldName('a sibling list copied into this one by 下にコピー')),
    copyLabel: Type.Optional(Type.String({ description: 'The name of this list in the copy confirmation' })),
    preview: Type.Optional(
      Type.String({ pattern: '^/', description: 'The preview page: a path with {record.x} placeholders' }),
    ),
    rowHeight: Type.Optional(Type.Integer({ minimum: 1, description: 'The height of a row in px' })),
    wide: Type.Optional(Type.Boolean({ description: 'The table takes the whole width of the form' })),
    fixedRows: Type.Optional(Type.Boolean({ description: 'No 行追加 / 選択行削除: the rows come from a call' })),
    rowKey: Type.Optional(Type.String({ description: 'The row field that identifies a row (transferTo)' })),
    rowLabel: Type.Optional(
      Type.String({ description: 'The row field that names a row to screen readers, else its number' }),
    ),
    transferTo: Type.Optional(FieldName('a sibling list the selected rows are moved to by the transferLabel button')),
    transferLabel: Type.Optional(Type.String()),
    transferEmpty: Type.Optional(MessageRef),
    filterBy: Type.Optional(FieldName('a sibling field narrowing the shown rows')),
    filterKeys: Type.Optional(
      Type.Array(Type.String(), { description: 'Row fields the filterBy text is looked for in' }),
    ),
    emptyText: Type.Optional(Type.String()),
    reorder: Type.Optional(Type.Boolean({ description: '↑ / ↓ buttons per row' })),
    removable: Type.Optional(Type.Boolean({ description: 'A 除外 button per row' })),
  },
  closed,
);

export type RowTableColumn = Static<typeof RowTableColumn>;
export type RowTableOptions = Static<typeof RowTableOptions>;
