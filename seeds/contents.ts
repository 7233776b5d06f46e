// Demo data of the agent portal's contents: a few hundred contents over the content
// categories (お知らせ, FAQ, 申請フォーム, 提案書, マニュアル, スキルアップ, イベント, 虎の巻,
// 管理者お知らせ) with posting periods around "today" (some past, some scheduled, some out of
// period), targeted contents (segment 首都圏代理店, A0000001 only, A0000002 only), documents,
// images and videos, tags and links; banners of kinds 01–05, icon menus (default with a
// scheduled change, and one for A0000001), login popups of both check patterns, and a few favourites and views of the demo agents. Deterministic for a given today.
import type { Insertable, Kysely } from 'kysely';
import type { ContentsTable, Database } from '../api/db/schema';
import type { SeedFile, SeedFileSet } from './demo-files';
import { generatedContents } from './content-catalogue';
import { demoFixtures } from './content-fixtures';
import { addDays, nth } from './seed-utils';
import { CATEGORY } from '../schemas/categories';

export interface ContentSeedOptions {
  /** yyyy-MM-dd (Asia/Tokyo) the posting periods are placed around. */
  today: string;
  files: SeedFileSet;
}

export const NO_END = '9999-12-31';

export interface Attachment {
  name: string;
  file: SeedFile;
  exp?: string;
}

export interface ContentSpec {
  category: number;
  sub?: string;
  title: string;
  body: string;
  /** Posting start, days from today (negative: past). */
  start: number;
  /** Posting end, days from today; undefined: no end (9999-12-31). */
  end?: number;
  /** Important flag with its period in days from today (open ends when undefined). */
  important?: { from?: number; to?: number };
  newDays?: number;
  target?: { segment: string } | { agents: string[] };
  files?: Attachment[];
  images?: Attachment[];
  videos?: Attachment[];
  links?: Array<{ url: string; caption: string }>;
  tags?: string[];
  popup?: { pattern: '1' | '2'; dispTarget: '1' | '2' };
}

export const subCategories: Record<number, string[]> = {
  1: ['重要なお知らせ', '商品情報', '価格改定', '配送・物流', 'システム', 'キャンペーン'],
  2: ['ご注文', '請求・お支払い', '返品・交換', '配送', 'システム操作'],
  3: ['受発注', '取引先・契約', '経理・請求', '販促'],
  4: ['業種別提案', '商品別提案', '季節提案'],
  5: ['システム操作', '業務手順', '商品知識'],
  6: ['基礎研修', '商品研修', '営業スキル'],
  7: ['説明会', '展示会', 'セミナー'],
  8: ['営業ノウハウ', '商談事例'],
  12: ['運用', '重要'],
};

export const tagSeeds: Array<[string, number | null]> = [
  ['配送', 1],
  ['価格改定', 1],
  ['新商品', 1],
  ['キャンペーン', 1],
  ['在庫・欠品', 1],
  ['受発注システム', null],
  ['請求書', 2],
  ['返品・交換', 2],
  ['ご注文', 2],
  ['申請書', 3],
  ['提案書', 4],
  ['コスト削減', 4],
  ['医療・介護', 4],
  ['教育機関', 4],
  ['官公庁', 4],
  ['働き方改革', 4],
  ['マニュアル', 5],
  ['研修', 6],
  ['新人向け', 6],
  ['商品知識', null],
  ['イベント', 7],
  ['環境配慮', null],
];

// The registration form that edits a content of each category (updateFormPath).
const updateFormPaths: Array<[number, string]> = [
  [1, '/notification-reg'],
  [2, '/notification-reg'],
  [3, '/notification-reg'],
  [4, '/notification-reg'],
  [5, '/notification-reg'],
  [6, '/skilup-touroku'],
  [7, '/event-touroku'],
  [8, '/skilup-touroku'],
  [12, '/kanrisya-notification-reg'],
  [15, '/login-popup-reg'],
];

