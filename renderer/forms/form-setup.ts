// Everything a form needs before it is drawn, from its definition (DESIGN.md section 8):
//  1. the definition and its context (GET /api/forms/:id);
//  2. the mode: update when `mode.update` evaluates to a value (e.g. the userId of the URL);
//  3. the record: `initial` values, then in update mode the answer of `calls.load`;
//  4. the initial-data call (`data`), whose `provides` become the form's data (option lists,
//     the agent name, limits); a provided value that is a field of the record fills it if empty;
//  5. the choices of select fields (`options`), written into the uiSchema as ui:options.choices.
import type { UiSchema } from '@rjsf/utils';
import { runCall, resultOf } from './calls';
import { loadFormDefinition, titleFor, type DefinitionContext, type FormDefinition, type OptionSource } from './definitions';
import { evaluate, firstFilled, isFilledValue, type Scope } from './expressions';
import type { FormRecord } from './form-store';
import type { Choice } from './widgets/SelectWidget';

export type FormMode = 'new' | 'update';

export interface FormSetup {
  definition: FormDefinition;
  context: DefinitionContext;
  mode: FormMode;
  modeLabel: string;
  title: string;
  record: FormRecord;
  data: Record<string, unknown>;
  uiSchema: UiSchema;
}

export function modeLabelOf(definition: FormDefinition, mode: FormMode): string {
  return definition.mode?.labels?.[mode] ?? (mode === 'update' ? '更新' : '登録');
}

export function initialRecord(definition: FormDefinition, scope: Scope): FormRecord {
  const record: FormRecord = {};
  for (const [field, expr] of Object.entries(definition.initial ?? {})) {
    const value = firstFilled(expr, scope);
    if (value !== undefined) record[field] = value;
  }
  return record;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A label key, or a template naming several keys: "{agCode} {agName}". */
function labelOf(item: Record<string, unknown>, source: OptionSource): string {
  if (source.label.includes('{')) return source.label.replace(/\{(\w+)\}/g, (_, key: string) => String(item[key] ?? '')).trim();
  return String(item[source.label] ?? item[source.value] ?? '');
}

/** Choices of a list: items are objects (value / label keys) or plain values. */
export function choicesFrom(list: unknown, source: OptionSource): Choice[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    if (isRecord(item)) return { value: String(item[source.value] ?? ''), label: labelOf(item, source) };
    return { value: String(item), label: String(item) };
  });
}

/** Loads the choices of every option source (from the data or by their own call). */
export async function loadChoices(options: Record<string, OptionSource> | undefined, data: Record<string, unknown>, scope: Scope): Promise<Record<string, Choice[]>> {
  const out: Record<string, Choice[]> = {};
  for (const [field, source] of Object.entries(options ?? {})) {
    if (source.call) {
      const { data: answer } = await runCall({ call: source.call, body: source.body, result: source.result }, scope);
      out[field] = choicesFrom(resultOf({ call: source.call, result: source.result }, answer), source);
    } else if (source.source) {
      out[field] = choicesFrom(data[source.source], source);
    }
  }
  return out;
}

/** The uiSchema with the loaded choices of each select field. */
export function withChoices(uiSchema: Record<string, unknown>, choices: Record<string, Choice[]>): UiSchema {
  const out: Record<string, unknown> = { ...uiSchema };
  for (const [field, list] of Object.entries(choices)) {
    const fieldUi = isRecord(out[field]) ? (out[field] as Record<string, unknown>) : {};
    const options = isRecord(fieldUi['ui:options']) ? fieldUi['ui:options'] : {};
    out[field] = { ...fieldUi, 'ui:options': { ...options, choices: list } };
  }
  return out as UiSchema;
}

export async function setUpForm(formId: string, query: URLSearchParams): Promise<FormSetup> {
  const { definition, context } = await loadFormDefinition(formId);
  const updateRef = definition.mode?.update;
  const mode: FormMode = updateRef && isFilledValue(evaluate(updateRef, { query })) ? 'update' : 'new';
  const modeLabel = modeLabelOf(definition, mode);
  const baseScope: Scope = { query, context: { ...context }, mode: { name: mode, label: modeLabel } };

  let record = initialRecord(definition, baseScope);
  const load = definition.calls?.load;
  if (mode === 'update' && load) {
    const { data } = await runCall(load, { ...baseScope, record });
    const loaded = resultOf(load, data);
    if (isRecord(loaded)) record = { ...record, ...loaded };
  }

  const data: Record<string, unknown> = {};
  if (definition.data) {
    const { data: answer } = await runCall(definition.data, { ...baseScope, record });
    const provided = resultOf(definition.data, answer);
    const provides = definition.data.provides ?? (isRecord(provided) ? Object.fromEntries(Object.keys(provided).map((k) => [k, k])) : {});
    for (const [name, key] of Object.entries(provides)) {
      const value = isRecord(provided) ? provided[key] : undefined;
      data[name] = value;
      if (name in definition.schema.properties && !isFilledValue(record[name]) && value !== undefined) record[name] = value;
    }
  }

  const choices = await loadChoices(definition.options, data, { ...baseScope, record });
  return {
    definition,
    context,
    mode,
    modeLabel,
    title: titleFor(definition.title, mode),
    record,
    data,
    uiSchema: withChoices(definition.uiSchema, choices),
  };
}
