// The opening every call of a declared form takes before its own work, in this order:
//   side       the hook's `admits` (403 when the caller is not of the form's side)
//   body       JSON (the route's schema took it) or, for a save, JSON or multipart read into one
//              body (request-body.ts); a create repeated with its Idempotency-Key answers the
//              first answer here; a save's record is read by the call's template, typed, and its
//              single files resolved
//   category   can() on the definition's category (per record with permission.byField)
//   scope      the conditions a stored record must meet: the byField column and the hook's `scope`
// Also here: the form as served (its hook looked up by name), its key in a body and the loading
// of a stored record, which every operation shares.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { validateForm, type RuleResult } from '../../../schemas/rules/engine';
import type { CallSpec, FormDefinition } from '../../../schemas/meta/types';
import type { Caller } from '../../authority/caller';
import { can } from '../../authority/permissions';
import type { Database } from '../../db/schema';
import { problem } from '../../http/problems';
import { checkedRecord } from '../column-values';
import { selectedRecords, selectionPath } from '../delete-many';
import { serverRuleContext } from '../enforce';
import type { FormHook, HookContext, SaveMode } from '../hook';
import { idempotentCall, storedAnswer, type IdempotentCall } from '../idempotency';
import {
  loadRow,
  recordOf,
  storeShape,
  type FormRecord,
  type RecordId,
  type Scope,
  type StoreShape,
} from '../record-store';
import { readChildRows, readExtensions } from '../record-children';
import { readRequestBody, resolveFiles, type FileInput } from '../request-body';
import { fieldsAt, keyPath, parseKey, recordFromBody, valueAt } from '../wire-record';

export type Body = Record<string, unknown>;

/** The named hooks definitions may refer to in `store.hook` (the app passes them to the engine). */
export type FormHooks = Readonly<Record<string, FormHook>>;

/** A stored form as the engine serves it. */
export interface Served {
  form: FormDefinition;
  hook: FormHook;
  shape: StoreShape;
  serialKey: boolean;
}

export function served(form: FormDefinition, hooks: FormHooks): Served {
  const hook = hookOf(form, hooks);
  return {
    form,
    hook,
    // The shape is taken again per call: a definition changed in place (tests) is stored as it now reads.
    get shape() {
      return storeShape(form, hook.fields);
    },
    serialKey: form.store?.key.type !== 'text',
  };
}

function hookOf(form: FormDefinition, hooks: FormHooks): FormHook {
  const name = form.store?.hook;
  if (!name) return {};
  const hook = hooks[name];
  if (!hook) throw new Error(`form ${form.id}: no hook "${name}" among the form hooks`);
  return hook;
}

export const titleOf = (form: FormDefinition) => {
  const t = typeof form.title === 'string' ? form.title : (form.title.new ?? Object.values(form.title)[0] ?? form.id);
  return t.replace(/\{[^}]*\}/g, '').replace(/(登録|更新|編集|新規)+$/, '') || form.id;
};

/** 400 ERR_0009 naming the form: the record is not there (or not the caller's to see). */
export const notFound = (form: FormDefinition) =>
  problem.validation([{ messageId: 'ERR_0009', args: [titleOf(form)] }]);

export const ctxOf = (app: FastifyInstance, request: FastifyRequest, form: FormDefinition): HookContext => ({
  app,
  request,
  caller: request.caller!,
  form,
  state: {},
});

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** The permission category for a value of the definition's byField (undefined: not one of its categories). */
function categoryFor(form: FormDefinition, value: unknown): number | undefined {
  const p = form.permission;
  // Without a value the request is incomplete, not foreign: the definition's own category decides, the rules answer the rest.
  if (!p.byField || isBlank(value)) return p.categoryId;
  return p.categories?.[String(value)];
}

/** 400 ERR_0003 naming the byField when a call that addresses a stored record does not say its category. */
function requireScope(s: Served, value: unknown): void {
  const field = s.form.permission.byField;
  if (!field || !isBlank(value)) return;
  const title = (s.form.schema.properties[field] as { title?: unknown } | undefined)?.title;
  throw problem.validation([{ messageId: 'ERR_0003', args: [typeof title === 'string' ? title : field] }]);
}

/** The scope a record of the form lives in: the byField column equals the requested value. */
export function scopeOf(s: Served, value: unknown): Scope {
  const field = s.form.permission.byField;
  if (!field) return {};
  const column = s.shape.columns.get(field);
  return column ? { [column.column]: column.type === 'integer' ? Number(value) : String(value) } : {};
}

/** Whose permissions the form's category is checked against: the caller, or whom the hook names (the agent a provider administrator acts as). */
export const holderOf = (hook: FormHook, caller: Caller) => hook.permissionHolder?.(caller) ?? caller;

export async function authorizeCategory(
  app: FastifyInstance,
  request: FastifyRequest,
  s: Served,
  value: unknown,
): Promise<void> {
  const category = categoryFor(s.form, value);
  if (category === undefined || !(await can(app.db, holderOf(s.hook, request.caller!), category)))
    throw problem.forbidden();
}

