// Demo data of the incentive screen (issue 12): the target systems, monthly figures of the two
// incentive agents (A0000001 growing and ahead of target, A0000002 shrinking and behind it, one
// month of net returns) from January three years back through last month (and this year's later
// months with their targets only), the floating panel's rows derived from them (every reported
// month), the two scheme explanations (manual contents) the screen links to, and the admin
// category of the figures import. Deterministic for a given today.
import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema';
import { yearMonthOf } from '../api/clock';
import { refreshFloating } from '../api/resources/incentive/repository';
import { CATEGORY, categoryName } from '../schemas/categories';
import { nth } from './seed-utils';

export const TARGET_SYSTEMS = [
  { target_system: '01', system_name: 'Web受発注システム', display_order: 1 },
  { target_system: '02', system_name: 'EDI連携（基幹システム）', display_order: 2 },
];

// Monthly shape of office-supplies sales: fiscal year-end in March, a summer dip, December rush.
const SEASON = [0.92, 0.98, 1.24, 1.1, 0.96, 1.0, 0.98, 0.84, 1.02, 1.04, 1.0, 1.12];

interface Profile {
  daihyoCode: string;
  system: string;
  /** Monthly sales three years back, yen. */
  base: number;
  /** Year-on-year growth. */
  growth: number;
  /** Target: the same month a year earlier times this. */
  targetRate: number;
  ids: number;
  idGrowth: number;
}

const PROFILES: Profile[] = [
  { daihyoCode: 'A0000001', system: '01', base: 8_400_000, growth: 0.07, targetRate: 1.075, ids: 168, idGrowth: 0.06 },
  { daihyoCode: 'A0000001', system: '02', base: 3_100_000, growth: 0.03, targetRate: 1.05, ids: 36, idGrowth: 0.03 },
  { daihyoCode: 'A0000002', system: '01', base: 2_600_000, growth: -0.06, targetRate: 1.03, ids: 58, idGrowth: -0.08 },
  { daihyoCode: 'A0000002', system: '02', base: 900_000, growth: -0.04, targetRate: 1.02, ids: 14, idGrowth: -0.07 },
];

/** A small deterministic wobble (±range) per profile and month. */
function wobble(key: string, range: number): number {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return ((h % 2001) / 1000 - 1) * range;
}

const round = (v: number, unit: number) => Math.round(v / unit) * unit;

/** Reported months through `last`, then the months of `planYear` ahead with their target only. */
function figuresOf(p: Profile, fromYear: number, last: { year: number; month: number }, planYear: number) {
  const rows = [];
  for (let y = fromYear; y <= planYear; y++) {
    for (let m = 1; m <= 12; m++) {
      const planned = y > last.year || (y === last.year && m > last.month);
      const years = y - fromYear + (m - 1) / 12;
      const trend = Math.pow(1 + p.growth, years);
      const key = `${p.daihyoCode}${p.system}${y}${m}`;
      let sales = round(p.base * trend * nth(SEASON, m - 1) * (1 + wobble(key, 0.025)), 1000);
      // One month of net returns (a large order sent back) early this year: a negative month on
      // the screen that only deepens A0000002's shortfall.
      if (p.daihyoCode === 'A0000002' && p.system === '02' && y === last.year && m === 2 && last.month >= 2)
        sales = -186_000;
      const lastYearTrend = Math.pow(1 + p.growth, years - 1);
      const target = y === fromYear ? null : round(p.base * lastYearTrend * nth(SEASON, m - 1) * p.targetRate, 10_000);
      const activeIds = Math.max(
        0,
        Math.round(p.ids * Math.pow(1 + p.idGrowth, years) * (1 + wobble(`${key}id`, 0.02))),
      );
      if (planned)
        rows.push({
          daihyo_code: p.daihyoCode,
          target_system: p.system,
          figure_year: y,
          figure_month: m,
          sales: null,
          target,
          active_ids: 0,
          updated_by: '0000000005',
        });
      else
        rows.push({
          daihyo_code: p.daihyoCode,
          target_system: p.system,
          figure_year: y,
          figure_month: m,
          sales,
          target,
          active_ids: activeIds,
          updated_by: '0000000005',
        });
    }
  }
  return rows;
}

