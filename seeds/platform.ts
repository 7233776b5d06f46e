// Demo data for the platform: agents, roles, categories, permissions, demo accounts,
// segments, the default global navigation and a few notifications.
import type { Kysely } from 'kysely';
import type { Database, Audience, CategoryKind } from '../api/db/schema';
import { categoryRow } from '../schemas/categories';
import { nth } from './seed-utils';

export interface DemoAccount {
  loginId: string;
  password: string;
  who: string;
}

/** The demo accounts of docs/decisions.md section 11 (printed at start-up and listed in README). */
export const demoAccounts: DemoAccount[] = [
  { loginId: 'demo-provider', password: 'Provider#Demo2026', who: 'provider administrator (isAdmin and isProvider)' },
  { loginId: 'demo-agadmin', password: 'Agadmin#Demo2026', who: 'agent administrator of A0000001' },
  { loginId: 'demo-agent', password: 'Agent#Demo20261', who: 'agent user of A0000001' },
  { loginId: 'demo-agent2', password: 'Agent2#Demo2026', who: 'agent user of A0000002' },
  { loginId: 'demo-staff', password: 'Staff#Demo202611', who: 'supplier staff (isProvider)' },
];

const agents = [
  { ag_code: 'P0000001', ag_name: 'オフィスサプライ株式会社', invoice_no: 'T1010001000001', daihyo_code: 'P0000001' },
  {
    ag_code: 'A0000001',
    ag_name: '株式会社さくら文具',
    invoice_no: 'T2010401012345',
    daihyo_code: 'A0000001',
    is_incentive_entry: true,
  },
  {
    ag_code: 'A0000002',
    ag_name: '有限会社みなと事務機',
    invoice_no: 'T3020002023456',
    daihyo_code: 'A0000002',
    is_incentive_entry: true,
  },
  { ag_code: 'A0000003', ag_name: '北斗オフィス販売株式会社', invoice_no: 'T4430001034567', daihyo_code: 'A0000003' },
  { ag_code: 'A0000004', ag_name: '株式会社なにわ商会', invoice_no: 'T5120001045678', daihyo_code: 'A0000004' },
  {
    ag_code: 'A0000005',
    ag_name: '九州ビジネスサプライ株式会社',
    invoice_no: 'T6290001056789',
    daihyo_code: 'A0000005',
  },
  {
    ag_code: 'A0000006',
    ag_name: '株式会社さくら文具 横浜営業所',
    invoice_no: 'T2010401012345',
    daihyo_code: 'A0000001',
    itakumoto_ag_code: 'A0000001',
    saiitaku_flg: true,
  },
];

const roles = [
  { role_id: '01', role_name: '管理者', display_order: 1 },
  { role_id: '02', role_name: '一般', display_order: 2 },
  { role_id: '03', role_name: '閲覧のみ', display_order: 3 },
];

interface CategorySeed {
  id: number;
  name: string;
  url: string;
  system: string;
  kind: CategoryKind;
  audience?: Audience;
  parent?: number;
  search?: boolean;
  detailPath?: string;
  order: number;
}

