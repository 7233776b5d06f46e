// The body of a declared form's call as the OpenAPI document (docs/openapi.json) shows it,
// derived from the definition: the call's body template says where the record sits
// (wire-record.ts) and the form's JSON schema gives each field's type; the form's unconditional
// `required` rules and the key a call names give `required`. The document only: requests are
// still taken by the lenient FormBody schema and checked by the engine (numbers may come as
// digits, null and "" mean "not given"), so nothing here refuses what the engine accepts.
import type { CallSpec, FormDefinition } from '../../schemas/meta/types';
import type { SaveMode } from './hook';

type JsonSchema = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The caller's ids and the system kind beside every body (FormBody): never part of a record at the top. */
const CALLER: Record<string, JsonSchema> = {
  systemKbn: { type: 'string', enum: ['01'], description: 'System kind, always "01"' },
  userId: { type: 'string', maxLength: 20, description: 'Caller user id (must be the token user or its pseudo user)' },
  agCode: {
    type: 'string',
    maxLength: 20,
    description: 'Caller agent code (must be the token agent or its pseudo agent)',
  },
};
const CALLER_KEYS = new Set([
  'systemKbn',
  'userId',
  'agCode',
  'daihyoCode',
  'pseudoUserId',
  'pseudoAgCode',
  'pseudoDaihyoCode',
  'targetDate',
]);

const LENIENT =
  'From the form definition. The engine checks the body itself: a number may come as digits, null and "" mean "not given", and its rules answer 400 with every message.';

/** The JSON Schema keywords a field declaration carries that the document keeps. */
const KEPT = ['type', 'title', 'description', 'maxLength', 'enum'] as const;

function fieldSchema(declared: unknown): JsonSchema {
  if (!isObject(declared)) return {};
  const out: JsonSchema = {};
  for (const k of KEPT) if (declared[k] !== undefined) out[k] = declared[k];
  if (declared.items !== undefined) out.items = fieldSchema(declared.items);
  if (isObject(declared.properties))
    out.properties = Object.fromEntries(Object.entries(declared.properties).map(([k, v]) => [k, fieldSchema(v)]));
  return out;
}

/** A value the definition does not declare travels as text (a query parameter). */
const withType = (s: JsonSchema): JsonSchema => (s.type || s.enum ? s : { ...s, type: 'string' });

/** Fields the form's rules require whatever the record holds (a `required` rule without `when`, on a top-level field). */
function requiredFields(form: FormDefinition): string[] {
  return form.rules
    .filter((r) => r.rule === 'required' && !r.when && /^\w+$/.test(r.field))
    .map((r) => (r as { field: string }).field);
}

/** A list field reduced to some keys of its rows (`=record.contentsList{categoryId,contentsId}`), or `=selected{a:b}` renaming the row's b to a. */
function rowsOf(form: FormDefinition, listField: string | null, keys: string): JsonSchema {
  const rowProps = listField
    ? ((fieldSchema(form.schema.properties[listField]).items as JsonSchema | undefined)?.properties as
        Record<string, JsonSchema> | undefined)
    : undefined;
  const properties: Record<string, JsonSchema> = {};
  for (const part of keys
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)) {
    const [name = part, source = name] = part.split(':');
    properties[name] = withType(
      rowProps?.[source] ?? fieldSchema(form.schema.properties[source] ?? form.schema.properties[name]),
    );
  }
  return { type: 'array', items: { type: 'object', properties } };
}

interface Built {
  properties: Record<string, JsonSchema>;
  /** Where the record's own fields sit (an `=record` object), for `required`. */
  recordAt: Record<string, JsonSchema> | null;
}

/** The properties a template object takes (one level), by expression. */
function propertiesOf(form: FormDefinition, template: unknown, top: boolean): Built {
  const declared = form.schema.properties;
  if (template === '=record' || template === undefined || template === null) {
    const properties = Object.fromEntries(
      Object.entries(declared)
        .filter(([k]) => !(top && CALLER_KEYS.has(k)))
        .map(([k, v]) => [k, fieldSchema(v)]),
    );
    return { properties, recordAt: properties };
  }
  if (!isObject(template)) return { properties: {}, recordAt: null };
  const properties: Record<string, JsonSchema> = {};
  let recordAt: Record<string, JsonSchema> | null = null;
  for (const [k, t] of Object.entries(template)) {
    if (t === '=record' || isObject(t)) {
      const inner = propertiesOf(form, t, false);
      properties[k] = { type: 'object', properties: inner.properties };
      recordAt ??= inner.recordAt;
      continue;
    }
    if (typeof t !== 'string' || !t.startsWith('=')) {
      properties[k] = { enum: [t] };
      continue;
    }
    const selected = /^=selected\{([^}]*)\}$/.exec(t);
    const field = /^=(?:record|query|row)\.(\w+)(?:\{([^}]*)\})?$/.exec(t);
    if (selected) properties[k] = rowsOf(form, null, selected[1] ?? '');
    else if (field?.[1] && field[2] !== undefined) properties[k] = rowsOf(form, field[1], field[2]);
    else if (field?.[1]) properties[k] = withType(fieldSchema(declared[field[1]] ?? declared[k]));
  }
  return { properties, recordAt };
}

