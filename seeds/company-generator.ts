// Registered companies for the demo data and the benchmark: plausible Japanese company names
// (legal form before or after a name made of a word and a trade) in real cities of the 47
// prefectures, weighted roughly by where businesses are. Deterministic: the same seed gives the
// same companies. Postal codes are left empty (a made-up one would look real and be wrong).
import type { ImportedCompany } from '../schemas/rules/company-import';
import { COMPANY_COLUMNS } from '../schemas/rules/company-import';
import { csvFile } from '../api/files/csv-writer';
import { nth, random } from './seed-utils';

/** Prefecture, a few of its cities (wards for the big ones), and its weight. */
const PLACES: ReadonlyArray<readonly [string, readonly string[], number]> = [
  ['北海道', ['札幌市中央区', '札幌市北区', '旭川市', '函館市', '帯広市', '釧路市'], 4],
  ['青森県', ['青森市', '八戸市', '弘前市'], 1],
  ['岩手県', ['盛岡市', '一関市', '奥州市'], 1],
  ['宮城県', ['仙台市青葉区', '仙台市宮城野区', '石巻市', '名取市'], 2],
  ['秋田県', ['秋田市', '横手市', '大仙市'], 1],
  ['山形県', ['山形市', '鶴岡市', '酒田市'], 1],
  ['福島県', ['福島市', '郡山市', 'いわき市', '会津若松市'], 1],
  ['茨城県', ['水戸市', 'つくば市', '日立市', '土浦市'], 2],
  ['栃木県', ['宇都宮市', '小山市', '足利市'], 1],
  ['群馬県', ['前橋市', '高崎市', '太田市'], 1],
  ['埼玉県', ['さいたま市大宮区', 'さいたま市浦和区', '川越市', '川口市', '所沢市', '越谷市'], 4],
  ['千葉県', ['千葉市中央区', '船橋市', '松戸市', '柏市', '市川市'], 3],
  [
    '東京都',
    [
      '千代田区',
      '中央区',
      '港区',
      '新宿区',
      '渋谷区',
      '品川区',
      '台東区',
      '江東区',
      '豊島区',
      '大田区',
      '世田谷区',
      '八王子市',
      '立川市',
      '府中市',
    ],
    16,
  ],
  [
    '神奈川県',
    ['横浜市西区', '横浜市中区', '横浜市港北区', '川崎市川崎区', '川崎市中原区', '相模原市中央区', '藤沢市', '厚木市'],
    6,
  ],
  ['新潟県', ['新潟市中央区', '長岡市', '上越市'], 1],
  ['富山県', ['富山市', '高岡市'], 1],
  ['石川県', ['金沢市', '白山市', '小松市'], 1],
  ['福井県', ['福井市', '坂井市'], 1],
  ['山梨県', ['甲府市', '富士吉田市'], 1],
  ['長野県', ['長野市', '松本市', '上田市'], 1],
  ['岐阜県', ['岐阜市', '大垣市', '多治見市'], 1],
  ['静岡県', ['静岡市葵区', '浜松市中央区', '沼津市', '富士市'], 3],
  ['愛知県', ['名古屋市中区', '名古屋市中村区', '名古屋市東区', '豊田市', '岡崎市', '一宮市', '豊橋市'], 6],
  ['三重県', ['津市', '四日市市', '鈴鹿市'], 1],
  ['滋賀県', ['大津市', '草津市', '彦根市'], 1],
  ['京都府', ['京都市中京区', '京都市下京区', '宇治市', '福知山市'], 2],
  [
    '大阪府',
    ['大阪市北区', '大阪市中央区', '大阪市西区', '大阪市淀川区', '堺市堺区', '東大阪市', '豊中市', '吹田市'],
    8,
  ],
  ['兵庫県', ['神戸市中央区', '神戸市東灘区', '姫路市', '尼崎市', '西宮市'], 4],
  ['奈良県', ['奈良市', '橿原市'], 1],
  ['和歌山県', ['和歌山市', '田辺市'], 1],
  ['鳥取県', ['鳥取市', '米子市'], 1],
  ['島根県', ['松江市', '出雲市'], 1],
  ['岡山県', ['岡山市北区', '倉敷市', '津山市'], 1],
  ['広島県', ['広島市中区', '広島市南区', '福山市', '呉市'], 2],
  ['山口県', ['山口市', '下関市', '周南市'], 1],
  ['徳島県', ['徳島市', '阿南市'], 1],
  ['香川県', ['高松市', '丸亀市'], 1],
  ['愛媛県', ['松山市', '今治市', '新居浜市'], 1],
  ['高知県', ['高知市', '南国市'], 1],
  ['福岡県', ['福岡市博多区', '福岡市中央区', '北九州市小倉北区', '久留米市'], 4],
  ['佐賀県', ['佐賀市', '唐津市'], 1],
  ['長崎県', ['長崎市', '佐世保市'], 1],
  ['熊本県', ['熊本市中央区', '八代市'], 1],
  ['大分県', ['大分市', '別府市'], 1],
  ['宮崎県', ['宮崎市', '都城市'], 1],
  ['鹿児島県', ['鹿児島市', '霧島市'], 1],
  ['沖縄県', ['那覇市', '浦添市', '沖縄市'], 1],
];

