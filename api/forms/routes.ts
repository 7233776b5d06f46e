// The server half of declared forms (DESIGN.md section 8): for every definition with a `store`,
// the spec's own paths of its `calls` (load, create, update, delete), its initial-data call and
// its hook's further calls are served from the definition:
//   permission  can() on the definition's category (per record with permission.byField)
//   record      read from the body by the call's template, declared fields only, types checked
//   rules       the definition's rules + the hook's server checks, all messages in one 400
//   store       columns and the JSON column (record-store.ts), the hook's child rows and files,
//               the audit trail, in one transaction; mail after the commit
//   answer      the call's `answer` template over the saved record (default: the key)
// A form's own TypeScript is its hook (api/forms/hooks/), tens of lines.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from '@sinclair/typebox';
import { validateForm, type RuleResult } from '../../schemas/rules/engine';
import type { CallSpec, FormDefinition } from '../../schemas/meta/types';
import { recordAudit } from '../audit/record';
import type { Caller } from '../authority/caller';
import { can } from '../authority/permissions';
import type { Database } from '../db/schema';
import { claimUpload, saveWithUploads } from '../files/attach';
import multipart from '@fastify/multipart';
import { problem } from '../http/problems';
import { CallerIds, SystemKbn } from '../http/wire';
import { serverRuleContext } from './enforce';
import type { FormHook, HookContext, SaveMode, WriteContext } from './hook';
import { formHooks } from './hooks/index';
import { claimKey, idempotentCall, keepAnswer, KeyAlreadyUsed, storedAnswer } from './idempotency';
import { childFileKeys, completeRecord, deleteRow, insertRow, loadRow, readChildRows, readExtensions, recordOf, rowValues, storeShape, writeChildRows, writeExtensions, updateRow, type FormRecord, type RecordId, type Scope, type StoreShape } from './record-store';
import { selectedRecords, selectionPath } from './delete-many';
import { serveList } from './list/serve';
import { contentFailures, readRequestBody, resolveFiles } from './request-body';
import { checkedRecord } from './column-values';
import { answerOf, fieldsAt, keyPath, parseKey, readsData, recordFromBody, valueAt } from './wire-record';
import { checkFresh, deleteStep, editableAfter, isoOf, lockedByOther, nextStamp, releaseLock, saveStep, staleRecord, takeLock, touchLock, type Step } from './workflow-store';

/** Any body of a declared form: the caller's ids and the record's fields (checked by the engine, not by Ajv). */
const FormBody = Type.Object({ systemKbn: SystemKbn, ...CallerIds }, { additionalProperties: true });
const AnyAnswer = Type.Object({}, { additionalProperties: true });

type Body = Record<string, unknown>;

export function hookOf(form: FormDefinition): FormHook {
  const name = form.store?.hook;
  if (!name) return {};
  const hook = formHooks[name];
  if (!hook) throw new Error(`form ${form.id}: no hook "${name}" in api/forms/hooks`);
  return hook;
}

const titleOf = (form: FormDefinition) => {
  const t = typeof form.title === 'string' ? form.title : (form.title.new ?? Object.values(form.title)[0] ?? form.id);
  return t.replace(/\{[^}]*\}/g, '').replace(/(登録|更新|編集|新規)+$/, '') || form.id;
};

interface Served {
  form: FormDefinition;
  hook: FormHook;
  shape: StoreShape;
  serialKey: boolean;
}

