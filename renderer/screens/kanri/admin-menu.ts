// The button groups of the admin top (spec 001 "Admin top"): which admin categories (their ids
// are those of the seed and the permission table) sit in which group. The label and the link
// of a button come from /api/KanriTop/getKanriCategory; a button shows when its parmitionFlg is
// "1", a group when one of its buttons shows. Some groups need a provider administrator too.

export interface AdminCategory {
  categoryId: number;
  categoryName: string;
  categoryUrl: string;
  parmitionFlg: string;
}

export interface AdminGroup {
  title: string;
  /** Category ids in the order of the buttons. */
  categories: number[];
  providerAdminOnly?: boolean;
}

/** The admin top itself: not a button. */
export const ADMIN_TOP_CATEGORY_ID = 100;
/** Manual registration also shows the one-stop guide top management (spec 001 "Admin top"). */
const MANUAL_REG = 111;
const ONE_STOP_GUIDE_MGT = 115;

export const ADMIN_GROUPS: readonly AdminGroup[] = [
  { title: '代理店・ユーザー管理', categories: [101, 102] },
  { title: 'コンテンツ登録', categories: [103, 108, 109, 110, 111, 113, 114] },
  { title: 'ポータル設定', categories: [104, 105, 106, 107] },
  { title: 'ワンストップガイド', categories: [ONE_STOP_GUIDE_MGT], providerAdminOnly: true },
  { title: 'スキルアップ', categories: [112], providerAdminOnly: true },
  { title: 'システムメンテナンス', categories: [116, 117], providerAdminOnly: true },
];

export interface ShownGroup {
  title: string;
  buttons: AdminCategory[];
}

/** The groups and buttons a user sees. Unknown admin categories that are allowed go to その他. */
export function visibleGroups(categories: readonly AdminCategory[], providerAdmin: boolean): ShownGroup[] {
  const byId = new Map(categories.map((c) => [Number(c.categoryId), c]));
  const flag = (id: number) => String(byId.get(id)?.parmitionFlg ?? '0') === '1';
  const allowed = (id: number) => byId.has(id) && (flag(id) || (id === ONE_STOP_GUIDE_MGT && flag(MANUAL_REG)));
  const placed = new Set<number>([ADMIN_TOP_CATEGORY_ID]);
  const shown: ShownGroup[] = [];
  for (const group of ADMIN_GROUPS) {
    group.categories.forEach((id) => placed.add(id));
    if (group.providerAdminOnly && !providerAdmin) continue;
    const buttons = group.categories.filter(allowed).map((id) => byId.get(id)!);
    if (buttons.length > 0) shown.push({ title: group.title, buttons });
  }
  const others = categories.filter((c) => !placed.has(Number(c.categoryId)) && flag(Number(c.categoryId)) && c.categoryUrl);
  if (others.length > 0) shown.push({ title: 'その他', buttons: others });
  return shown;
}
