// The bulk of the demo contents: realistic notices, FAQ, forms, proposals, manuals, skill-up
// videos, events and sales tips of an office-supplies supplier, spread over the year before
// "today" (newest first), with a share scheduled in the future and a share out of period.
import type { SeedFileSet } from './demo-files';
import type { ContentSpec } from './contents';
import { addDays, cycle, nth, random } from './seed-utils';

const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('');
const ul = (...items: string[]) => `<ul>${items.map((x) => `<li>${x}</li>`).join('')}</ul>`;
const strong = (x: string) => `<strong>${x}</strong>`;

const products = [
  'コピー用紙',
  'トナーカートリッジ',
  'ファイル・バインダー',
  'オフィスチェア',
  '封筒・伝票類',
  '筆記具',
  '付箋・メモ用品',
  'シュレッダー',
  '収納家具',
  '梱包資材',
  '感熱ロール紙',
  '除菌・衛生用品',
];
const newItems = [
  'エコノミーコピー用紙A4 5000枚',
  '静音ホッチキス ミニ',
  '抗菌デスクマット L',
  '再生PPクリアファイル A4 100枚パック',
  '電動昇降スタンディングデスク 1200',
  'ワイヤレステンキー 静音タイプ',
  'ゲルインクボールペン 0.5mm 10本組',
  '植物由来プラスチック リングバインダー',
  'A4 二つ折り書類ケース',
  '業務用 除菌ウェットシート 300枚',
  'USB-C 充電式 電動鉛筆削り',
  '吸音パーティション 1200',
  'メッシュバックチェア エルゴ',
  '窓付き封筒 長3 1000枚',
  '感熱ロール紙 58mm 20巻',
  '再生紙 付箋 75×75 10冊',
  'マグネット式 ホワイトボード 900',
  '個人情報保護スタンプ ローラー式',
];
const regions = ['北海道', '東北', '関東', '中部', '近畿', '中国・四国', '九州・沖縄'];
const seasons = ['新年度', '春の', '初夏の', '夏の', '秋の', '年末'];

const md = (iso: string) => {
  const [, m, d] = iso.split('-').map(Number);
  return { m, d };
};

/** Posting start offsets for n items, newest first over about a year, a few scheduled ahead. */
function offsets(n: number, seed: number, span = 330): number[] {
  const r = random(seed);
  return Array.from({ length: n }, (_, i) => (i % 12 === 7 ? r.int(3, 40) : -Math.round((i * span) / n) - r.int(0, 2)));
}

