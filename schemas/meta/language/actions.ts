// The buttons of a form: built-in actions (back, submit …), custom buttons with a call, the
// buttons of a workflow, and what they ask and answer.
import { Type } from '@sinclair/typebox';
import { EditModes, Expression, MessageRef, Path, When } from './basics';
import { CallSpec } from './calls';
import { Dict, Enum, closed, shared } from './build';

const described = <T extends { static: unknown }>(schema: T, description: string) =>
  Type.Unsafe<T['static']>({ ...schema, description });

export const MailDialogSpec = Type.Object(
  { to: Type.Optional(Type.String()), check: CallSpec, send: CallSpec, sent: Type.Optional(MessageRef) },
  {
    ...closed,
    description:
      'A workflow button that asks the notification addresses first (To/Cc/Bcc, five each): `to` proposes the first To, `check` runs before CNF_0010 and `send` after the save, both reading the list as =result; `sent` replaces the done message when a mail went out',
  },
);

export const ActionGuard = Type.Object(
  { call: CallSpec, confirm: MessageRef },
  {
    ...closed,
    description:
      "A check before the action: when the call's result is true, `confirm` is asked instead of the action's own",
  },
);

export const PreviewSpec = Type.Object(
  {
    categoryId: Expression,
    contentsId: Expression,
    page: Type.Optional(
      Enum(['content', 'event'], {
        description: 'Which agent page: the content page (default) or the event detail (date, deadline, entry box)',
      }),
    ),
  },
  { ...closed, description: 'The preview action: the content page to show (expressions)' },
);

export const FormAction = shared(
  'action',
  Type.Object(
    {
      label: Type.Optional(Type.String()),
      mail: Type.Optional(MailDialogSpec),
      mailto: Type.Optional(
        Type.Object(
          { subject: Type.String(), body: Type.String() },
          {
            ...closed,
            description:
              'A custom button whose answer opens a mail draft with an empty recipient: subject and body are expressions of the answer (=result.mailSubject)',
          },
        ),
      ),
      danger: Type.Optional(
        Type.Boolean({
          description:
            "A button of the form's workflow (store.workflow) drawn as a dangerous one (the withdrawal); an action without a target status (delete) always is",
        }),
      ),
      to: Type.Optional(Type.String()),
      confirm: Type.Optional(MessageRef),
      done: Type.Optional(MessageRef),
      call: Type.Optional(
        described(
          CallSpec,
          'A custom button: the call it makes (the name of an action without call must be a built-in one)',
        ),
      ),
      modes: Type.Optional(described(EditModes, 'Shown only in these edit modes')),
      when: Type.Optional(described(When, 'Shown only when this holds (context: the initial data and mode)')),
      guard: Type.Optional(ActionGuard),
      content: Type.Optional(PreviewSpec),
      primary: Type.Optional(
        Type.Boolean({
          description:
            "A custom button drawn as the form's main button (at the end); Enter in a field runs it when the form has no create or update call",
        }),
      ),
      validate: Type.Optional(
        Type.Unsafe<boolean | string[]>({
          oneOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string' }, minItems: 1 }],
          description:
            "A custom button that checks the form's rules first (a search, a download of the chosen record); a list names the fields whose rules apply",
        }),
      ),
      assign: Type.Optional(
        Dict(Expression, {
          description: 'After a custom call: record fields set from its answer (expressions: =result.x)',
        }),
      ),
      clears: Type.Optional(
        Type.Array(Path, {
          description: 'The clear action: fields it empties besides the editable ones (a shown result)',
        }),
      ),
    },
    closed,
  ),
);
