// Checks form and list definitions: the meta-schemas (form.schema.json, list.schema.json), then
// what a JSON Schema cannot say: rule kinds the engine knows, message codes of the catalogue,
// fields that rules name and the record schema has, references between definitions.
// Used by `npm run schemas:check` (schemas/check.ts) and by the API at start-up.
import Ajv, { type ErrorObject } from 'ajv';
import { hasMessage } from '../messages/format';
import { RULE_KINDS, isRuleKind, ruleFields, ruleMessages, type Rule } from '../rules/engine';
import { ARG_PLACEHOLDERS } from '../rules/engine-types';
import { patternSegments } from '../rules/paths';
import { WORKFLOWS } from '../workflows/workflow';
import common from './common.schema.json';
import formMeta from './form.schema.json';
import listMeta from './list.schema.json';
import type { DefinitionSet, FormDefinition, JsonSchemaObject, ListDefinition } from './types';
import { FORM_ACTIONS, FORM_WIDGETS, RJSF_WIDGET_NAMES, fieldOptionsOf, isKnownWidget } from './widgets';

export interface DefinitionFile {
  kind: 'form' | 'list';
  /** Where it came from, for messages (schemas/forms/ag-user.json). */
  file: string;
  /** The id the file name implies (ag-user). */
  name: string;
  data: unknown;
}

export interface Problem {
  file: string;
  message: string;
}

let compiled: { form: ReturnType<Ajv['compile']>; list: ReturnType<Ajv['compile']>; ajv: Ajv } | undefined;

function validators() {
  if (compiled) return compiled;
  const ajv = new Ajv({ allErrors: true, discriminator: true, strict: false });
  ajv.addSchema(common);
  compiled = { ajv, form: ajv.compile(formMeta), list: ajv.compile(listMeta) };
  return compiled;
}

/**
 * Errors of the meta-schema not worth a line: an if/then/else's own summary (the branch's errors
 * say what is wrong), and an unknown message code, which the catalogue check below names better
 * than the enum of every code.
 */
function isNoise(e: ErrorObject): boolean {
  return e.keyword === 'if' || (e.keyword === 'enum' && e.schemaPath.includes('/definitions/messageId/'));
}

function describe(e: ErrorObject): string {
  const where = e.instancePath || '(top)';
  const extra =
    e.keyword === 'additionalProperties'
      ? ` "${String(e.params.additionalProperty)}"`
      : e.keyword === 'enum'
        ? ` (${(e.params.allowedValues as unknown[]).join(', ')})`
        : '';
  return `${where} ${e.message}${extra}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether the record schema has the field a path names (lists must be arrays with items). */
export function schemaHas(schema: unknown, path: string): boolean {
  let node: unknown = schema;
  for (const seg of patternSegments(path)) {
    if (!isObject(node)) return false;
    if (seg === '[]') {
      if (node.type !== 'array' || !isObject(node.items)) return false;
      node = node.items;
      continue;
    }
    const props = node.properties;
    if (isObject(props) && Object.hasOwn(props, seg)) node = props[seg];
    else return false;
  }
  return true;
}

/** Every value under a "message" or "asciiMessage" key, anywhere in the definition. */
function messageCodes(v: unknown, out: { at: string; code: unknown }[] = [], at = ''): { at: string; code: unknown }[] {
  if (Array.isArray(v)) v.forEach((x, i) => messageCodes(x, out, `${at}/${i}`));
  else if (isObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'message' || k === 'asciiMessage') && typeof x === 'string') out.push({ at: `${at}/${k}`, code: x });
      else messageCodes(x, out, `${at}/${k}`);
    }
  }
  return out;
}

function checkRules(rules: unknown, schema: unknown, where: string, report: (m: string) => void): void {
  if (!Array.isArray(rules)) return;
  rules.forEach((raw, i) => {
    const label = `${where}[${i}]`;
    if (!isObject(raw)) return;
    if (!isRuleKind(raw.rule)) {
      report(`${label}: unknown rule kind "${String(raw.rule)}" (known: ${RULE_KINDS.join(', ')})`);
      return;
    }
    const rule = raw as unknown as Rule;
    let fields: string[];
    try {
      fields = ruleFields(rule);
    } catch {
      return; // malformed: the meta-schema reports it
    }
    for (const f of fields) {
      if (typeof f === 'string' && !schemaHas(schema, f))
        report(`${label} (${rule.rule}): field "${f}" is not in the schema`);
    }
    if (
      rule.rule === 'atLeastOne' &&
      rule.field &&
      rule.where?.field &&
      !schemaHas(schema, `${rule.field}[].${rule.where.field}`)
    ) {
      report(`${label} (atLeastOne): where.field "${rule.where.field}" is not in the elements of "${rule.field}"`);
    }
    for (const code of ruleMessages(rule))
      if (typeof code === 'string' && !hasMessage(code))
        report(`${label} (${rule.rule}): unknown message code "${code}"`);
    for (const arg of rule.args ?? []) {
      for (const m of String(arg).matchAll(/\{([^}]*)\}/g)) {
        if (!(ARG_PLACEHOLDERS as readonly string[]).includes(m[1] ?? ''))
          report(
            `${label} (${rule.rule}): unknown placeholder {${m[1]}} in args (known: ${ARG_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')})`,
          );
      }
    }
  });
}