function news(files: SeedFileSet): ContentSpec[] {
  const r = random(101);
  const base = '2026-01-01';
  const out: ContentSpec[] = [];
  const starts = offsets(104, 1);
  starts.forEach((start, i) => {
    const kind = i % 8;
    const when = md(addDays(base, ((start % 365) + 365) % 365));
    const product = products[i % products.length];
    const item = newItems[i % newItems.length];
    const expired = i % 9 === 4 && start < -40;
    const end = expired ? start + 30 : undefined;
    switch (kind) {
      case 0:
        out.push({
          category: 1,
          sub: '配送・物流',
          title: `${when.m}月の配送スケジュールについて（${regions[i % regions.length]}地区）`,
          start,
          end,
          body:
            p(
              `${regions[i % regions.length]}地区の${when.m}月の配送スケジュールをお知らせします。`,
              '祝日の前日は当日出荷の締切時刻が14:00に早まります。',
            ) + ul('通常配送：受注翌営業日お届け', '大型家具：受注から5営業日', '離島・一部地域：別途ご案内'),
          files: [{ name: `配送スケジュール表_${when.m}月.pdf`, file: files.docs.delivery }],
          tags: ['配送'],
        });
        break;
      case 1:
        out.push({
          category: 1,
          sub: '価格改定',
          title: `${product}の価格改定のお知らせ（${when.m}月${when.d}日受注分より）`,
          start,
          end,
          important: i % 3 === 0 ? { from: start, to: start + 14 } : undefined,
          body:
            p(
              `原材料費および物流費の上昇に伴い、${product}の一部商品について価格を改定いたします。`,
              `改定後の価格は${when.m}月${when.d}日受注分より適用となります。`,
            ) + ul('改定率：3%〜12%（商品により異なります）', '対象商品一覧は添付資料をご確認ください'),
          files: [{ name: `価格改定のご案内（${product}）.pdf`, file: files.docs.priceRevision }],
          tags: ['価格改定'],
        });
        break;
      case 2:
        out.push({
          category: 1,
          sub: '商品情報',
          title: `新商品「${item}」発売のお知らせ`,
          start,
          end,
          newDays: 21,
          body:
            p(
              `新商品「${item}」を発売いたします。`,
              'オフィスの使いやすさと環境配慮を両立したシリーズです。ぜひお客様へのご提案にご活用ください。',
            ) + ul(`商品名：${item}`, '発売日：掲載日より受注開始', '希望小売価格：価格表をご確認ください'),
          images: [{ name: '商品イメージ.png', file: cycle(files.images, i), exp: item }],
          files: i % 2 === 0 ? [{ name: '新商品価格表.pdf', file: files.docs.priceList }] : undefined,
          tags: ['新商品', '商品知識', ...(i % 4 === 2 ? ['環境配慮'] : [])],
        });
        break;
      case 3:
        out.push({
          category: 1,
          sub: '配送・物流',
          title: `${regions[(i + 3) % regions.length]}地区における配送遅延について（${when.m}/${when.d}）`,
          start,
          end: end ?? start + 45,
          body: p(
            `悪天候の影響により、${regions[(i + 3) % regions.length]}地区の一部で配送に遅れが生じております。`,
            'お客様にはご迷惑をおかけしますが、何卒ご理解のほどお願い申し上げます。',
          ),
          tags: ['配送'],
        });
        break;
      case 4:
        out.push({
          category: 1,
          sub: 'システム',
          title: `受発注システム 定期メンテナンスのお知らせ（${when.m}月${when.d}日 20:00〜翌6:00）`,
          start,
          end: start + 20,
          body: p(
            '受発注システムの定期メンテナンスを実施いたします。',
            'メンテナンス中は受発注システムおよび請求書Web閲覧がご利用いただけません。代理店ポータルはご利用いただけます。',
          ),
          tags: ['受発注システム'],
        });
        break;
      case 5:
        out.push({
          category: 1,
          sub: 'キャンペーン',
          title: `${seasons[i % seasons.length]}まとめ買いキャンペーンのご案内（${when.m}月）`,
          start,
          end: start + 35,
          body:
            p('対象商品のまとめ買いで特別価格をご提供いたします。') +
            ul(
              '対象：コピー用紙・トナー・ファイル類',
              `期間：${when.m}月1日〜末日受注分`,
              '10ケース以上で5%、20ケース以上で8%値引き',
            ),
          files: [{ name: 'キャンペーン要項.pdf', file: files.docs.campaign }],
          tags: ['キャンペーン'],
        });
        break;
      case 6:
        out.push({
          category: 1,
          sub: '商品情報',
          title: `「${item}」入荷遅延のお知らせ`,
          start,
          end: end ?? start + 30,
          body: p(
            `「${item}」はメーカーの生産調整により入荷が遅れております。`,
            `次回入荷は${when.m}月下旬の見込みです。代替品のご案内は担当営業までお問い合わせください。`,
          ),
          tags: ['在庫・欠品'],
        });
        break;
      default:
        out.push({
          category: 1,
          sub: i % 2 ? '重要なお知らせ' : 'システム',
          title:
            i % 2
              ? `受注締切時刻の変更について（${when.m}月${when.d}日より）`
              : `請求書Web閲覧サービス 機能追加のお知らせ（${when.m}月）`,
          start,
          end,
          important: i % 2 ? { from: start, to: start + 10 } : undefined,
          body:
            i % 2
              ? p(`${when.m}月${when.d}日受注分より、当日出荷の締切時刻を15:00から14:30に変更いたします。`)
              : p('請求書Web閲覧サービスに、請求明細のCSVダウンロード機能を追加しました。'),
          links: i % 2 ? undefined : [{ url: '/manual', caption: '操作マニュアル' }],
          tags: i % 2 ? ['ご注文'] : ['受発注システム', '請求書'],
        });
    }
    if (r.next() < 0.04 && !nth(out, -1).target) nth(out, -1).target = { segment: '首都圏代理店' };
  });
  return out;
}

