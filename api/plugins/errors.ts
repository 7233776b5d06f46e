// One error handler for the whole app: catalogue messages for 4xx, a generic body and a
// logged error id for anything unexpected.
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/availability';
import { isStorageUnavailable } from '../files/storage-availability';
import { fieldTitle } from '../forms/field-titles';
import { HttpProblem, messagesBody } from '../http/problems';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function fieldOf(e: AjvError): string {
  const path = e.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = typeof e.params.missingProperty === 'string' ? e.params.missingProperty : '';
  return [path, missing].filter(Boolean).join('.') || 'body';
}

/**
 * Schema failures become catalogue messages: missing → ERR_0001, anything else → ERR_0025,
 * naming the field by its form title when the route declares its form (config.form).
 */
function validationMessages(errors: AjvError[], label: (path: string) => string) {
  return errors.map((e) => {
    const path = fieldOf(e);
    return { messageId: e.keyword === 'required' ? 'ERR_0001' : 'ERR_0025', args: [label(path) || path] };
  });
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err instanceof HttpProblem) return reply.status(err.statusCode).send(err.body);
    if (err.validation) {
      const form = request.routeOptions.config?.form;
      const label = (path: string) => fieldTitle(app.definitions, form, path);
      return reply.status(400).send(messagesBody(validationMessages(err.validation, label)));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Bad JSON, wrong content type, body too large …: say the request was not right, nothing more.
      request.log.info({ code: err.code }, 'rejected request');
      return reply
        .status(status === 404 ? 404 : status)
        .send(messagesBody([{ messageId: 'ERR_0025', args: ['リクエスト'] }]));
    }
    if (isDatabaseUnavailable(err)) {
      // The database is restarting or away: try again later (not a fault to log in it).
      request.log.warn({ code: (err as { code?: string }).code, message: err.message }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(messagesBody([{ messageId: 'ERR_SYS001' }]));
    }
    if (isStorageUnavailable(err)) {
      // The bucket does not answer (or refuses us): the same answer; readiness names the cause.
      request.log.warn({ operation: err.operation, message: err.message }, 'file storage unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(messagesBody([{ messageId: 'ERR_SYS001' }]));
    }
    const errorId = randomUUID();
    request.log.error({ err, errorId }, 'unexpected error');
    await app.db
      .insertInto('error_logs')
      .values({
        error_id: errorId,
        source: 'server',
        message: String(err.message).slice(0, 4000),
        stack: String(err.stack ?? ''),
        url: request.url.slice(0, 2000),
        user_id: request.caller?.userId ?? '',
      })
      .execute()
      .catch((logErr: unknown) => request.log.error({ err: logErr }, 'could not store the error log'));
    return reply.status(500).send({ ...messagesBody([{ messageId: 'ERR_SYS999' }]), errorId });
  });
});
