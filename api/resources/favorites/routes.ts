// Favourite pages (spec 000 section 7): /api/FavoritPage/getFavoritePageList and
// /api/FavoritPage/toggleFavoritePage (processType '1' register, '2' release). The server
// records the toggle in the operation log (type 08).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { viewerOf } from '../../authority/visibility';
import { findVisibleContent } from '../content/query';
import { idOf } from '../content/wire';
import { problem } from '../../http/problems';
import {
  FavoriteListAnswer,
  FavoriteListBody,
  ToggleFavoriteAnswer,
  ToggleFavoriteBody,
} from '../../../schemas/wire/portal';
import { OperationType, recordOperation } from '../../logs/operation-log';
import { addFavorite, isFavorite, listFavorites, removeFavorite } from './repository';

/** How many favourites the portal top shows before "もっと見る". */
export const FAVORITE_SHOW_COUNT = 5;

export default async function favoriteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/FavoritPage/getFavoritePageList',
    {
      schema: {
        body: FavoriteListBody,
        response: { 200: FavoriteListAnswer },
      },
    },
    async (request) => {
      const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
      const rows = await listFavorites(app.db, viewer);
      return {
        favoritListData: rows.map((r) => ({
          contentId: r.content_id,
          categoryId: r.category_id,
          categoryName: r.category_name,
          title: r.title,
          detailPath: r.detail_path,
          isFavorite: true,
        })),
        showCount: FAVORITE_SHOW_COUNT,
      };
    },
  );

  app.post(
    '/api/FavoritPage/toggleFavoritePage',
    {
      schema: {
        body: ToggleFavoriteBody,
        response: { 200: ToggleFavoriteAnswer },
      },
    },
    async (request) => {
      const b = request.body;
      const caller = request.caller!;
      const viewer = viewerOf(caller, b.targetDate, app.clock);
      const contentId = idOf(b.contentsId, 'contentsId');
      const content = await findVisibleContent(app.db, viewer, idOf(b.categoryId, 'categoryId'), contentId);
      if (!content) throw problem.forbidden();
      if (b.processType === '1') await addFavorite(app.db, viewer.userId, contentId, app.clock.now());
      else await removeFavorite(app.db, viewer.userId, contentId);
      await recordOperation(app.db, {
        source: 'server',
        userId: caller.userId,
        agCode: caller.agCode,
        pseudoUserId: caller.pseudo?.userId,
        pseudoAgCode: caller.pseudo?.agCode,
        actionTime: app.clock.now(),
        operationType: OperationType.favourite,
        fromScreenName: b.screenName,
        controlName: 'toggleFavoritePage',
        actionDetail: b.processType === '1' ? 'register' : 'release',
        genericField1: String(content.category_id),
        genericField2: String(contentId),
        genericField3: content.title,
        ip: request.ip,
      });
      return { isFavorite: await isFavorite(app.db, viewer.userId, contentId) };
    },
  );
}
