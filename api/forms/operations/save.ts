// calls.create / calls.update of a declared form (and the workflow's further paths, each taking
// one action with the update's body): after the opening (opening.ts) the stored record is loaded
// and authorized, the features check (save-features.ts), the rules run when the save stores
// fields, and the row, its extension tables and child rows and the hook's writes go in one
// transaction; the answer is the call's `answer` template over the record read back.
import type { FastifyInstance } from 'fastify';
import type { CallSpec } from '../../../schemas/meta/types';
import { validateForm, type RuleResult } from '../../../schemas/rules/engine';
import { saveWithUploads } from '../../files/attach';
import { problem } from '../../http/problems';
import { callBodySchema } from '../call-schema';
import { serverRuleContext } from '../enforce';
import type { SaveMode, WriteContext } from '../hook';
import { writeChildRows, writeExtensions } from '../record-children';
import { completeRecord, insertRow, rowValues, updateRow, type RecordId } from '../record-store';
import { contentFailures } from '../request-body';
import { answerOf } from '../wire-record';
import { featuresOf, type SaveRun } from './save-features';
import { keyOf, loadRecord, notFound, opening, titleOf, type Served } from './opening';
import { declaredRoute } from './route';

export function registerSave(
  app: FastifyInstance,
  s: Served,
  mode: SaveMode,
  call: CallSpec,
  forcedAction?: string,
): void {
  const { form, hook } = s;
  const features = featuresOf(s, mode);
  const description = forcedAction
    ? `Takes the workflow action ${forcedAction}`
    : mode === 'new'
      ? 'Creates a record'
      : 'Updates a record';
  const documented = callBodySchema(form, call, forcedAction ? 'action' : mode);
  declaredRoute(
    app,
    call.call,
    { description, of: `declared form ${form.id}`, documented, multipart: call.encoding === 'multipart' },
    async (request) => {
      const opened = await opening(app, request, s, call, { kind: 'record', mode });
      if ('replay' in opened) return opened.replay;
      const { ctx, record, failures, body } = opened;
      const scope = await opened.scope();
      // A hook that keys the record by its fields needs them of the right type first.
      if (mode === 'update' && hook.key && failures.length) throw problem.validation(failures);
      const id = mode === 'update' ? await (hook.key ? hook.key(ctx, record) : keyOf(s, call, body)) : null;
      const loaded = id === null ? undefined : await loadRecord(ctx, s, id, scope);
      await hook.authorize?.(ctx, record, mode, loaded?.record);
      const run: SaveRun = { ...opened, s, mode, forcedAction, id, scope, loaded, at: app.clock.now(), discarded: [] };
      for (const f of features) f.check?.(run);
      const { step } = run;
      const storesFields = step?.storesFields ?? true;
      Object.assign(ctx.state, { step, at: run.at, beforeRow: loaded?.row });
      if (storesFields) {
        await hook.prepare?.(ctx, record, mode, id);
        // A field of the wrong type is reported once, as such, not again as missing.
        const typed = new Set(failures.map((f) => f.field));
        const messages: RuleResult[] = [
          ...failures,
          ...validateForm(form, record, serverRuleContext(app, { mode })).filter((m) => !typed.has(m.field)),
        ];
        messages.push(...contentFailures(form, run.files), ...((await hook.check?.(ctx, record, mode, id)) ?? []));
        if (messages.length) throw problem.validation(messages);
      }
      ctx.state.files = run.files;

      const computed = Object.assign(
        {},
        await hook.columns?.(ctx, record, mode),
        ...features.map((f) => f.columns?.(run) ?? {}),
      );
      // An update stores the whole record: a declared field the body leaves out (the screen
      // sends none for a field emptied) is cleared, as the JSON column's and the extension
      // tables' fields always were (a new row takes the columns' defaults instead). A workflow
      // action that stores only the status stores nothing else.
      const values = !storesFields
        ? computed
        : rowValues(s.shape, loaded || step ? completeRecord(s.shape, record) : record, computed);
      const answerTemplate = call.answer ?? { [s.shape.spec.key.field]: '=record.' + s.shape.spec.key.field };
      let savedId: RecordId;
      let answer: unknown;
      try {
        [savedId, answer] = await saveWithUploads(
          app,
          ctx.caller,
          async (trx, attach): Promise<[RecordId, unknown]> => {
            const wctx: WriteContext = { ...ctx, trx, attach, discard: (k) => run.discarded.push(k) };
            for (const f of features) await f.begin?.(run, trx);
            let key: RecordId;
            if (id === null) key = await insertRow(trx, s.shape, values);
            else {
              const guard = Object.assign({}, ...features.map((f) => f.guard?.(run) ?? {}));
              if (!(await updateRow(trx, s.shape, id, values, { ...scope, ...guard })))
                throw features.find((f) => f.lost)?.lost?.(run) ?? notFound(form);
              key = id;
            }
            if (storesFields) {
              await writeExtensions(trx, s.shape, key, record);
              await writeChildRows(trx, s.shape, key, record, { attach: wctx.attach, form, discard: wctx.discard });
            }
            await hook.write?.(wctx, key, record, mode);
            for (const f of features) await f.written?.(run, trx, key);
            const saved = (await loadRecord(ctx, s, key, scope, trx)).record;
            const answered = answerOf(answerTemplate, saved);
            for (const f of features) await f.saved?.(run, trx, key, saved, answered);
            return [key, answered];
          },
        );
      } catch (err) {
        for (const f of features) {
          const recovered = await f.recover?.(run, err);
          if (recovered) return recovered.answer;
        }
        // A unique column taken by a concurrent save (a checked name) reads as a duplicate, not a 500.
        if ((err as { code?: string }).code === '23505') {
          const constraint = (err as { constraint?: string }).constraint;
          const known = constraint ? hook.duplicates?.[constraint] : undefined;
          throw problem.validation([known ?? { messageId: 'ERR_0017', args: [titleOf(form)] }]);
        }
        throw err;
      }
      for (const f of features) await f.committed?.(run, savedId);
      // The answer read in the save's own transaction: the one a repeated key answers too.
      return answer;
    },
  );
}
