// calls.list of a declared form, as it was in the engine's single routes file (moved unchanged;
// the list call's search conditions, rules and limits grow in their own module).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallSpec } from '../../../schemas/meta/types';
import { callBodySchema } from '../call-schema';
import { listRows, recordOf } from '../record-store';
import { answerOf, fieldsAt } from '../wire-record';
import { authorizeCategory, byFieldValue, ctxOf as contextOf, scopeOf, type Body, type Served } from './opening';
import { declaredRoute } from './route';

export function registerList(app: FastifyInstance, s: Served, calls: { list?: CallSpec }): void {
  const { form, hook } = s;
  const ctxOf = (request: FastifyRequest) => contextOf(app, request, form);
  const route = (path: string, description: string, handler: (request: FastifyRequest, body: Body) => Promise<unknown>) =>
    declaredRoute(app, path, { description, of: `declared form ${form.id}`, documented: callBodySchema(form, calls.list ?? { call: path }, 'list') }, async (request) => handler(request, request.body as Body));

    if (calls.list) {
      // Every stored record of the form (no child rows), each answered by the call's `answer` template.
      const call = calls.list;
      route(call.call, 'Lists the records', async (request, body) => {
        const value = byFieldValue(s, body);
        await authorizeCategory(app, request, s, value);
        const ctx = ctxOf(request);
        await hook.admits?.(ctx);
        const scope = { ...scopeOf(s, value), ...(await hook.scope?.(ctx, fieldsAt(call.body, body))) };
        const rows = (await listRows(app.db, s.shape)).filter((row) => Object.entries(scope).every(([c, v]) => String(row[c]) === String(v)));
        const list = rows.map((row) => answerOf(call.answer ?? '=record', recordOf(s.shape, row)));
        return call.result ? { [call.result]: list } : list;
      });
    }
}