const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('');

export async function seedIncentive(db: Kysely<Database>, today: string): Promise<void> {
  const { year, month } = yearMonthOf(today);
  const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  await db.insertInto('incentive_target_systems').values(TARGET_SYSTEMS).execute();
  const rows = PROFILES.flatMap((pr) => figuresOf(pr, year - 3, last, year));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('incentive_monthly_figures')
      .values(rows.slice(i, i + 200))
      .execute();
  const at = new Date(`${today}T00:00:00+09:00`);
  for (const code of new Set(PROFILES.map((pr) => pr.daihyoCode))) await refreshFloating(db, code, at);

  // The two scheme explanations: manual contents the screen links to.
  const sub = await db
    .selectFrom('sub_categories')
    .select('sub_category_id')
    .where('category_id', '=', 5)
    .where('sub_category_name', '=', '業務手順')
    .executeTakeFirst();
  const start = new Date(at.getTime() - 400 * 86_400_000).toISOString().slice(0, 10);
  const updated = new Date(at.getTime() - 60 * 86_400_000).toISOString().slice(0, 10);
  const explain = [
    {
      title: '販売奨励金制度のご案内',
      body: p(
        '販売奨励金は、対象システム経由のご注文金額（売上実績）が前年同月を上回った代理店さまにお支払いする制度です。',
        '対象期間は1月から12月までの暦年で、毎月の売上実績を前年同月と比較した増加額の累計（累計増加額）と、月ごとに設定した目標に対する進捗状況をインセンティブ画面でご確認いただけます。',
        '奨励金額は上期（1月〜6月）・下期（7月〜12月）ごとに確定し、翌々月末にお支払いします。返品が多い月は売上実績がマイナスとなる場合があります。',
      ),
    },
    {
      title: '代理店表彰制度のご案内',
      body: p(
        '代理店表彰は、8月から翌年7月までの年度を通じて売上を伸ばし、ご利用いただくお客さま（稼働ID）を増やした代理店さまを表彰する制度です。',
        '評価は年度累計の売上増加額と、前年同月と比べた稼働ID数の増加の累計で行います。毎年9月の代理店会議で表彰いたします。',
      ),
    },
  ];
  const ids: number[] = [];
  for (const e of explain) {
    const row = await db
      .insertInto('contents')
      .values({
        category_id: 5,
        sub_category_id: sub?.sub_category_id ?? null,
        title: e.title,
        body_html: e.body,
        keisai_start: start,
        keisai_end: '9999-12-31',
        last_update: updated,
      })
      .returning('content_id')
      .executeTakeFirstOrThrow();
    ids.push(row.content_id);
  }
  await db
    .insertInto('incentive_settings')
    .values({
      settings_id: 1,
      shorei_link_url: `/with-ag/contents/categoryId/5/contentsId/${ids[0]}`,
      hyosho_link_url: `/with-ag/contents/categoryId/5/contentsId/${ids[1]}`,
      jisseki_file_name: 'インセンティブ実績.csv',
    })
    .execute();

  // The figures import: an admin button for provider staff (roles 01 and 02; the audience keeps agents out).
  await db
    .insertInto('categories')
    .values({
      category_id: CATEGORY.INCENTIVE_IMPORT,
      category_name: categoryName(CATEGORY.INCENTIVE_IMPORT)!,
      category_url: '/incentive-jisseki-torikomi',
      system_category_name: 'incentive-import',
      kind: 'admin',
      audience: 'provider',
      display_order: CATEGORY.INCENTIVE_IMPORT,
    })
    .execute();
  const roles = await db.selectFrom('roles').select('role_id').execute();
  await db
    .insertInto('role_permissions')
    .values(
      roles.map((r) => ({
        role_id: r.role_id,
        category_id: CATEGORY.INCENTIVE_IMPORT,
        parmition_flg: r.role_id === '03' ? ('0' as const) : ('1' as const),
      })),
    )
    .execute();
}
