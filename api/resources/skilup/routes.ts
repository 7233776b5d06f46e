// Skill-up watch status (spec 000 section 7): /api/SkilUp/GetWatchStatus and
// /api/SkilUp/skilupWatchHistoryReg, for contents visible to the caller only.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { viewerOf } from '../../authority/visibility';
import { findVisibleContent } from '../content/query';
import { idOf, WireId } from '../content/wire';
import { problem } from '../../http/problems';
import { Body, CallerIds, TargetDate } from '../../http/wire';
import { saveWatchStatus, watchStatus } from './repository';

const target = { ...CallerIds, categoryId: WireId('Category of the content'), contentsId: WireId('Content'), targetDate: TargetDate };
const StatusBody = Body({ ...target, isWatched: Type.Optional(Type.Boolean({ description: 'Ignored' })) });
const SaveBody = Body({ ...target, isWatched: Type.Boolean() });

const WatchAnswer = Type.Object({ isWatched: Type.Boolean() });

export default async function skilupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/api/SkilUp/GetWatchStatus', { schema: { body: StatusBody, response: { 200: WatchAnswer } } }, async (request) => {
    const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
    const contentId = idOf(request.body.contentsId, 'contentsId');
    if (!(await findVisibleContent(app.db, viewer, idOf(request.body.categoryId, 'categoryId'), contentId))) throw problem.forbidden();
    return { isWatched: await watchStatus(app.db, viewer.userId, contentId) };
  });

  app.post('/api/SkilUp/skilupWatchHistoryReg', { schema: { body: SaveBody, response: { 200: WatchAnswer } } }, async (request) => {
    const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
    const contentId = idOf(request.body.contentsId, 'contentsId');
    if (!(await findVisibleContent(app.db, viewer, idOf(request.body.categoryId, 'categoryId'), contentId))) throw problem.forbidden();
    await saveWatchStatus(app.db, viewer.userId, contentId, request.body.isWatched, app.clock.now());
    return { isWatched: await watchStatus(app.db, viewer.userId, contentId) };
  });
}
