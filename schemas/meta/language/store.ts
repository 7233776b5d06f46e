// Where the server keeps a form's records (api/forms/record-store.ts): table, key, columns,
// child rows, workflow, optimistic check and edit locks.
import { Type, type Static } from '@sinclair/typebox';
import { ApiPath, Dict, Enum, SqlName, closed } from './build';
import { reusable } from './reuse';

const COLUMN_TYPES = ['text', 'integer', 'date', 'datetime', 'boolean'] as const;

/** How a record field maps to a column: the column name, or the column with the value's SQL type. */
export const StoreColumn = Type.Union([
  SqlName(),
  Type.Object({ column: SqlName(), type: Type.Optional(Enum(COLUMN_TYPES)) }, closed),
]);
const RowColumn = Type.Union([
  SqlName(),
  Type.Object({ column: SqlName(), type: Type.Optional(Enum([...COLUMN_TYPES, 'file'])) }, closed),
]);

const columnsOf = <T extends typeof StoreColumn | typeof RowColumn>(column: T, description?: string) =>
  Dict(Type.Unsafe<Static<T>>({ oneOf: column.anyOf }), description ? { description } : {});

export const StoreRows = Type.Object(
  {
    field: Type.String(),
    table: SqlName(),
    key: SqlName(),
    kind: Type.Optional(Type.Object({ column: SqlName(), value: Type.String() }, closed)),
    order: Type.Optional(Type.Array(SqlName())),
    columns: columnsOf(
      RowColumn,
      'Row fields and their columns; type file keeps an uploaded file in <column>_name, <column>_key and <column>_type',
    ),
    filePrefix: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z][A-Za-z0-9_-]*$',
        description: "Storage key prefix of the rows' files (iconMenu: iconMenu/<record key>/…)",
      }),
    ),
    position: Type.Optional(
      SqlName({
        description: "The column that keeps each row's place in the list (1, 2, …); the rows are read back in it",
      }),
    ),
  },
  {
    ...closed,
    description:
      "One-to-many child rows: the list field `field` kept in `table`, keyed by the record's key in `key`, one list per `kind` value, read back in `order` (docs/forms.md, Storage)",
  },
);

export const StoreWorkflow = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z]+(-[a-z]+)*$', description: 'schemas/workflows/<id>.json' }),
    side: Type.String({
      pattern: '^[a-z]+$',
      description: "The side of the workflow this form's caller is (`by` of its actions)",
    }),
    status: Type.Object(
      {
        field: Type.String(),
        column: SqlName(),
        current: Type.Optional(
          Type.String({
            description:
              'The field of the loaded record carrying the stored status code when it is not `field` (the load answers a text there); read by the renderer only',
          }),
        ),
      },
      closed,
    ),
    calls: Type.Optional(
      Dict(ApiPath(), {
        description: "Further paths, each taking one action (the first status it sets) with the update call's body",
      }),
    ),
  },
  {
    ...closed,
    description:
      "The status workflow the form's saves follow (schemas/workflows/<id>.json): the caller's side, the body field carrying the requested status and the column keeping it (docs/forms.md, Workflow option)",
  },
);

export const StoreSpec = Type.Object(
  {
    table: SqlName(),
    key: Type.Object(
      { field: Type.String(), column: SqlName(), type: Type.Optional(Enum(['integer', 'text'])) },
      {
        ...closed,
        description: "The record's key; type text for codes the hook makes (user ids), integer (serial) by default",
      },
    ),
    columns: columnsOf(StoreColumn),
    extra: Type.Optional(SqlName()),
    softDelete: Type.Optional(SqlName()),
    updatedAt: Type.Optional(SqlName()),
    hook: Type.Optional(
      Type.String({
        pattern: '^[a-z]+(-[a-z]+)*$',
        description: 'The named hook of the resource for what truly differs (docs/forms.md, Storage)',
      }),
    ),
    audit: Type.String({
      pattern: '^[a-z_]+$',
      description: 'The entity name of the audit trail (agent_user, content …)',
    }),
    also: Type.Optional(
      Type.Array(Type.Object({ table: SqlName(), key: SqlName(), columns: columnsOf(StoreColumn) }, closed), {
        description:
          "One-to-one tables keyed by the record's key, each with its column fields (events, skill-up contents)",
      }),
    ),
    rows: Type.Optional(Type.Array(reusable(StoreRows))),
    workflow: Type.Optional(StoreWorkflow),
    keepsAbsent: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Column fields an update keeps as stored when its body leaves them out (a spec body that carries part of the record); every other declared field an update leaves out is cleared (docs/forms.md)',
      }),
    ),
    optimistic: Type.Optional(
      Type.Object(
        { column: SqlName(), field: Type.String(), status: Type.Optional(Type.String()) },
        {
          ...closed,
          description:
            'Update-time optimistic check: loads answer `field` (the stored update time), writes carrying an older one (or another `status` than stored) are 409 CNF_0009 (docs/forms.md, Optimistic check)',
        },
      ),
    ),
    locks: Type.Optional(
      Type.Object(
        {
          table: SqlName(),
          key: SqlName(),
          minutes: Type.Integer({ minimum: 1 }),
          bodyKey: Type.String(),
          calls: Type.Object({ check: ApiPath(), set: ApiPath(), release: ApiPath(), latest: ApiPath() }, closed),
        },
        {
          ...closed,
          description:
            "Advisory edit locks kept in `table` by the record's key in `key`, lapsing `minutes` after the holder's last activity; the four calls are served at the paths given (docs/forms.md, Edit locks)",
        },
      ),
    ),
  },
  { ...closed, description: 'Where the server keeps the records (docs/forms.md, Storage)' },
);
