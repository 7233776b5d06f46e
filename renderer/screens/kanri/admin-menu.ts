// The button groups of the admin top (spec 001 "Admin top"): which admin categories (their ids
// are those of the seed and the permission table) sit in which group. The label and the link
// of a button come from /api/KanriTop/getKanriCategory; a button shows when its parmitionFlg is
// "1", a group when one of its buttons shows. Some groups need a provider administrator too.
import { CATEGORY as C } from '../../../schemas/categories';
import type { AdminCategory } from '../../../schemas/wire/kanri';

export interface AdminGroup {
  title: string;
  /** Category ids in the order of the buttons. */
  categories: number[];
  providerAdminOnly?: boolean;
}

// Manual registration also shows the one-stop guide top management (spec 001 "Admin top").

export const ADMIN_GROUPS: readonly AdminGroup[] = [
  { title: '代理店・ユーザー管理', categories: [C.SEGMENTS, C.USERS] },
  {
    title: 'コンテンツ登録',
    categories: [
      C.NOTICE_REG,
      C.FAQ_REG,
      C.APPLICATION_FORM_REG,
      C.PROPOSAL_REG,
      C.MANUAL_REG,
      C.EVENT_REG,
      C.EVENT_ENTRY_DL,
    ],
  },
  { title: 'ポータル設定', categories: [C.GLOBAL_NAVI, C.ICON_MENU, C.LOGIN_POPUP_MGT, C.BANNERS] },
  { title: 'ワンストップガイド', categories: [C.ONE_STOP_GUIDE_MGT], providerAdminOnly: true },
  { title: 'スキルアップ', categories: [C.SKILUP_REG], providerAdminOnly: true },
  { title: 'システムメンテナンス', categories: [C.ADMIN_NOTICE_REG, C.CUSTOMER_SEARCH], providerAdminOnly: true },
];

export interface ShownGroup {
  title: string;
  buttons: AdminCategory[];
}

/** The groups and buttons a user sees. Unknown admin categories that are allowed go to その他. */
export function visibleGroups(categories: readonly AdminCategory[], providerAdmin: boolean): ShownGroup[] {
  const byId = new Map(categories.map((c) => [Number(c.categoryId), c]));
  const flag = (id: number) => String(byId.get(id)?.parmitionFlg ?? '0') === '1';
  const allowed = (id: number) => byId.has(id) && (flag(id) || (id === C.ONE_STOP_GUIDE_MGT && flag(C.MANUAL_REG)));
  const placed = new Set<number>([C.ADMIN_TOP]);
  const shown: ShownGroup[] = [];
  for (const group of ADMIN_GROUPS) {
    group.categories.forEach((id) => placed.add(id));
    if (group.providerAdminOnly && !providerAdmin) continue;
    const buttons = group.categories.filter(allowed).map((id) => byId.get(id)!);
    if (buttons.length > 0) shown.push({ title: group.title, buttons });
  }
  const others = categories.filter(
    (c) => !placed.has(Number(c.categoryId)) && flag(Number(c.categoryId)) && c.categoryUrl,
  );
  if (others.length > 0) shown.push({ title: 'その他', buttons: others });
  return shown;
}