const faqItems: Array<[string, string, string, string[]]> = [
  [
    'ご注文',
    'Q. 当日出荷の受注締切は何時ですか？',
    '平日15:00までのご注文は当日出荷いたします（一部地域・大型商品を除く）。',
    ['ご注文', '配送'],
  ],
  [
    'ご注文',
    'Q. 最低発注金額はありますか？',
    '1回のご注文につき税抜3,000円以上でお受けしております。未満の場合は配送料500円を頂戴します。',
    ['ご注文'],
  ],
  [
    'ご注文',
    'Q. FAXでの注文はできますか？',
    'はい、注文書テンプレートをご利用のうえ受注センターへFAXしてください。受発注システムからのご注文を推奨しております。',
    ['ご注文', '受発注システム'],
  ],
  [
    'ご注文',
    'Q. 注文内容の変更・キャンセルはいつまでできますか？',
    '出荷指示前（当日14:00まで）であれば受発注システムから変更・キャンセルが可能です。',
    ['ご注文'],
  ],
  [
    'ご注文',
    'Q. お客様へ直送できますか？',
    '直送依頼書をご提出いただくことで、エンドユーザー様へ直接お届けできます。',
    ['ご注文', '配送'],
  ],
  [
    'ご注文',
    'Q. 名入れ・特注品の納期はどのくらいですか？',
    '校了後おおむね10営業日です。数量により変動しますので担当営業へご確認ください。',
    ['ご注文'],
  ],
  [
    '請求・お支払い',
    'Q. 請求書の再発行はできますか？',
    '請求書Web閲覧サービスから過去24か月分を再出力できます。紙の再発行は経理部へご依頼ください。',
    ['請求書'],
  ],
  [
    '請求・お支払い',
    'Q. 締日と支払日を教えてください。',
    '毎月末日締め、翌月末日お支払いです。ご契約により異なる場合があります。',
    ['請求書'],
  ],
  [
    '請求・お支払い',
    'Q. インボイス制度の登録番号はどこで確認できますか？',
    '請求書右上および代理店ポータルのヘッダーに表示しています。',
    ['請求書'],
  ],
  [
    '請求・お支払い',
    'Q. 支払方法を口座振替に変更したい。',
    '口座振替依頼書をご提出ください。翌々月のお支払いから切り替わります。',
    ['請求書', '申請書'],
  ],
  [
    '請求・お支払い',
    'Q. 請求金額が注文金額と異なります。',
    '返品・値引きの相殺や配送料が含まれている場合があります。請求明細をご確認のうえ、ご不明点は経理部へお問い合わせください。',
    ['請求書'],
  ],
  [
    '返品・交換',
    'Q. 返品は受け付けていますか？',
    '未開封品に限り、納品後7日以内にご連絡いただければ返品を承ります。',
    ['返品・交換'],
  ],
  [
    '返品・交換',
    'Q. 不良品が届いた場合はどうすればよいですか？',
    '写真を添えて返品・交換申請書をご提出ください。代替品を優先して出荷いたします。',
    ['返品・交換', '申請書'],
  ],
  [
    '返品・交換',
    'Q. 返品時の送料は誰が負担しますか？',
    '当社都合（誤出荷・不良）の場合は当社負担、お客様都合の場合はご負担をお願いしております。',
    ['返品・交換'],
  ],
  [
    '返品・交換',
    'Q. 名入れ品の返品はできますか？',
    '名入れ・特注品は不良の場合を除き返品をお受けできません。',
    ['返品・交換'],
  ],
  [
    '配送',
    'Q. 配送状況を確認できますか？',
    '受発注システムの「出荷状況」から、送り状番号と配送状況を確認できます。',
    ['配送', '受発注システム'],
  ],
  [
    '配送',
    'Q. 時間指定はできますか？',
    '午前・14-16時・16-18時・18-20時の指定が可能です（一部地域を除く）。',
    ['配送'],
  ],
  [
    '配送',
    'Q. 土日祝日の配送はありますか？',
    '土曜日は一部地域のみ配送しております。日曜・祝日は配送を行っておりません。',
    ['配送'],
  ],
  [
    '配送',
    'Q. 大型家具の搬入・組立は依頼できますか？',
    '有償にて搬入・組立・梱包材回収を承ります。見積依頼書でお申し込みください。',
    ['配送'],
  ],
  [
    'システム操作',
    'Q. 代理店ポータルのパスワードを忘れました。',
    'ログイン画面の「パスワードをお忘れの方」から再設定用のメールを送信できます。',
    [],
  ],
  [
    'システム操作',
    'Q. セキュリティコードのメールが届きません。',
    '迷惑メールフォルダをご確認ください。届かない場合は管理者様にメールアドレスの登録内容をご確認いただいてください。',
    [],
  ],
  ['システム操作', 'Q. ユーザーを追加したい。', '代理店の管理者様がAGユーザーメンテナンス画面から追加できます。', []],
  [
    'システム操作',
    'Q. お気に入りに登録したページはどこで見られますか？',
    'ポータルトップの「お気に入り」に表示されます。5件を超える分は「もっと見る」から表示できます。',
    [],
  ],
  [
    'システム操作',
    'Q. 受発注システムで過去の注文を再注文できますか？',
    '注文履歴から「再注文」ボタンで同じ内容をカートに追加できます。',
    ['受発注システム'],
  ],
];