/** The permission category for a value of the definition's byField (undefined: not one of its categories). */
function categoryFor(form: FormDefinition, value: unknown): number | undefined {
  const p = form.permission;
  // Without a value the request is incomplete, not foreign: the definition's own category decides, the rules answer the rest.
  if (!p.byField || isBlank(value)) return p.categoryId;
  return p.categories?.[String(value)];
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** 400 ERR_0003 naming the byField when a call that addresses a stored record does not say its category. */
function requireScope(s: Served, value: unknown): void {
  const field = s.form.permission.byField;
  if (!field || !isBlank(value)) return;
  const title = (s.form.schema.properties[field] as { title?: unknown } | undefined)?.title;
  throw problem.validation([{ messageId: 'ERR_0003', args: [typeof title === 'string' ? title : field] }]);
}

/** The scope a record of the form lives in: the byField column equals the requested value. */
function scopeOf(s: Served, value: unknown): Scope {
  const field = s.form.permission.byField;
  if (!field) return {};
  const column = s.shape.columns.get(field);
  return column ? { [column.column]: column.type === 'integer' ? Number(value) : String(value) } : {};
}

/** Whose permissions the form's category is checked against: the caller, or whom the hook names (the agent a provider administrator acts as). */
const holderOf = (hook: FormHook, caller: Caller) => hook.permissionHolder?.(caller) ?? caller;

async function authorizeCategory(app: FastifyInstance, request: FastifyRequest, s: Served, value: unknown): Promise<void> {
  const category = categoryFor(s.form, value);
  if (category === undefined || !(await can(app.db, holderOf(s.hook, request.caller!), category))) throw problem.forbidden();
}

/** The value of the byField in a body: at the top, or the spec's `categoryId` for calls that name the category so. */
const byFieldValue = (s: Served, body: Body, record?: FormRecord) => {
  const field = s.form.permission.byField;
  if (!field) return undefined;
  return record?.[field] ?? body[field] ?? body.categoryId;
};

function keyOf(s: Served, call: CallSpec, body: Body): RecordId {
  const path = keyPath(call.body, s.shape.spec.key.field);
  const id = path ? parseKey(valueAt(body, path), s.serialKey) : null;
  if (id === null) throw problem.validation([{ messageId: 'ERR_0009', args: [titleOf(s.form)] }]);
  return id;
}

/**
 * The keys a delete names: the one key of its template, or, when the template takes the list's
 * selection (`{ "gloNaviKanriIdList": "=selected{glonaviKanriId}" }`), the key of every element
 * (delete-many.ts: none is ERR_0003 明細, one without a usable key ERR_0009).
 */
function keysOf(s: Served, call: CallSpec, body: Body): Map<RecordId, FormRecord> {
  if (!selectionPath(call.body)) return new Map([[keyOf(s, call, body), {}]]);
  return selectedRecords(call, body, s.shape.spec.key.field, s.serialKey, titleOf(s.form));
}

async function loadRecord(ctx: HookContext, s: Served, id: RecordId, scope: Scope, db: Kysely<Database> = ctx.app.db) {
  const row = await loadRow(db, s.shape, id, scope);
  if (!row) throw problem.validation([{ messageId: 'ERR_0009', args: [titleOf(s.form)] }]);
  const record = recordOf(s.shape, row);
  await readExtensions(db, s.shape, id, record);
  await readChildRows(db, s.shape, id, record);
  await s.hook.read?.(ctx, db, id, record, row);
  return { record, row };
}

export default async function declaredFormRoutes(fastify: FastifyInstance) {
  const app = fastify;
  /** Lock calls by path: the forms of one table (its two sides) share them; the caller's side picks the form. */
  const lockCalls = new Map<string, { kind: 'check' | 'set' | 'release' | 'latest'; forms: Served[] }>();
  // A file over MAX_FILE_SIZE is cut short rather than failing the request, so the answer is the rule's ERR_0024.
  await app.register(multipart, { limits: { files: 5, fields: 50 }, throwFileSizeLimit: false });
  for (const form of app.definitions.forms.values()) {
    if (!form.store) continue;
    const hook = hookOf(form);
    // The shape is taken again per call: a definition changed in place (tests) is stored as it now reads.
    const s: Served = {
      form,
      hook,
      get shape() {
        return storeShape(form, hook.fields);
      },
      serialKey: form.store.key.type !== 'text',
    };
    const ctxOf = (request: FastifyRequest): HookContext => ({ app, request, caller: request.caller!, form, state: {} });
    const route = (path: string, description: string, handler: (request: FastifyRequest, body: Body) => Promise<unknown>, multipartToo = false) =>
      app.post(
        path,
        {
          // A multipart call is read by request-body.ts (parts, identity, systemKbn); JSON by the schema.
          schema: multipartToo
            ? { description: `${description} (declared form ${form.id}; multipart/form-data or JSON)`, consumes: ['multipart/form-data', 'application/json'], response: { 200: AnyAnswer } }
            : { description: `${description} (declared form ${form.id})`, body: FormBody, response: { 200: AnyAnswer } },
        },
        async (request) => handler(request, request.body as Body),
      );

    const calls = form.calls ?? {};
    if (calls.load) {
      const call = calls.load;
      route(call.call, 'Loads a record', async (request, body) => {
        const value = byFieldValue(s, body);
        await authorizeCategory(app, request, s, value);
        requireScope(s, value);
        const ctx = ctxOf(request);
        await hook.admits?.(ctx);
        const data = async () => (call.answer !== undefined && readsData(call.answer) && hook.data ? await hook.data(ctx, body) : {});
        const optimistic = form.store?.optimistic;
        const path = keyPath(call.body, s.shape.spec.key.field);
        if (call.allowNew && path && isBlank(valueAt(body, path))) {
          // A record not saved yet: the template's initial data alone, stamped now for the later check.
          const template = Object.fromEntries(Object.entries((call.answer ?? {}) as Record<string, unknown>).filter(([, t]) => !(typeof t === 'string' && t.startsWith('=record'))));
          return { ...(answerOf(template, {}, await data()) as Body), ...(optimistic ? { [optimistic.field]: isoOf(app.clock.now()) } : {}) };
        }
        const id = keyOf(s, call, body);
        const scope = { ...scopeOf(s, value), ...(await hook.scope?.(ctx, fieldsAt(call.body, body))) };
        const { record, row } = await loadRecord(ctx, s, id, scope);
        await hook.authorize?.(ctx, record, 'load');
        const stamp = optimistic ? { [optimistic.field]: isoOf(row[optimistic.column]) } : {};
        // An `answer` may add values of the initial data beside the record (`=data.maxFileSize`).
        if (call.answer !== undefined) return { ...(answerOf(call.answer, record, await data()) as Body), ...stamp };
        return call.result ? { [call.result]: record, ...stamp } : record;
      });
    }

    const save = (mode: SaveMode, call: CallSpec, forcedAction?: string) =>
      route(call.call, forcedAction ? `Takes the workflow action ${forcedAction}` : mode === 'new' ? 'Creates a record' : 'Updates a record', async (request) => {
        const ctx = ctxOf(request);
        await hook.admits?.(ctx);
        const { body, files } = await readRequestBody(app, request);
        // A create sent again with its Idempotency-Key answers what the first one answered (idempotency.ts).
        const idem = mode === 'new' ? idempotentCall(request, call.call, body, files) : undefined;
        if (idem) {
          const prior = await storedAnswer(app.db, idem, app.clock.now());
          if (prior !== undefined) return prior;
        }
        const { record, failures } = await checkedRecord(app, form, s.shape, recordFromBody(form, call.body, body));

        const fileInputs = await resolveFiles(app, request, form, record, body, files);
        const value = byFieldValue(s, body, record);
        await authorizeCategory(app, request, s, value);
        if (form.permission.byField && isBlank(value)) throw problem.validation([...failures, ...validateForm(form, record, serverRuleContext(app, { mode }))]);
        const scope = { ...scopeOf(s, value), ...(await hook.scope?.(ctx, record)) };
        // A hook that keys the record by its fields needs them of the right type first.
        if (mode === 'update' && hook.key && failures.length) throw problem.validation(failures);
        const id = mode === 'update' ? await (hook.key ? hook.key(ctx, record) : keyOf(s, call, body)) : null;
        const loaded = id === null ? undefined : await loadRecord(ctx, s, id, scope);
        const before = loaded?.record;
        await hook.authorize?.(ctx, record, mode, before);
        // Workflow option: the stale check first (the screen reloads), then the transition (403 outside the table).
        const optimistic = form.store?.optimistic;
        if (loaded) checkFresh(form, loaded.row, body);
        const statusColumn = form.store?.workflow?.status.column;
        const step: Step | undefined = saveStep(form, loaded && statusColumn ? String(loaded.row[statusColumn]) : 'new', body[form.store?.workflow?.status.field ?? ''], forcedAction);
        const storesFields = step?.storesFields ?? true;
        const at = optimistic ? nextStamp(app.clock.now(), loaded?.row[optimistic.column]) : app.clock.now();
        Object.assign(ctx.state, { step, at, beforeRow: loaded?.row });
        if (storesFields) {
          await hook.prepare?.(ctx, record, mode, id);
          // A field of the wrong type is reported once, as such, not again as missing.
          const typed = new Set(failures.map((f) => f.field));
          const messages: RuleResult[] = [...failures, ...validateForm(form, record, serverRuleContext(app, { mode })).filter((m) => !typed.has(m.field))];
          messages.push(...contentFailures(form, fileInputs), ...((await hook.check?.(ctx, record, mode, id)) ?? []));
          if (messages.length) throw problem.validation(messages);
        }
        ctx.state.files = fileInputs;

        const computed = {
          ...((await hook.columns?.(ctx, record, mode)) ?? {}),
          ...(step && statusColumn ? { [statusColumn]: step.to } : {}),
          ...(optimistic ? { [optimistic.column]: at } : {}),
        };
        // An update stores the whole record: a declared field the body leaves out (the screen
        // sends none for a field emptied) is cleared, as the JSON column's and the extension
        // tables' fields always were (a new row takes the columns' defaults instead). A workflow
        // action that stores only the status stores nothing else.
        const values = !storesFields ? computed : rowValues(s.shape, loaded || step ? completeRecord(s.shape, record) : record, computed);
        const discarded: string[] = [];
        const answerTemplate = call.answer ?? { [s.shape.spec.key.field]: '=record.' + s.shape.spec.key.field };
        let savedId: RecordId;
        let answer: unknown;
        try {
          [savedId, answer] = await saveWithUploads(app, ctx.caller, async (trx, attach): Promise<[RecordId, unknown]> => {
            // The key first: a concurrent duplicate waits here until this one commits.
            if (idem) await claimKey(trx, idem, at);
            const wctx: WriteContext = { ...ctx, trx, attach, discard: (k) => discarded.push(k) };
            // A single file read into the record (a CSV import) is used once: claimed in this transaction.
            for (const f of fileInputs.values()) {
              if (f.upload && !(await claimUpload(trx, ctx.caller, f.upload, '', at))) throw problem.validation([{ messageId: 'ERR_SYS003', args: ['ファイルアップロード'] }]);
            }
            const auditBefore = before && id !== null ? { ...before, ...(await hook.audit?.(trx, id)) } : undefined;
            let key: RecordId;
            if (id === null) key = await insertRow(trx, s.shape, values);
            else {
              // Conditional on the stored update time: of two racing saves, the later one finds no row.
              const guard = optimistic && loaded ? { [optimistic.column]: loaded.row[optimistic.column] } : {};
              if (!(await updateRow(trx, s.shape, id, values, { ...scope, ...guard }))) throw optimistic ? staleRecord() : problem.validation([{ messageId: 'ERR_0009', args: [titleOf(form)] }]);
              key = id;
            }
            if (storesFields) {
              await writeExtensions(trx, s.shape, key, record);
              await writeChildRows(trx, s.shape, key, record, { attach: wctx.attach, form, discard: wctx.discard });
            }
            await hook.write?.(wctx, key, record, mode);
            const locks = form.store?.locks;
            // A save after which the side may no longer edit gives its lock back; otherwise it is activity.
            if (locks && id !== null) {
              if (!step?.to || editableAfter(form, step.to)) await touchLock(trx, locks, key, ctx.caller.userId, at);
              else await releaseLock(trx, locks, key, ctx.caller.userId);
            }
            const saved = (await loadRecord(ctx, s, key, scope, trx)).record;
            const after = { ...saved, ...(await hook.audit?.(trx, key)) };
            await recordAudit(trx, { caller: ctx.caller, action: mode === 'new' ? 'create' : 'update', entity: s.shape.spec.audit, entityId: key, before: auditBefore, after, at });
            const answered = answerOf(answerTemplate, saved);
            if (idem) await keepAnswer(trx, idem, answered);
            return [key, answered];
          });
        } catch (err) {
          // The same key committed by a concurrent duplicate: its answer (nothing of this one was kept).
          if (err instanceof KeyAlreadyUsed && idem) return storedAnswer(app.db, idem, app.clock.now());
          // A unique column taken by a concurrent save (a checked name) reads as a duplicate, not a 500.
          if ((err as { code?: string }).code === '23505') {
            const constraint = (err as { constraint?: string }).constraint;
            const known = constraint ? hook.duplicates?.[constraint] : undefined;
            throw problem.validation([known ?? { messageId: 'ERR_0017', args: [titleOf(form)] }]);
          }
          throw err;
        }
        await Promise.all(discarded.map((k) => app.storage.delete(k).catch(() => undefined)));
        for (const f of fileInputs.values()) if (f.upload) await app.uploads.remove(f.upload.id);
        try {
          await hook.committed?.(ctx, savedId, record, mode);
        } catch (err) {
          request.log.error({ err, form: form.id, id: savedId }, 'after-save step failed');
        }
        // The answer read in the save's own transaction: the one a repeated key answers too.
        return answer;
      }, call.encoding === 'multipart');
    if (calls.create) save('new', calls.create);
    if (calls.update) save('update', calls.update);
    // Workflow option: a further path that takes one action with the update's body (a withdrawal).
    for (const [action, path] of Object.entries(form.store?.workflow?.calls ?? {})) if (calls.update) save('update', { ...calls.update, call: path, encoding: 'json' }, action);

    // deleteMany: a delete by a list's selection, not offered on the form's own screen.
    for (const call of [calls.delete, calls.deleteMany]) {
      if (!call) continue;
      route(call.call, 'Deletes a record', async (request, body) => {
        const value = byFieldValue(s, body);
        await authorizeCategory(app, request, s, value);
        requireScope(s, value);
        const ctx = ctxOf(request);
        await hook.admits?.(ctx);
        const ids = keysOf(s, call, body);
        const befores = new Map<RecordId, FormRecord>();
        const guards = new Map<RecordId, Scope>();
        const optimistic = form.store?.optimistic;
        const statusColumn = form.store?.workflow?.status.column;
        for (const [id, selected] of ids) {
          // Each selected record in the scope its own element names (the agent of a selected user).
          const scope = { ...scopeOf(s, value), ...(await hook.scope?.(ctx, { ...fieldsAt(call.body, body), ...selected })) };
          const { record: before, row } = await loadRecord(ctx, s, id, scope);
          await hook.authorize?.(ctx, before, 'delete');
          checkFresh(form, row, body);
          if (statusColumn) deleteStep(form, String(row[statusColumn]));
          befores.set(id, before);
          guards.set(id, { ...scope, ...(optimistic ? { [optimistic.column]: row[optimistic.column] } : {}) });
        }
        const at = app.clock.now();
        const discarded: string[] = [];
        await saveWithUploads(app, ctx.caller, async (trx, attach) => {
          for (const [id, before] of befores) {
            // A hard delete takes the child rows with it: their files go once the delete has committed.
            if (!s.shape.spec.softDelete) discarded.push(...(await childFileKeys(trx, s.shape, id)));
            const audited = { ...before, ...(await hook.audit?.(trx, id)) };
            if (!(await deleteRow(trx, s.shape, id, at, guards.get(id)))) throw optimistic ? staleRecord() : problem.validation([{ messageId: 'ERR_0009', args: [titleOf(form)] }]);
            if (form.store?.locks) await releaseLock(trx, form.store.locks, id);
            await hook.removed?.({ ...ctx, trx, attach, discard: (k) => discarded.push(k) }, id);
            await recordAudit(trx, { caller: ctx.caller, action: 'delete', entity: s.shape.spec.audit, entityId: id, before: audited, at });
          }
        });
        await Promise.all(discarded.map((k) => app.storage.delete(k).catch(() => undefined)));
        return {};
      });
    }

    if (calls.list) {
      // api/forms/list/: conditions, rules, limits, order and the declared query.
      const open = async (request: FastifyRequest, body: Body) => {
        const value = byFieldValue(s, body);
        await authorizeCategory(app, request, s, value);
        return scopeOf(s, value);
      };
      serveList({ app, form, hook, call: calls.list, shape: () => s.shape, route, ctxOf, open });
    }

    if (form.data && hook.data) {
      // With several initial-data calls, the hook answers the first (the form's own); the others are other areas' calls.
      const call = [form.data].flat()[0];
      route(call.call, 'Initial data of the form', async (request, body) => {
        await authorizeCategory(app, request, s, byFieldValue(s, body));
        const ctx = ctxOf(request);
        await hook.admits?.(ctx);
        const answer = await hook.data!(ctx, body);
        return call.result ? { [call.result]: answer } : answer;
      });
    }

    for (const [kind, path] of Object.entries(form.store.locks?.calls ?? {}) as ['check' | 'set' | 'release' | 'latest', string][]) {
      const entry = lockCalls.get(path) ?? { kind, forms: [] };
      entry.forms.push(s);
      lockCalls.set(path, entry);
    }

    for (const [path, handler] of Object.entries(hook.calls ?? {})) {
      route(path, 'A further call of the form', async (request, body) => {
        const ctx = ctxOf(request);
        await hook.admits?.(ctx);
        // The spec spells the key of some further calls with a capital (`GlonaviKanriId`).
        const keyField = s.shape.spec.key.field.toLowerCase();
        const id = parseKey(Object.entries(body).find(([k]) => k.toLowerCase() === keyField)?.[1], s.serialKey);
        if (id === null) throw problem.validation([{ messageId: 'ERR_0009', args: [titleOf(form)] }]);
        // The permission follows the stored record's own category, whatever the body says.
        const row = await loadRow(app.db, s.shape, id);
        if (!row) throw problem.validation([{ messageId: 'ERR_0009', args: [titleOf(form)] }]);
        const record = recordOf(s.shape, row);
        await authorizeCategory(app, request, s, byFieldValue(s, {}, record));
        await hook.authorize?.(ctx, record, 'load');
        return handler(ctx, record, row, body);
      });
    }
  }

  // Edit locks (store.locks): advisory, per record, lapsing `minutes` after the holder's last activity.
  for (const [path, { kind, forms }] of lockCalls) {
    app.post(path, { schema: { description: `Edit lock: ${kind} (declared forms ${forms.map((f) => f.form.id).join(', ')})`, body: FormBody, response: { 200: AnyAnswer } } }, async (request) => {
      const body = request.body as Body;
      const served = await sideForm(app, request, forms);
      const { form, hook } = served;
      const locks = form.store!.locks!;
      const ctx: HookContext = { app, request, caller: request.caller!, form, state: {} };
      const id = parseKey(body[locks.bodyKey], served.serialKey);
      if (id === null) throw problem.validation([{ messageId: 'ERR_0009', args: [titleOf(form)] }]);
      const { record, row } = await loadRecord(ctx, served, id, (await hook.scope?.(ctx, {})) ?? {});
      await hook.authorize?.(ctx, record, 'load');
      const now = app.clock.now();
      const userId = ctx.caller.userId;
      switch (kind) {
        case 'check':
          return { checkResult: await lockedByOther(app.db, locks, id, userId, now) };
        case 'set': {
          const status = form.store?.workflow?.status.column;
          if (!status || editableAfter(form, String(row[status]))) await takeLock(app.db, locks, id, userId, now);
          return {};
        }
        case 'release':
          await releaseLock(app.db, locks, id, userId);
          return {};
        case 'latest': {
          await touchLock(app.db, locks, id, userId, now);
          const o = form.store?.optimistic;
          return { latestUpdDate: o ? isoOf(row[o.column]) : '' };
        }
      }
    });
  }
}

/** The form of the caller's side among those sharing a call: the first whose permission and hook admit the caller; else 403. */
async function sideForm(app: FastifyInstance, request: FastifyRequest, forms: Served[]): Promise<Served> {
  for (const s of forms) {
    if (!(await can(app.db, holderOf(s.hook, request.caller!), s.form.permission.categoryId))) continue;
    try {
      await s.hook.admits?.({ app, request, caller: request.caller!, form: s.form, state: {} });
      return s;
    } catch {
      // not this side
    }
  }
  throw problem.forbidden();
}
