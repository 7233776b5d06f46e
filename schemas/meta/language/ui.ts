// The uiSchema of a form or a list's search (react-jsonschema-form): per field, the widget and
// its ui:options, checked against the widget's option schema (schemas/meta/widget-options).
import { Type, type Static } from '@sinclair/typebox';
import { WIDGET_OPTIONS } from '../widget-options';
import { FORM_WIDGETS, RJSF_WIDGET_NAMES } from '../widgets';
import { Enum, shared } from './build';
import { reusable } from './reuse';

export const WIDGET_NAMES = [...new Set([...Object.keys(FORM_WIDGETS), ...RJSF_WIDGET_NAMES])];

const optionRefs = Object.entries(WIDGET_OPTIONS).map(([name, schema]) => ({
  if: { properties: { 'ui:widget': { const: name } }, required: ['ui:widget'] },
  then: { properties: { 'ui:options': shared(`${name}Options`, schema) } },
}));

const UI_FIELD = 'common.schema.json#/definitions/uiField';

/** The uiSchema of one field: its widget and options, and those of its list items or nested fields. */
export const UiField = shared(
  'uiField',
  reusable(
    Type.Unsafe<Record<string, unknown>>({
      type: 'object',
      properties: {
        'ui:widget': Enum(WIDGET_NAMES, {
          description: 'A widget of renderer/forms/widgets (or an rjsf name it maps)',
        }),
        'ui:options': { type: 'object', description: "The widget's options (schemas/meta/widget-options)" },
        'ui:placeholder': { type: 'string' },
        'ui:readonly': { type: 'boolean' },
        'ui:enumNames': { type: 'array', items: { type: 'string' } },
        'ui:order': { type: 'array', items: { type: 'string' } },
        items: { $ref: UI_FIELD },
      },
      patternProperties: { '^ui:': {} },
      additionalProperties: { $ref: UI_FIELD },
      allOf: optionRefs,
    }),
  ),
);

export const UiSchema = reusable(
  Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    description: 'react-jsonschema-form uiSchema: ui:order, and per field its widget and ui:options',
    properties: { 'ui:order': { type: 'array', items: { type: 'string' } } },
    patternProperties: { '^ui:': {} },
    additionalProperties: UiField,
  }),
);

export type UiField = Static<typeof UiField>;
