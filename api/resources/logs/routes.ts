// Operation log entries from the renderer (/api/log) and browser error reports (/api/errorlog).
// Identity comes from the token when one is sent; before sign-in the default ids are recorded.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { recordOperation } from '../../logs/operation-log';
import { EmptyResponse, SystemKbn } from '../../http/wire';

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const OperationLogBody = Type.Object({
  // The spec's entry spells it systemkbn; the renderer adds systemKbn. Either must be "01".
  systemkbn: Type.Optional(SystemKbn),
  systemKbn: Type.Optional(SystemKbn),
  userId: Text(20),
  agCode: Text(20),
  actionTime: Text(40),
  operationType: Type.String({ pattern: '^[0-9]{2}$' }),
  pseudoAgCode: Text(20),
  pseudoUserId: Text(20),
  fromScreenName: Text(255),
  toScreenName: Text(255),
  controlName: Text(255),
  actionDetail: Text(2000),
  genericField1: Text(1000),
  genericField2: Text(1000),
  genericField3: Text(1000),
  currentUrl: Text(2000),
});

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
        body: Type.Object({
          systemKbn: Type.Optional(SystemKbn),
          message: Text(4000),
          stack: Text(20000),
          componentInfo: Text(20000),
          userAgent: Text(512),
          url: Text(2000),
        }),
        response: { 200: Type.Object({ errorId: Type.String() }) },
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
