// Operating hours (/api/System/checkOperationTime): public, and answers at any hour.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OperationTimeAnswer } from '../../../schemas/wire/auth';
import { isWithinOperatingHours, nextOpening } from '../../plugins/operating-hours';

export default async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/System/checkOperationTime',
    {
      config: { public: true, alwaysOpen: true },
      schema: { response: { 200: OperationTimeAnswer } },
    },
    async () => {
      const hours = app.config.operatingHours;
      const now = app.clock.now();
      return {
        isWithinOperationHours: isWithinOperatingHours(hours, now),
        operatingHours: hours.kind === 'always' ? 'always' : hours.text,
        opensAt: nextOpening(hours, now),
      };
    },
  );
}
