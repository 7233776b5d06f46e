// A form definition (schemas/forms/*.json): record schema, layout, rules, calls, modes, buttons,
// effects, visibility and storage.
import { Type } from '@sinclair/typebox';
import { EditModes, HandoffSource, Path, Permission, Title, When } from './basics';
import { CallSpec, ListCallSpec, Options } from './calls';
import { FormAction } from './actions';
import { Dict, Enum, OneOrMany, closed } from './build';
import { reusable } from './reuse';
import { Rules } from './rules';
import { StoreSpec } from './store';
import { UiSchema } from './ui';

export const DefinitionId = Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', description: 'Same as the file name' });

/** A JSON Schema (draft-07) of a record: an object with its properties. */
export const JsonSchemaObject = Type.Object(
  {
    type: Type.Literal('object'),
    properties: Type.Unsafe<Record<string, Record<string, unknown>>>({ type: 'object' }),
  },
  { additionalProperties: true, description: 'JSON Schema (draft-07) of the record' },
);

/** Fragments of this file that `$ref` points to ("#/$defs/row"); the loader removes them. */
export const Defs = Type.Optional(
  Dict(Type.Unknown(), { description: 'Pieces this file refers to with {"$ref": "#/$defs/<name>"}; not served' }),
);

export const SummaryItem = Type.Object(
  {
    label: Type.String({ minLength: 1 }),
    value: Type.String({
      description:
        'An expression (=record.appNo) or a template naming values in braces ({record.appAgCode} {record.appAgName})',
    }),
    format: Type.Optional(
      Enum(['date'], { description: 'date: a yyyy-MM-dd value shown yyyy/MM/dd, as the lists show it' }),
    ),
  },
  closed,
);

export const ModeSpec = Type.Object(
  {
    path: Type.Optional(
      Type.String({
        pattern: '^/',
        description:
          "The page of a created record when its id is a route parameter: a template of the create's answer (/shinseiform-ag/appNo/{result.appNo}); without it update mode is the same page with the id in the query",
      }),
    ),
    readOnly: Type.Optional(
      Type.String({
        description:
          'A form with a workflow (store.workflow): an expression whose value (=query.preview) shows the record read-only, without buttons and without taking the edit lock',
      }),
    ),
    update: Type.Optional(
      Type.String({ description: 'An expression whose value (an id of the URL) means the record exists' }),
    ),
    editMode: Type.Optional(
      Type.String({
        description:
          "An expression giving the spec's editMode code: 0 new, 1 update, 2 copy, 9 preview (an id without a code is update)",
      }),
    ),
    id: Type.Optional(
      Type.String({ description: "The record's id field: also its query parameter and the key of the create answer" }),
    ),
    copyTo: Type.Optional(Type.String({ description: 'Copy mode: the field that keeps the id of the copied record' })),
    labels: Type.Optional(Dict(Type.String())),
  },
  closed,
);

export const FieldEffect = Type.Object(
  {
    on: Path,
    when: Type.Optional(When),
    clear: Type.Optional(Type.Array(Path, { minItems: 1 })),
    copyTo: Type.Optional(Type.Array(Path, { minItems: 1 })),
  },
  {
    ...closed,
    description: 'A change of `on` (when `when` holds for the new record) clears fields or copies its value',
  },
);

export const VisibilityRule = Type.Object(
  {
    hide: Type.Optional(Type.Array(Type.String(), { minItems: 1 })),
    disable: Type.Optional(Type.Array(Type.String(), { minItems: 1, description: 'Shown but not editable' })),
    when: When,
  },
  { ...closed, anyOf: [{ required: ['hide'] }, { required: ['disable'] }] },
);

export const FormDefinition = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    $defs: Defs,
    id: DefinitionId,
    title: Title,
    description: Type.Optional(Type.String()),
    permission: Permission,
    summary: Type.Optional(
      Type.Object(
        { modes: Type.Optional(EditModes), items: Type.Array(SummaryItem, { minItems: 1 }) },
        {
          ...closed,
          description:
            "Read-only values above the fields (a request's number, date and status), shown in `modes` (default update); an item whose value is empty is left out",
        },
      ),
    ),
    handoff: Type.Optional(
      Type.Unsafe<typeof HandoffSource.static>({
        ...HandoffSource,
        description:
          "The page's context comes from session storage (spec 001: /login-popup-reg), not the URL: its values read as =query.x; without it the page shows ERR_SYS998; a change of mode writes it back",
      }),
    ),
    mode: Type.Optional(ModeSpec),
    schema: JsonSchemaObject,
    uiSchema: UiSchema,
    initial: Type.Optional(
      Dict(Type.Unknown(), {
        description: 'Initial values: an expression, or a list of them (the first filled one wins)',
      }),
    ),
    data: Type.Optional(
      OneOrMany(CallSpec, {
        description: 'The initial-data call(s): option lists and limits; several are made in order',
      }),
    ),
    options: Type.Optional(Options),
    calls: Type.Optional(
      Type.Object(
        {
          load: Type.Optional(CallSpec),
          create: Type.Optional(CallSpec),
          update: Type.Optional(CallSpec),
          delete: Type.Optional(CallSpec),
          deleteMany: Type.Optional(
            Type.Unsafe<typeof CallSpec.static>({
              ...CallSpec,
              description:
                'A delete by a list\'s selection (its body takes "=selected{…}"), not offered on the form\'s screen',
            }),
          ),
          list: Type.Optional(ListCallSpec),
        },
        closed,
      ),
    ),
    actions: Type.Optional(Dict(FormAction)),
    effects: Type.Optional(
      Type.Array(FieldEffect, { description: 'Field effects: a change of `on` clears fields or copies its value' }),
    ),
    visibility: Type.Optional(
      Type.Array(VisibilityRule, {
        description:
          'Fields hidden (hide) or shown but not editable (disable) while `when` holds (context: the initial data and mode)',
      }),
    ),
    rules: Rules,
    store: Type.Optional(reusable(StoreSpec)),
  },
  {
    ...closed,
    $id: 'https://portal.example.jp/schemas/meta/form.schema.json',
    title: 'Form definition (schemas/forms/*.json)',
  },
);
