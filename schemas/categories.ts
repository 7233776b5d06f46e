// The category numbers: content categories (also the site-search categories), features and the
// admin screens, each of which is a permission (role_permissions). The one place that names them;
// the server's route guards, the renderer's screen needs, the form and list definitions
// (permission.categoryId) and the seed rows use these numbers. Their ids are stable because URLs,
// permissions and stored rows refer to them. The seed rows (seeds/platform.ts, seeds/incentive.ts)
// carry the rest of each category (URL, audience, order); tests/unit/categories.test.ts and
// `npm run schemas:check` hold the definitions and seeds to this list.

/** Each category: its number and its name as shown (categories.category_name). */
export const CATEGORIES = {
  // Content categories (kind content)
  NOTICES: { id: 1, name: 'お知らせ' },
  FAQ: { id: 2, name: 'FAQ' },
  APPLICATION_FORMS: { id: 3, name: '申請フォーム' },
  PROPOSALS: { id: 4, name: '提案書' },
  MANUALS: { id: 5, name: 'マニュアル' },
  SKILUP: { id: 6, name: 'スキルアップ' },
  EVENTS: { id: 7, name: 'イベント' },
  TORANOMAKI: { id: 8, name: '虎の巻' },
  // Features (kind feature) and the administrators' notices
  ONE_STOP_GUIDE: { id: 9, name: 'ワンストップガイド' },
  BUSINESS_SUPPORT: { id: 10, name: '営業支援' },
  INCENTIVE: { id: 11, name: 'インセンティブ' },
  ADMIN_NOTICES: { id: 12, name: '管理者お知らせ' },
  APPLICATIONS_AGENT: { id: 13, name: '申請管理' },
  APPLICATIONS_PROVIDER: { id: 14, name: '申請管理（プロバイダー）' },
  LOGIN_POPUP: { id: 15, name: 'ログインポップアップ' },
  // Admin screens (kind admin): the buttons of the admin top
  ADMIN_TOP: { id: 100, name: '管理者TOP' },
  SEGMENTS: { id: 101, name: 'AGセグメント登録' },
  USERS: { id: 102, name: 'AGユーザーメンテナンス' },
  NOTICE_REG: { id: 103, name: 'お知らせ登録' },
  GLOBAL_NAVI: { id: 104, name: 'グローバルナビ管理' },
  ICON_MENU: { id: 105, name: 'アイコンメニュー管理' },
  LOGIN_POPUP_MGT: { id: 106, name: 'ログインポップアップ管理' },
  BANNERS: { id: 107, name: 'バナー登録' },
  FAQ_REG: { id: 108, name: 'FAQ登録' },
  APPLICATION_FORM_REG: { id: 109, name: '申請フォーム登録' },
  PROPOSAL_REG: { id: 110, name: '提案書登録' },
  MANUAL_REG: { id: 111, name: 'マニュアル登録' },
  SKILUP_REG: { id: 112, name: 'スキルアップ登録' },
  EVENT_REG: { id: 113, name: 'イベント登録' },
  EVENT_ENTRY_DL: { id: 114, name: 'イベント申込ダウンロード' },
  ONE_STOP_GUIDE_MGT: { id: 115, name: 'ワンストップガイドTOP管理' },
  ADMIN_NOTICE_REG: { id: 116, name: '管理者お知らせ登録' },
  CUSTOMER_SEARCH: { id: 117, name: '登録企業検索' },
  MAIL_ERRORS: { id: 118, name: '送信エラーメール' },
  INCENTIVE_IMPORT: { id: 131, name: 'インセンティブ実績取込' },
  // External links and anything without a category of its own
  OTHER: { id: 999, name: 'その他' },
} as const;

export type CategoryKey = keyof typeof CATEGORIES;

/** The number of each category by name: `CATEGORY.SEGMENTS` is 101. */
export const CATEGORY = Object.fromEntries(Object.entries(CATEGORIES).map(([key, c]) => [key, c.id])) as {
  readonly [K in CategoryKey]: (typeof CATEGORIES)[K]['id'];
};

export type CategoryId = (typeof CATEGORY)[CategoryKey];

/** Every category number. */
export const CATEGORY_IDS: readonly CategoryId[] = Object.values(CATEGORY);

const nameById = new Map<number, string>(Object.values(CATEGORIES).map((c) => [c.id, c.name]));

export function isCategoryId(id: number): id is CategoryId {
  return nameById.has(id);
}

/** The category's name as shown, or undefined for an unknown number. */
export function categoryName(id: number): string | undefined {
  return nameById.get(id);
}
