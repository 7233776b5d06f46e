// Login popups (spec 000 sections 4 and 7): /api/LoginPopup/GetUserPopupList,
// /api/LoginPopup/GetPopupData and /api/LoginPopup/RegPopupCheckHistory. They need the login
// popup permission (category 15) of the effective user. isUnlimitDate (ignore the posting
// period) is honoured for provider administrators only, like the business date.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isProviderAdmin } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { viewerOf } from '../../authority/visibility';
import { ImgItem, LinkItem, loadContentParts, TempFileItem } from '../../contents/parts';
import { idOf, slashDate, WireId } from '../../contents/wire';
import { problem } from '../../http/problems';
import { Body, CallerIds, EmptyResponse, TargetDate } from '../../http/wire';
import { findPopup, listPendingPopups, saveCheck } from './repository';
import { CATEGORY } from '../../../schemas/categories';

const CheckPatern = Type.Union([Type.Literal('1'), Type.Literal('2')], { description: "'1' do not show next time, '2' confirm" });
const CheckDispTarget = Type.Union([Type.Literal('1'), Type.Literal('2')], { description: "'1' all, '2' administrators only" });

const PopupSummary = Type.Object({ categoryId: Type.Number(), contentsId: Type.Number(), title: Type.String(), checkPatern: CheckPatern, checkDispTarget: CheckDispTarget });

const PopupData = Type.Object({
  categoryId: Type.Number(),
  contentsId: Type.Number(),
  title: Type.String(),
  keisaiKikanStart: Type.String(),
  keisaiKikanEnd: Type.String(),
  contentsBody: Type.String({ description: 'HTML, sanitised when stored; sanitise again before display' }),
  links: Type.Array(LinkItem),
  files: Type.Array(TempFileItem),
  images: Type.Array(ImgItem),
  checkPatern: CheckPatern,
  checkDispTarget: CheckDispTarget,
});

const UnlimitDate = Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })], { description: 'Ignore the posting period (provider administrators only)' }));

export default async function loginPopupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function popupReader(request: FastifyRequest, body: { targetDate?: string; isUnlimitDate?: boolean | string }) {
    const caller = request.caller!;
    if (!(await can(app.db, caller.pseudo ?? caller, CATEGORY.LOGIN_POPUP))) throw problem.forbidden();
    const unlimited = body.isUnlimitDate === true || body.isUnlimitDate === 'true' || body.isUnlimitDate === '1';
    return { viewer: viewerOf(caller, body.targetDate, app.clock), opts: { ignorePeriod: unlimited && isProviderAdmin(caller) } };
  }

  const common = { ...CallerIds, targetDate: TargetDate, isUnlimitDate: UnlimitDate };

  app.post(
    '/api/LoginPopup/GetUserPopupList',
    { schema: { body: Body(common), response: { 200: Type.Object({ popupList: Type.Array(PopupSummary) }) } } },
    async (request) => {
      const { viewer, opts } = await popupReader(request, request.body);
      const rows = await listPendingPopups(app.db, viewer, opts);
      return {
        popupList: rows.map((r) => ({ categoryId: r.category_id, contentsId: r.content_id, title: r.title, checkPatern: r.check_patern, checkDispTarget: r.check_disp_target })),
      };
    },
  );

  app.post(
    '/api/LoginPopup/GetPopupData',
    { schema: { body: Body({ ...common, categoryId: WireId('Category (15)'), contentId: WireId('Popup content') }), response: { 200: PopupData } } },
    async (request) => {
      const { viewer, opts } = await popupReader(request, request.body);
      const popup = await findPopup(app.db, viewer, idOf(request.body.categoryId, 'categoryId'), idOf(request.body.contentId, 'contentId'), opts);
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
        body: Body({ ...common, categoryId: WireId('Category (15)'), contentsId: WireId('Popup content'), isChecked: Type.Boolean() }),
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const { viewer, opts } = await popupReader(request, request.body);
      const contentId = idOf(request.body.contentsId, 'contentsId');
      if (!(await findPopup(app.db, viewer, idOf(request.body.categoryId, 'categoryId'), contentId, opts))) throw problem.forbidden();
      await saveCheck(app.db, viewer.userId, contentId, request.body.isChecked, app.clock.now());
      return {};
    },
  );
}