/** Adds the names among the schema's properties to its `required`. */
function markRequired(schema: JsonSchema, names: readonly string[]): void {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (!props) return;
  const present = names.filter((n) => n in props);
  if (present.length)
    schema.required = [...new Set([...((schema.required as string[] | undefined) ?? []), ...present])];
}

type CallRole = SaveMode | 'load' | 'delete' | 'list' | 'data' | 'action';

/**
 * The body schema of a declared call for the document. A save requires the fields the rules
 * always require; an update, a load and a delete the key their template names (a load that may
 * open a new record does not). The optimistic check's and the workflow's body fields are added
 * where the engine reads them.
 */
export function callBodySchema(form: FormDefinition, call: CallSpec, role: CallRole): JsonSchema {
  // A list or an initial-data call without a template reads no record from its body.
  const built =
    (role === 'data' || role === 'list') && (call.body === undefined || call.body === null)
      ? { properties: {}, recordAt: null }
      : propertiesOf(form, call.body, true);
  const schema: JsonSchema = {
    type: 'object',
    description: LENIENT,
    properties: { ...CALLER, ...built.properties },
    required: ['systemKbn'],
    additionalProperties: true,
  };
  const key = form.store?.key.field;
  const saves = role === 'new' || role === 'update' || role === 'action';
  const store = form.store;
  if (saves && store?.workflow && !(store.workflow.status.field in (schema.properties as JsonSchema))) {
    (schema.properties as Record<string, JsonSchema>)[store.workflow.status.field] = {
      type: 'string',
      description: 'The status the save asks for (the workflow decides)',
    };
  }
  if ((saves || role === 'delete') && role !== 'new' && store?.optimistic) {
    const o = store.optimistic;
    (schema.properties as Record<string, JsonSchema>)[o.field] = {
      type: 'string',
      description: 'When the screen showed the record (ISO 8601): an older one is 409 CNF_0009',
    };
    if (o.status)
      (schema.properties as Record<string, JsonSchema>)[o.status] = {
        type: 'string',
        description: 'The status the screen showed: another one is 409 CNF_0009',
      };
  }
  // A workflow's update may store the status alone (its rules run only when it stores fields).
  if (saves && role !== 'action' && !(role === 'update' && store?.workflow) && built.recordAt) {
    const target = built.recordAt === built.properties ? schema : findRecordObject(schema, built.recordAt);
    if (target) markRequired(target, requiredFields(form));
  }
  // A wrapper with required fields is required itself (agUserData).
  for (const [k, p] of Object.entries(schema.properties as Record<string, JsonSchema>))
    if (Array.isArray(p.required) && p.required.length) markRequired(schema, [k]);
  if (key && (role === 'update' || role === 'action' || role === 'delete' || (role === 'load' && !call.allowNew)))
    requireKey(schema, call.body, key);
  // A call naming a stored record of a form with permission.byField says its category (400 ERR_0003 without).
  const byField = form.permission.byField;
  if (byField && (role === 'load' || role === 'delete')) markRequired(schema, [byField]);
  return schema;
}

/** The object schema whose properties are the record's (a wrapper such as agUserData). */
function findRecordObject(schema: JsonSchema, recordAt: Record<string, JsonSchema>): JsonSchema | null {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (!props) return null;
  if (props === recordAt) return schema;
  for (const p of Object.values(props)) {
    if (p.properties === recordAt) return p;
    const found = findRecordObject(p, recordAt);
    if (found) return found;
  }
  return null;
}

/** Marks the property holding the key as required, where the template puts it (a property of its name, `=record.<key>` under another name, or a selection list). */
function requireKey(schema: JsonSchema, template: unknown, key: string): void {
  const walk = (t: unknown, at: JsonSchema): boolean => {
    if (t === '=record' || t === undefined || t === null) {
      markRequired(at, [key]);
      return true;
    }
    if (!isObject(t)) return false;
    const props = (at.properties ?? {}) as Record<string, JsonSchema>;
    for (const [k, sub] of Object.entries(t)) {
      if (k === key || sub === `=record.${key}` || (typeof sub === 'string' && sub.startsWith('=selected{'))) {
        markRequired(at, [k]);
        return true;
      }
    }
    return Object.entries(t).some(([k, sub]) => props[k] !== undefined && walk(sub, props[k]));
  };
  walk(template, schema);
}

/** A call that only names its form's record by key in some spelling (locks, further calls). */
export function keyBodySchema(property: string, declared: unknown): JsonSchema {
  const schema: JsonSchema = {
    type: 'object',
    properties: { ...CALLER, [property]: withType(fieldSchema(declared)) },
    required: ['systemKbn'],
    additionalProperties: true,
  };
  markRequired(schema, [property]);
  return schema;
}
