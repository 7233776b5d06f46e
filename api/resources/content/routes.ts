// Content detail (/api/ContentsDetail/getContentsDetail: 403 ERR_0022 when the content is not
// visible to the caller) and breadcrumbs (/api/Breadcrumbs/getBreadcrumbs).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { effectiveIds, isProviderAdmin, targetDateFor } from '../../authority/caller';
import { viewerOf } from '../../authority/visibility';
import { contentDetailWire, ImgItem, LinkItem, loadContentParts, TempFileItem, VideoItem } from './parts';
import { idOf, WireId } from './wire';
import { problem } from '../../http/problems';
import { Body, CallerIds, TargetDate } from '../../http/wire';
import { breadcrumbsOf, findContentDetail } from './repository';

const ContentDetail = Type.Object({
  categoryId: Type.Number(),
  categoryName: Type.String(),
  subCategoryId: Type.Union([Type.Number(), Type.Literal('')]),
  subCategoryName: Type.String(),
  contentsId: Type.Number(),
  title: Type.String(),
  keisaiKikanStart: Type.String({ description: 'yyyy/MM/dd' }),
  keisaiKikanEnd: Type.String({ description: 'yyyy/MM/dd (9999/12/31: no end)' }),
  newFlg: Type.Boolean(),
  jyuyoFlg: Type.Boolean({ description: 'Important, inside its important period' }),
  lastUpdate: Type.String({ description: 'yyyy/MM/dd' }),
  contentsBody: Type.String({ description: 'HTML, sanitised when stored; sanitise again before display' }),
  contentsLinkList: Type.Array(LinkItem),
  contentsVideoList: Type.Array(VideoItem),
  contentsTempFileList: Type.Array(TempFileItem),
  contentsImgList: Type.Array(ImgItem),
  isFavorite: Type.Boolean(),
  updateFormPath: Type.String({ description: 'Registration form for editing; provider administrators only, else ""' }),
});

const Crumb = Type.Object({ categoryId: Type.Number(), categoryName: Type.String(), categoryUrl: Type.String() });

export default async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/ContentsDetail/getContentsDetail',
    {
      schema: {
        body: Body({ ...CallerIds, categoryId: WireId('Category of the content'), contentId: WireId('Content'), targetDate: TargetDate }),
        response: { 200: ContentDetail },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const viewer = viewerOf(caller, request.body.targetDate, app.clock);
      const c = await findContentDetail(app.db, viewer, idOf(request.body.categoryId, 'categoryId'), idOf(request.body.contentId, 'contentId'));
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
        body: Body({ ...CallerIds, categoryId: WireId('Category'), targetDate: TargetDate }),
        response: { 200: Type.Object({ breadcrumbsList: Type.Array(Crumb) }) },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const trail = await breadcrumbsOf(app.db, effectiveIds(caller).agCode, targetDateFor(caller, request.body.targetDate, app.clock), idOf(request.body.categoryId, 'categoryId'));
      if (!trail) throw problem.validation([{ messageId: 'ERR_0009', args: ['カテゴリ'] }]);
      return { breadcrumbsList: trail };
    },
  );
}
