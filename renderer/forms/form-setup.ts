// Everything a form needs before it is drawn, from its definition (docs/decisions.md section 6):
//  1. the definition and its context (GET /api/forms/:id);
//  2. the mode (modes.ts): new, update, copy or preview from the URL;
//  3. the record: `initial` values, then in update and copy mode the answer of `calls.load`
//     (copy: without its id, kept in `mode.copyTo`);
//  4. the initial-data calls (`data`, one or a list, each limited to its `modes`), whose
//     `provides` (keys, or items of a list by `where` and `orderBy`) become the form's data (option lists, the agent name, limits, the category
//     name of the title); a provided value that is a field of the record fills it if empty;
//  5. the choices of select fields (`options`, dependent ones with the key of their parent),
//     written into the uiSchema as ui:options.choices; fields that `visibility` hides.
import type { UiSchema } from '@rjsf/utils';
import { runCall, resultOf } from './calls';
import { allHold } from '../../schemas/rules/conditions';
import type { ProvidedItems } from '../../schemas/meta/types';
import {
  loadFormDefinition,
  titleFor,
  type CallSpec,
  type DefinitionContext,
  type FormDefinition,
  type OptionSource,
} from './definitions';
import { fillPlaceholders, firstFilled, isFilledValue, type Scope } from './expressions';
import type { FormRecord } from './form-store';
import { queryWithHandoff } from './handoff';
import { copiedRecord, loadsRecord, resolveMode, type EditMode } from './modes';
import { disabledFields, hiddenFields, viewContext, withDisabled, withHidden } from './visibility';
import type { Choice } from './widgets/SelectWidget';

export type FormMode = EditMode;

export interface FormSetup {
  definition: FormDefinition;
  context: DefinitionContext;
  mode: FormMode;
  modeLabel: string;
  title: string;
  record: FormRecord;
  data: Record<string, unknown>;
  uiSchema: UiSchema;
  /** The query the form was set up with (the page's, or its stored context: handoff.ts). */
  query: URLSearchParams;
}

const DEFAULT_MODE_LABELS: Record<FormMode, string> = {
  new: '登録',
  update: '更新',
  copy: '登録',
  preview: 'プレビュー',
};

export function modeLabelOf(definition: FormDefinition, mode: FormMode): string {
  return definition.mode?.labels?.[mode] ?? DEFAULT_MODE_LABELS[mode];
}

/** The initial-data calls of a mode, in order. */
export function dataCallsOf(definition: FormDefinition, mode: FormMode): CallSpec[] {
  if (!definition.data) return [];
  return [definition.data].flat().filter((c) => !c.modes || c.modes.includes(mode));
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

/** A provided value: a key of the answer, or the items of a list in it that satisfy `where`, ordered by `orderBy`. */
export function providedValue(answer: unknown, spec: string | ProvidedItems): unknown {
  if (!isRecord(answer)) return undefined;
  if (typeof spec === 'string') return answer[spec];
  const list = answer[spec.key];
  if (!Array.isArray(list)) return list;
  const items = list.filter((item) => allHold(spec.where, item, {}));
  const by = spec.orderBy;
  return by
    ? [...items].sort((a, b) => Number((a as Record<string, unknown>)[by]) - Number((b as Record<string, unknown>)[by]))
    : items;
}

/** A label key, or a template naming several keys: "{agCode} {agName}". */
function labelOf(item: Record<string, unknown>, source: OptionSource): string {
  if (source.label.includes('{'))
    return source.label.replace(/\{(\w+)\}/g, (_, key: string) => String(item[key] ?? '')).trim();
  return String(item[source.label] ?? item[source.value] ?? '');
}

/** Choices of a list: items are objects (value / label keys) or plain values. */
export function choicesFrom(list: unknown, source: OptionSource): Choice[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    if (!isRecord(item)) return { value: String(item), label: String(item) };
    const choice: Choice = { value: String(item[source.value] ?? ''), label: labelOf(item, source) };
    if (source.dependsOn) choice.parent = String(item[source.dependsOn.key] ?? '');
    return choice;
  });
}

/** Loads the choices of every option source (from the data or by their own call). */
export async function loadChoices(
  options: Record<string, OptionSource> | undefined,
  data: Record<string, unknown>,
  scope: Scope,
): Promise<Record<string, Choice[]>> {
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
export function withChoices(
  uiSchema: Record<string, unknown>,
  choices: Record<string, Choice[]>,
  sources: Record<string, OptionSource> = {},
): UiSchema {
  const out: Record<string, unknown> = { ...uiSchema };
  for (const [field, list] of Object.entries(choices)) {
    const fieldUi = isRecord(out[field]) ? out[field] : {};
    const options = isRecord(fieldUi['ui:options']) ? fieldUi['ui:options'] : {};
    const dependsOn = sources[field]?.dependsOn;
    out[field] = {
      ...fieldUi,
      'ui:options': { ...options, choices: list, ...(dependsOn ? { dependsOn: dependsOn.field } : {}) },
    };
  }
  return out as UiSchema;
}

export async function setUpForm(formId: string, pageQuery: URLSearchParams): Promise<FormSetup> {
  const { definition, context } = await loadFormDefinition(formId);
  // A form whose context is handed over in session storage reads it as its query (handoff.ts).
  const query = queryWithHandoff(definition.handoff, pageQuery);
  const mode = resolveMode(definition.mode, { query });
  const modeLabel = modeLabelOf(definition, mode);
  const baseScope: Scope = { query, context: { ...context }, mode: { name: mode, label: modeLabel } };

  let record = initialRecord(definition, baseScope);
  const data: Record<string, unknown> = {};
  const load = definition.calls?.load;
  // A load that allows new (the spec's getAppFormInitialData) answers the initial data of a new record too.
  if (load && (loadsRecord(mode) || (mode === 'new' && load.allowNew))) {
    const { data: answer } = await runCall(load, { ...baseScope, record });
    const loaded = resultOf(load, answer);
    if (isRecord(loaded) && loadsRecord(mode)) record = { ...record, ...loaded };
    if (mode === 'copy') record = copiedRecord(record, definition.mode);
    // Keys of the answer beside the record (its option lists, the display time of the optimistic check).
    for (const [name, spec] of Object.entries(load.provides ?? {})) data[name] = providedValue(answer, spec);
  }

  for (const call of dataCallsOf(definition, mode)) {
    const { data: answer } = await runCall(call, { ...baseScope, record, data });
    const provided = resultOf(call, answer);
    const provides =
      call.provides ?? (isRecord(provided) ? Object.fromEntries(Object.keys(provided).map((k) => [k, k])) : {});
    for (const [name, spec] of Object.entries(provides)) {
      const value = providedValue(provided, spec);
      data[name] = value;
      if (name in definition.schema.properties && !isFilledValue(record[name]) && value !== undefined)
        record[name] = value;
    }
  }

  const choices = await loadChoices(definition.options, data, { ...baseScope, record, data });
  const hidden = hiddenFields(definition.visibility, record, viewContext(mode, data));
  return {
    definition,
    context,
    mode,
    modeLabel,
    title: fillPlaceholders(titleFor(definition.title, mode), data),
    record,
    data,
    uiSchema: withDisabled(
      withHidden(withChoices(definition.uiSchema, choices, definition.options), hidden),
      disabledFields(definition.visibility, record, viewContext(mode, data)),
    ),
    query,
  };
}
