// Banner maintenance, the list's other calls (spec 001 /banner-touroku-list; section 7
// /api/BannerReg/*): the areas and the display orders. The banners of one area (getBannerList),
// the delete of selected rows (deleteBanner), loading and saving one banner are the declared form
// banner-reg (schemas/forms/banner-reg.json, its hook api/resources/banner/hook.ts). Every call needs the permission of category 107 (provider staff with the
// flag); every write is audited.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { RuleResult } from '../../../schemas/rules/engine';
import { recordAudit } from '../../audit/record';
import { settleChanges } from '../../cache/change-feed';
import { can } from '../../authority/permissions';
import { BANNER_AREAS, isBannerArea } from './rules';
import { formFailures, invalid } from '../../forms/enforce';
import { problem } from '../../http/problems';
import { Body, CallerIds, EmptyResponse } from '../../http/wire';
import * as repo from './admin-repository';
import { CATEGORY } from '../../../schemas/categories';

const FORM = 'banner-reg';

const Kbn = Type.String({
  maxLength: 2,
  description: 'Banner area: 01 carousel, 02 side, 03 related links, 04 skill-up training, 05 road to master',
});
const BannerId = Type.Union([Type.Integer(), Type.String({ maxLength: 10 })], { description: 'The banner id' });
const DispOrder = Type.Optional(
  Type.Union([Type.Integer(), Type.String({ maxLength: 10 })], { description: 'Display order, at most 3 digits' }),
);

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** A row key of a body (area and id); a malformed one names the banner as missing. */
function keyOf(row: { bannerKbn?: unknown; bannerId?: unknown }): repo.BannerKey | null {
  const id = str(row.bannerId).trim();
  if (!isBannerArea(row.bannerKbn) || !/^[1-9][0-9]{0,8}$/.test(id)) return null;
  return { bannerKbn: row.bannerKbn, bannerId: Number(id) };
}

export default async function bannerRegRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request) => {
    if (request.caller && !(await can(app.db, request.caller, CATEGORY.BANNERS))) throw problem.forbidden();
  });

  app.post(
    '/api/BannerReg/getInitialData',
    {
      schema: {
        body: Body(CallerIds),
        response: {
          200: Type.Object({
            initialDisplayData: Type.Object({
              bannerAreaList: Type.Array(Type.Object({ areaId: Type.String(), areaName: Type.String() })),
            }),
          }),
        },
      },
    },
    async () => ({ initialDisplayData: { bannerAreaList: BANNER_AREAS.map((a) => ({ ...a })) } }),
  );

  app.post(
    '/api/BannerReg/updateBunnerDispOrder',
    {
      config: { form: FORM },
      schema: {
        description:
          'Saves the display orders of the changed rows (required, at most 3 digits); none → ERR_0008 (表示順).',
        body: Body({
          ...CallerIds,
          bannerDataList: Type.Array(
            Type.Object(
              { bannerKbn: Type.Optional(Kbn), bannerId: BannerId, dispOrder: DispOrder },
              { additionalProperties: true },
            ),
            { maxItems: 1000 },
          ),
        }),
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const list = request.body.bannerDataList;
      if (list.length === 0) throw invalid({ field: 'bannerDataList', messageId: 'ERR_0008', args: ['表示順'] });
      // The form's own rules for the display order (required on update, digits, at most 3).
      const messages: RuleResult[] = [];
      for (const row of list)
        messages.push(
          ...formFailures(
            app,
            FORM,
            { dispOrder: str(row.dispOrder) },
            { fields: ['dispOrder'], context: { mode: 'update' } },
          ),
        );
      if (messages.length) throw problem.validation(messages);
      const changes: { banner: repo.BannerRow; order: number }[] = [];
      for (const row of list) {
        const key = keyOf(row);
        const banner = key ? await repo.findBanner(app.db, key) : undefined;
        if (!banner) throw invalid({ field: 'bannerDataList', messageId: 'ERR_0009', args: ['バナー'] });
        changes.push({ banner, order: Number(str(row.dispOrder)) });
      }
      const at = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        for (const { banner, order } of changes) {
          await repo.setDisplayOrder(trx, banner.banner_id, order, at, caller.userId);
          await recordAudit(trx, {
            caller,
            action: 'update',
            entity: 'banner',
            entityId: banner.banner_id,
            before: { dispOrder: String(banner.display_order) },
            after: { dispOrder: String(order) },
            at,
          });
        }
      });
      await settleChanges(app.db);
      return {};
    },
  );
}
