// Form and list definitions for the generic renderer: GET /api/forms/:id and GET /api/lists/:id.
// Signed-in users get a definition when they (or the agent they act as) may use its permission
// category (can()), with the context its rules need (the server's date and the largest file).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { can } from '../../authority/permissions';
import { serverRuleContext } from '../../forms/enforce';
import { HttpProblem, messagesBody, problem } from '../../http/problems';

const Params = Type.Object({
  id: Type.String({
    pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
    maxLength: 64,
    description: 'The definition id (its file name)',
  }),
});

const DefinitionResponse = Type.Object({
  definition: Type.Unknown({
    description: 'The JSON of schemas/forms/<id>.json or schemas/lists/<id>.json (shape: schemas/meta/*.schema.json)',
  }),
  context: Type.Object({
    serverDate: Type.String({ description: 'Today on the server, yyyy-MM-dd (Asia/Tokyo)' }),
    maxFileSize: Type.Number({ description: 'Largest file in bytes (MAX_FILE_SIZE)' }),
  }),
});

const notFound = () => new HttpProblem(404, messagesBody([{ messageId: 'ERR_SYS999' }]));

export default async function formRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  for (const kind of ['forms', 'lists'] as const) {
    app.get(
      `/api/${kind}/:id`,
      { schema: { params: Params, response: { 200: DefinitionResponse } } },
      async (request) => {
        const set = kind === 'forms' ? app.definitions.forms : app.definitions.lists;
        const definition = set.get(request.params.id);
        if (!definition) throw notFound();
        // While acting as an agent, the agent's screens too (its request list); the calls check their own authority.
        const caller = request.caller!;
        const allowed =
          (await can(app.db, caller, definition.permission.categoryId)) ||
          (caller.pseudo !== null && (await can(app.db, caller.pseudo, definition.permission.categoryId)));
        if (!allowed) throw problem.forbidden();
        const { serverDate, maxFileSize } = serverRuleContext(app);
        return { definition, context: { serverDate: serverDate!, maxFileSize: maxFileSize! } };
      },
    );
  }
}