const WORDS = [
  'さくら',
  'みなと',
  'ひかり',
  'あおば',
  'わかば',
  'ふたば',
  '青葉',
  '若葉',
  '日の出',
  '富士',
  '東海',
  '北斗',
  '大和',
  '旭',
  '光',
  '中央',
  '三和',
  '丸八',
  '山田',
  '田中',
  '鈴木',
  '高橋',
  '松本',
  '井上',
  '栄',
  '昭和',
  '協和',
  '共栄',
  '太陽',
  '朝日',
  '緑',
  '白鳥',
  '寿',
  '福徳',
  '銀河',
  '東洋',
  '日本',
  '関東',
  '関西',
  '九州',
  '北陸',
  '瀬戸内',
  '湘南',
  'アオイ',
  'ミドリ',
  'エース',
  'サンライズ',
  'グローバル',
  'ネクスト',
  'ライフ',
  'テクノ',
  'フューチャー',
  'アルファ',
  'スマイル',
  'ハーモニー',
  'オーシャン',
  'クローバー',
] as const;
const TRADES = [
  '文具',
  '事務機',
  '商事',
  '産業',
  '工業',
  '建設',
  '物産',
  '電機',
  '印刷',
  '運輸',
  '不動産',
  '食品',
  '製作所',
  '工務店',
  'システム',
  'ソリューションズ',
  '薬局',
  '設計',
  '商会',
  'オフィスサービス',
  '紙工',
  '化成',
  '精機',
  '技研',
  'ホールディングス',
  '興業',
  '電設',
  '通商',
  '物流',
  'サービス',
  'エンジニアリング',
  'ビジネスサポート',
] as const;
const TOWNS = [
  '本町',
  '中央',
  '栄町',
  '緑町',
  '旭町',
  '幸町',
  '新町',
  '元町',
  '錦',
  '大手町',
  '駅前',
  '東町',
  '西町',
  '南町',
  '北町',
  '桜町',
  '松原',
  '若松町',
  '平和町',
  '港町',
] as const;
const BUILDINGS = ['ビル', 'センタービル', 'スクエア', 'タワー', '第一ビル', '第二ビル'] as const;

/** A legal form placed as people write it: 株式会社 before or after the name, or another form. */
function companyName(r: ReturnType<typeof random>): string {
  const core =
    r.next() < 0.15 ? `${r.pick(WORDS)}${r.pick(WORDS)}${r.pick(TRADES)}` : `${r.pick(WORDS)}${r.pick(TRADES)}`;
  const form = r.next();
  if (form < 0.45) return `株式会社${core}`;
  if (form < 0.85) return `${core}株式会社`;
  if (form < 0.93) return `有限会社${core}`;
  if (form < 0.98) return `合同会社${core}`;
  return `${core}協同組合`;
}

function address(r: ReturnType<typeof random>, city: string): string {
  const block = `${r.pick(TOWNS)}${r.int(1, 5)}丁目${r.int(1, 30)}-${r.int(1, 25)}`;
  if (r.next() < 0.35) return `${city}${block} ${r.pick(WORDS)}${r.pick(BUILDINGS)}${r.int(1, 12)}F`;
  return `${city}${block}`;
}

/** `count` companies, codes C0000001… from `firstNumber`. */
export function generateCompanies(count: number, seed = 20261124, firstNumber = 1): ImportedCompany[] {
  const r = random(seed);
  const total = PLACES.reduce((sum, [, , w]) => sum + w, 0);
  const out: ImportedCompany[] = [];
  for (let i = 0; i < count; i++) {
    let at = r.next() * total;
    let place = nth(PLACES, 0);
    for (const p of PLACES) {
      at -= p[2];
      if (at < 0) {
        place = p;
        break;
      }
    }
    const [prefecture, cities] = place;
    out.push({
      line: i + 2,
      companyCode: `C${String(firstNumber + i).padStart(7, '0')}`,
      companyName: companyName(r),
      postalCode: '',
      prefecture,
      address: address(r, r.pick(cities)),
    });
  }
  return out;
}

/** The companies as an import file (what `npm run companies:import` reads). */
export function companiesCsv(companies: readonly ImportedCompany[]): Buffer {
  return csvFile([
    [...COMPANY_COLUMNS],
    ...companies.map((c) => [c.companyCode, c.companyName, c.postalCode, c.prefecture, c.address]),
  ]);
}
