// Operating hours (/api/System/checkOperationTime): public, and answers at any hour.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isWithinOperatingHours, nextOpening } from '../../plugins/operating-hours';

export default async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/System/checkOperationTime',
    {
      config: { public: true, alwaysOpen: true },
      schema: {
        response: {
          200: Type.Object({
            isWithinOperationHours: Type.Boolean(),
            operatingHours: Type.String(),
            // Added: when a closed portal opens next (Tokyo, yyyy/MM/dd HH:mm), '' while open.
            opensAt: Type.String(),
          }),
        },
      },
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
