// SQL of the incentive screen (spec 002): target systems, settings, monthly figures, the
// handoff tokens of the incentive tab, and the import of monthly figures with the floating
// panel's rows derived in the same transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MonthFigure } from './figures';
import { floatingFigures } from './summary';

export type Db = Kysely<Database>;

export function listTargetSystems(db: Db) {
  return db
    .selectFrom('incentive_target_systems')
    .select(['target_system', 'system_name'])
    .orderBy('display_order')
    .orderBy('target_system')
    .execute();
}

export async function targetSystemExists(db: Db, code: string): Promise<boolean> {
  return !!(await db
    .selectFrom('incentive_target_systems')
    .select('target_system')
    .where('target_system', '=', code)
    .executeTakeFirst());
}

export async function settings(db: Db) {
  const row = await db.selectFrom('incentive_settings').selectAll().where('settings_id', '=', 1).executeTakeFirst();
  return {
    shoreiLinkUrl: row?.shorei_link_url ?? '',
    hyoshoLinkUrl: row?.hyosho_link_url ?? '',
    jissekiFileName: row?.jisseki_file_name ?? 'インセンティブ実績.csv',
  };
}

const toFigure = (r: {
  figure_year: number;
  figure_month: number;
  sales: number | null;
  target: number | null;
  active_ids: number;
}): MonthFigure => ({
  year: r.figure_year,
  month: r.figure_month,
  sales: r.sales === null ? null : Number(r.sales),
  target: r.target === null ? null : Number(r.target),
  activeIds: r.active_ids,
});

/** Monthly figures of one representative code and target system from fromYear to toYear. */
export async function figuresOf(
  db: Db,
  daihyoCode: string,
  targetSystem: string,
  fromYear: number,
  toYear: number,
): Promise<MonthFigure[]> {
  const rows = await db
    .selectFrom('incentive_monthly_figures')
    .select(['figure_year', 'figure_month', 'sales', 'target', 'active_ids'])
    .where('daihyo_code', '=', daihyoCode)
    .where('target_system', '=', targetSystem)
    .where('figure_year', '>=', fromYear)
    .where('figure_year', '<=', toYear)
    .execute();
  return rows.map(toFigure);
}

async function figuresBySystem(db: Db, daihyoCode: string): Promise<Map<string, MonthFigure[]>> {
  const rows = await db
    .selectFrom('incentive_monthly_figures')
    .select(['target_system', 'figure_year', 'figure_month', 'sales', 'target', 'active_ids'])
    .where('daihyo_code', '=', daihyoCode)
    .execute();
  const out = new Map<string, MonthFigure[]>();
  for (const r of rows) {
    const list = out.get(r.target_system) ?? [];
    list.push(toFigure(r));
    out.set(r.target_system, list);
  }
  return out;
}

/**
 * Rewrites the floating panel's rows of a representative code from its figures: one row for every
 * month that has reported sales in any target system, each the screen's summary figures of that
 * month added up over the systems (api/resources/incentive/summary.ts). The panel thus answers, for any
 * date, what the screen answers for that date summed over its target systems — never a month the
 * screen does not report, nor a month it does left out (docs/incentive.md).
 */
