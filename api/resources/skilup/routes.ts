// Skill-up watch status (spec 000 section 7): /api/SkilUp/GetWatchStatus and
// /api/SkilUp/skilupWatchHistoryReg, for contents visible to the caller only.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { viewerOf } from '../../authority/visibility';
import { findVisibleContent } from '../content/query';
import { idOf } from '../content/wire';
import { problem } from '../../http/problems';
import { saveWatchStatus, watchStatus } from './repository';
import { SaveWatchBody, WatchAnswer, WatchStatusBody } from '../../../schemas/wire/skilup';

export default async function skilupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/SkilUp/GetWatchStatus',
    { schema: { body: WatchStatusBody, response: { 200: WatchAnswer } } },
    async (request) => {
      const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
      const contentId = idOf(request.body.contentsId, 'contentsId');
      if (!(await findVisibleContent(app.db, viewer, idOf(request.body.categoryId, 'categoryId'), contentId)))
        throw problem.forbidden();
      return { isWatched: await watchStatus(app.db, viewer.userId, contentId) };
    },
  );

  app.post(
    '/api/SkilUp/skilupWatchHistoryReg',
    { schema: { body: SaveWatchBody, response: { 200: WatchAnswer } } },
    async (request) => {
      const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
      const contentId = idOf(request.body.contentsId, 'contentsId');
      if (!(await findVisibleContent(app.db, viewer, idOf(request.body.categoryId, 'categoryId'), contentId)))
        throw problem.forbidden();
      await saveWatchStatus(app.db, viewer.userId, contentId, request.body.isWatched, app.clock.now());
      return { isWatched: await watchStatus(app.db, viewer.userId, contentId) };
    },
  );
}
