// A list definition (schemas/lists/*.json): its load call, search conditions, columns, row
// styles and actions, selection, inline edit and buttons.
import { Type, type Static } from '@sinclair/typebox';
import { Handoff, Permission, Title } from './basics';
import { CallSpec, Options } from './calls';
import { Dict, Enum, SqlName, closed } from './build';
import { Defs, DefinitionId, JsonSchemaObject } from './form';
import { Rules } from './rules';
import { UiSchema } from './ui';

const Direction = Enum(['asc', 'desc']);

export const ListColumn = Type.Object(
  {
    key: Type.String({ minLength: 1 }),
    label: Type.Optional(Type.String()),
    kind: Type.Optional(
      Enum(['text', 'number', 'date', 'datetime', 'input', 'select', 'action', 'image', 'dateRange', 'flag', 'link']),
    ),
    endKey: Type.Optional(
      Type.String({
        minLength: 1,
        description: "dateRange: the row key of the end date (the column's key is the start; it sorts by the start)",
      }),
    ),
    sortable: Type.Optional(Type.Boolean()),
    defaultDirection: Type.Optional(Direction),
    maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
    action: Type.Optional(Type.String()),
    width: Type.Optional(Type.String()),
    align: Type.Optional(Enum(['left', 'center', 'right'])),
    labels: Type.Optional(
      Dict(Type.String(), { description: 'Text shown for each value (a code such as the setting target kind)' }),
    ),
    template: Type.Optional(
      Type.String({
        description:
          'text and link: the shown text from keys of the row, "{appAgCode} {appAgName}"; the column still sorts by key',
      }),
    ),
    mark: Type.Optional(
      Type.String({
        description:
          "flag: the mark shown when the value is truthy (default NEW); screen readers hear the column's label (新着)",
      }),
    ),
    linkLabel: Type.Optional(
      Type.String({
        description: 'link: the accessible name of the link from keys of the row, "申請No {applicationNo} を開く"',
      }),
    ),
  },
  {
    ...closed,
    if: { properties: { kind: { enum: ['action', 'link'] } }, required: ['kind'] },
    then: { required: ['action'] },
  },
);

export const RowCondition = Type.Object(
  {
    changed: Type.Optional(Type.String()),
    field: Type.Optional(Type.String()),
    equals: Type.Optional(Type.Unknown()),
    before: Type.Optional(Type.String()),
    after: Type.Optional(Type.String()),
  },
  {
    ...closed,
    description:
      'A test on a row: changed (the column differs from the loaded value), or field with equals / before / after (dates; "=context.serverDate" or a literal)',
  },
);

export const ListSearch = Type.Object(
  {
    schema: JsonSchemaObject,
    uiSchema: Type.Optional(UiSchema),
    initial: Type.Optional(Dict(Type.Unknown())),
    options: Type.Optional(Options),
    restore: Type.Optional(
      Type.Object({ query: Type.Optional(Type.String()), storageKey: Type.Optional(Type.String()) }, closed),
    ),
    rules: Type.Optional(Rules),
    clear: Type.Optional(Dict(Type.String())),
    data: Type.Optional(
      Type.Unsafe<typeof CallSpec.static>({
        ...CallSpec,
        description:
          'One initial-data call before the search form shows: its answer is `data` for `initial` ("=data.x") and for `options` with `source`',
      }),
    ),
    editableInResult: Type.Optional(
      Type.Boolean({
        description: 'The conditions stay editable in result mode and a search there runs again (the request lists)',
      }),
    ),
  },
  closed,
);

const RowLink = Type.Object({ to: Type.String(), handoff: Type.Optional(Handoff) }, closed);

export const ListButton = Type.Object(
  {
    action: Enum(['search', 'delete', 'back', 'clear', 'update', 'new', 'download']),
    label: Type.String(),
    to: Type.Optional(Type.String()),
    handoff: Type.Optional(Handoff),
    form: Type.Optional(Type.String()),
    display: Type.Optional(Enum(['page', 'modal'])),
    modes: Type.Optional(Type.Array(Enum(['search', 'result']))),
  },
  closed,
);

export const ListPaging = Type.Object(
  {
    order: Type.Array(Type.String({ minLength: 1 }), {
      uniqueItems: true,
      description:
        'The sortable columns the server orders by (store fields of its form, text or integer columns that hold no NULL, or `columns`; an index on the scope, the column and the key keeps every page a seek)',
    }),
    columns: Type.Optional(
      Dict(
        Type.Object(
          {
            column: SqlName({ description: "The column of the load's rows the server orders by" }),
            type: Enum(['text', 'integer', 'timestamp'] as const),
          },
          closed,
        ),
        {
          description:
            "Sortable columns the rows hold outside the form's store fields (a column of the hook's selection, computed or joined, never NULL): the column each sorts by and its type",
        },
      ),
    ),
  },
  {
    ...closed,
    description:
      'Server-side pages (docs/forms.md, "Paged lists"): the renderer sends `paging` { page, pageSize, sort, anchor } beside the load body and shows one page of `pageSize` (or of `pageSizes`); the answer adds `paging` { page, pageSize, totalCount, first, last }. The load call must name its `result`.',
  },
);

export const ListDefinition = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    $defs: Defs,
    id: DefinitionId,
    title: Title,
    description: Type.Optional(Type.String()),
    permission: Permission,
    form: Type.Optional(Type.String({ description: 'The form (schemas/forms) this list opens or shares rules with' })),
    load: CallSpec,
    rowKey: Type.String(),
    pageSize: Type.Integer({ minimum: 1 }),
    pageSizes: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 2,
        uniqueItems: true,
        description:
          'Page sizes the user chooses from (a select beside the result count); must include pageSize, the size shown first',
      }),
    ),
    paging: Type.Optional(ListPaging),
    searchMode: Type.Optional(
      Type.Boolean({ description: 'true: search mode first (no rows), result mode after a search' }),
    ),
    search: Type.Optional(ListSearch),
    columns: Type.Array(ListColumn, { minItems: 1 }),
    defaultSort: Type.Optional(Type.Object({ column: Type.String(), direction: Direction }, closed)),
    rowStyles: Type.Optional(
      Type.Array(
        Type.Object(
          {
            when: RowCondition,
            className: Type.String(),
            label: Type.Optional(
              Type.String({
                description: "Said to screen readers in the row's first cell (e.g. 表示期間終了 for a greyed row)",
              }),
            ),
          },
          closed,
        ),
      ),
    ),
    rowActions: Type.Optional(
      Dict(Type.Unsafe<typeof CallSpec.static | Static<typeof RowLink>>({ oneOf: [CallSpec, RowLink] })),
    ),
    selection: Type.Optional(Type.Object({ column: Type.String(), delete: Type.Optional(CallSpec) }, closed)),
    edit: Type.Optional(
      Type.Object(
        { columns: Type.Array(Type.String(), { minItems: 1 }), form: Type.Optional(Type.String()), update: CallSpec },
        closed,
      ),
    ),
    buttons: Type.Optional(Type.Array(ListButton)),
  },
  {
    ...closed,
    $id: 'https://portal.example.jp/schemas/meta/list.schema.json',
    title: 'List definition (schemas/lists/*.json)',
  },
);
