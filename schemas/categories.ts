// The category numbers: content categories (also the site-search categories), features and the
// admin screens, each of which is a permission (role_permissions). The one place that names them;
// the server's route guards, the renderer's screen needs, the form and list definitions
// (permission.categoryId) and the seed rows use these numbers. Their ids are stable because URLs,
// permissions and stored rows refer to them. The seed rows (seeds/platform.ts, seeds/incentive.ts)
// carry the rest of each category (URL, audience, order); tests/api/categories.test.ts and
// `npm run schemas:check` hold the definitions and seeds to this list.
// Plain literals and functions only, so that the browser bundle keeps just what a screen uses.

/** The number of each category by name: `CATEGORY.SEGMENTS` is 101. */
export const CATEGORY = {
  // Content categories (kind content)
  NOTICES: 1,
  FAQ: 2,
  APPLICATION_FORMS: 3,
  PROPOSALS: 4,
  MANUALS: 5,
  SKILUP: 6,
  EVENTS: 7,
  TORANOMAKI: 8,
  // Features (kind feature) and the administrators' notices
  ONE_STOP_GUIDE: 9,
  BUSINESS_SUPPORT: 10,
  INCENTIVE: 11,
  ADMIN_NOTICES: 12,
  APPLICATIONS_AGENT: 13,
  APPLICATIONS_PROVIDER: 14,
  LOGIN_POPUP: 15,
  // Admin screens (kind admin): the buttons of the admin top
  ADMIN_TOP: 100,
  SEGMENTS: 101,
  USERS: 102,
  NOTICE_REG: 103,
  GLOBAL_NAVI: 104,
  ICON_MENU: 105,
  LOGIN_POPUP_MGT: 106,
  BANNERS: 107,
  FAQ_REG: 108,
  APPLICATION_FORM_REG: 109,
  PROPOSAL_REG: 110,
  MANUAL_REG: 111,
  SKILUP_REG: 112,
  EVENT_REG: 113,
  EVENT_ENTRY_DL: 114,
  ONE_STOP_GUIDE_MGT: 115,
  ADMIN_NOTICE_REG: 116,
  CUSTOMER_SEARCH: 117,
  MAIL_ERRORS: 118,
  KANRI_INSIGHT: 119,
  KANRI_AUDIT: 120,
  INCENTIVE_IMPORT: 131,
  // External links and anything without a category of its own
  OTHER: 999,
} as const;

export type CategoryKey = keyof typeof CATEGORY;
export type CategoryId = (typeof CATEGORY)[CategoryKey];

/** Each category's name as shown (categories.category_name). */
const CATEGORY_NAMES: { readonly [K in CategoryKey]: string } = {
  NOTICES: 'お知らせ',
  FAQ: 'FAQ',
  APPLICATION_FORMS: '申請フォーム',
  PROPOSALS: '提案書',
  MANUALS: 'マニュアル',
  SKILUP: 'スキルアップ',
  EVENTS: 'イベント',
  TORANOMAKI: '虎の巻',
  ONE_STOP_GUIDE: 'ワンストップガイド',
  BUSINESS_SUPPORT: '営業支援',
  INCENTIVE: 'インセンティブ',
  ADMIN_NOTICES: '管理者お知らせ',
  APPLICATIONS_AGENT: '申請管理',
  APPLICATIONS_PROVIDER: '申請管理（プロバイダー）',
  LOGIN_POPUP: 'ログインポップアップ',
  ADMIN_TOP: '管理者TOP',
  SEGMENTS: 'AGセグメント登録',
  USERS: 'AGユーザーメンテナンス',
  NOTICE_REG: 'お知らせ登録',
  GLOBAL_NAVI: 'グローバルナビ管理',
  ICON_MENU: 'アイコンメニュー管理',
  LOGIN_POPUP_MGT: 'ログインポップアップ管理',
  BANNERS: 'バナー登録',
  FAQ_REG: 'FAQ登録',
  APPLICATION_FORM_REG: '申請フォーム登録',
  PROPOSAL_REG: '提案書登録',
  MANUAL_REG: 'マニュアル登録',
  SKILUP_REG: 'スキルアップ登録',
  EVENT_REG: 'イベント登録',
  EVENT_ENTRY_DL: 'イベント申込ダウンロード',
  ONE_STOP_GUIDE_MGT: 'ワンストップガイドTOP管理',
  ADMIN_NOTICE_REG: '管理者お知らせ登録',
  CUSTOMER_SEARCH: '登録企業検索',
  MAIL_ERRORS: '送信エラーメール',
  KANRI_INSIGHT: 'インサイト',
  KANRI_AUDIT: '監査ログ',
  INCENTIVE_IMPORT: 'インセンティブ実績取込',
  OTHER: 'その他',
};

/** The number and name of a category, as its seed row carries them. */
export function categoryRow(key: CategoryKey): { id: CategoryId; name: string } {
  return { id: CATEGORY[key], name: CATEGORY_NAMES[key] };
}

/** Every category number with its name. */
export function allCategories(): { id: CategoryId; name: string }[] {
  return (Object.keys(CATEGORY) as CategoryKey[]).map(categoryRow);
}

/** Every category number. */
export function categoryIds(): CategoryId[] {
  return Object.values(CATEGORY);
}

export function isCategoryId(id: number): id is CategoryId {
  return (categoryIds() as number[]).includes(id);
}

/** The category's name as shown, or undefined for an unknown number. */
export function categoryName(id: number): string | undefined {
  return allCategories().find((c) => c.id === id)?.name;
}