function faq(): ContentSpec[] {
  const out: ContentSpec[] = faqItems.map(([sub, title, answer, tags], i) => ({
    category: 2,
    sub,
    title,
    start: -20 - i * 11,
    newDays: 7,
    body: p(`${strong('A.')} ${answer}`),
    tags,
  }));
  products.forEach((product, i) => {
    out.push({
      category: 2,
      sub: 'ご注文',
      title: `Q. ${product}の標準納期を教えてください。`,
      start: -8 - i * 17,
      body: p(`${strong('A.')} ${product}は在庫品であれば受注翌営業日にお届けします。取り寄せ品は3〜5営業日です。`),
      tags: ['ご注文', '商品知識'],
    });
  });
  nth(out, 3).start = 6; // one FAQ scheduled
  return out;
}

const formItems: Array<[string, string, boolean]> = [
  ['受発注', '販促物発注申請書', false],
  ['受発注', '見積依頼書', true],
  ['受発注', '特価申請書', false],
  ['受発注', '直送依頼書', true],
  ['受発注', '定期配送申込書', true],
  ['受発注', 'サンプル請求書', false],
  ['取引先・契約', '新規取引先登録申請書', false],
  ['取引先・契約', '与信枠変更申請書', false],
  ['取引先・契約', '代表者変更届', false],
  ['取引先・契約', '所在地変更届', false],
  ['取引先・契約', '保守契約申込書', false],
  ['経理・請求', '口座振替依頼書', false],
  ['経理・請求', '請求書送付先変更届', false],
  ['経理・請求', '納品書再発行依頼書', false],
  ['経理・請求', '返品・交換申請書', false],
  ['販促', '協賛金申請書', false],
  ['販促', 'カタログ請求書', true],
  ['販促', '名刺発注申請書', false],
  ['販促', '販促什器貸出申請書', false],
  ['販促', '展示会出展申請書', false],
];

