// Content detail (/api/ContentsDetail/getContentsDetail: 403 ERR_0022 when the content is not
// visible to the caller) and breadcrumbs (/api/Breadcrumbs/getBreadcrumbs).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { effectiveIds, isProviderAdmin, targetDateFor } from '../../authority/caller';
import { viewerOf } from '../../authority/visibility';
import { contentDetailWire, loadContentParts } from './parts';
import { idOf } from './wire';
import { problem } from '../../http/problems';
import { BreadcrumbsAnswer, BreadcrumbsBody, ContentDetail, ContentDetailBody } from '../../../schemas/wire/contents';
import { breadcrumbsOf, findContentDetail } from './repository';

export default async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/ContentsDetail/getContentsDetail',
    {
      schema: {
        body: ContentDetailBody,
        response: { 200: ContentDetail },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const viewer = viewerOf(caller, request.body.targetDate, app.clock);
      const c = await findContentDetail(
        app.db,
        viewer,
        idOf(request.body.categoryId, 'categoryId'),
        idOf(request.body.contentId, 'contentId'),
      );
      if (!c) throw problem.forbidden();
      const parts = await loadContentParts(app.db, app.mediaUrls, c.content_id);
      return {
        ...contentDetailWire(c, parts, isProviderAdmin(caller)),
      };
    },
  );

  app.post(
    '/api/Breadcrumbs/getBreadcrumbs',
    {
      schema: {
        body: BreadcrumbsBody,
        response: { 200: BreadcrumbsAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const trail = await breadcrumbsOf(
        app.db,
        effectiveIds(caller).agCode,
        targetDateFor(caller, request.body.targetDate, app.clock),
        idOf(request.body.categoryId, 'categoryId'),
      );
      if (!trail) throw problem.validation([{ messageId: 'ERR_0009', args: ['カテゴリ'] }]);
      return { breadcrumbsList: trail };
    },
  );
}
