// calls.list of a declared form: served by the list module (api/forms/list/: conditions, rules,
// limits, order and the declared query); this file gives it the engine's opening parts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ListCallSpec } from '../../../schemas/meta/types';
import { callBodySchema } from '../call-schema';
import { serveList } from '../list/serve';
import { authorizeCategory, byFieldValue, ctxOf as contextOf, scopeOf, type Body, type Served } from './opening';
import { declaredRoute } from './route';

export function registerList(app: FastifyInstance, s: Served, call: ListCallSpec): void {
  // Documented with the caller ids only: its body's conditions are the list's search, not the form's record.
  const { form, hook } = s;
  const route = (
    path: string,
    description: string,
    handler: (request: FastifyRequest, body: Body) => Promise<unknown>,
  ) =>
    declaredRoute(
      app,
      path,
      { description, of: `declared form ${form.id}`, documented: callBodySchema(form, { call: call.call }, 'list') },
      async (request) => handler(request, request.body as Body),
    );
  // The form's permission for the body's category (403), and the scope of its byField.
  const open = async (request: FastifyRequest, body: Body) => {
    const value = byFieldValue(s, body);
    await authorizeCategory(app, request, s, value);
    return scopeOf(s, value);
  };
  serveList({
    app,
    form,
    hook,
    call,
    shape: () => s.shape,
    route,
    ctxOf: (request) => contextOf(app, request, form),
    open,
  });
}
