// The floating incentive panel of the portal top (/api/Incentive/getIncentiveFloating): only
// for an agent that takes part (isIncentiveEntry) and holds the incentive permission; the
// figures are those of the agent's representative code. While a provider administrator acts
// as an agent, they are that agent's.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { effectiveIds, targetDateFor } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { problem } from '../../http/problems';
import { Body, CallerIds, TargetDate } from '../../http/wire';
import { isIncentiveEntrant, latestFloating } from './floating-repository';
import { CATEGORY } from '../../../schemas/categories';

const Floating = Type.Object(
  {
    hokokuYear: Type.Optional(Type.Number()),
    hokokuMonth: Type.Optional(Type.Number()),
    shoreiRuikeiZokagaku: Type.Optional(Type.Number({ description: 'Yen, may be negative' })),
    shoreiShinchokuJokyo: Type.Optional(Type.Number({ description: 'Yen, may be negative' })),
    hyoshoRuikeiZokagaku: Type.Optional(Type.Number({ description: 'Yen, may be negative' })),
    hyoshoRuikeiKadoId: Type.Optional(Type.Number({ description: 'Count of IDs, may be negative' })),
    daihyoCode: Type.Optional(Type.String()),
  },
  { description: 'The latest report month on or before the target date; {} when there are no figures yet' },
);

export default async function incentiveFloatingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/Incentive/getIncentiveFloating',
    { schema: { body: Body({ ...CallerIds, daihyoCode: Type.Optional(Type.String({ maxLength: 20 })), targetDate: TargetDate }), response: { 200: Floating } } },
    async (request) => {
      const caller = request.caller!;
      const ids = effectiveIds(caller);
      const allowed = (await can(app.db, caller.pseudo ?? caller, CATEGORY.INCENTIVE)) && (await isIncentiveEntrant(app.db, ids.agCode));
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
