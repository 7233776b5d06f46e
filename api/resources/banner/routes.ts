// Banners of the portal top and the skill-up pages (/api/Banner/getBannerList): kinds 01
// carousel, 02 side, 03 related links, 04 skill-up training, 05 road to master.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { targetDateFor } from '../../authority/caller';
import { BannerListAnswer, BannerListBody } from '../../../schemas/wire/portal';
import { bannerImageUrl } from './image-url';
import { listBanners } from './repository';

export default async function bannerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/Banner/getBannerList',
    {
      schema: {
        body: BannerListBody,
        response: { 200: BannerListAnswer },
      },
    },
    async (request) => {
      const date = targetDateFor(request.caller!, request.body.targetDate, app.clock);
      const rows = await listBanners(app.db, request.body.bannerKbn, date);
      return {
        bannerListData: rows.map((b) => ({
          bannerName: b.banner_name,
          bannerUrl: b.banner_url,
          bannerImgFileName: bannerImageUrl(app, b.banner_id, b.updated_at),
          bannerCaption: b.caption,
        })),
      };
    },
  );
}
