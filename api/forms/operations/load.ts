// calls.load of a declared form: the stored record by the key its template names, answered by
// the call's `answer` template (which may add values of the initial data, `=data.maxFileSize`)
// or under `result`; with `allowNew` and no key, the template's initial data alone. A form with
// the optimistic check answers the record's update time for the later save to compare.
import type { FastifyInstance } from 'fastify';
import type { CallSpec } from '../../../schemas/meta/types';
import { callBodySchema } from '../call-schema';
import { answerOf, keyPath, readsData, valueAt } from '../wire-record';
import { isoOf } from '../workflow-store';
import { keyOf, loadRecord, opening, type Body, type Served } from './opening';
import { declaredRoute } from './route';

export function registerLoad(app: FastifyInstance, s: Served, call: CallSpec): void {
  const { form, hook } = s;
  declaredRoute(
    app,
    call.call,
    { description: 'Loads a record', of: `declared form ${form.id}`, documented: callBodySchema(form, call, 'load') },
    async (request) => {
      const { ctx, body, scope } = await opening(app, request, s, call, { kind: 'key' });
      const data = async () =>
        call.answer !== undefined && readsData(call.answer) && hook.data ? await hook.data(ctx, body) : {};
      const optimistic = form.store?.optimistic;
      const path = keyPath(call.body, s.shape.spec.key.field);
      const value = path ? valueAt(body, path) : undefined;
      if (call.allowNew && path && (value === undefined || value === null || value === '')) {
        // A record not saved yet: the template's initial data alone, stamped now for the later check.
        const template = Object.fromEntries(
          Object.entries((call.answer ?? {}) as Record<string, unknown>).filter(
            ([, t]) => !(typeof t === 'string' && t.startsWith('=record')),
          ),
        );
        return {
          ...(answerOf(template, {}, await data()) as Body),
          ...(optimistic ? { [optimistic.field]: isoOf(app.clock.now()) } : {}),
        };
      }
      const id = keyOf(s, call, body);
      const { record, row } = await loadRecord(ctx, s, id, await scope());
      await hook.authorize?.(ctx, record, 'load');
      const stamp = optimistic ? { [optimistic.field]: isoOf(row[optimistic.column]) } : {};
      if (call.answer !== undefined) return { ...(answerOf(call.answer, record, await data()) as Body), ...stamp };
      return call.result ? { [call.result]: record, ...stamp } : record;
    },
  );
}
