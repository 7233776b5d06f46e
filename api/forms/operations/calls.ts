// A declared form's initial-data call (`data`, answered by the hook's `data`) and the hook's
// further calls by path (mail, checks): each gets the form's permission; a further call gets the
// stored record its body names, whose own category decides the permission.
import type { FastifyInstance } from 'fastify';
import type { CallSpec } from '../../../schemas/meta/types';
import { callBodySchema, keyBodySchema } from '../call-schema';
import { loadRow, recordOf } from '../record-store';
import { parseKey } from '../wire-record';
import { authorizeCategory, byFieldValue, ctxOf, notFound, opening, type Body, type Served } from './opening';
import { declaredRoute } from './route';

export function registerData(app: FastifyInstance, s: Served, call: CallSpec): void {
  const { form, hook } = s;
  const answerData = hook.data;
  if (!answerData) return;
  declaredRoute(
    app,
    call.call,
    {
      description: 'Initial data of the form',
      of: `declared form ${form.id}`,
      documented: callBodySchema(form, call, 'data'),
    },
    async (request) => {
      const { ctx, body } = await opening(app, request, s, call, { kind: 'data' });
      const answer = await answerData(ctx, body);
      return call.result ? { [call.result]: answer } : answer;
    },
  );
}

export function registerFurtherCalls(app: FastifyInstance, s: Served): void {
  const { form, hook } = s;
  const documentedKey = form.store?.key.field ?? '';
  for (const [path, handler] of Object.entries(hook.calls ?? {})) {
    declaredRoute(
      app,
      path,
      {
        description: 'A further call of the form',
        of: `declared form ${form.id}`,
        documented: keyBodySchema(documentedKey, form.schema.properties[documentedKey]),
      },
      async (request) => {
        const body = request.body as Body;
        const ctx = ctxOf(app, request, form);
        await hook.admits?.(ctx);
        // The spec spells the key of some further calls with a capital (`GlonaviKanriId`).
        const keyField = s.shape.spec.key.field.toLowerCase();
        const id = parseKey(Object.entries(body).find(([k]) => k.toLowerCase() === keyField)?.[1], s.serialKey);
        if (id === null) throw notFound(form);
        // The permission follows the stored record's own category, whatever the body says.
        const row = await loadRow(app.db, s.shape, id);
        if (!row) throw notFound(form);
        const record = recordOf(s.shape, row);
        await authorizeCategory(app, request, s, byFieldValue(s, {}, record));
        await hook.authorize?.(ctx, record, 'load');
        return handler(ctx, record, row, body);
      },
    );
  }
}
