// Demo registered companies: a few fixed ones the walkthrough and the tests search for, and a
// modest generated register (seeds/company-generator.ts), imported as a nightly batch would
// (three days ago, 06:00 Tokyo) through the same write as `npm run companies:import`.
import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema';
import type { ImportedCompany } from '../schemas/rules/company-import';
import { analyzeCompanies, operatorCaller, replaceCompanies } from '../api/companies/store';
import { generateCompanies } from './company-generator';
import { addDays } from './seed-utils';

export const DEMO_COMPANY_COUNT = 400;

const FIXED: Omit<ImportedCompany, 'line'>[] = [
  {
    companyCode: 'K0000001',
    companyName: '株式会社丸の内ステーショナリー',
    postalCode: '100-0005',
    prefecture: '東京都',
    address: '千代田区丸の内1丁目9-1 丸の内センタービル12F',
  },
  {
    companyCode: 'K0000002',
    companyName: 'ｻｸﾗﾃﾞﾝｷ株式会社',
    postalCode: '530-0001',
    prefecture: '大阪府',
    address: '大阪市北区梅田3丁目1-3',
  },
  {
    companyCode: 'K0000003',
    companyName: '有限会社 丸の内印刷',
    postalCode: '460-0002',
    prefecture: '愛知県',
    address: '名古屋市中区丸の内2丁目1-36',
  },
  {
    companyCode: 'K0000004',
    companyName: '合同会社ＡＢＣオフィス',
    postalCode: '812-0011',
    prefecture: '福岡県',
    address: '福岡市博多区博多駅前2丁目1-1',
  },
  {
    companyCode: 'K0000005',
    companyName: '株式会社札幌丸の内商事',
    postalCode: '060-0001',
    prefecture: '北海道',
    address: '札幌市中央区北一条西4丁目2-2',
  },
];

export async function seedCompanies(db: Kysely<Database>, today: string): Promise<void> {
  const rows: ImportedCompany[] = [
    ...FIXED.map((c, i) => ({ ...c, line: i + 2 })),
    ...generateCompanies(DEMO_COMPANY_COUNT - FIXED.length, 20261124, 1),
  ];
  // 06:00 Tokyo is 21:00 UTC of the day before.
  const at = new Date(`${addDays(today, -4)}T21:00:00Z`);
  await replaceCompanies(db, rows, { fileName: '登録企業一覧.csv', caller: operatorCaller('batch'), at });
  await analyzeCompanies(db);
}