function checkSchemaObject(schema: unknown, where: string, report: (m: string) => void): void {
  try {
    validators().ajv.compile(schema as object);
  } catch (err) {
    report(`${where} is not a valid JSON Schema: ${(err as Error).message}`);
  }
}

const KNOWN_WIDGETS = [...new Set([...Object.keys(FORM_WIDGETS), ...RJSF_WIDGET_NAMES])].join(', ');

/** ui:widget names (an unknown one blanks the page) and ui:options that name fields, at one level of the uiSchema. */
function checkWidgets(
  schema: unknown,
  ui: Record<string, unknown>,
  at: string,
  where: string,
  report: (m: string) => void,
) {
  const widget = ui['ui:widget'];
  if (widget !== undefined && !isKnownWidget(widget))
    report(`${where}uiSchema${at}: unknown widget "${String(widget)}" (known: ${KNOWN_WIDGETS})`);
  const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};
  for (const key of fieldOptionsOf(widget)) {
    const field = options[key];
    if (field !== undefined && (typeof field !== 'string' || !schemaHas(schema, field)))
      report(`${where}uiSchema${at}: ui:options.${key} "${String(field)}" is not in the schema`);
  }
  // Calls a widget makes by itself (a saved file's download, a choice's related information):
  // a misspelt one would only show as a dead button.
  const isCall = (value: unknown) =>
    isObject(value) && typeof value.call === 'string' && value.call.startsWith('/api/');
  if (widget === 'fileList' && options.download !== undefined && !isCall(options.download))
    report(`${where}uiSchema${at}: ui:options.download needs a "call" under /api/`);
  if (options.related !== undefined) {
    const related = options.related;
    const files = isObject(related) && isObject(related.files) ? related.files : undefined;
    if (!isObject(related) || typeof related.title !== 'string' || !isCall(related.call))
      report(`${where}uiSchema${at}: ui:options.related needs "title" and a "call" under /api/`);
    else if (files && [files.download, files.downloadAll].some((c) => c !== undefined && !isCall(c)))
      report(`${where}uiSchema${at}: ui:options.related.files downloads need a "call" under /api/`);
  }
}

