// Pieces every part of a definition uses: message codes, field paths, conditions, titles,
// expressions, edit modes, permissions and session-storage handoffs.
import { Type } from '@sinclair/typebox';
import catalogue from '../../messages/ja.json';
import { EDIT_MODES } from '../widgets';
import { Dict, Enum, OneOrMany, closed, shared } from './build';

/** The codes of the message catalogue: a definition naming another code fails the schema check. */
export const MESSAGE_CODES = Object.keys(catalogue).sort();

export const MessageId = shared(
  'messageId',
  Type.Unsafe<string>({ type: 'string', enum: MESSAGE_CODES, description: 'A code of schemas/messages/ja.json' }),
);

// A name, in which a rule group's {name} may stand for a part (it is replaced before the check).
const NAME = '(?:[A-Za-z_]|\\{[A-Za-z][A-Za-z0-9]*\\})(?:[A-Za-z0-9_]|\\{[A-Za-z][A-Za-z0-9]*\\})*';

export const Path = shared(
  'path',
  Type.String({
    pattern: `^${NAME}(\\[\\])?(\\.${NAME}(\\[\\])?)*$`,
    description:
      'A field path: dots, [] for each element of a list; in a forEach group, {name} stands for a name the group gives',
  }),
);

export const ListPath = shared(
  'listPath',
  Type.Unsafe<string>({
    type: 'string',
    pattern: '\\[\\]',
    allOf: [Path],
    description: 'A path through a list: list[].key',
  }),
);

export const Condition = shared(
  'condition',
  Type.Object(
    {
      field: Type.Optional(Path),
      context: Type.Optional(Type.String()),
      equals: Type.Optional(Type.Unknown()),
      notEquals: Type.Optional(Type.Unknown()),
      in: Type.Optional(Type.Array(Type.Unknown())),
      filled: Type.Optional(Type.Boolean()),
    },
    {
      ...closed,
      description:
        'A condition on the record (field) or the context (context: the initial data, mode). With several tests all must hold; without a test the value must be filled',
      oneOf: [{ required: ['field'] }, { required: ['context'] }],
    },
  ),
);

export const When = shared('when', OneOrMany(Condition));

export const Title = shared(
  'title',
  Type.Unsafe<string | Record<string, string>>({
    oneOf: [
      { type: 'string', minLength: 1 },
      { type: 'object', additionalProperties: { type: 'string' }, minProperties: 1 },
    ],
  }),
);

export const Expression = shared(
  'expression',
  Type.Unknown({
    description:
      'A value: a literal, or "=record.x", "=query.x", "=session.x", "=row.x", "=search", "=file", "=selected{a,b}", "=changed{a,b}", "=record.list{a,b}"; objects and arrays are templates of these',
  }),
);

export const EditModes = shared(
  'editModes',
  Type.Array(Enum(EDIT_MODES), {
    description: 'Edit modes (new, update, copy, preview)',
    minItems: 1,
    uniqueItems: true,
  }),
);

export const MessageRef = shared(
  'messageRef',
  Type.Object({ message: MessageId, args: Type.Optional(Type.Array(Type.String())) }, closed),
);

export const Permission = shared(
  'permission',
  Type.Object(
    {
      categoryId: Type.Integer({ description: 'The permission category (categories.category_id) checked with can()' }),
      byField: Type.Optional(
        Type.String({
          description:
            'A record field (e.g. contentsCategoryId) that picks the permission category from `categories`; the server also keeps a record to the content category it was created in',
        }),
      ),
      categories: Type.Optional(
        Type.Unsafe<Record<string, number>>({
          type: 'object',
          propertyNames: { pattern: '^[0-9]+$' },
          additionalProperties: { type: 'integer' },
          description: 'Value of byField -> permission category',
        }),
      ),
    },
    { ...closed, dependencies: { byField: ['categories'], categories: ['byField'] } },
  ),
);

export const HandoffSource = shared(
  'handoffSource',
  Type.Object(
    { storageKey: Type.String({ minLength: 1 }) },
    {
      ...closed,
      description: 'A page context kept in session storage instead of the URL (spec 001: /login-popup-reg)',
    },
  ),
);

export const Handoff = shared(
  'handoff',
  Type.Object(
    {
      storageKey: Type.String({ minLength: 1 }),
      values: Dict(Type.Unknown(), { description: 'Expressions evaluated before the navigation' }),
    },
    {
      ...closed,
      description:
        'Before navigating: writes the evaluated values to session storage under storageKey (the context of a page with a form-level handoff)',
    },
  ),
);