export async function seedContents(db: Kysely<Database>, opts: ContentSeedOptions): Promise<void> {
  const { today, files } = opts;
  const day = (n: number) => addDays(today, n);

  for (const [categoryId, path] of updateFormPaths) {
    await db.updateTable('categories').set({ update_form_path: path }).where('category_id', '=', categoryId).execute();
  }

  const subRows = await db
    .insertInto('sub_categories')
    .values(
      Object.entries(subCategories).flatMap(([category, names]) =>
        names.map((name, i) => ({ category_id: Number(category), sub_category_name: name, display_order: i + 1 })),
      ),
    )
    .returning(['sub_category_id', 'category_id', 'sub_category_name'])
    .execute();
  const subId = (category: number, name: string | undefined) => {
    if (!name) return null;
    const row = subRows.find((r) => r.category_id === category && r.sub_category_name === name);
    if (!row) throw new Error(`seed: no sub-category ${name} in ${category}`);
    return row.sub_category_id;
  };
  const tagRows = await db
    .insertInto('tags')
    .values(tagSeeds.map(([tag_name, category_id], i) => ({ tag_name, category_id, display_order: i + 1 })))
    .returning(['tag_id', 'tag_name'])
    .execute();
  const tagId = new Map(tagRows.map((t) => [t.tag_name, t.tag_id]));
  const segments = await db.selectFrom('agent_segments').select(['ag_segment_id', 'ag_segment_name']).execute();
  const segmentId = (name: string) => {
    const s = segments.find((x) => x.ag_segment_name === name);
    if (!s) throw new Error(`seed: no segment ${name}`);
    return s.ag_segment_id;
  };

  const specs = demoFixtures(files).concat(generatedContents(files));
  const rows: Insertable<ContentsTable>[] = specs.map((s, i) => {
    const start = day(s.start);
    const end = s.end === undefined ? NO_END : day(s.end);
    return {
      category_id: s.category,
      sub_category_id: subId(s.category, s.sub),
      title: s.title,
      body_html: s.body,
      keisai_start: start,
      keisai_end: end,
      jyuyo_flg: !!s.important,
      jyuyo_start: s.important?.from === undefined ? null : day(s.important.from),
      jyuyo_end: s.important?.to === undefined ? null : day(s.important.to),
      new_days: s.newDays ?? 14,
      last_update: s.start > 0 ? today : day(Math.min(0, s.start + (i % 4 === 0 ? 3 : 0))),
      display_target: !s.target ? '0' : 'segment' in s.target ? '1' : '2',
      ag_segment_id: s.target && 'segment' in s.target ? segmentId(s.target.segment) : null,
      created_by: '0000000001',
      updated_by: '0000000001',
    };
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await db
      .insertInto('contents')
      .values(rows.slice(i, i + 200))
      .returning('content_id')
      .execute();
    ids.push(...inserted.map((r) => r.content_id));
  }

  const agents = specs.flatMap((s, i) =>
    s.target && 'agents' in s.target ? s.target.agents.map((ag_code) => ({ content_id: nth(ids, i), ag_code })) : [],
  );
  const links = specs.flatMap((s, i) =>
    (s.links ?? []).map((l, n) => ({ content_id: nth(ids, i), row_no: n + 1, url: l.url, caption: l.caption })),
  );
  const fileRows = specs.flatMap((s, i) =>
    (
      [
        ['file', s.files],
        ['image', s.images],
        ['video', s.videos],
      ] as const
    ).flatMap(([kind, list]) =>
      (list ?? []).map((a, n) => ({
        content_id: nth(ids, i),
        kind,
        row_no: n + 1,
        file_name: a.name,
        stored_key: a.file.key,
        file_size: a.file.bytes.length,
        content_type: a.file.contentType,
        explanation: a.exp ?? '',
      })),
    ),
  );
  const contentTags = specs.flatMap((s, i) =>
    [...new Set(s.tags ?? [])].map((t) => {
      const id = tagId.get(t);
      if (!id) throw new Error(`seed: no tag ${t}`);
      return { content_id: nth(ids, i), tag_id: id };
    }),
  );
  const popups = specs.flatMap((s, i) =>
    s.popup ? [{ content_id: nth(ids, i), check_patern: s.popup.pattern, check_disp_target: s.popup.dispTarget }] : [],
  );
  if (agents.length) await db.insertInto('content_agents').values(agents).execute();
  if (links.length) await db.insertInto('content_links').values(links).execute();
  for (let i = 0; i < fileRows.length; i += 500)
    await db
      .insertInto('content_files')
      .values(fileRows.slice(i, i + 500))
      .execute();
  if (contentTags.length) await db.insertInto('content_tags').values(contentTags).execute();
  if (popups.length) await db.insertInto('login_popups').values(popups).execute();

  await seedBanners(db, files, day);
  await seedIconMenus(db, files, day);
  await seedActivity(db, specs, ids, today);
}

// ---- Banners ------------------------------------------------------------------------------

async function seedBanners(db: Kysely<Database>, files: SeedFileSet, day: (n: number) => string) {
  const b = files.banners;
  const banners: Array<{
    kbn: '01' | '02' | '03' | '04' | '05';
    name: string;
    url: string;
    caption: string;
    file: SeedFile;
    from: number;
    to?: number;
    tab?: boolean;
  }> = [
    {
      kbn: '01',
      name: '2027年春 新商品カタログ公開',
      url: '/news',
      caption: '春の新商品 120点を掲載したカタログを公開しました',
      file: nth(b, 0),
      from: -20,
    },
    {
      kbn: '01',
      name: '年末まとめ買いキャンペーン',
      url: '/news',
      caption: '対象商品のまとめ買いで最大15%OFF（12月27日受注分まで）',
      file: nth(b, 1),
      from: -10,
      to: 37,
    },
    {
      kbn: '01',
      name: 'オフィス環境改善 提案書セット',
      url: '/proposal',
      caption: '業種別の提案書テンプレートを追加しました',
      file: nth(b, 2),
      from: -45,
    },
    {
      kbn: '01',
      name: '新人営業研修 動画公開中',
      url: '/skilup-video-list',
      caption: '全10回の新人研修をいつでも視聴できます',
      file: nth(b, 3),
      from: -60,
    },
    {
      kbn: '01',
      name: '受発注システム 操作ガイド',
      url: '/manual',
      caption: '新しい発注画面の操作方法をまとめました',
      file: nth(b, 4),
      from: -90,
    },
    {
      kbn: '01',
      name: '夏季まとめ買いキャンペーン（終了）',
      url: '/news',
      caption: '夏季キャンペーンは終了しました',
      file: nth(b, 5),
      from: -150,
      to: -90,
    },
    {
      kbn: '01',
      name: '2027年度 価格改定のご案内（予告）',
      url: '/news',
      caption: '2027年4月出荷分より一部商品の価格を改定します',
      file: nth(b, 6),
      from: 10,
    },
    {
      kbn: '02',
      name: 'FAQ よくあるご質問',
      url: '/faq',
      caption: 'ご注文・請求・返品のよくあるご質問',
      file: nth(b, 7),
      from: -200,
    },
    {
      kbn: '02',
      name: '申請フォーム一覧',
      url: '/application-form',
      caption: '各種申請書はこちらから',
      file: nth(b, 8),
      from: -200,
    },
    {
      kbn: '02',
      name: 'お問い合わせ窓口',
      url: 'https://www.example.jp/contact/',
      caption: '代理店サポートデスク 平日9:00〜18:00',
      file: nth(b, 9),
      from: -200,
      tab: true,
    },
    {
      kbn: '03',
      name: 'オフィスサプライ株式会社 コーポレートサイト',
      url: 'https://www.example.jp/',
      caption: '会社情報・ニュースリリース',
      file: nth(b, 10),
      from: -365,
      tab: true,
    },
    {
      kbn: '03',
      name: 'Webカタログ',
      url: 'https://catalog.example.jp/',
      caption: '全商品を検索できるWebカタログ',
      file: nth(b, 11),
      from: -365,
      tab: true,
    },
    {
      kbn: '03',
      name: '環境への取り組み',
      url: 'https://www.example.jp/sustainability/',
      caption: '再生素材製品・回収プログラム',
      file: nth(b, 12),
      from: -365,
      tab: true,
    },
    {
      kbn: '03',
      name: '物流センター稼働状況',
      url: 'https://www.example.jp/logistics/',
      caption: '配送センターの稼働状況をお知らせします',
      file: nth(b, 13),
      from: -365,
      tab: true,
    },
    {
      kbn: '04',
      name: '商品研修（動画）',
      url: '/skilup-video-list',
      caption: '主力商品の特長と提案ポイント',
      file: nth(b, 14),
      from: -120,
    },
    {
      kbn: '04',
      name: '営業スキル研修（動画）',
      url: '/skilup-video-list',
      caption: 'ヒアリングからクロージングまで',
      file: nth(b, 15),
      from: -120,
    },
    {
      kbn: '05',
      name: '営業虎の巻',
      url: '/skilup-toranomaki',
      caption: 'トップセールスのノウハウ集',
      file: nth(b, 16),
      from: -120,
    },
    {
      kbn: '05',
      name: 'マスターへの道 イベント一覧',
      url: '/skilup-event-list',
      caption: '説明会・展示会・セミナー',
      file: nth(b, 17),
      from: -120,
    },
  ];
  await db
    .insertInto('banners')
    .values(
      banners.map((x, i) => ({
        banner_kbn: x.kbn,
        banner_name: x.name,
        banner_url: x.url,
        is_separate_tab: x.tab ?? false,
        caption: x.caption,
        image_file_name: `banner-${String(i + 1).padStart(2, '0')}.png`,
        image_key: x.file.key,
        image_size: x.file.bytes.length,
        image_content_type: x.file.contentType,
        disp_start: day(x.from),
        disp_end: x.to === undefined ? NO_END : day(x.to),
        display_order: i + 1,
      })),
    )
    .execute();
}

// ---- Icon menus ---------------------------------------------------------------------------

// The category an icon links to (its URL is the category's); anything else is その他 (999).
const ICON_CATEGORY_BY_URL: Record<string, number> = {
  '/news': CATEGORY.NOTICES,
  '/faq': CATEGORY.FAQ,
  '/application-form': CATEGORY.APPLICATION_FORMS,
  '/proposal': CATEGORY.PROPOSALS,
  '/manual': CATEGORY.MANUALS,
  '/skilup-video-list': CATEGORY.SKILUP,
  '/skilup-event-list': CATEGORY.EVENTS,
  '/incentive': CATEGORY.INCENTIVE,
  '/shinsei-kanri-ag': CATEGORY.APPLICATIONS_AGENT,
};

async function seedIconMenus(db: Kysely<Database>, files: SeedFileSet, day: (n: number) => string) {
  const icon = (i: number) => nth(files.icons, i);
  type Row = [name: string, url: string, iconNo: number, tab?: boolean];
  const standard: Row[] = [
    ['お知らせ', '/news', 0],
    ['FAQ', '/faq', 1],
    ['申請フォーム', '/application-form', 2],
    ['提案書', '/proposal', 3],
    ['マニュアル', '/manual', 4],
    ['スキルアップ', '/skilup-video-list', 5],
    ['イベント', '/skilup-event-list', 6],
    ['Webカタログ', 'https://catalog.example.jp/', 7, true],
  ];
  const scheduled: Row[] = [
    ...standard.slice(0, 7),
    ['申請管理', '/shinsei-kanri-ag', 8],
    ['Webカタログ', 'https://catalog.example.jp/', 7, true],
  ];
  const sakura: Row[] = [
    ['さくら文具 専用発注', 'https://order.example.jp/a0000001/', 9, true],
    ['お知らせ', '/news', 0],
    ['提案書', '/proposal', 3],
    ['申請フォーム', '/application-form', 2],
    ['FAQ', '/faq', 1],
    ['マニュアル', '/manual', 4],
    ['スキルアップ', '/skilup-video-list', 5],
    ['インセンティブ', '/incentive', 10, true],
  ];
  const settings = [
    {
      setting: {
        setting_name: '標準アイコンメニュー',
        target_kbn: '0' as const,
        target_code: '',
        target_name: '全代理店',
        reflection_date: day(-200),
        scheduled_date: day(14),
      },
      current: standard,
      next: scheduled,
    },
    {
      setting: {
        setting_name: '株式会社さくら文具 専用メニュー',
        target_kbn: '2' as const,
        target_code: 'A0000001',
        target_name: '株式会社さくら文具',
        reflection_date: day(-30),
        scheduled_date: null,
      },
      current: sakura,
      next: [] as Row[],
    },
  ];
  for (const s of settings) {
    const { kanri_id } = await db
      .insertInto('icon_menu_settings')
      .values(s.setting)
      .returning('kanri_id')
      .executeTakeFirstOrThrow();
    const rows = (
      [
        ['01', s.current],
        ['02', s.next],
      ] as const
    ).flatMap(([detail_kbn, list]) =>
      list.map(([menu_name, link_url, n, tab], i) => ({
        kanri_id,
        detail_kbn,
        menu_name,
        link_url,
        is_separate_tab: tab ?? false,
        disp_no: i + 1,
        category_id: ICON_CATEGORY_BY_URL[link_url] ?? CATEGORY.OTHER,
        image_normal_name: `icon-${String(n + 1).padStart(2, '0')}.png`,
        image_normal_key: icon(n).normal.key,
        image_normal_type: 'image/png',
        image_over_name: `icon-${String(n + 1).padStart(2, '0')}-over.png`,
        image_over_key: icon(n).over.key,
        image_over_type: 'image/png',
      })),
    );
    await db.insertInto('icon_menu_rows').values(rows).execute();
  }
}

// ---- Favourites and views of the demo agents -------------------------------------------------

async function seedActivity(db: Kysely<Database>, specs: ContentSpec[], ids: number[], today: string) {
  // Visible to every agent today: targeted to all, in period, a readable category.
  const open = specs
    .map((s, i) => ({ s, id: nth(ids, i) }))
    .filter(
      ({ s }) =>
        !s.target && !s.popup && s.start <= -3 && s.end === undefined && [1, 2, 3, 4, 5, 6].includes(s.category),
    );
  const at = (daysAgo: number, hour: number) =>
    new Date(`${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:15:00+09:00`);
  const favourites = [
    ...open
      .filter((_, i) => i % 23 === 1)
      .slice(0, 7)
      .map(({ id }, i) => ({ user_id: '0000000003', content_id: id, created_at: at(20 - i * 2, 10) })),
    ...open
      .filter((_, i) => i % 31 === 5)
      .slice(0, 3)
      .map(({ id }, i) => ({ user_id: '0000000004', content_id: id, created_at: at(12 - i, 11) })),
  ];
  const views = [
    ...open
      .filter((_, i) => i % 17 === 3)
      .slice(0, 6)
      .map(({ id }, i) => ({
        user_id: '0000000003',
        content_id: id,
        first_viewed_at: at(9 - i, 9),
        last_viewed_at: at(6 - i, 14),
        view_count: 1 + (i % 3),
      })),
    ...open
      .filter((_, i) => i % 19 === 7)
      .slice(0, 4)
      .map(({ id }, i) => ({
        user_id: '0000000004',
        content_id: id,
        first_viewed_at: at(8 - i, 9),
        last_viewed_at: at(5 - i, 15),
        view_count: 1,
      })),
  ];
  if (favourites.length) await db.insertInto('favorites').values(favourites).execute();
  if (views.length) await db.insertInto('content_views').values(views).execute();
}
