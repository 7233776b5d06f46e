// Login popups (spec 000 sections 4 and 7): /api/LoginPopup/GetUserPopupList,
// /api/LoginPopup/GetPopupData and /api/LoginPopup/RegPopupCheckHistory. They need the login
// popup permission (category 15) of the effective user. isUnlimitDate (ignore the posting
// period) is honoured for provider administrators only, like the business date.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { isProviderAdmin } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { viewerOf } from '../../authority/visibility';
import { loadContentParts } from '../content/parts';
import { idOf, slashDate } from '../content/wire';
import { problem } from '../../http/problems';
import { EmptyResponse } from '../../http/wire';
import { PopupCheckBody, PopupData, PopupDataBody, PopupListAnswer, PopupListBody } from '../../../schemas/wire/portal';
import { findPopup, listPendingPopups, saveCheck } from './repository';
import { CATEGORY } from '../../../schemas/categories';

export default async function loginPopupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function popupReader(request: FastifyRequest, body: { targetDate?: string; isUnlimitDate?: boolean | string }) {
    const caller = request.caller!;
    if (!(await can(app.db, caller.pseudo ?? caller, CATEGORY.LOGIN_POPUP))) throw problem.forbidden();
    const unlimited = body.isUnlimitDate === true || body.isUnlimitDate === 'true' || body.isUnlimitDate === '1';
    return {
      viewer: viewerOf(caller, body.targetDate, app.clock),
      opts: { ignorePeriod: unlimited && isProviderAdmin(caller) },
    };
  }

  app.post(
    '/api/LoginPopup/GetUserPopupList',
    { schema: { body: PopupListBody, response: { 200: PopupListAnswer } } },
    async (request) => {
      const { viewer, opts } = await popupReader(request, request.body);
      const rows = await listPendingPopups(app.db, viewer, opts);
      return {
        popupList: rows.map((r) => ({
          categoryId: r.category_id,
          contentsId: r.content_id,
          title: r.title,
          checkPatern: r.check_patern,
          checkDispTarget: r.check_disp_target,
        })),
      };
    },
  );

  app.post(
    '/api/LoginPopup/GetPopupData',
    { schema: { body: PopupDataBody, response: { 200: PopupData } } },
    async (request) => {
      const { viewer, opts } = await popupReader(request, request.body);
      const popup = await findPopup(
        app.db,
        viewer,
        idOf(request.body.categoryId, 'categoryId'),
        idOf(request.body.contentId, 'contentId'),
        opts,
      );
      if (!popup) throw problem.forbidden();
      const parts = await loadContentParts(app.db, app.mediaUrls, popup.content_id);
      return {
        categoryId: popup.category_id,
        contentsId: popup.content_id,
        title: popup.title,
        keisaiKikanStart: slashDate(popup.keisai_start),
        keisaiKikanEnd: slashDate(popup.keisai_end),
        contentsBody: popup.body_html,
        links: parts.links,
        files: parts.files,
        images: parts.images,
        checkPatern: popup.check_patern,
        checkDispTarget: popup.check_disp_target,
      };
    },
  );

  app.post(
    '/api/LoginPopup/RegPopupCheckHistory',
    {
      schema: {
        body: PopupCheckBody,
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const { viewer, opts } = await popupReader(request, request.body);
      const contentId = idOf(request.body.contentsId, 'contentsId');
      if (!(await findPopup(app.db, viewer, idOf(request.body.categoryId, 'categoryId'), contentId, opts)))
        throw problem.forbidden();
      await saveCheck(app.db, viewer.userId, contentId, request.body.isChecked, app.clock.now());
      return {};
    },
  );
}
