// The list call of a declared form (`calls.list`): every stored record of the form within the
// caller's scope, each answered by the call's `answer` template (docs/forms.md, List calls).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallSpec, FormDefinition } from '../../../schemas/meta/types';
import type { FormHook, HookContext } from '../hook';
import { listRows, recordOf, type Scope, type StoreShape } from '../record-store';
import { answerOf, fieldsAt } from '../wire-record';

type Body = Record<string, unknown>;

/** What the engine's opening step gives a list call (api/forms/routes.ts). */
export interface ListServing {
  app: FastifyInstance;
  form: FormDefinition;
  hook: FormHook;
  call: CallSpec;
  shape: () => StoreShape;
  route: (path: string, description: string, handler: (request: FastifyRequest, body: Body) => Promise<unknown>) => unknown;
  ctxOf: (request: FastifyRequest) => HookContext;
  /** The form's permission for the body's category (403), and the scope of its byField. */
  open: (request: FastifyRequest, body: Body) => Promise<Scope>;
}

export function serveList({ app, hook, call, shape, route, ctxOf, open }: ListServing): void {
  route(call.call, 'Lists the records', async (request, body) => {
    const byField = await open(request, body);
    const ctx = ctxOf(request);
    await hook.admits?.(ctx);
    const scope = { ...byField, ...(await hook.scope?.(ctx, fieldsAt(call.body, body))) };
    const s = shape();
    const rows = (await listRows(app.db, s)).filter((row) => Object.entries(scope).every(([c, v]) => String(row[c]) === String(v)));
    const list = rows.map((row) => answerOf(call.answer ?? '=record', recordOf(s, row)));
    return call.result ? { [call.result]: list } : list;
  });
}
