// Dev mode only (DEV_MODE=true, set by npm run dev; app.ts registers this plugin nowhere else):
// the definition reload (definition-reload.ts) and the calls of the definition playground
// (renderer/screens/playground/), for provider administrators (the events for any signed-in user):
//   GET /api/dev/definitions                 every form and list definition, with its problem count
//   GET /api/dev/definitions/:kind/:id       one file as it is on disk now: its text, its JSON,
//                                            the schema check's problems, whether it is the one served
//   GET /api/dev/definitions/events          text/event-stream: a `reload` event after each reload
// Without DEV_MODE none of these paths exists (404), so a deployment never serves them.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServerResponse } from 'node:http';
import { isProviderAdmin } from '../authority/caller';
import { serverRuleContext } from '../forms/enforce';
import { SCHEMAS_DIR } from '../forms/registry';
import { HttpProblem, messagesBody, problem } from '../http/problems';
import { checkDefinitions } from '../../schemas/meta/check-definitions';
import { readDefinitionFiles } from '../../schemas/meta/load';
import { categoryIds } from '../../schemas/categories';
import { watchDefinitions, type ReloadOutcome } from './definition-reload';

const Kind = Type.Union([Type.Literal('forms'), Type.Literal('lists')]);
const Params = Type.Object({ kind: Kind, id: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 }) });

const Summary = Type.Object({
  kind: Kind,
  id: Type.String(),
  title: Type.String(),
  problems: Type.Integer(),
});

const Detail = Type.Object({
  kind: Kind,
  id: Type.String(),
  /** The file's text as it is on disk. */
  text: Type.String(),
  /** The definition as the loader reads it (null when it cannot be read). */
  definition: Type.Unknown(),
  problems: Type.Array(Type.String()),
  /** Whether the API serves this very content (false: a problem kept the previous one). */
  served: Type.Boolean(),
  context: Type.Object({ serverDate: Type.String(), maxFileSize: Type.Number() }),
});

const notFound = () => new HttpProblem(404, messagesBody([{ messageId: 'ERR_SYS999' }]));

function requireProviderAdmin(request: FastifyRequest): void {
  if (!request.caller || !isProviderAdmin(request.caller)) throw problem.forbidden();
}

const titleText = (title: unknown): string =>
  typeof title === 'string'
    ? title
    : title && typeof title === 'object'
      ? String(Object.values(title as Record<string, unknown>)[0] ?? '')
      : '';

export default async function devRoutes(fastify: FastifyInstance, opts: { definitionsDir?: string }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const dir = opts.definitionsDir ?? SCHEMAS_DIR;
  const watcher = watchDefinitions(app.definitions, dir, app.log);
  const streams = new Set<ServerResponse>();
  // Open event streams would hold the server's close (tsx watch restarting the API): end them first.
  app.addHook('preClose', async () => {
    for (const s of streams) s.end();
    streams.clear();
  });
  app.addHook('onClose', async () => watcher.close());

  /** Every file with the check's problems of each (the same check as npm run schemas:check). */
  const checked = () => {
    const files = readDefinitionFiles(dir);
    const problems = checkDefinitions(files, { categoryIds: categoryIds() });
    return { files, problemsOf: (file: string) => problems.filter((p) => p.file === file).map((p) => p.message) };
  };

  app.get(
    '/api/dev/definitions',
    {
      schema: {
        hide: true,
        response: { 200: Type.Object({ definitions: Type.Array(Summary), version: Type.Integer() }) },
      },
    },
    async (request) => {
      requireProviderAdmin(request);
      const { files, problemsOf } = checked();
      const definitions = files.map((f) => ({
        kind: f.kind === 'form' ? ('forms' as const) : ('lists' as const),
        id: f.name,
        title: titleText((f.data as { title?: unknown } | null)?.title),
        problems: problemsOf(f.file).length,
      }));
      return { definitions, version: watcher.latest().version };
    },
  );

  app.get(
    '/api/dev/definitions/:kind/:id',
    { schema: { hide: true, params: Params, response: { 200: Detail } } },
    async (request) => {
      requireProviderAdmin(request);
      const { kind, id } = request.params;
      const file = path.join(dir, kind, `${id}.json`);
      if (!fs.existsSync(file)) throw notFound();
      const text = fs.readFileSync(file, 'utf8');
      // The definition as the loader reads it (with whatever it references resolved): what the API
      // would serve. Null when it cannot be read (not JSON, a broken reference): the check says why.
      const { files, problemsOf } = checked();
      const data = files.find((f) => f.file === `schemas/${kind}/${id}.json`)?.data as
        Record<string, unknown> | undefined;
      const definition = data && !Object.keys(data).some((k) => k.startsWith('__')) ? data : null;
      const served = (kind === 'forms' ? app.definitions.forms : app.definitions.lists).get(id);
      const { serverDate, maxFileSize } = serverRuleContext(app);
      return {
        kind,
        id,
        text,
        definition,
        problems: problemsOf(`schemas/${kind}/${id}.json`),
        served: definition !== null && JSON.stringify(served) === JSON.stringify(definition),
        context: { serverDate: serverDate!, maxFileSize: maxFileSize! },
      };
    },
  );

  // Any signed-in user: an analyst may follow an edit on an agent's screen, signed in as the agent.
  app.get('/api/dev/definitions/events', { schema: { hide: true } }, async (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    const send = (outcome: ReloadOutcome) => res.write(`event: reload\ndata: ${JSON.stringify(outcome)}\n\n`);
    res.write(`event: hello\ndata: ${JSON.stringify(watcher.latest())}\n\n`);
    streams.add(res);
    const unsubscribe = watcher.onReload(send);
    // A comment now and then keeps proxies from closing a quiet stream.
    const beat = setInterval(() => res.write(': still here\n\n'), 20_000);
    request.raw.on('close', () => {
      clearInterval(beat);
      unsubscribe();
      streams.delete(res);
    });
  });
}
