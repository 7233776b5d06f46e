// calls.delete of a declared form: the record its template names, or every record of the list's
// selection (delete-many.ts), each loaded within the caller's scope and checked (the hook's
// authorize, the optimistic check, the workflow's delete action) before any is deleted; then all
// in one transaction with the hook's `removed` and the audit trail. A hard delete's child files
// go once the delete has committed.
import type { FastifyInstance } from 'fastify';
import type { CallSpec } from '../../../schemas/meta/types';
import { recordAudit } from '../../audit/record';
import { saveWithUploads } from '../../files/attach';
import { callBodySchema } from '../call-schema';
import { childFileKeys } from '../record-children';
import { deleteRow, type FormRecord, type RecordId, type Scope } from '../record-store';
import { checkFresh, deleteStep, releaseLock, staleRecord } from '../workflow-store';
import { keysOf, loadRecord, notFound, opening, type Served } from './opening';
import { declaredRoute } from './route';

export function registerDelete(app: FastifyInstance, s: Served, call: CallSpec): void {
  const { form, hook } = s;
  declaredRoute(
    app,
    call.call,
    {
      description: 'Deletes a record',
      of: `declared form ${form.id}`,
      documented: callBodySchema(form, call, 'delete'),
    },
    async (request) => {
      const opened = await opening(app, request, s, call, { kind: 'key' });
      const { ctx, body } = opened;
      const ids = keysOf(s, call, body);
      const befores = new Map<RecordId, FormRecord>();
      const guards = new Map<RecordId, Scope>();
      const optimistic = form.store?.optimistic;
      const statusColumn = form.store?.workflow?.status.column;
      for (const [id, selected] of ids) {
        // Each selected record in the scope its own element names (the agent of a selected user).
        const scope = await opened.scope(selected);
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
          if (!(await deleteRow(trx, s.shape, id, at, guards.get(id) ?? {})))
            throw optimistic ? staleRecord() : notFound(form);
          if (form.store?.locks) await releaseLock(trx, form.store.locks, id);
          await hook.removed?.({ ...ctx, trx, attach, discard: (k) => discarded.push(k) }, id);
          await recordAudit(trx, {
            caller: ctx.caller,
            action: 'delete',
            entity: s.shape.spec.audit,
            entityId: id,
            before: audited,
            at,
          });
        }
      });
      await Promise.all(discarded.map((k) => app.storage.delete(k).catch(() => undefined)));
      return {};
    },
  );
}
