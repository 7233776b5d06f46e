// Banners of the portal top and the skill-up pages (/api/Banner/getBannerList): kinds 01
// carousel, 02 side, 03 related links, 04 skill-up training, 05 road to master.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { targetDateFor } from '../../authority/caller';
import { Body, CallerIds, TargetDate } from '../../http/wire';
import { bannerImageUrl } from './image-url';
import { listBanners } from './repository';

const BannerKbn = Type.Union(['01', '02', '03', '04', '05'].map((k) => Type.Literal(k as '01' | '02' | '03' | '04' | '05')), {
  description: '01 carousel, 02 side, 03 related links, 04 skill-up training, 05 road to master',
});

const Banner = Type.Object({
  bannerName: Type.String(),
  bannerUrl: Type.String({ description: 'Link target; http(s) opens outside, a path is an in-app route' }),
  bannerImgFileName: Type.String({ description: 'Signed image path (GET) with a cache-busting time parameter' }),
  bannerCaption: Type.String(),
});

export default async function bannerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/Banner/getBannerList',
    {
      schema: {
        body: Body({ ...CallerIds, bannerKbn: BannerKbn, targetDate: TargetDate }),
        response: { 200: Type.Object({ bannerListData: Type.Array(Banner) }) },
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