// Content categories are also the site-search categories; admin categories are the buttons of
// the admin top. Their numbers and names are schemas/categories.ts.
export const categories: CategorySeed[] = [
  { ...categoryRow('NOTICES'), url: '/news', system: 'notices', kind: 'content', search: true, order: 1 },
  { ...categoryRow('FAQ'), url: '/faq', system: 'faq', kind: 'content', search: true, order: 2 },
  {
    ...categoryRow('APPLICATION_FORMS'),
    url: '/application-form',
    system: 'applications',
    kind: 'content',
    search: true,
    order: 3,
  },
  { ...categoryRow('PROPOSALS'), url: '/proposal', system: 'proposals', kind: 'content', search: true, order: 4 },
  { ...categoryRow('MANUALS'), url: '/manual', system: 'manuals', kind: 'content', search: true, order: 5 },
  { ...categoryRow('SKILUP'), url: '/skilup-video-list', system: 'skilup', kind: 'content', search: true, order: 6 },
  {
    ...categoryRow('EVENTS'),
    url: '/skilup-event-list',
    system: 'events',
    kind: 'content',
    search: true,
    detailPath: 'skilup-event-detail',
    order: 7,
  },
  {
    ...categoryRow('TORANOMAKI'),
    url: '/skilup-toranomaki',
    system: 'toranomaki',
    kind: 'content',
    search: true,
    order: 8,
  },
  { ...categoryRow('ONE_STOP_GUIDE'), url: '/one-stop-gide', system: 'one-stop-guide', kind: 'feature', order: 9 },
  { ...categoryRow('BUSINESS_SUPPORT'), url: '', system: 'business-support', kind: 'feature', order: 10 },
  {
    ...categoryRow('INCENTIVE'),
    url: '/incentive',
    system: 'incentive',
    kind: 'feature',
    audience: 'agent',
    order: 11,
  },
  { ...categoryRow('ADMIN_NOTICES'), url: '', system: 'admin-notices', kind: 'content', order: 12 },
  {
    ...categoryRow('APPLICATIONS_AGENT'),
    url: '/shinsei-kanri-ag',
    system: 'application-mgt-agent',
    kind: 'feature',
    audience: 'agent',
    order: 13,
  },
  {
    ...categoryRow('APPLICATIONS_PROVIDER'),
    url: '/shinsei-kanri-provider',
    system: 'application-mgt-provider',
    kind: 'feature',
    audience: 'provider',
    order: 14,
  },
  { ...categoryRow('LOGIN_POPUP'), url: '', system: 'login-popup', kind: 'feature', order: 15 },
  {
    ...categoryRow('ADMIN_TOP'),
    url: '/kanrisya-top',
    system: 'admin-top',
    kind: 'admin',
    audience: 'admin_or_provider',
    order: 100,
  },
  // Segments target contents for every agent: provider staff only (docs/decisions.md section 3).
  {
    ...categoryRow('SEGMENTS'),
    url: '/agsegment-reg',
    system: 'ag-segment-reg',
    kind: 'admin',
    audience: 'provider',
    order: 101,
  },
  {
    ...categoryRow('USERS'),
    url: '/aguser-maintenance',
    system: 'ag-user-reg',
    kind: 'admin',
    audience: 'admin_or_provider',
    order: 102,
  },
  {
    ...categoryRow('NOTICE_REG'),
    url: '/notification-reg?categoryId=1',
    system: 'notice-reg',
    kind: 'admin',
    audience: 'provider',
    order: 103,
  },
  {
    ...categoryRow('GLOBAL_NAVI'),
    url: '/glovalnavi-kanri-list',
    system: 'global-navi',
    kind: 'admin',
    audience: 'provider',
    order: 104,
  },
  {
    ...categoryRow('ICON_MENU'),
    url: '/iconmenu-kanri-list',
    system: 'icon-menu',
    kind: 'admin',
    audience: 'provider',
    order: 105,
  },
  {
    ...categoryRow('LOGIN_POPUP_MGT'),
    url: '/login-popup-list',
    system: 'login-popup-mgt',
    kind: 'admin',
    audience: 'provider',
    order: 106,
  },
  {
    ...categoryRow('BANNERS'),
    url: '/banner-touroku-list',
    system: 'banners',
    kind: 'admin',
    audience: 'provider',
    order: 107,
  },
  {
    ...categoryRow('FAQ_REG'),
    url: '/notification-reg?categoryId=2',
    system: 'faq-reg',
    kind: 'admin',
    audience: 'provider',
    order: 108,
  },
  {
    ...categoryRow('APPLICATION_FORM_REG'),
    url: '/notification-reg?categoryId=3',
    system: 'application-form-reg',
    kind: 'admin',
    audience: 'provider',
    order: 109,
  },
  {
    ...categoryRow('PROPOSAL_REG'),
    url: '/notification-reg?categoryId=4',
    system: 'proposal-reg',
    kind: 'admin',
    audience: 'provider',
    order: 110,
  },
  {
    ...categoryRow('MANUAL_REG'),
    url: '/notification-reg?categoryId=5',
    system: 'manual-reg',
    kind: 'admin',
    audience: 'provider',
    order: 111,
  },
  {
    ...categoryRow('SKILUP_REG'),
    url: '/skilup-touroku?categoryId=6',
    system: 'skilup-reg',
    kind: 'admin',
    audience: 'provider_admin',
    order: 112,
  },
  {
    ...categoryRow('EVENT_REG'),
    url: '/event-touroku?categoryId=7',
    system: 'event-reg',
    kind: 'admin',
    audience: 'provider',
    order: 113,
  },
  {
    ...categoryRow('EVENT_ENTRY_DL'),
    url: '/event-entry-dl',
    system: 'event-entry-dl',
    kind: 'admin',
    audience: 'provider',
    order: 114,
  },
  {
    ...categoryRow('ONE_STOP_GUIDE_MGT'),
    url: '/one-stop-gide_kanri',
    system: 'one-stop-guide-mgt',
    kind: 'admin',
    audience: 'provider_admin',
    order: 115,
  },
  {
    ...categoryRow('ADMIN_NOTICE_REG'),
    url: '/kanrisya-notification-reg?categoryId=12',
    system: 'admin-notice-reg',
    kind: 'admin',
    audience: 'provider_admin',
    order: 116,
  },
  {
    ...categoryRow('CUSTOMER_SEARCH'),
    url: '/customer-serch',
    system: 'customer-search',
    kind: 'admin',
    audience: 'provider_admin',
    order: 117,
  },
  // Mails that failed every try (api/mail/failed-mail-routes.ts); migration 0022 adds it to existing databases.
  {
    ...categoryRow('MAIL_ERRORS'),
    url: '/mail-error-list',
    system: 'mail-error-list',
    kind: 'admin',
    audience: 'provider_admin',
    order: 118,
  },
  // The audit trail (api/resources/audit/routes.ts, docs/audit.md); migration 0024 adds it to existing databases.
  {
    ...categoryRow('KANRI_AUDIT'),
    url: '/kanri-audit',
    system: 'kanri-audit',
    kind: 'admin',
    audience: 'provider_admin',
    order: 120,
  },
  // Administrators' insight (api/resources/insight, docs/insight.md); migration 0026 adds it to existing databases.
  {
    ...categoryRow('KANRI_INSIGHT'),
    url: '/kanri-insight',
    system: 'kanri-insight',
    kind: 'admin',
    audience: 'provider_admin',
    order: 119,
  },
  { ...categoryRow('OTHER'), url: '', system: 'other', kind: 'other', order: 999 },
];

