// The floating incentive panel of the portal top (/api/Incentive/getIncentiveFloating): only
// for an agent that takes part (isIncentiveEntry) and holds the incentive permission; the
// figures are those of the agent's representative code. While a provider administrator acts
// as an agent, they are that agent's.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { effectiveIds, targetDateFor } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { problem } from '../../http/problems';
import { IncentiveFloating, IncentiveFloatingBody } from '../../../schemas/wire/portal';
import { isIncentiveEntrant, latestFloating } from './floating-repository';
import { CATEGORY } from '../../../schemas/categories';

export default async function incentiveFloatingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/Incentive/getIncentiveFloating',
    { schema: { body: IncentiveFloatingBody, response: { 200: IncentiveFloating } } },
    async (request) => {
      const caller = request.caller!;
      const ids = effectiveIds(caller);
      const allowed =
        (await can(app.db, caller.pseudo ?? caller, CATEGORY.INCENTIVE)) &&
        (await isIncentiveEntrant(app.db, ids.agCode));
      if (!allowed) throw problem.forbidden();
      const f = await latestFloating(app.db, ids.daihyoCode, targetDateFor(caller, request.body.targetDate, app.clock));
      if (!f) return {};
      return {
        hokokuYear: f.hokoku_year,
        hokokuMonth: f.hokoku_month,
        shoreiRuikeiZokagaku: Number(f.shorei_ruikei_zokagaku),
        shoreiShinchokuJokyo: Number(f.shorei_shinchoku_jokyo),
        hyoshoRuikeiZokagaku: Number(f.hyosho_ruikei_zokagaku),
        hyoshoRuikeiKadoId: f.hyosho_ruikei_kado_id,
        daihyoCode: f.daihyo_code,
      };
    },
  );
}
