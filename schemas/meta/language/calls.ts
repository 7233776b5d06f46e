// Calls of spec section 7 as a definition names them: initial data, load and save calls, list
// loads, row actions, custom buttons; and the option lists of select fields.
import { Type } from '@sinclair/typebox';
import { EditModes, Expression, MessageRef, Path, When } from './basics';
import { ApiPath, Dict, Enum, SqlName, closed, shared } from './build';

export const ProvidedItems = Type.Object(
  {
    key: Type.String(),
    where: Type.Optional(When),
    orderBy: Type.Optional(Type.String()),
  },
  {
    ...closed,
    description:
      "The items of a list of the answer that satisfy `where`, in the order of `orderBy` (the one-stop display targets among a category's contents)",
  },
);

export const CallSpec = shared(
  'call',
  Type.Object(
    {
      call: ApiPath(),
      encoding: Type.Optional(Enum(['json', 'multipart'])),
      body: Type.Optional(Expression),
      result: Type.Optional(Type.String()),
      response: Type.Optional(Enum(['json', 'file'])),
      defaultFileName: Type.Optional(Type.String()),
      provides: Type.Optional(
        Dict(Type.Union([Type.String(), ProvidedItems]), {
          description:
            'Names of the initial data: a key of the answer, or the items of a list in it that satisfy `where`, in the order of `orderBy`',
        }),
      ),
      file: Type.Optional(
        Type.Object({ form: Type.String(), field: Type.String(), accept: Type.Optional(Type.String()) }, closed),
      ),
      confirm: Type.Optional(MessageRef),
      done: Type.Optional(MessageRef),
      empty: Type.Optional(MessageRef),
      unchanged: Type.Optional(MessageRef),
      to: Type.Optional(Type.String()),
      modes: Type.Optional(
        Type.Unsafe<typeof EditModes.static>({
          ...EditModes,
          description: 'An initial-data call is made only in these modes',
        }),
      ),
      answer: Type.Optional(
        Type.Unsafe<unknown>({
          ...Expression,
          description:
            'Server side: the answer of a create or update as expressions over the saved record; default {<key field>: id}',
        }),
      ),
      allowNew: Type.Optional(
        Type.Boolean({
          description:
            'A load call: without the key it answers its template with no record (the initial data of a new record; `=record` keys are left out)',
        }),
      ),
    },
    { ...closed, description: 'A call of spec section 7. Body values are expressions: see docs/forms.md' },
  ),
);

export const OptionSource = Type.Object(
  {
    source: Type.Optional(Type.String()),
    call: Type.Optional(ApiPath()),
    body: Type.Optional(Type.Unknown()),
    result: Type.Optional(Type.String()),
    value: Type.String(),
    label: Type.String({ description: 'The key of the label, or a template of keys such as "{agCode} {agName}"' }),
    dependsOn: Type.Optional(
      Type.Object(
        { field: Path, key: Type.String() },
        {
          ...closed,
          description:
            "Dependent options: only items whose `key` equals the record's `field`; disabled while the field is empty",
        },
      ),
    ),
  },
  closed,
);

export const Options = shared(
  'options',
  Dict(OptionSource, {
    description: 'Option lists of select fields: from a data call result (source) or a call of their own',
  }),
);

const ConditionMatch = Enum(['exact', 'prefix', 'contains', 'from', 'to', 'scope'] as const, {
  description:
    "How a search condition selects rows: equal, starts with, contains, on or after / on or before, or the hook's scope (blank: the caller's own)",
});

export const ListCondition = Type.Union(
  [
    ConditionMatch,
    Type.Object(
      { match: ConditionMatch, column: Type.Optional(SqlName()), values: Type.Optional(Type.Array(Type.String())) },
      closed,
    ),
  ],
  {
    description:
      "A condition of a list call: a match on the field's store column, or on `column`; `values` are the only ones allowed",
  },
);

/** A form's `calls.list` (api/forms/list/): the call's body template names the conditions (`"=record"` at their place). */
export const ListCallSpec = Type.Object(
  {
    call: ApiPath(),
    body: Type.Optional(Expression),
    result: Type.Optional(Type.String()),
    answer: Type.Optional(Expression),
    search: Type.Optional(
      Type.String({ description: 'The list (schemas/lists) whose search.rules the server runs on the conditions' }),
    ),
    where: Type.Optional(Dict(ListCondition, { description: 'How each condition selects rows' })),
    lookups: Type.Optional(
      Dict(Type.Object({ table: SqlName(), key: SqlName(), by: SqlName(), column: SqlName() }, closed), {
        description:
          "Fields read from another table: `column` of the `table` row whose `key` equals the row's column `by`",
      }),
    ),
    order: Type.Optional(
      Type.Array(Type.Object({ column: SqlName(), direction: Type.Optional(Enum(['asc', 'desc'] as const)) }, closed), {
        description: 'The order of the rows by columns of the table (default: the key)',
      }),
    ),
    max: Type.Optional(
      Type.Object(
        { rows: Type.Integer({ minimum: 1 }), name: Type.String() },
        { ...closed, description: 'At most `rows` rows; more is 416 ERR_0023 naming `name`' },
      ),
    ),
  },
  {
    ...closed,
    description: 'The stored records the conditions select, each answered by `answer` (docs/forms.md, List calls)',
  },
);
