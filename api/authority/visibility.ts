// The one answer to "is this visible to agent X on date D" (docs/decisions.md section 5). Every read of
// contents, popups, favourites, recently viewed, downloads and badges filters through these
// expressions, so targeting is enforced in SQL and cannot be widened by a request body.
//
// - Viewer: who reads (the effective agent: the pseudo agent while a provider administrator
//   acts as one) and on which date (today in Tokyo, or the business date of a provider
//   administrator: targetDateFor).
// - Contents are always aliased `c` in the queries that use contentVisibleTo.
import { expressionBuilder, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Clock } from '../clock';
import type { ContentsTable, Database } from '../db/schema';
import { effectiveIds, targetDateFor, type Caller } from './caller';

export interface Viewer {
  userId: string;
  agCode: string;
  /** yyyy-MM-dd, the date the posting periods are resolved against. */
  date: string;
  /** Agent administrator or provider administrator (login popups with check display target 2). */
  isAdmin: boolean;
  /**
   * Supplier staff reading as themselves see every display target (targeting is for agents,
   * docs/decisions.md section 3); the posting period still applies. False while acting as an agent.
   */
  seesAllTargets: boolean;
}

/**
 * What a read filtered by contentVisibleTo depends on besides the tables below: the key under
 * which api/cache/tagged-cache.ts (cachedRead) may keep it. Two users of one agent with the same
 * flags on the same date see the same contents; a user-specific part (read marks, favourites)
 * must add the user id to its own key.
 */
export function viewerKey(v: Viewer): string {
  return [v.agCode, v.date, v.isAdmin ? 'a' : '-', v.seesAllTargets ? 's' : '-'].join('|');
}

/** The tables contentVisibleTo and the info lists read (each with a change-feed trigger). */
export const CONTENT_TABLES: readonly string[] = [
  'contents',
  'content_agents',
  'content_files',
  'sub_categories',
  'login_popups',
  'agent_segment_members',
  'categories',
];

/** The viewer of a request: identity from the token (pseudo agent first), date by targetDateFor. */
export function viewerOf(caller: Caller, requestedDate: string | undefined, clock: Clock): Viewer {
  const ids = effectiveIds(caller);
  const holder = caller.pseudo ?? caller;
  return {
    userId: ids.userId,
    agCode: ids.agCode,
    date: targetDateFor(caller, requestedDate, clock),
    isAdmin: holder.isAdmin,
    seesAllTargets: caller.pseudo === null && caller.isProvider,
  };
}

type WithContents = Database & { c: ContentsTable };
type WithSettings = Database & { s: { target_kbn: string; target_code: string } };

const dateParam = (date: string) => sql<string>`cast(${date} as date)`;

/** `start <= date <= end` for two date columns of the query. */
export function periodContains(start: Expression<string>, end: Expression<string>, date: string): Expression<SqlBool> {
  return sql<SqlBool>`(${start} <= ${dateParam(date)} and ${end} >= ${dateParam(date)})`;
}

/**
 * The display target of contents row `c` includes the viewer's agent. The agent may also be a
 * column of the query (the insight screen counts the targeted agents of each content by this
 * same rule: api/resources/insight/repository.ts).
 */
export function contentTargets(
  v: {
    agCode: string | Expression<string>;
    seesAllTargets: boolean;
  },
  opts: { segmentsOnce?: boolean } = {},
): Expression<SqlBool> {
  const eb = expressionBuilder<WithContents, 'c'>();
  if (v.seesAllTargets) return eb.lit(true).$castTo<SqlBool>();
  const segments = eb
    .selectFrom('agent_segment_members as m')
    .select('m.ag_segment_id')
    .where('m.ag_code', '=', v.agCode);
  return eb.or([
    eb('c.display_target', '=', '0'),
    eb.and([
      eb('c.display_target', '=', '1'),
      // segmentsOnce: the agent's segments as one array read before the rows (an InitPlan). The
      // same answer as `in (…)`, whose hashed subplan the planner charges again on every probe of
      // a nested loop, which keeps it from probing contents by id (docs/search.md).
      opts.segmentsOnce
        ? sql<SqlBool>`${eb.ref('c.ag_segment_id')} = any(array(${segments}))`
        : eb('c.ag_segment_id', 'in', segments),
    ]),
    eb.and([
      eb('c.display_target', '=', '2'),
      eb.exists(
        eb
          .selectFrom('content_agents as ca')
          .select('ca.ag_code')
          .whereRef('ca.content_id', '=', 'c.content_id')
          .where('ca.ag_code', '=', v.agCode),
      ),
    ]),
  ]);
}

/**
 * Contents row `c` is visible to the viewer: not deleted, its posting period contains the
 * viewer's date (unless ignorePeriod, which only callers entitled to it may pass), its display
 * target includes the viewer's agent, and when it is a login popup for administrators only
 * (check display target 2), the viewer is an administrator. Detail, downloads, favourites and
 * popups all use this one expression, so a popup's files are as protected as the popup.
 */
export function contentVisibleTo(
  v: Viewer,
  opts: { ignorePeriod?: boolean; segmentsOnce?: boolean } = {},
): Expression<SqlBool> {
  const eb = expressionBuilder<WithContents, 'c'>();
  const parts: Expression<SqlBool>[] = [
    eb('c.deleted_at', 'is', null),
    contentTargets(v, { segmentsOnce: opts.segmentsOnce }),
  ];
  if (!opts.ignorePeriod) parts.push(periodContains(eb.ref('c.keisai_start'), eb.ref('c.keisai_end'), v.date));
  if (!v.isAdmin && !v.seesAllTargets) {
    parts.push(
      eb.not(
        eb.exists(
          eb
            .selectFrom('login_popups as lp')
            .select('lp.content_id')
            .whereRef('lp.content_id', '=', 'c.content_id')
            .where('lp.check_disp_target', '=', '2'),
        ),
      ),
    );
  }
  return eb.and(parts);
}

/**
 * A per-target setting row `s` (global navigation, icon menu: target_kbn 0 default, 1 segment
 * id, 2 agent code) applies to the agent. Order by target_kbn desc to take the most specific.
 */
export function settingAppliesTo(agCode: string): Expression<SqlBool> {
  const eb = expressionBuilder<WithSettings, 's'>();
  return eb.or([
    eb.and([eb('s.target_kbn', '=', '2'), eb('s.target_code', '=', agCode)]),
    eb.and([
      eb('s.target_kbn', '=', '1'),
      eb(
        's.target_code',
        'in',
        eb
          .selectFrom('agent_segment_members as m')
          .select(sql<string>`cast(m.ag_segment_id as varchar)`.as('id'))
          .where('m.ag_code', '=', agCode),
      ),
    ]),
    eb('s.target_kbn', '=', '0'),
  ]);
}

/** NEW flag of contents row `c` on the date: within new_days days from the posting start. */
export function isNewOn(date: string): RawBuilder<boolean> {
  return sql<boolean>`(c.new_days > 0 and c.keisai_start <= ${dateParam(date)} and c.keisai_start + c.new_days > ${dateParam(date)})`;
}

/** Important flag of contents row `c` on the date: flagged and inside its important period (open ends allowed). */
export function isImportantOn(date: string): RawBuilder<boolean> {
  return sql<boolean>`(c.jyuyo_flg and coalesce(c.jyuyo_start, ${dateParam(date)}) <= ${dateParam(date)} and coalesce(c.jyuyo_end, ${dateParam(date)}) >= ${dateParam(date)})`;
}
