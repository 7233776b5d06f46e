// ui:options of the plain input widgets: select (SelectWidget.tsx, with RelatedInfo.tsx),
// textarea, checkbox, radio, readOnlyText, linkRows, tagPicker.
import { Type, type Static } from '@sinclair/typebox';
import { Expression } from '../language/basics';
import { Enum, closed } from '../language/build';
import { CallSpec } from '../language/calls';
import { DataKey } from './fields';

export const RelatedSpec = Type.Object(
  {
    title: Type.String(),
    call: CallSpec,
    link: Type.Optional(
      Type.Object({ label: Type.Optional(Type.String()), href: Expression, text: Expression }, closed),
    ),
    files: Type.Optional(
      Type.Object(
        {
          list: Expression,
          name: Expression,
          size: Type.Optional(Expression),
          download: Type.Optional(CallSpec),
          downloadAll: Type.Optional(CallSpec),
        },
        closed,
      ),
    ),
  },
  {
    ...closed,
    description:
      'The related information of the chosen value: a call made with the record whenever the value changes (`row` is its answer)',
  },
);

export const SelectOptions = Type.Object(
  {
    enabledWhen: Type.Optional(
      Enum(['severalOptionsInSearchMode'], { description: 'Disabled unless there are two choices or more' }),
    ),
    related: Type.Optional(RelatedSpec),
  },
  closed,
);

export const TextareaOptions = Type.Object({ rows: Type.Optional(Type.Integer({ minimum: 1 })) }, closed);

export const CheckboxOptions = Type.Object(
  {
    checkboxLabel: Type.Optional(
      Type.String({ description: 'The text beside the box (the field row carries the label)' }),
    ),
  },
  closed,
);

export const RadioOptions = Type.Object({ inline: Type.Optional(Type.Boolean()) }, closed);

export const ReadOnlyTextOptions = Type.Object(
  {
    suffixField: Type.Optional(
      Type.String({ description: 'A field of the record or of the initial data shown after the value' }),
    ),
    unit: Type.Optional(Type.String({ description: 'Written after a value that is there (件)' })),
  },
  closed,
);

export const LinkRowsOptions = Type.Object(
  {
    rows: Type.Optional(Type.Integer({ minimum: 1, description: 'default 3' })),
    captionKey: Type.Optional(Type.String({ description: 'default caption' })),
    urlKey: Type.Optional(Type.String({ description: 'default url' })),
  },
  closed,
);

export const TagPickerOptions = Type.Object(
  {
    source: Type.Optional(DataKey('the tags (default kensakuTagList)')),
    idKey: Type.Optional(Type.String()),
    nameKey: Type.Optional(Type.String()),
    groupKey: Type.Optional(Type.String()),
    checkedKey: Type.Optional(Type.String()),
    valueMode: Type.Optional(Enum(['selected'], { description: 'selected: the value holds the checked tags only' })),
  },
  closed,
);

export type RelatedSpec = Static<typeof RelatedSpec>;
export type SelectOptions = Static<typeof SelectOptions>;
export type TextareaOptions = Static<typeof TextareaOptions>;
export type CheckboxOptions = Static<typeof CheckboxOptions>;
export type RadioOptions = Static<typeof RadioOptions>;
export type ReadOnlyTextOptions = Static<typeof ReadOnlyTextOptions>;
export type LinkRowsOptions = Static<typeof LinkRowsOptions>;
export type TagPickerOptions = Static<typeof TagPickerOptions>;