function forms(files: SeedFileSet): ContentSpec[] {
  return formItems.map(([sub, name, csv], i) => ({
    category: 3,
    sub,
    title: name,
    start: -15 - i * 14,
    body:
      p(`${name}の様式です。必要事項をご記入のうえ、担当営業または受注センターへご提出ください。`) +
      ul('記入例は2ページ目をご覧ください', '押印は不要です（電子提出可）'),
    files: [
      { name: `${name}.pdf`, file: files.docs.form },
      ...(csv ? [{ name: `${name}_入力用.csv`, file: files.docs.orderSheet }] : []),
    ],
    tags: ['申請書'],
  }));
}

const industries: Array<[string, string | null]> = [
  ['医療機関', '医療・介護'],
  ['介護施設', '医療・介護'],
  ['学校・教育機関', '教育機関'],
  ['学習塾', '教育機関'],
  ['官公庁・自治体', '官公庁'],
  ['製造業', null],
  ['士業事務所', null],
  ['IT企業', '働き方改革'],
];
const themes = [
  'オフィス環境改善',
  '消耗品コスト削減',
  'フリーアドレス導入',
  '感染症対策用品',
  'BCP備蓄品',
  'ペーパーレス化',
];

function proposals(files: SeedFileSet): ContentSpec[] {
  const out: ContentSpec[] = [];
  let i = 0;
  for (const [industry, tag] of industries) {
    for (const theme of themes.slice(i % 3, (i % 3) + 4)) {
      out.push({
        category: 4,
        sub: '業種別提案',
        title: `${industry}向け ${theme}のご提案`,
        start: i % 11 === 5 ? 4 + i : -10 - i * 9,
        body:
          p(
            `${industry}のお客様向けに、${theme}をテーマとした提案書テンプレートです。`,
            '課題のヒアリング項目、導入効果の試算、推奨商品の構成を含みます。',
          ) + ul('提案書（PDF）', '導入事例イメージ'),
        files: [{ name: `${industry}向け_${theme}提案書.pdf`, file: files.docs.proposal }],
        images:
          i % 2 === 0
            ? [{ name: '導入イメージ.png', file: cycle(files.images, i), exp: `${theme}の導入イメージ` }]
            : undefined,
        tags: ['提案書', ...(tag ? [tag] : []), ...(theme === '消耗品コスト削減' ? ['コスト削減'] : [])],
      });
      i++;
    }
  }
  ['年度末の備品入れ替え', '新入社員向けスターターセット', '夏季の熱中症対策', '年末の大掃除用品'].forEach((theme, n) =>
    out.push({
      category: 4,
      sub: '季節提案',
      title: `季節提案：${theme}`,
      start: -25 - n * 60,
      body: p(`${theme}の時期に合わせた提案書です。`),
      files: [{ name: `季節提案_${theme}.pdf`, file: files.docs.proposal }],
      tags: ['提案書'],
    }),
  );
  return out;
}