// Role 01 (管理者) may use everything its audience allows; 02 (一般) the agent-facing areas;
// 03 (閲覧のみ) reading areas only.
function roleAllows(roleId: string, c: CategorySeed): boolean {
  if (roleId === '01') return true;
  if (c.kind === 'admin') return false;
  if (roleId === '02') return true;
  return c.kind === 'content' || c.id === 9;
}

export async function seedPlatform(db: Kysely<Database>, hash: (password: string) => Promise<string>): Promise<void> {
  await db.insertInto('agents').values(agents).execute();
  await db.insertInto('roles').values(roles).execute();
  await db
    .insertInto('categories')
    .values(
      categories.map((c) => ({
        category_id: c.id,
        category_name: c.name,
        category_url: c.url,
        parent_id: c.parent ?? null,
        system_category_name: c.system,
        kind: c.kind,
        audience: c.audience ?? 'everyone',
        detail_path: c.detailPath ?? 'contents',
        is_search_category: c.search ?? false,
        display_order: c.order,
      })),
    )
    .execute();
  await db
    .insertInto('role_permissions')
    .values(
      roles.flatMap((r) =>
        categories.map((c) => ({
          role_id: r.role_id,
          category_id: c.id,
          parmition_flg: roleAllows(r.role_id, c) ? ('1' as const) : ('0' as const),
        })),
      ),
    )
    .execute();

  const [provider, agadmin, agent, agent2, staff] = [
    nth(demoAccounts, 0),
    nth(demoAccounts, 1),
    nth(demoAccounts, 2),
    nth(demoAccounts, 3),
    nth(demoAccounts, 4),
  ];
  const users = [
    {
      user_id: '0000000001',
      login_id: provider.loginId,
      password: provider.password,
      ag_code: 'P0000001',
      email: 'demo-provider@portal.example.jp',
      user_name: '高橋 美咲',
      company_name: 'オフィスサプライ株式会社',
      section_name: '代理店支援部',
      role_id: '01',
      is_admin: true,
      is_provider: true,
    },
    {
      user_id: '0000000002',
      login_id: agadmin.loginId,
      password: agadmin.password,
      ag_code: 'A0000001',
      email: 'demo-agadmin@portal.example.jp',
      user_name: '佐藤 健一',
      company_name: '株式会社さくら文具',
      section_name: '営業管理部',
      role_id: '01',
      is_admin: true,
      is_provider: false,
    },
    {
      user_id: '0000000003',
      login_id: agent.loginId,
      password: agent.password,
      ag_code: 'A0000001',
      email: 'demo-agent@portal.example.jp',
      user_name: '鈴木 一郎',
      company_name: '株式会社さくら文具',
      section_name: '東京営業課',
      role_id: '02',
      is_admin: false,
      is_provider: false,
    },
    {
      user_id: '0000000004',
      login_id: agent2.loginId,
      password: agent2.password,
      ag_code: 'A0000002',
      email: 'demo-agent2@portal.example.jp',
      user_name: '田中 花子',
      company_name: '有限会社みなと事務機',
      section_name: '営業部',
      role_id: '02',
      is_admin: false,
      is_provider: false,
    },
    {
      user_id: '0000000005',
      login_id: staff.loginId,
      password: staff.password,
      ag_code: 'P0000001',
      email: 'demo-staff@portal.example.jp',
      user_name: '伊藤 翔太',
      company_name: 'オフィスサプライ株式会社',
      section_name: '受注センター',
      role_id: '02',
      is_admin: false,
      is_provider: true,
    },
  ];
  for (const { password, ...u } of users) {
    await db
      .insertInto('users')
      .values({ ...u, password_hash: await hash(password) })
      .execute();
  }

  // A few more users of the agents, so lists have real rows (they cannot sign in: random password).
  const colleagues = [
    ['0000000011', 'A0000001', '山本 直樹', '大阪営業課'],
    ['0000000012', 'A0000001', '中村 優子', '業務課'],
    ['0000000013', 'A0000002', '小林 誠', '営業部'],
    ['0000000014', 'A0000003', '加藤 由美', '札幌営業所'],
    ['0000000015', 'A0000004', '吉田 大輔', '本社営業部'],
    ['0000000016', 'A0000005', '山田 恵', '福岡支店'],
  ] as const;
  const lockedHash = await hash(`unusable-${Math.random()}-Aa1#`);
  for (const [userId, agCode, name, section] of colleagues) {
    const agent = agents.find((a) => a.ag_code === agCode)!;
    await db
      .insertInto('users')
      .values({
        user_id: userId,
        login_id: `user${userId.slice(-2)}-${agCode.toLowerCase()}`,
        ag_code: agCode,
        password_hash: lockedHash,
        email: `user${userId.slice(-2)}@${agCode.toLowerCase()}.example.jp`,
        user_name: name,
        company_name: agent.ag_name,
        section_name: section,
        role_id: '02',
      })
      .execute();
  }

  const segments = [
    { name: '首都圏代理店', members: ['A0000001', 'A0000006'] },
    { name: '関西・九州代理店', members: ['A0000004', 'A0000005'] },
  ];
  for (const s of segments) {
    const { ag_segment_id } = await db
      .insertInto('agent_segments')
      .values({
        ag_segment_name: s.name,
        upload_file_name: 'segment.csv',
        upload_data_cnt: s.members.length,
        last_upload_date: new Date('2026-10-01T10:00:00+09:00'),
      })
      .returning('ag_segment_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('agent_segment_members')
      .values(s.members.map((ag_code) => ({ ag_segment_id, ag_code })))
      .execute();
  }

  // The default global navigation (current list). The display order is unique within the list
  // (spec 001: ERR_0017 per list), numbered as the header draws it: each top item, then its children.
  const { kanri_id } = await db
    .insertInto('global_navi_settings')
    .values({ setting_name: '標準グローバルナビ', target_kbn: '0', reflection_date: '2026-04-01' })
    .returning('kanri_id')
    .executeTakeFirstOrThrow();
  const rows: Array<[number | null, number, string, string, number, boolean?]> = [
    [null, 1, 'お知らせ', '/news', 1],
    [null, 10, '営業支援', '', 2],
    [10, 2, 'FAQ', '/faq', 3],
    [10, 3, '申請フォーム', '/application-form', 4],
    [10, 4, '提案書', '/proposal', 5],
    [10, 5, 'マニュアル', '/manual', 6],
    [null, 6, 'スキルアップ', '/skilup-video-list', 7],
    [6, 8, '虎の巻', '/skilup-toranomaki', 8],
    [6, 7, 'イベント', '/skilup-event-list', 9],
    [null, 9, 'ワンストップガイド', '/one-stop-gide', 10],
    [null, 13, '申請管理', '/shinsei-kanri-ag', 11],
    [null, 14, '申請管理', '/shinsei-kanri-provider', 12], // supplier staff only (audience provider)
    [null, 11, 'インセンティブ', '/incentive', 13, true],
    [null, 999, 'コーポレートサイト', 'https://www.example.jp/', 14, true],
  ];
  await db
    .insertInto('global_navi_rows')
    .values(
      rows.map(([parent, category, name, url, no, tab]) => ({
        kanri_id,
        detail_kbn: '01' as const,
        parent_id: parent,
        category_id: category,
        disp_name: name,
        url,
        disp_no: no,
        is_separate_tab: tab ?? false,
      })),
    )
    .execute();

  await db
    .insertInto('notifications')
    .values([
      { category_id: 1, ag_code: null, user_id: null, title: '年末年始の配送スケジュールについて' },
      { category_id: 1, ag_code: null, user_id: null, title: '2027年春の新商品カタログを公開しました' },
      { category_id: 2, ag_code: null, user_id: null, title: 'FAQ「請求書の再発行」を更新しました' },
      { category_id: 13, ag_code: 'A0000001', user_id: null, title: '申請「販促物発注」が差し戻されました' },
      { category_id: 7, ag_code: null, user_id: null, title: '新商品説明会（12月）の受付を開始しました' },
    ])
    .execute();
}
