// Login popup management, the list half (spec 001 "Login popup management", section 7):
// /api/LoginPopupReg/GetPopupList. The registration calls (GetInitialDisplayData, GetPopupData,
// RegPopupData, UpdatePopupData, DeletePopupData) are served by the declared form
// schemas/forms/login-popup-reg.json (api/forms/routes.ts). Permission: login popup management (106).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { targetDateFor } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { slashDate, WireId } from '../content/wire';
import { problem } from '../../http/problems';
import { Body, CallerIds, TargetDate } from '../../http/wire';
import { listPopups, type PopupRow } from './admin-repository';
import { CATEGORY } from '../../../schemas/categories';

const PopupListItem = Type.Object({
  categoryId: Type.Number(),
  contentsId: Type.Number(),
  title: Type.String(),
  keisaiKikanStart: Type.String({ description: 'yyyy/MM/dd' }),
  keisaiKikanEnd: Type.String({ description: 'yyyy/MM/dd' }),
  dispDate: Type.String({ description: 'The display period as shown: yyyy/MM/dd～yyyy/MM/dd' }),
  hyojiTaisho: Type.String({ description: "'0' all, '1' agent segment, '2' agent codes" }),
  hyojiTaishoName: Type.String({ description: 'The display target in words (全代理店, the segment name, the codes and their count)' }),
  checkPatern: Type.String({ description: "'1' do not show next time, '2' confirm" }),
  checkPaternName: Type.String(),
  checkDispTarget: Type.String({ description: "'1' all, '2' administrators only" }),
  checkDispTargetName: Type.String(),
});

const CHECK_PATERN_NAMES: Record<string, string> = { '1': '次回から表示しない', '2': '確認しました' };
const CHECK_DISP_TARGET_NAMES: Record<string, string> = { '1': '全員', '2': '管理者のみ' };

function targetName(r: PopupRow): string {
  if (r.display_target === '0') return '全代理店';
  if (r.display_target === '1') return `AGセグメント：${r.ag_segment_name ?? ''}`;
  const shown = (r.agent_codes ?? '').split(',').filter(Boolean).join('、');
  return r.agent_count > 3 ? `代理店コード：${shown} ほか（${r.agent_count}件）` : `代理店コード：${shown}`;
}

export default async function popupRegRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/LoginPopupReg/GetPopupList',
    {
      schema: {
        description: 'The login popups for their management list, newest display start first; isUnlimitDate lists every popup, otherwise those displayed on the target date',
        body: Body({
          ...CallerIds,
          categoryId: Type.Optional(WireId('The login popup category (15)')),
          targetDate: TargetDate,
          isUnlimitDate: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
        }),
        response: { 200: Type.Object({ popupList: Type.Array(PopupListItem) }) },
      },
    },
    async (request) => {
      const caller = request.caller!;
      if (!(await can(app.db, caller, CATEGORY.LOGIN_POPUP_MGT))) throw problem.forbidden();
      const { categoryId, isUnlimitDate, targetDate } = request.body;
      if (categoryId !== undefined && Number(categoryId) !== CATEGORY.LOGIN_POPUP) throw problem.validation([{ messageId: 'ERR_0006', args: ['カテゴリ'] }]);
      const unlimited = isUnlimitDate === true || isUnlimitDate === 'true' || isUnlimitDate === '1';
      const rows = await listPopups(app.db, CATEGORY.LOGIN_POPUP, unlimited ? null : targetDateFor(caller, targetDate, app.clock));
      return {
        popupList: rows.map((r) => ({
          categoryId: r.category_id,
          contentsId: r.content_id,
          title: r.title,
          keisaiKikanStart: slashDate(r.keisai_start),
          keisaiKikanEnd: slashDate(r.keisai_end),
          dispDate: `${slashDate(r.keisai_start)}～${slashDate(r.keisai_end)}`,
          hyojiTaisho: r.display_target,
          hyojiTaishoName: targetName(r),
          checkPatern: r.check_patern,
          checkPaternName: CHECK_PATERN_NAMES[r.check_patern] ?? '',
          checkDispTarget: r.check_disp_target,
          checkDispTargetName: CHECK_DISP_TARGET_NAMES[r.check_disp_target] ?? '',
        })),
      };
    },
  );
}