export async function refreshFloating(db: Db, daihyoCode: string, at: Date): Promise<void> {
  const bySystem = await figuresBySystem(db, daihyoCode);
  const months = new Map<number, { year: number; month: number }>();
  for (const figures of bySystem.values()) {
    for (const f of figures) if (f.sales !== null) months.set(f.year * 100 + f.month, { year: f.year, month: f.month });
  }
  await db.deleteFrom('incentive_floating').where('daihyo_code', '=', daihyoCode).execute();
  if (months.size === 0) return;
  const rows = [...months.values()].map(({ year, month }) => {
    const f = floatingFigures(bySystem, year, month);
    return {
      daihyo_code: daihyoCode,
      hokoku_year: year,
      hokoku_month: month,
      shorei_ruikei_zokagaku: f.shoreiRuikeiZokagaku,
      shorei_shinchoku_jokyo: f.shoreiShinchokuJokyo,
      hyosho_ruikei_zokagaku: f.hyoshoRuikeiZokagaku,
      hyosho_ruikei_kado_id: f.hyoshoRuikeiKadoId,
      updated_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('incentive_floating')
      .values(rows.slice(i, i + 200))
      .execute();
}

// ---- Handoff tokens ---------------------------------------------------------------------------

export interface HandoffIdentity {
  sessionId: string;
  userId: string;
  agCode: string;
  daihyoCode: string;
  pseudoUserId: string;
  pseudoAgCode: string;
}

export async function createHandoff(
  db: Db,
  tokenHash: string,
  who: HandoffIdentity,
  at: Date,
  expiresAt: Date,
): Promise<void> {
  // Old handoffs are of no use to anyone: clear them as new ones are made.
  await db
    .deleteFrom('incentive_handoffs')
    .where('expires_at', '<', new Date(at.getTime() - 24 * 3600 * 1000))
    .execute();
  await db
    .insertInto('incentive_handoffs')
    .values({
      token_hash: tokenHash,
      session_id: who.sessionId,
      user_id: who.userId,
      ag_code: who.agCode,
      daihyo_code: who.daihyoCode,
      pseudo_user_id: who.pseudoUserId,
      pseudo_ag_code: who.pseudoAgCode,
      created_at: at,
      expires_at: expiresAt,
    })
    .execute();
}

/**
 * Uses a handoff once: marks it used and answers it, only if it was unused and unexpired and its
 * session is still open. One UPDATE, so two tabs racing with the same token cannot both win.
 */
export async function consumeHandoff(db: Db, tokenHash: string, at: Date) {
  return db
    .updateTable('incentive_handoffs as h')
    .set({ used_at: at })
    .where('h.token_hash', '=', tokenHash)
    .where('h.used_at', 'is', null)
    .where('h.expires_at', '>', at)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions as s')
          .select('s.session_id')
          .whereRef('s.session_id', '=', 'h.session_id')
          .where('s.revoked_at', 'is', null),
      ),
    )
    .returningAll()
    .executeTakeFirst();
}

// ---- Import ------------------------------------------------------------------------------------

export interface FigureRow {
  daihyoCode: string;
  targetSystem: string;
  year: number;
  month: number;
  sales: number | null;
  target: number | null;
  activeIds: number;
}

export async function knownDaihyoCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('agents')
    .select('daihyo_code')
    .distinct()
    .where('daihyo_code', 'in', codes)
    .execute();
  return new Set(rows.map((r) => r.daihyo_code));
}

export async function knownTargetSystems(db: Db): Promise<Set<string>> {
  return new Set((await listTargetSystems(db)).map((r) => r.target_system));
}

const keyOf = (r: { daihyoCode: string; targetSystem: string; year: number; month: number }) =>
  `${r.daihyoCode}|${r.targetSystem}|${r.year}|${r.month}`;

/** The stored rows with the same keys as the given ones. */
export async function existingFigures(db: Db, rows: FigureRow[]): Promise<Map<string, FigureRow>> {
  const out = new Map<string, FigureRow>();
  const codes = [...new Set(rows.map((r) => r.daihyoCode))];
  if (codes.length === 0) return out;
  const stored = await db
    .selectFrom('incentive_monthly_figures')
    .select(['daihyo_code', 'target_system', 'figure_year', 'figure_month', 'sales', 'target', 'active_ids'])
    .where('daihyo_code', 'in', codes)
    .execute();
  const wanted = new Set(rows.map(keyOf));
  for (const s of stored) {
    const row: FigureRow = {
      daihyoCode: s.daihyo_code,
      targetSystem: s.target_system,
      year: s.figure_year,
      month: s.figure_month,
      sales: s.sales === null ? null : Number(s.sales),
      target: s.target === null ? null : Number(s.target),
      activeIds: s.active_ids,
    };
    if (wanted.has(keyOf(row))) out.set(keyOf(row), row);
  }
  return out;
}

export { keyOf as figureKey };

export async function upsertFigures(db: Db, rows: FigureRow[], userId: string, at: Date): Promise<void> {
  for (const r of rows) {
    await db
      .insertInto('incentive_monthly_figures')
      .values({
        daihyo_code: r.daihyoCode,
        target_system: r.targetSystem,
        figure_year: r.year,
        figure_month: r.month,
        sales: r.sales,
        target: r.target,
        active_ids: r.activeIds,
        updated_at: at,
        updated_by: userId,
      })
      .onConflict((oc) =>
        oc.columns(['daihyo_code', 'target_system', 'figure_year', 'figure_month']).doUpdateSet({
          sales: r.sales,
          target: r.target,
          active_ids: r.activeIds,
          updated_at: at,
          updated_by: userId,
        }),
      )
      .execute();
  }
}