/** The value of the byField in a body: at the top, or the spec's `categoryId` for calls that name the category so. */
export const byFieldValue = (s: Served, body: Body, record?: FormRecord) => {
  const field = s.form.permission.byField;
  if (!field) return undefined;
  return record?.[field] ?? body[field] ?? body.categoryId;
};

export function keyOf(s: Served, call: CallSpec, body: Body): RecordId {
  const path = keyPath(call.body, s.shape.spec.key.field);
  const id = path ? parseKey(valueAt(body, path), s.serialKey) : null;
  if (id === null) throw notFound(s.form);
  return id;
}

/**
 * The keys a delete names: the one key of its template, or, when the template takes the list's
 * selection (`{ "gloNaviKanriIdList": "=selected{glonaviKanriId}" }`), the key of every element
 * (delete-many.ts: none is ERR_0003 明細, one without a usable key ERR_0009), each with the
 * fields of its element (a hook's scope may read them: the agent of each selected user).
 */
export function keysOf(s: Served, call: CallSpec, body: Body): Map<RecordId, FormRecord> {
  if (!selectionPath(call.body)) return new Map([[keyOf(s, call, body), {}]]);
  return selectedRecords(call, body, s.shape.spec.key.field, s.serialKey, titleOf(s.form));
}

export async function loadRecord(
  ctx: HookContext,
  s: Served,
  id: RecordId,
  scope: Scope,
  db: Kysely<Database> = ctx.app.db,
) {
  const row = await loadRow(db, s.shape, id, scope);
  if (!row) throw notFound(s.form);
  const record = recordOf(s.shape, row);
  await readExtensions(db, s.shape, id, record);
  await readChildRows(db, s.shape, id, record);
  await s.hook.read?.(ctx, db, id, record, row);
  return { record, row };
}

/** What a call reads before its permission: a key call the fields its template names, a save its record. */
export type Reading =
  /** A call naming a stored record (load, delete): the byField must be given (400 ERR_0003). */
  | { kind: 'key' }
  /** A call over the form's records (list): the byField may be blank. */
  | { kind: 'named' }
  /** The initial data: the category only, no scope. */
  | { kind: 'data' }
  /** A save: the record of the body, typed; a create may be a repeated Idempotency-Key. */
  | { kind: 'record'; mode: SaveMode };

export interface Opened {
  ctx: HookContext;
  body: Body;
  /**
   * The conditions a stored record must meet for this caller (the hook's `scope` may answer 403);
   * `selected`: the fields of one element of a delete's selection, read beside the body's.
   */
  scope: (selected?: FormRecord) => Promise<Scope>;
  /** The save's record (type failures apart), its single files and its Idempotency-Key. */
  record: FormRecord;
  failures: RuleResult[];
  files: Map<string, FileInput>;
  idem?: IdempotentCall;
}

/** The opening of a call (see the top of this file); `{ replay }` when a repeated create answers its first answer. */
export async function opening(
  app: FastifyInstance,
  request: FastifyRequest,
  s: Served,
  call: CallSpec,
  reading: Exclude<Reading, { kind: 'record' }>,
): Promise<Opened>;
export async function opening(
  app: FastifyInstance,
  request: FastifyRequest,
  s: Served,
  call: CallSpec,
  reading: Reading,
): Promise<Opened | { replay: unknown }>;
export async function opening(
  app: FastifyInstance,
  request: FastifyRequest,
  s: Served,
  call: CallSpec,
  reading: Reading,
): Promise<Opened | { replay: unknown }> {
  const ctx = ctxOf(app, request, s.form);
  await s.hook.admits?.(ctx);
  if (reading.kind !== 'record') {
    const body = request.body as Body;
    const value = byFieldValue(s, body);
    await authorizeCategory(app, request, s, value);
    if (reading.kind === 'key') requireScope(s, value);
    // Taken when the operation needs it: after the key it reads (a missing key is 400 whatever the scope).
    const scope = async (selected: FormRecord = {}) =>
      reading.kind === 'data'
        ? {}
        : { ...scopeOf(s, value), ...(await s.hook.scope?.(ctx, { ...fieldsAt(call.body, body), ...selected })) };
    return { ctx, body, scope, record: {}, failures: [], files: new Map() };
  }
  const { mode } = reading;
  const { body, files: parts } = await readRequestBody(app, request);
  // A create sent again with its Idempotency-Key answers what the first one answered (idempotency.ts).
  const idem = mode === 'new' ? idempotentCall(request, call.call, body, parts) : undefined;
  if (idem) {
    const prior = await storedAnswer(app.db, idem, app.clock.now());
    if (prior !== undefined) return { replay: prior };
  }
  const { record, failures } = await checkedRecord(app, s.form, s.shape, recordFromBody(s.form, call.body, body));
  const files = await resolveFiles(app, request, s.form, record, body, parts);
  const value = byFieldValue(s, body, record);
  await authorizeCategory(app, request, s, value);
  // A save without its category: the rules say what is missing.
  if (s.form.permission.byField && isBlank(value))
    throw problem.validation([...failures, ...validateForm(s.form, record, serverRuleContext(app, { mode }))]);
  const scope = { ...scopeOf(s, value), ...(await s.hook.scope?.(ctx, record)) };
  return { ctx, body, scope: async () => scope, record, failures, files, idem };
}
