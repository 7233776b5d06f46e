// Operation log entries from the renderer (/api/log) and browser error reports (/api/errorlog).
// Identity comes from the token when one is sent; before sign-in the default ids are recorded.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorLogAnswer, ErrorLogBody, OperationLogBody } from '../../../schemas/wire/logs';
import { recordOperation } from '../../logs/operation-log';
import { EmptyResponse } from '../../http/wire';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export default async function logRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/log',
    {
      config: { optionalAuth: true, ...perMinute(300) },
      schema: { body: OperationLogBody, response: { 200: EmptyResponse } },
    },
    async (request) => {
      const b = request.body;
      const c = request.caller;
      await recordOperation(app.db, {
        source: 'client',
        userId: c?.userId,
        agCode: c?.agCode,
        pseudoUserId: c?.pseudo?.userId,
        pseudoAgCode: c?.pseudo?.agCode,
        actionTime: app.clock.now(), // the server's time: the browser clock is not trusted
        operationType: b.operationType,
        fromScreenName: b.fromScreenName,
        toScreenName: b.toScreenName,
        controlName: b.controlName,
        actionDetail: b.actionDetail,
        genericField1: b.genericField1,
        genericField2: b.genericField2,
        genericField3: b.genericField3,
        currentUrl: b.currentUrl,
        ip: request.ip,
      });
      return {};
    },
  );

  app.post(
    '/api/errorlog',
    {
      config: { optionalAuth: true, alwaysOpen: true, ...perMinute(30) },
      schema: {
        body: ErrorLogBody,
        response: { 200: ErrorLogAnswer },
      },
    },
    async (request) => {
      const b = request.body;
      const errorId = randomUUID();
      await app.db
        .insertInto('error_logs')
        .values({
          error_id: errorId,
          source: 'client',
          message: b.message ?? '',
          stack: b.stack ?? '',
          component_info: b.componentInfo ?? '',
          user_agent: (b.userAgent ?? request.headers['user-agent'] ?? '').slice(0, 512),
          user_id: request.caller?.userId ?? '',
          url: b.url ?? '',
        })
        .execute();
      request.log.warn({ errorId, message: b.message }, 'browser error reported');
      return { errorId };
    },
  );
}
