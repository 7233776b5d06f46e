// Sample values for the definition playground, made from a definition's JSON Schema and uiSchema
// alone: nothing is loaded from the database and nothing is saved. Each field gets a plausible
// value of its type (the first of an `enum`, today's date for a date widget, a short text within
// `maxLength`, one row for a list of objects), so the form draws filled and the rules can be tried.
import type { OptionSource } from '../../../schemas/meta/types';

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The choices each option source offers in the playground (two, marked as samples). */
export function sampleItems(source: OptionSource): Record<string, string>[] {
  return [1, 2].map((n) => {
    const item: Record<string, string> = { [source.value]: String(n) };
    // A label template ("{agCode} {agName}") names its keys; a plain label is one key.
    const keys = source.label.includes('{')
      ? [...source.label.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '')
      : [source.label];
    for (const key of keys) if (key !== source.value) item[key] = `サンプル${n}`;
    if (source.dependsOn) item[source.dependsOn.key] = '1';
    return item;
  });
}

function widgetOf(ui: unknown): string | undefined {
  return isObject(ui) && typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : undefined;
}

function sampleText(schema: Schema, label: string): string {
  if (schema.format === 'email' || /mail/i.test(label)) return 'sample@example.jp';
  if (schema.format === 'uri' || /url$/i.test(label)) return 'https://example.jp/';
  const text = 'サンプル';
  return typeof schema.maxLength === 'number' ? text.slice(0, Math.max(1, schema.maxLength)) : text;
}

function sampleValue(
  schema: Schema,
  ui: unknown,
  name: string,
  today: string,
  choices: Record<string, string> | undefined,
): unknown {
  const widget = widgetOf(ui);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (choices?.[name] !== undefined) return choices[name];
  switch (schema.type) {
    case 'object':
      return sampleObject(schema, isObject(ui) ? ui : {}, today);
    case 'array': {
      const items = isObject(schema.items) ? schema.items : {};
      // Files and picked entries need a real file or record: none in the sample.
      if (items.type !== 'object' || widget === 'fileList' || widget === 'tagPicker' || widget === 'displayTarget')
        return [];
      return [sampleObject(items, isObject(ui) && isObject(ui.items) ? ui.items : {}, today)];
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'string':
    default:
      if (widget === 'date' || schema.format === 'date') return today;
      if (widget === 'dateTime' || schema.format === 'date-time') return `${today}T10:00`;
      if (widget === 'richText') return '<p>サンプル</p>';
      if (widget === 'csvFile' || widget === 'thumbnailPicker') return undefined;
      return sampleText(schema, name);
  }
}

function sampleObject(
  schema: Schema,
  ui: Record<string, unknown>,
  today: string,
  choices?: Record<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    const value = sampleValue(property, ui[name], name, today, choices);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * A sample record for a schema: `today` (the server's date) for dates, and for a select fed by
 * an option source the value of its first sample item.
 */
export function sampleRecord(
  schema: Schema,
  uiSchema: Record<string, unknown> = {},
  today: string,
  options: Record<string, OptionSource> = {},
): Record<string, unknown> {
  const choices = Object.fromEntries(
    Object.entries(options).map(([field, source]) => [field, sampleItems(source)[0]?.[source.value] ?? '']),
  );
  return sampleObject(schema, uiSchema, today, choices);
}