const manualItems: Array<[string, string]> = [
  ['システム操作', '受発注システム 操作マニュアル（ログイン・基本操作）'],
  ['システム操作', '受発注システム 操作マニュアル（注文・再注文）'],
  ['システム操作', '受発注システム 操作マニュアル（出荷状況の確認）'],
  ['システム操作', '受発注システム 操作マニュアル（返品申請）'],
  ['システム操作', '請求書Web閲覧サービス 操作ガイド'],
  ['システム操作', '代理店ポータル 利用ガイド'],
  ['システム操作', 'AGユーザーメンテナンス 操作手順（管理者向け）'],
  ['システム操作', '見積作成ツール 操作マニュアル'],
  ['業務手順', '受注から出荷までの業務フロー'],
  ['業務手順', '返品・交換 受付手順書'],
  ['業務手順', '新規取引先登録の手順'],
  ['業務手順', '与信管理の基本ルール'],
  ['業務手順', '請求照合の手順'],
  ['業務手順', '直送手配の手順'],
  ['業務手順', '名入れ・特注品の発注手順'],
  ['業務手順', '大型家具の搬入手配手順'],
  ['商品知識', 'コピー用紙の種類と選び方'],
  ['商品知識', 'トナー・インクの互換品と純正品'],
  ['商品知識', 'オフィスチェアの機能と提案ポイント'],
  ['商品知識', 'シュレッダーのセキュリティレベル'],
  ['商品知識', '収納家具の耐荷重と設置基準'],
  ['商品知識', '環境配慮型商品（グリーン購入法適合品）一覧'],
  ['商品知識', '梱包資材の規格早見表'],
  ['商品知識', '除菌・衛生用品の成分と用途'],
  ['商品知識', '感熱紙の保存性と取扱い'],
  ['商品知識', 'ホワイトボードの種類とメンテナンス'],
];

function manuals(files: SeedFileSet): ContentSpec[] {
  return manualItems.map(([sub, title], i) => ({
    category: 5,
    sub,
    title,
    start: i === 6 ? 8 : -12 - i * 12,
    body: p(`${title}です。最新版を掲載しています。`, '改訂履歴は最終ページをご確認ください。'),
    files: [
      { name: `${title.replace(/[（）\s]/g, '_')}.pdf`, file: files.docs.manual },
      ...(i % 5 === 0 ? [{ name: '改訂履歴.pdf', file: files.docs.form }] : []),
    ],
    links: sub === 'システム操作' ? [{ url: 'https://order.example.jp/', caption: '受発注システムを開く' }] : undefined,
    tags: ['マニュアル', ...(sub === 'システム操作' ? ['受発注システム'] : sub === '商品知識' ? ['商品知識'] : [])],
  }));
}

const trainingTopics = [
  '商品カテゴリの全体像',
  '受発注システムの使い方',
  '見積書の作り方',
  'お客様訪問の準備',
  'ヒアリングの基本',
  '提案書の組み立て方',
  '価格交渉の考え方',
  'クレーム対応の基本',
  '与信と債権管理',
  '年間の販促カレンダー',
];
const skills = [
  'ヒアリング力を高める質問術',
  'オンライン商談のコツ',
  'クロスセルの進め方',
  '大口案件の進め方',
  '既存顧客の深耕',
];

function skilup(files: SeedFileSet): ContentSpec[] {
  const out: ContentSpec[] = [];
  trainingTopics.slice(1).forEach((topic, i) =>
    out.push({
      category: 6,
      sub: '基礎研修',
      title: `新人営業研修 第${i + 2}回「${topic}」`,
      start: -30 + (i + 1) * 3 > -3 ? -3 - i : -30 + (i + 1) * 3,
      newDays: 30,
      body: p(`新人営業研修の第${i + 2}回です。${topic}を学びます。`, '視聴後は「視聴完了」にチェックしてください。'),
      videos: [{ name: `新人研修_第${i + 2}回.webm`, file: files.video, exp: `第${i + 2}回 ${topic}` }],
      files: i % 3 === 0 ? [{ name: `新人研修テキスト_第${i + 2}回.pdf`, file: files.docs.training }] : undefined,
      tags: ['研修', '新人向け'],
    }),
  );
  newItems.slice(0, 10).forEach((item, i) =>
    out.push({
      category: 6,
      sub: '商品研修',
      title: `商品研修：${item}の特長と提案ポイント`,
      start: i === 4 ? 12 : -40 - i * 15,
      body: p(`${item}の特長、競合品との違い、提案のポイントを解説します。`),
      videos:
        i % 3 === 0
          ? [
              { name: `${item}_前編.webm`, file: files.video, exp: '前編：特長' },
              { name: `${item}_後編.webm`, file: files.video, exp: '後編：提案ポイント' },
              { name: `${item}_事例.webm`, file: files.video, exp: '導入事例' },
            ]
          : [{ name: `${item}.webm`, file: files.video, exp: '商品研修' }],
      tags: ['研修', '商品知識'],
    }),
  );
  skills.forEach((skill, i) =>
    out.push({
      category: 6,
      sub: '営業スキル',
      title: `営業スキル研修：${skill}`,
      start: -70 - i * 20,
      body: p(`${skill}について、トップセールスの実例を交えて解説します。`),
      videos: [{ name: `営業スキル_${i + 1}.webm`, file: files.video, exp: skill }],
      tags: ['研修'],
    }),
  );
  return out;
}