function checkUiAndOptions(
  schema: JsonSchemaObject | undefined,
  ui: unknown,
  options: unknown,
  where: string,
  report: (m: string) => void,
) {
  const props = isObject(schema?.properties) ? schema.properties : {};
  if (isObject(ui)) {
    for (const [key, value] of Object.entries(ui)) {
      if (key === 'ui:order') {
        for (const f of Array.isArray(value) ? value : [])
          if (f !== '*' && !Object.hasOwn(props, String(f)))
            report(`${where}uiSchema: ui:order names "${String(f)}", which is not in the schema`);
        continue;
      }
      if (key.startsWith('ui:')) continue;
      if (!Object.hasOwn(props, key)) report(`${where}uiSchema: "${key}" is not in the schema`);
      else if (isObject(value)) {
        checkWidgets(schema, value, `.${key}`, where, report);
        if (isObject(value.items)) checkWidgets(schema, value.items, `.${key}.items`, where, report);
      }
    }
  }
  if (isObject(options)) {
    for (const [key, source] of Object.entries(options)) {
      if (!Object.hasOwn(props, key)) report(`${where}options: "${key}" is not in the schema`);
      const dependsOn = isObject(source) && isObject(source.dependsOn) ? source.dependsOn.field : undefined;
      if (typeof dependsOn === 'string' && !schemaHas(schema, dependsOn))
        report(`${where}options.${key}.dependsOn: field "${dependsOn}" is not in the schema`);
    }
  }
}

/** The record fields `when` conditions read (context conditions name the initial data or the mode). */
function conditionFieldsOf(when: unknown): string[] {
  return [when].flat().flatMap((c) => (isObject(c) && typeof c.field === 'string' ? [c.field] : []));
}

