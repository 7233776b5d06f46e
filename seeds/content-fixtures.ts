// Contents of the demo data with a known title and a purpose: targeted to one agent or to the
// segment 首都圏代理店, scheduled, out of period, the content with every kind of attachment,
// the skill-up video, the administrator announcements and the login popups. The tests and the
// demo walkthrough find them by title (FIXTURE_TITLES).
import type { SeedFileSet } from './demo-files';
import type { ContentSpec } from './contents';
import { nth } from './seed-utils';

export const FIXTURE_TITLES = {
  segmentOnly: '【首都圏代理店様限定】年末商戦 販促キャンペーンのご案内',
  sakuraOnly: '【株式会社さくら文具様】2027年度 特別取引条件のご案内',
  minatoOnly: '【有限会社みなと事務機様】納品スケジュール個別のご案内',
  scheduled: '【予告】2027年4月出荷分より コピー用紙の価格改定について',
  expired: '2026年 夏季休業期間中の配送について',
  catalog: '2027年春 新商品カタログ公開のお知らせ',
  video: '新人営業研修 第1回「オフィス用品業界の基礎知識」',
  adminNotice: '【管理者様へ】AGユーザー棚卸しのお願い',
  adminNoticeSegment: '【首都圏代理店 管理者様】販促物の配布枠について',
  popupAll: '年末年始の営業日と受注締切のお知らせ',
  popupAdmins: '【管理者様へ】ポータル利用規約改定のご確認',
  popupSakura: '【重要】個人情報の取扱いに関する同意のお願い',
  popupExpired: '秋の新商品フェア開催のお知らせ',
} as const;

const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('');
const ul = (...items: string[]) => `<ul>${items.map((x) => `<li>${x}</li>`).join('')}</ul>`;

