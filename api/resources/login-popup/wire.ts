// A login popup as the management list shows it (spec 001 "Login popup management"): its period,
// and its display target, check pattern and check display target in words.
import { slashDate } from '../content/wire';
import type { PopupRow } from './admin-repository';

const CHECK_PATERN_NAMES: Record<string, string> = { '1': '次回から表示しない', '2': '確認しました' };
const CHECK_DISP_TARGET_NAMES: Record<string, string> = { '1': '全員', '2': '管理者のみ' };

function targetName(r: PopupRow): string {
  if (r.display_target === '0') return '全代理店';
  if (r.display_target === '1') return `AGセグメント：${r.ag_segment_name ?? ''}`;
  const shown = (r.agent_codes ?? '').split(',').filter(Boolean).join('、');
  return r.agent_count > 3 ? `代理店コード：${shown} ほか（${r.agent_count}件）` : `代理店コード：${shown}`;
}

export const popupListItem = (r: PopupRow) => ({
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
});