/** Modes, actions, effects and visibility of a form: every name they use must exist. */
function checkFormBehaviour(form: FormDefinition, report: (m: string) => void) {
  const has = (f: unknown) => typeof f === 'string' && schemaHas(form.schema, f);
  for (const key of ['id', 'copyTo'] as const) {
    const f = form.mode?.[key];
    if (f !== undefined && !has(f)) report(`mode.${key}: field "${f}" is not in the schema`);
  }
  if (form.mode?.copyTo && !form.mode.id) report('mode.copyTo needs mode.id (the field whose value it keeps)');
  // A form with a workflow draws the workflow's buttons of its side; `actions` may style them and give their messages.
  const wf = isObject(form.store) && isObject(form.store.workflow) ? form.store.workflow : undefined;
  const workflowActions = wf
    ? Object.entries(WORKFLOWS[wf.id]?.actions ?? {})
        .filter(([, a]) => a.by === wf.side)
        .map(([n]) => n)
    : [];
  for (const [name, action] of Object.entries(isObject(form.actions) ? form.actions : {})) {
    if (!isObject(action)) continue;
    const step = workflowActions.includes(name);
    if (action.mail && !step)
      report(
        `actions.${name}: "mail" belongs to a button of the form's workflow (${workflowActions.join(', ') || 'none'})`,
      );
    if (action.mailto && (step || (FORM_ACTIONS as readonly string[]).includes(name) || !action.call))
      report(`actions.${name}: "mailto" belongs to a custom button with a call (its answer is the draft)`);
    if (action.danger && !step)
      report(
        `actions.${name}: "danger" belongs to a button of the form's workflow (${workflowActions.join(', ') || 'none'})`,
      );
    if (step) {
      if (action.call || action.validate || action.assign)
        report(
          `actions.${name}: a workflow button takes no call, validate or assign (the workflow and the form's calls say what it does)`,
        );
      continue;
    }
    const builtIn = (FORM_ACTIONS as readonly string[]).includes(name);
    if (!builtIn && !action.call && !action.to)
      report(
        `actions.${name}: unknown action (known: ${FORM_ACTIONS.join(', ')}; a custom button needs a "call" or a "to")`,
      );
    for (const f of Array.isArray(action.validate) ? action.validate : [])
      if (!has(f)) report(`actions.${name}.validate: field "${f}" is not in the schema`);
    if (builtIn && action.call) report(`actions.${name}: a built-in action takes no "call" (its call is in calls)`);
    if (name === 'preview' && !action.content) report('actions.preview needs "content" (the content page to show)');
    if (name !== 'preview' && action.content) report(`actions.${name}: only the preview action takes "content"`);
    if (action.guard && !['submit', 'delete'].includes(name))
      report(`actions.${name}: a guard applies to submit and delete only`);
    if (isObject(action.guard) && isObject(action.guard.call) && !action.guard.call.result)
      report(`actions.${name}.guard.call needs "result" (the flag that asks the guard's confirm)`);
    for (const f of conditionFieldsOf(action.when))
      if (!has(f)) report(`actions.${name}.when: field "${f}" is not in the schema`);
    for (const f of [
      ...Object.keys(isObject(action.assign) ? action.assign : {}),
      ...(Array.isArray(action.clears) ? action.clears : []),
    ])
      if (!has(f)) report(`actions.${name}: field "${f}" is not in the schema`);
    if (builtIn && (action.primary || action.validate || action.assign))
      report(`actions.${name}: primary, validate and assign belong to custom buttons`);
    if (name !== 'clear' && action.clears) report(`actions.${name}: only the clear action takes "clears"`);
  }
  if (form.mode?.editMode && form.actions?.preview === undefined)
    report('mode.editMode allows preview (9): actions.preview must say which content page to show');
  (Array.isArray(form.effects) ? form.effects : []).forEach((e, i) => {
    if (!isObject(e)) return;
    if (!e.clear?.length && !e.copyTo?.length) report(`effects[${i}] does nothing: it needs "clear" or "copyTo"`);
    for (const f of [e.on, ...(e.clear ?? []), ...(e.copyTo ?? []), ...conditionFieldsOf(e.when)])
      if (!has(f)) report(`effects[${i}]: field "${String(f)}" is not in the schema`);
  });
  (Array.isArray(form.visibility) ? form.visibility : []).forEach((v, i) => {
    if (!isObject(v)) return;
    for (const f of [...(v.hide ?? []), ...(v.disable ?? []), ...conditionFieldsOf(v.when)])
      if (!has(f)) report(`visibility[${i}]: field "${String(f)}" is not in the schema`);
  });
  // The server stores what the store names: its fields must be the form's (the hook's existence is checked when the API starts).
  if (isObject(form.store)) {
    const store = form.store;
    for (const f of Object.keys(store.columns ?? {}))
      if (!has(f)) report(`store.columns: field "${f}" is not in the schema`);
    (store.also ?? []).forEach((x, i) => {
      for (const f of Object.keys(x.columns ?? {}))
        if (!has(f)) report(`store.also[${i}].columns: field "${f}" is not in the schema`);
    });
    (store.rows ?? []).forEach((x, i) => {
      const list = form.schema.properties[x.field] as
        { type?: unknown; items?: { properties?: Record<string, unknown> } } | undefined;
      if (!list || list.type !== 'array')
        return report(`store.rows[${i}].field: "${x.field}" is not a list field of the schema`);
      for (const f of Object.keys(x.columns ?? {}))
        if (!(f in (list.items?.properties ?? {})))
          report(`store.rows[${i}].columns: field "${f}" is not in the rows of ${x.field}`);
    });
    if (form.permission.byField && !store.columns?.[form.permission.byField])
      report(
        `permission.byField "${form.permission.byField}" needs a column in store.columns (records are found within their category)`,
      );
    // Workflow options: the workflow and the side exist, a further call names one of the side's actions.
    if (isObject(wf)) {
      const workflow = WORKFLOWS[wf.id];
      if (!workflow) report(`store.workflow.id: no workflow "${wf.id}" in schemas/workflows`);
      else {
        if (!Object.values(workflow.actions).some((a) => a.by === wf.side))
          report(`store.workflow.side: "${wf.side}" takes no action of workflow ${wf.id}`);
        for (const action of Object.keys(wf.calls ?? {}))
          if (workflow.actions[action]?.by !== wf.side)
            report(`store.workflow.calls: "${action}" is not an action of side ${wf.side}`);
      }
    }
    if (isObject(store.optimistic) && store.optimistic.status && !isObject(wf))
      report('store.optimistic.status needs store.workflow (the status column)');
    if (isObject(store.locks) && !isObject(store.optimistic))
      report('store.locks needs store.optimistic (getLatestUpdDate answers the update time)');
    for (const f of Array.isArray(store.keepsAbsent) ? store.keepsAbsent : [])
      if (!isObject(store.columns) || !(String(f) in store.columns))
        report(`store.keepsAbsent: "${String(f)}" is not a column field of the store`);
  }
  // A delete by selection names its records by the list's selected rows; a list's condition without a column of its own is a store column.
  if (isObject(form.calls?.deleteMany) && !JSON.stringify(form.calls.deleteMany.body ?? null).includes('=selected{'))
    report('calls.deleteMany.body takes the selection ("=selected{…}")');
  const listCall = form.calls?.list;
  if (isObject(listCall)) {
    if (!isObject(form.store)) report('calls.list needs a store (or its hook reads the rows)');
    for (const [f, c] of Object.entries(listCall.where ?? {})) {
      const declared = typeof c === 'string' ? { match: c } : c;
      if (
        declared.match !== 'scope' &&
        !declared.column &&
        !isObject(form.store?.columns?.[f]) &&
        typeof form.store?.columns?.[f] !== 'string'
      )
        report(`calls.list.where.${f}: no column (declare "column" or a store column)`);
    }
  }
  if (form.permission.byField && !has(form.permission.byField))
    report(`permission.byField: field "${form.permission.byField}" is not in the schema`);
}

