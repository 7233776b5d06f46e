// Recently viewed pages (spec 000 section 7): /api/recentlyViewed/getRecentlyViewedPagesList
// and /api/RecentlyViewed/regRecentlyViewedHistory (sent when a content page is viewed).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { viewerOf } from '../../authority/visibility';
import { findVisibleContent } from '../content/query';
import { idOf, slashDateTime } from '../content/wire';
import { problem } from '../../http/problems';
import { EmptyResponse } from '../../http/wire';
import { RecentlyViewedAnswer, RecentlyViewedBody, RegisterViewBody } from '../../../schemas/wire/portal';
import { listRecentlyViewed, registerView } from './repository';

export default async function recentlyViewedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/recentlyViewed/getRecentlyViewedPagesList',
    {
      schema: {
        body: RecentlyViewedBody,
        response: { 200: RecentlyViewedAnswer },
      },
    },
    async (request) => {
      const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
      const rows = await listRecentlyViewed(app.db, viewer);
      return {
        recentlyViewedListData: rows.map((r) => ({
          contentId: r.content_id,
          categoryId: r.category_id,
          categoryName: r.category_name,
          title: r.title,
          detailPath: r.detail_path,
          viewDate: slashDateTime(r.last_viewed_at),
        })),
      };
    },
  );

  app.post(
    '/api/RecentlyViewed/regRecentlyViewedHistory',
    {
      schema: {
        body: RegisterViewBody,
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
      const contentId = idOf(request.body.contentsId, 'contentsId');
      if (!(await findVisibleContent(app.db, viewer, idOf(request.body.categoryId, 'categoryId'), contentId)))
        throw problem.forbidden();
      await registerView(app.db, viewer.userId, contentId, app.clock.now());
      return {};
    },
  );
}