const cities = ['東京', '大阪', '名古屋', '福岡', '札幌', '仙台', '広島'];

function events(files: SeedFileSet): ContentSpec[] {
  const out: ContentSpec[] = [];
  for (let i = 0; i < 16; i++) {
    const city = cities[i % cities.length];
    const kind = i % 3;
    const start = i < 10 ? -5 - i * 6 : -120 - i * 5;
    const title =
      kind === 0
        ? `新商品説明会（${city}会場）のご案内`
        : kind === 1
          ? `オフィス環境EXPO ${city} 出展のご案内`
          : `オンラインセミナー「${skills[i % skills.length]}」`;
    out.push({
      category: 7,
      sub: kind === 0 ? '説明会' : kind === 1 ? '展示会' : 'セミナー',
      title: `${title}（第${i + 1}回）`,
      start,
      end: i < 10 ? start + 60 : start + 30,
      body:
        p(`${title}を開催いたします。`, 'お申し込みはイベント一覧の申込ボタンからお願いいたします。') +
        ul(
          `会場：${kind === 2 ? 'オンライン（Zoom）' : `${city}市内 会場は申込後にご案内`}`,
          '参加費：無料',
          '定員：各回50名',
        ),
      files: [{ name: `イベント案内_${city}.pdf`, file: files.docs.event }],
      images: [{ name: '会場イメージ.png', file: cycle(files.images, i + 2), exp: '会場イメージ' }],
      tags: ['イベント'],
    });
  }
  return out;
}

const tips = [
  '初回訪問で信頼を得る',
  '見積は3案で出す',
  '決裁者を早く知る',
  '消耗品は定期便で守る',
  '家具案件は図面から',
  '年度末予算を読む',
  '競合比較表の作り方',
  '紹介を生む納品後フォロー',
  '値引きに頼らない提案',
  '総務部門との付き合い方',
  '入札案件の基本',
  'リピート率を上げる',
];

function toranomaki(): ContentSpec[] {
  return tips.map((tip, i) => ({
    category: 8,
    sub: i % 3 === 2 ? '商談事例' : '営業ノウハウ',
    title: `営業虎の巻 その${i + 1}：${tip}`,
    start: -14 - i * 21,
    body:
      p(`${tip}ためのポイントをまとめました。`) +
      ul('ポイント1：事前準備', 'ポイント2：お客様の言葉で話す', 'ポイント3：次の約束をして帰る'),
    tags: ['研修'],
  }));
}

export function generatedContents(files: SeedFileSet): ContentSpec[] {
  const all = [
    ...news(files),
    ...faq(),
    ...forms(files),
    ...proposals(files),
    ...manuals(files),
    ...skilup(files),
    ...events(files),
    ...toranomaki(),
  ];
  // A few agent-specific items besides the fixtures, so both demo agents see something of their own.
  nth(all, 20).target = { agents: ['A0000001', 'A0000006'] };
  nth(all, 33).target = { agents: ['A0000002'] };
  return all;
}