export interface CheckOptions {
  /** Category ids a permission may name (the seeded categories). */
  categoryIds?: readonly number[];
}

/** Every problem of a set of definition files; an empty list means they are sound. */
export function checkDefinitions(files: readonly DefinitionFile[], opts: CheckOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const { form: validateForm, list: validateList } = validators();
  const formIds = new Set(files.filter((f) => f.kind === 'form').map((f) => f.name));
  const seen = new Set<string>();

  for (const f of files) {
    const report = (message: string) => problems.push({ file: f.file, message });
    const d = f.data;
    if (!isObject(d)) {
      report('not a JSON object');
      continue;
    }
    if (typeof d.__invalidJson === 'string') {
      report(`not valid JSON: ${d.__invalidJson}`);
      continue;
    }
    if (typeof d.__unresolved === 'string') {
      report(d.__unresolved);
      continue;
    }
    const key = `${f.kind}:${f.name}`;
    if (seen.has(key)) report(`a second ${f.kind} named "${f.name}"`);
    seen.add(key);

    const validate = f.kind === 'form' ? validateForm : validateList;
    const unknownKindAt = new Set<string>();
    const ruleLists: [unknown, string][] =
      f.kind === 'form' ? [[d.rules, '/rules']] : [[isObject(d.search) ? d.search.rules : undefined, '/search/rules']];
    for (const [rules, at] of ruleLists) {
      if (Array.isArray(rules))
        rules.forEach((r, i) => isObject(r) && !isRuleKind(r.rule) && unknownKindAt.add(`${at}/${i}`));
    }
    // uiSchema entries the widget checks below report on: the meta-schema's errors there are the same mistake again.
    const uiReported = new Set<string>();
    const uiReport = (m: string) => {
      const key = /uiSchema(?:\.|: ")([^.:" ]+)/.exec(m)?.[1];
      if (key) uiReported.add(key);
      report(m);
    };
    const schemaErrors = validate(d) ? [] : (validate.errors ?? []).filter((e) => !isNoise(e));
    for (const e of schemaErrors) {
      if ([...unknownKindAt].some((p) => e.instancePath === p || e.instancePath.startsWith(`${p}/`))) continue; // reported below, once
      if (/^\/(search\/)?uiSchema\//.test(e.instancePath)) continue; // after the widget checks
      report(describe(e));
    }
    if (d.id !== f.name) report(`id "${String(d.id)}" differs from the file name "${f.name}"`);
    const categoryId = isObject(d.permission) ? d.permission.categoryId : undefined;
    if (opts.categoryIds && typeof categoryId === 'number' && !opts.categoryIds.includes(categoryId))
      report(`permission.categoryId ${categoryId} is not a known category`);
    for (const { at, code } of messageCodes(d)) {
      if (typeof code === 'string' && !hasMessage(code)) report(`${at}: unknown message code "${code}"`);
    }

    if (f.kind === 'form') {
      const form = d as unknown as FormDefinition;
      checkSchemaObject(form.schema, 'schema', report);
      checkRules(form.rules, form.schema, 'rules', report);
      checkUiAndOptions(form.schema, form.uiSchema, form.options, '', uiReport);
      checkFormBehaviour(form, report);
    } else {
      const list = d as unknown as ListDefinition;
      const columns = Array.isArray(list.columns) ? list.columns : [];
      const keys = columns.map((c) => c.key);
      const byKey = new Map(columns.map((c) => [c.key, c]));
      keys.filter((k, i) => keys.indexOf(k) !== i).forEach((k) => report(`column "${k}" appears twice`));
      const refForm = (name: unknown, where: string) => {
        if (typeof name === 'string' && !formIds.has(name)) report(`${where}: no form "${name}" in schemas/forms`);
      };
      refForm(list.form, 'form');
      refForm(list.edit?.form, 'edit.form');
      (list.buttons ?? []).forEach((b, i) => refForm(b.form, `buttons[${i}].form`));
      for (const [name, a] of Object.entries(list.rowActions ?? {})) {
        if ('file' in a && a.file) {
          refForm(a.file.form, `rowActions.${name}.file.form`);
          const form = files.find((x) => x.kind === 'form' && x.name === a.file!.form)?.data as
            FormDefinition | undefined;
          if (form && !schemaHas(form.schema, a.file.field))
            report(`rowActions.${name}.file.field "${a.file.field}" is not in the form "${a.file.form}"`);
        }
        if (!columns.some((c) => (c.kind === 'action' || c.kind === 'link') && c.action === name))
          report(`rowActions.${name}: no action or link column uses it`);
      }
      for (const c of columns) {
        if ((c.kind === 'action' || c.kind === 'link') && c.action && !Object.hasOwn(list.rowActions ?? {}, c.action))
          report(`column "${c.key}": action "${c.action}" is not in rowActions`);
        // A link is an address (middle click, a new tab): only a row action that goes to a page.
        const linked =
          c.kind === 'link' && c.action && Object.hasOwn(list.rowActions ?? {}, c.action)
            ? list.rowActions?.[c.action]
            : undefined;
        if (linked && !('to' in linked)) report(`column "${c.key}": a link column needs a row action with "to"`);
        for (const [prop, kinds] of [
          ['template', ['text', 'link', undefined]],
          ['mark', ['flag']],
          ['linkLabel', ['link']],
        ] as const) {
          if (c[prop] !== undefined && !(kinds as readonly (string | undefined)[]).includes(c.kind))
            report(`column "${c.key}": ${prop} is for ${kinds.filter(Boolean).join(' / ')} columns`);
        }
        if (c.kind === 'dateRange' && !c.endKey) report(`column "${c.key}": a dateRange column needs endKey`);
        if (c.defaultDirection && !c.sortable) report(`column "${c.key}" has a defaultDirection but is not sortable`);
      }
      if (list.defaultSort && !byKey.get(list.defaultSort.column)?.sortable)
        report(`defaultSort.column "${list.defaultSort.column}" is not a sortable column`);
      if (list.selection && byKey.get(list.selection.column)?.kind !== 'select')
        report(`selection.column "${list.selection.column}" is not a select column`);
      for (const c of list.edit?.columns ?? [])
        if (byKey.get(c)?.kind !== 'input') report(`edit.columns: "${c}" is not an input column`);
      (list.rowStyles ?? []).forEach((s, i) => {
        const col = s.when.changed ?? s.when.field;
        // A date range column shows its end date too: a style may test it.
        if (col !== undefined && !byKey.has(col) && !columns.some((c) => c.kind === 'dateRange' && c.endKey === col))
          report(`rowStyles[${i}]: column "${col}" is not in columns`);
        if (s.when.changed !== undefined && !(list.edit?.columns ?? []).includes(s.when.changed))
          report(`rowStyles[${i}]: "${s.when.changed}" is not an edited column`);
      });
      if (list.pageSizes && !list.pageSizes.includes(list.pageSize))
        report(`pageSizes must include pageSize ${list.pageSize}`);
      if (list.paging) checkPaging(list, files, report);
      if (list.searchMode && !list.search) report('searchMode needs search fields (search.schema)');
      if (list.search?.editableInResult && !list.searchMode)
        report('search.editableInResult is for lists with searchMode');
      if (list.search) {
        checkSchemaObject(list.search.schema, 'search.schema', report);
        checkRules(list.search.rules, list.search.schema, 'search.rules', report);
        checkUiAndOptions(list.search.schema, list.search.uiSchema, list.search.options, 'search.', uiReport);
      }
    }
    for (const e of schemaErrors) {
      const key = /^\/(?:search\/)?uiSchema\/([^/]+)/.exec(e.instancePath)?.[1];
      if (key !== undefined && !uiReported.has(key.replace(/~1/g, '/').replace(/~0/g, '~'))) report(describe(e));
    }
  }
  return problems;
}

