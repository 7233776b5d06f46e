// Info lists (spec 000 section 7): /api/Info/getPortalTopInfo (news of the portal top),
// /api/Info/getKanriInfo (administrator announcements) and the added
// /api/Info/getCategoryContentsList (paged list of /news, /faq, /application-form, /proposal, /manual).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { viewerOf } from '../../authority/visibility';
import { idOf } from '../content/wire';
import { problem } from '../../http/problems';
import { CategoryContentsAnswer, CategoryContentsBody, InfoList, InfoListBody } from '../../../schemas/wire/contents';
import { findContentCategory, latestOfCategory, pageOfCategory } from './repository';
import { CATEGORY } from '../../../schemas/categories';

export const PORTAL_TOP_NEWS_COUNT = 10;
export const ADMIN_NOTICE_COUNT = 10;
export const LIST_PAGE_SIZE = 20;

export default async function infoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const body = InfoListBody;

  app.post('/api/Info/getPortalTopInfo', { schema: { body, response: { 200: InfoList } } }, async (request) => {
    const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
    return { infoListData: await latestOfCategory(app.db, viewer, CATEGORY.NOTICES, PORTAL_TOP_NEWS_COUNT) };
  });

  app.post('/api/Info/getKanriInfo', { schema: { body, response: { 200: InfoList } } }, async (request) => {
    const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
    return { infoListData: await latestOfCategory(app.db, viewer, CATEGORY.ADMIN_NOTICES, ADMIN_NOTICE_COUNT) };
  });

  app.post(
    '/api/Info/getCategoryContentsList',
    {
      schema: {
        body: CategoryContentsBody,
        response: { 200: CategoryContentsAnswer },
      },
    },
    async (request) => {
      const categoryId = idOf(request.body.categoryId, 'categoryId');
      if (!(await findContentCategory(app.db, categoryId)))
        throw problem.validation([{ messageId: 'ERR_0009', args: ['カテゴリ'] }]);
      const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
      const { items, totalCount } = await pageOfCategory(
        app.db,
        viewer,
        categoryId,
        request.body.page ?? 1,
        LIST_PAGE_SIZE,
      );
      return { infoListData: items, totalCount };
    },
  );
}
