// Whether the (effective) agent takes part in the incentive programme (/api/Incentive/getIncentiveInfo).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IncentiveInfo, IncentiveInfoBody } from '../../../schemas/wire/auth';
import { effectiveIds } from '../../authority/caller';

export default async function incentiveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/Incentive/getIncentiveInfo',
    { schema: { body: IncentiveInfoBody, response: { 200: IncentiveInfo } } },
    async (request) => {
      const { agCode } = effectiveIds(request.caller!);
      const agent = await app.db
        .selectFrom('agents')
        .select('is_incentive_entry')
        .where('ag_code', '=', agCode)
        .executeTakeFirst();
      return { isIncentiveEntry: agent?.is_incentive_entry ?? false };
    },
  );
}