/**
 * A paged list: the server orders by each sortable column (and only those), so each is a text or
 * integer store column (or the key) of the form whose calls.list the list loads by, or a column
 * of its rows the list declares (`paging.columns`); the answer needs a `result` beside `paging`.
 */
function checkPaging(list: ListDefinition, files: readonly DefinitionFile[], report: (m: string) => void): void {
  const order = list.paging?.order ?? [];
  const sortable = list.columns.filter((c) => c.sortable).map((c) => c.key);
  for (const key of sortable)
    if (!order.includes(key)) report(`paging.order: the sortable column "${key}" is not in it (the server sorts)`);
  for (const key of order) if (!sortable.includes(key)) report(`paging.order: "${key}" is not a sortable column`);
  if (!list.load.result) report('paging needs load.result (the answer carries paging beside the rows)');
  const form = files
    .filter((f) => f.kind === 'form')
    .map((f) => f.data as FormDefinition)
    .find((f) => f.calls?.list?.call === list.load.call);
  if (!form?.store) {
    report(`paging: "${list.load.call}" is not the calls.list of a form with a store`);
    return;
  }
  if (form.calls?.list && !form.calls.list.result) report(`paging: the form's calls.list needs a result`);
  const declared = list.paging?.columns ?? {};
  for (const key of Object.keys(declared))
    if (!order.includes(key)) report(`paging.columns: "${key}" is not in paging.order`);
  for (const key of order) {
    if (declared[key]) continue;
    const c = form.store.columns[key];
    const type = c === undefined ? undefined : typeof c === 'string' ? 'text' : (c.type ?? 'text');
    if (key !== form.store.key.field && type !== 'text' && type !== 'integer')
      report(`paging.order: "${key}" is not a text or integer column of the form "${form.id}"`);
  }
}

/** The checked set, keyed by id; throws with every problem when there is one. */
export function buildDefinitionSet(files: readonly DefinitionFile[], opts: CheckOptions = {}): DefinitionSet {
  const problems = checkDefinitions(files, opts);
  if (problems.length) {
    throw new Error(
      `Form and list definitions have problems (npm run schemas:check):\n${problems.map((p) => `  ${p.file}: ${p.message}`).join('\n')}`,
    );
  }
  const set: DefinitionSet = { forms: new Map(), lists: new Map() };
  for (const f of files) {
    if (f.kind === 'form') set.forms.set(f.name, f.data as FormDefinition);
    else set.lists.set(f.name, f.data as ListDefinition);
  }
  return set;
}