export function demoFixtures(files: SeedFileSet): ContentSpec[] {
  const { docs, images, video } = files;
  const T = FIXTURE_TITLES;
  return [
    {
      category: 1,
      sub: 'キャンペーン',
      title: T.segmentOnly,
      start: -2,
      end: 40,
      target: { segment: '首都圏代理店' },
      body:
        p('首都圏代理店の皆さまへ、年末商戦向けの販促キャンペーンをご案内いたします。') +
        ul(
          '対象期間：12月1日〜12月27日受注分',
          '対象商品：コピー用紙・トナー・ファイル類',
          '特典：まとめ買い10ケース以上で5%値引き',
        ) +
        p('詳細は添付の要項をご確認ください。'),
      files: [{ name: '首都圏限定キャンペーン要項.pdf', file: docs.campaign }],
      tags: ['キャンペーン'],
    },
    {
      category: 1,
      sub: '重要なお知らせ',
      title: T.sakuraOnly,
      start: -5,
      important: { from: -5, to: 25 },
      target: { agents: ['A0000001'] },
      body: p(
        '株式会社さくら文具様',
        '2027年度の特別取引条件をご案内いたします。内容をご確認のうえ、ご不明点は担当営業までお問い合わせください。',
      ),
      files: [{ name: '特別取引条件書_さくら文具様.pdf', file: docs.contract }],
    },
    {
      category: 1,
      sub: '配送・物流',
      title: T.minatoOnly,
      start: -3,
      target: { agents: ['A0000002'] },
      body: p(
        '有限会社みなと事務機様',
        '年末の納品スケジュールを個別にご案内いたします。倉庫の棚卸し日（12月28日）は出荷を停止いたします。',
      ),
      files: [{ name: '納品スケジュール_みなと事務機様.pdf', file: docs.delivery }],
    },
    {
      category: 1,
      sub: '価格改定',
      title: T.scheduled,
      start: 10,
      important: { from: 10, to: 60 },
      body:
        p('原材料価格および物流費の高騰により、2027年4月出荷分よりコピー用紙の価格を改定いたします。') +
        ul('対象：コピー用紙 全品（A3・A4・B4・B5）', '改定率：平均8%', '適用：2027年4月1日出荷分より'),
      files: [{ name: '価格改定のご案内（コピー用紙）.pdf', file: docs.priceRevision }],
      tags: ['価格改定'],
    },
    {
      category: 1,
      sub: '配送・物流',
      title: T.expired,
      start: -140,
      end: -90,
      body: p('夏季休業期間中（8月13日〜8月16日）は受注・出荷業務を休止いたします。'),
      tags: ['配送'],
    },
    {
      category: 1,
      sub: '商品情報',
      title: T.catalog,
      start: -1,
      important: { from: -1, to: 13 },
      body:
        p('2027年春の新商品カタログを公開しました。環境配慮型の再生素材製品を中心に、120点の新商品を掲載しています。') +
        ul('カタログ（PDF）', '新商品価格表（PDF）', '注文書テンプレート（CSV）') +
        p('ご注文は受発注システム、または注文書テンプレートをご利用ください。'),
      files: [
        { name: '2027年春_新商品カタログ.pdf', file: docs.catalog },
        { name: '新商品価格表（2027年春）.pdf', file: docs.priceList },
        { name: '注文書テンプレート.csv', file: docs.orderSheet },
      ],
      images: [
        { name: 'カタログ表紙.png', file: nth(images, 0), exp: 'カタログの表紙' },
        { name: '新商品イメージ.png', file: nth(images, 1), exp: '再生素材シリーズ' },
      ],
      links: [
        { url: 'https://catalog.example.jp/2027spring/', caption: 'Webカタログ（2027年春）' },
        { url: '/faq', caption: 'ご注文に関するFAQ' },
        { url: 'https://www.example.jp/sustainability/', caption: '環境への取り組み' },
      ],
      tags: ['新商品', '環境配慮', '商品知識'],
    },
    {
      category: 6,
      sub: '基礎研修',
      title: T.video,
      start: -30,
      newDays: 45,
      body: p(
        'オフィス用品業界の市場規模、流通の仕組み、主要な商品カテゴリを学びます（約6分）。',
        '視聴後は「視聴完了」にチェックしてください。',
      ),
      videos: [{ name: '新人研修_第1回.webm', file: video, exp: '第1回 オフィス用品業界の基礎知識' }],
      files: [{ name: '新人研修テキスト_第1回.pdf', file: docs.training }],
      tags: ['研修', '新人向け'],
    },
    {
      category: 12,
      sub: '運用',
      title: T.adminNotice,
      start: -4,
      important: { from: -4, to: 26 },
      body: p(
        '管理者の皆さまへ',
        '年末に向けて、退職・異動されたユーザーの削除をお願いいたします。AGユーザーメンテナンス画面から操作できます。',
      ),
    },
    {
      category: 12,
      sub: '重要',
      title: T.adminNoticeSegment,
      start: -6,
      target: { segment: '首都圏代理店' },
      body: p('首都圏代理店の管理者様へ、来期の販促物配布枠をご案内いたします。'),
    },
    {
      category: 12,
      sub: '運用',
      title: 'パスワードポリシー変更のお知らせ',
      start: -40,
      body: p('セキュリティ強化のため、パスワードは14文字以上、英大文字・英小文字・数字・記号を含めてご設定ください。'),
    },
    {
      category: 12,
      sub: '運用',
      title: '【終了】上期 代理店アンケートご協力のお願い',
      start: -200,
      end: -150,
      body: p('上期アンケートへのご協力ありがとうございました。'),
    },
    {
      category: 15,
      title: T.popupAll,
      start: -7,
      end: 45,
      popup: { pattern: '1', dispTarget: '1' },
      body:
        p('年末年始の営業日と受注締切をお知らせします。') +
        ul('年内最終受注：12月27日 15:00', '年始営業開始：1月5日', '期間中のお問い合わせはメールにて承ります'),
      links: [{ url: '/news', caption: 'お知らせ一覧' }],
    },
    {
      category: 15,
      title: T.popupAdmins,
      start: -3,
      end: 30,
      popup: { pattern: '2', dispTarget: '2' },
      body: p(
        '代理店ポータルの利用規約を改定しました。管理者様は内容をご確認のうえ、「確認しました」にチェックしてください。',
      ),
      files: [{ name: 'ポータル利用規約（2026年12月改定）.pdf', file: docs.terms }],
    },
    {
      category: 15,
      title: T.popupSakura,
      start: -2,
      end: 60,
      popup: { pattern: '2', dispTarget: '1' },
      target: { agents: ['A0000001'] },
      body: p(
        'お取引先様情報の取扱いについて、同意内容を更新しました。ご確認のうえ「確認しました」にチェックしてください。',
      ),
    },
    {
      category: 15,
      title: T.popupExpired,
      start: -60,
      end: -20,
      popup: { pattern: '1', dispTarget: '1' },
      body: p('秋の新商品フェアは終了しました。'),
    },
  ];
}
