// The SQL of the insight screen (docs/insight.md), one function per section. Every section reads
// the agents of the scope: agent rows without a supplier user (the supplier's own agent code is
// not an audience), narrowed to a segment's members and/or one agent code. Which agents a content
// is for is decided by the one targeting rule (contentTargets, api/authority/visibility.ts) with
// the agent as a column, so the figures can never disagree with what agents are shown.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { contentTargets } from '../../authority/visibility';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface Scope {
  /** yyyy-MM-dd, Tokyo, both included. */
  from: string;
  to: string;
  segmentId: number | null;
  agentCode: string | null;
}

/** The first instant of a Tokyo date, and the first instant after one. */
const startOf = (date: string) => sql<Date>`(cast(${date} as date)::timestamp at time zone 'Asia/Tokyo')`;
const endOf = (date: string) => sql<Date>`((cast(${date} as date) + 1)::timestamp at time zone 'Asia/Tokyo')`;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

/** The agent codes of the scope, as a subquery. */
function scopeAgents(db: Db, s: Scope) {
  return db
    .selectFrom('agents as sa')
    .select('sa.ag_code')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as pu')
            .select('pu.user_id')
            .whereRef('pu.ag_code', '=', 'sa.ag_code')
            .where('pu.is_provider', '=', true),
        ),
      ),
    )
    .$if(s.segmentId !== null, (q) =>
      q.where(
        'sa.ag_code',
        'in',
        db.selectFrom('agent_segment_members as sm').select('sm.ag_code').where('sm.ag_segment_id', '=', s.segmentId!),
      ),
    )
    .$if(s.agentCode !== null, (q) => q.where('sa.ag_code', '=', s.agentCode!));
}

/**
 * `code` is an agent of the scope, as predicates on the code itself (no join to agents): every
 * table read here holds agent codes of agents. The supplier's agent codes and the segment's
 * members are uncorrelated subqueries the planner hashes once per query.
 */
function inScope(_db: Db, s: Scope, code: Expression<string>): Expression<SqlBool> {
  const parts = [sql<SqlBool>`${code} not in (select pu.ag_code from users pu where pu.is_provider)`];
  if (s.segmentId !== null)
    parts.push(
      sql<SqlBool>`${code} in (select sm.ag_code from agent_segment_members sm where sm.ag_segment_id = ${s.segmentId})`,
    );
  if (s.agentCode !== null) parts.push(sql<SqlBool>`${code} = ${s.agentCode}`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

export async function scopeSize(db: Db, s: Scope): Promise<number> {
  // Every agent or a segment: the audience's kept row (0032); none when it counts no agent.
  if (s.agentCode === null) {
    const kept = await db
      .selectFrom('insight_audiences')
      .select('agents')
      .where('ag_segment_id', '=', s.segmentId ?? 0)
      .executeTakeFirst();
    return num(kept?.agents);
  }
  const row = await db
    .selectFrom(scopeAgents(db, s).as('x'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return num(row.n);
}

/** Contents posted on some day of the period (not deleted). */
function contentsOfPeriod(db: Db, s: Scope) {
  return db
    .selectFrom('contents as c')
    .where('c.deleted_at', 'is', null)
    .where('c.keisai_start', '<=', s.to)
    .where('c.keisai_end', '>=', s.from);
}

interface Audience {
  content_id: number;
  display_target: string;
  ag_segment_id: number | null;
}

/**
 * The number of agents of the scope each content is targeted at, by the one targeting rule
 * (contentTargets) evaluated over the candidate agents (targetedWith). Contents with the same audience (all
 * agents, or one segment) share one evaluation: the rule is counted once per distinct audience,
 * not once per content.
 */
interface Targeted {
  agents: number;
  /** Their live agent-side users, and the administrators among them. */
  users: number;
  admins: number;
}

/**
 * The audience roll-up row (migration 0032) that is the whole answer for a content, when there is
 * one: with no agent code, a content for every agent or for the filter's own segment is targeted at
 * exactly the scope (every agent: audience 0; a segment: its row), and with no filter at all a
 * content for a segment is targeted at that segment's row. Otherwise (agent codes, another
 * segment than the filter's, one agent) the rule is evaluated over the candidates.
 */
function keptAudience(s: Scope, c: Audience): number | null {
  if (s.agentCode !== null || c.display_target === '2') return null;
  if (c.display_target === '0') return s.segmentId ?? 0;
  if (s.segmentId === null || c.ag_segment_id === s.segmentId) return c.ag_segment_id;
  return null;
}

async function targetedCounts(
  db: Db,
  s: Scope,
  contents: readonly Audience[],
  withUsers: boolean,
): Promise<Map<number, Targeted>> {
  const audience = (c: Audience) =>
    c.display_target === '0' ? '0' : c.display_target === '1' ? `1:${c.ag_segment_id}` : `2:${c.content_id}`;
  const representative = new Map<string, number>();
  for (const c of contents)
    if (keptAudience(s, c) === null && !representative.has(audience(c))) representative.set(audience(c), c.content_id);
  const reps = contents.filter((c) => representative.get(audience(c)) === c.content_id);
  const keptIds = [...new Set(contents.map((c) => keptAudience(s, c)).filter((k) => k !== null))];
  const kept = new Map(
    (keptIds.length
      ? await db
          .selectFrom('insight_audiences')
          .select(['ag_segment_id', 'agents', 'users', 'admins'])
          .where('ag_segment_id', 'in', keptIds)
          .execute()
      : []
    ).map((r) => [r.ag_segment_id, { agents: num(r.agents), users: num(r.users), admins: num(r.admins) }]),
  );
  // The agents' live agent-side users (popups only) come from the roll-up kept by triggers (0030).
  const rows = reps.length
    ? (
        await sql<{ content_id: number; n: unknown; users: unknown; admins: unknown }>`
      ${targetedWith(reps)}
      select c.content_id, count(*) as n, ${withUsers ? sql`sum(u.users)` : sql`0`} as users,
        ${withUsers ? sql`sum(u.admins)` : sql`0`} as admins
      from t as c ${withUsers ? sql`left join insight_agent_users u on u.ag_code = c.ag_code` : sql``}
      where ${inScope(db, s, sql.ref<string>('c.ag_code'))}
        and ${contentTargets({ agCode: sql.ref<string>('c.ag_code'), seesAllTargets: false })}
      group by c.content_id`.execute(db)
      ).rows
    : [];
  const byRep = new Map(
    rows.map((r) => [r.content_id, { agents: num(r.n), users: num(r.users), admins: num(r.admins) }]),
  );
  const none = { agents: 0, users: 0, admins: 0 };
  const out = new Map<number, Targeted>();
  for (const c of contents) {
    const k = keptAudience(s, c);
    out.set(c.content_id, (k === null ? byRep.get(representative.get(audience(c))!) : kept.get(k)) ?? none);
  }
  return out;
}

/**
 * `with c …, t …`: the contents already read (their target columns, so their rows are not fetched
 * again) and, in t, each with the agents it may be targeted at: every agent for all agents, the
 * segment's members, the named agents (each an agent row). A superset the targeting rule then
 * decides on (read t as c), so the rule runs over a segment's members instead of every agent
 * (docs/insight.md, "Speed"). Three plain joins, not a lateral subquery the planner rescans per
 * content; the branches exclude each other, so no agent twice for a content.
 */
function targetedWith(rows: readonly (Audience & { check_disp_target?: string | null })[]) {
  const values = rows.map(
    (r) =>
      sql`(${r.content_id}::integer, ${r.display_target}::varchar, ${r.ag_segment_id}::integer, ${r.check_disp_target ?? null}::varchar)`,
  );
  return sql`with c (content_id, display_target, ag_segment_id, check_disp_target) as (values ${sql.join(values)}),
    t as (
      select c.*, a.ag_code from c join agents a on c.display_target = '0'
      union all
      select c.*, a.ag_code from c
        join agent_segment_members m on c.display_target = '1' and m.ag_segment_id = c.ag_segment_id
        join agents a on a.ag_code = m.ag_code
      union all
      select c.*, a.ag_code from c
        join content_agents ca on c.display_target = '2' and ca.content_id = c.content_id
        join agents a on a.ag_code = ca.ag_code
    )`;
}

const REACH_PAGE = 50;

export async function reach(db: Db, s: Scope) {
  const base = contentsOfPeriod(db, s);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  // The page's ids first (a top-N sort of the ids alone), then only their rows and figures.
  const page = base
    .select('c.content_id')
    .orderBy('c.jyuyo_flg', 'desc')
    .orderBy('c.keisai_start', 'desc')
    .orderBy('c.content_id', 'desc')
    .limit(REACH_PAGE);
  const rows = await db
    .selectFrom('contents as c')
    .where('c.content_id', 'in', page)
    .innerJoin('categories as k', 'k.category_id', 'c.category_id')
    .leftJoin('agent_segments as g', 'g.ag_segment_id', 'c.ag_segment_id')
    .select([
      'c.content_id',
      'c.title',
      'c.jyuyo_flg',
      'c.display_target',
      'c.ag_segment_id',
      'k.category_name',
      'g.ag_segment_name',
      sql<string>`cast(c.keisai_start as text)`.as('post_start'),
      sql<string>`cast(c.keisai_end as text)`.as('post_end'),
    ])
    .select((eb) => [
      eb
        .selectFrom('content_reach as r')
        .whereRef('r.content_id', '=', 'c.content_id')
        .where(inScope(db, s, sql.ref<string>('r.ag_code')))
        .where(contentTargets({ agCode: sql.ref<string>('r.ag_code'), seesAllTargets: false }))
        .select((e) => e.fn.countAll().as('n'))
        .as('opened'),
      eb
        .selectFrom('content_view_days as d')
        .whereRef('d.content_id', '=', 'c.content_id')
        .where('d.view_date', '>=', s.from)
        .where('d.view_date', '<=', s.to)
        .where(inScope(db, s, sql.ref<string>('d.ag_code')))
        .select((e) => e.fn.sum('d.views').as('n'))
        .as('views'),
    ])
    .orderBy('c.jyuyo_flg', 'desc')
    .orderBy('c.keisai_start', 'desc')
    .orderBy('c.content_id', 'desc')
    .limit(REACH_PAGE)
    .execute();
  const targeted = await targetedCounts(db, s, rows, false);
  const perDay = await viewsPerDay(db, s);
  return {
    total: num(total.n),
    contents: rows.map((r) => ({
      contentId: r.content_id,
      categoryName: r.category_name,
      title: r.title,
      important: r.jyuyo_flg,
      displayTarget:
        r.display_target === '0'
          ? '全代理店'
          : r.display_target === '1'
            ? (r.ag_segment_name ?? 'セグメント')
            : '代理店指定',
      postStart: r.post_start,
      postEnd: r.post_end,
      targeted: targeted.get(r.content_id)?.agents ?? 0,
      opened: num(r.opened),
      views: num(r.views),
    })),
    viewsPerDay: perDay.map((d) => ({ date: d.day, count: num(d.n) })),
  };
}

/**
 * Views per Tokyo day by users of the scope, from the roll-ups of content_view_days (0030): for
 * all agents the day's total less the supplier's own agent codes, else the scope's agents' days.
 * Days without a view of the scope are left out, as the rows of content_view_days would be.
 */
async function viewsPerDay(db: Db, s: Scope) {
  if (s.segmentId === null && s.agentCode === null) {
    return db
      .selectFrom('insight_view_days as v')
      .where('v.view_date', '>=', s.from)
      .where('v.view_date', '<=', s.to)
      .select([
        sql<string>`cast(v.view_date as text)`.as('day'),
        sql<number>`v.views - coalesce((select sum(d.views) from insight_view_agent_days d where d.view_date = v.view_date
          and d.ag_code in (select pu.ag_code from users pu where pu.is_provider)), 0)`.as('n'),
      ])
      .orderBy('v.view_date')
      .execute()
      .then((rows) => rows.filter((r) => num(r.n) > 0));
  }
  return db
    .selectFrom('insight_view_agent_days as d')
    .where('d.view_date', '>=', s.from)
    .where('d.view_date', '<=', s.to)
    .where(() => inScope(db, s, sql.ref<string>('d.ag_code')))
    .select([sql<string>`cast(d.view_date as text)`.as('day'), (eb) => eb.fn.sum('d.views').as('n')])
    .groupBy('d.view_date')
    .having((eb) => eb.fn.sum('d.views'), '>', 0)
    .orderBy('d.view_date')
    .execute();
}

export async function contentTitle(db: Db, contentId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('contents')
    .select('title')
    .where('content_id', '=', contentId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.title;
}

/** The drill-downs' page size (docs/insight.md): the screen shows this many rows, then the next. */
export const DRILL_PAGE = 100;

/**
 * The last row of a drill-down page, the key of its order: the agent code, and for the users the
 * user id. The next page starts strictly after it (a keyset seek, not an offset, so a page deep
 * in 25,000 users costs what the first does).
 */
export interface DrillKey {
  agCode: string;
  userId?: string;
}

/** A page of a drill-down: the rows after `after` (from the first without), up to DRILL_PAGE, and the total. */
export interface DrillPage<T> {
  total: number;
  rows: T[];
  /** The key of the last row when more rows follow; null on the last page. */
  next: DrillKey | null;
}

/** The targeted agents of the scope that have not opened the content (no columns chosen yet). */
function unopened(db: Db, s: Scope, contentId: number) {
  return db
    .selectFrom('contents as c')
    .where('c.content_id', '=', contentId)
    .innerJoin('agents as a', (j) => j.onTrue())
    .where(() => inScope(db, s, sql.ref<string>('a.ag_code')))
    .where(contentTargets({ agCode: sql.ref<string>('a.ag_code'), seesAllTargets: false }))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('content_reach as r')
            .select('r.ag_code')
            .where('r.content_id', '=', contentId)
            .whereRef('r.ag_code', '=', 'a.ag_code'),
        ),
      ),
    );
}

/** Every targeted agent of the scope that has not opened the content, by agent code (the CSV). */
export async function unopenedAgents(db: Db, s: Scope, contentId: number) {
  return unopened(db, s, contentId)
    .select(['a.ag_code as agCode', 'a.ag_name as agName'])
    .orderBy('a.ag_code')
    .execute();
}

/** One page of those agents and their number (the screen's drill-down). */
export async function unopenedAgentsPage(
  db: Db,
  s: Scope,
  contentId: number,
  after: DrillKey | null,
): Promise<DrillPage<{ agCode: string; agName: string }>> {
  const [count, rows] = await Promise.all([
    unopened(db, s, contentId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    unopened(db, s, contentId)
      .$if(after !== null, (q) => q.where('a.ag_code', '>', after!.agCode))
      .select(['a.ag_code as agCode', 'a.ag_name as agName'])
      .orderBy('a.ag_code')
      .limit(DRILL_PAGE + 1)
      .execute(),
  ]);
  const page = rows.slice(0, DRILL_PAGE);
  const last = page[page.length - 1];
  return { total: num(count.n), rows: page, next: rows.length > DRILL_PAGE && last ? { agCode: last.agCode } : null };
}

/** Users a login popup asks: live users of its targeted agents (administrators only for target 2). */
function popupUsers(db: Db, s: Scope, contentId: number | null) {
  return db
    .selectFrom('contents as c')
    .innerJoin('login_popups as lp', 'lp.content_id', 'c.content_id')
    .innerJoin('users as u', (j) => j.onTrue())
    .where('lp.check_patern', '=', '2')
    .where('c.deleted_at', 'is', null)
    .$if(contentId !== null, (q) => q.where('c.content_id', '=', contentId!))
    .where('u.deleted_at', 'is', null)
    .where('u.is_provider', '=', false)
    .where((eb) => eb.or([eb('lp.check_disp_target', '=', '1'), eb('u.is_admin', '=', true)]))
    .where(() => inScope(db, s, sql.ref<string>('u.ag_code')))
    .where(contentTargets({ agCode: sql.ref<string>('u.ag_code'), seesAllTargets: false }));
}

const confirmed = sql<boolean>`exists (select 1 from popup_check_history h where h.content_id = c.content_id and h.user_id = u.user_id and h.is_checked)`;

/**
 * Confirmations per popup by users of its targeted agents of the scope. Without a filter, the kept
 * total per popup (0032: insight_popup_totals). With a filter, from the per-agent roll-up (0030:
 * insight_popup_checks), its rows narrowed to the scope first (a materialized step, so the planner
 * cannot put the targeting rule before it): for a popup whose audience is the whole scope (for
 * every agent, or for the filter's own segment: keptAudience) every such row counts; for the
 * others the targeting rule decides on the scope's rows.
 */
async function confirmations(db: Db, s: Scope, list: readonly Audience[]) {
  if (s.segmentId === null && s.agentCode === null)
    return db
      .selectFrom('insight_popup_totals')
      .select(['content_id', 'users', 'admins'])
      .where(
        'content_id',
        'in',
        list.map((p) => p.content_id),
      )
      .execute();
  const whole = list.filter((p) => keptAudience(s, p) !== null).map((p) => p.content_id);
  const ruled = list.filter((p) => keptAudience(s, p) === null).map((p) => p.content_id);
  const scoped = (ids: readonly number[]) => sql`select k.content_id, k.ag_code, k.users, k.admins
    from insight_popup_checks k
    where k.content_id in (${sql.join(ids)}) and ${inScope(db, s, sql.ref<string>('k.ag_code'))}`;
  const rows: { content_id: number; users: unknown; admins: unknown }[] = [];
  if (whole.length)
    rows.push(
      ...(
        await sql<{ content_id: number; users: unknown; admins: unknown }>`
          with k as materialized (${scoped(whole)})
          select k.content_id, sum(k.users) as users, sum(k.admins) as admins from k group by k.content_id`.execute(db)
      ).rows,
    );
  if (ruled.length)
    rows.push(
      ...(
        await sql<{ content_id: number; users: unknown; admins: unknown }>`
          with k as materialized (${scoped(ruled)}),
          c (content_id, display_target, ag_segment_id) as (
            select content_id, display_target, ag_segment_id from contents where content_id in (${sql.join(ruled)})
          )
          select c.content_id, sum(k.users) as users, sum(k.admins) as admins
          from c join k on k.content_id = c.content_id
          where ${contentTargets({ agCode: sql.ref<string>('k.ag_code'), seesAllTargets: false })}
          group by c.content_id`.execute(db)
      ).rows,
    );
  return rows;
}

export async function popups(db: Db, s: Scope) {
  const list = await contentsOfPeriod(db, s)
    .innerJoin('login_popups as lp', 'lp.content_id', 'c.content_id')
    .where('lp.check_patern', '=', '2')
    .select([
      'c.content_id',
      'c.title',
      'lp.check_disp_target',
      'c.display_target',
      'c.ag_segment_id',
      sql<string>`cast(c.keisai_start as text)`.as('post_start'),
      sql<string>`cast(c.keisai_end as text)`.as('post_end'),
    ])
    .orderBy('c.keisai_start', 'desc')
    .orderBy('c.content_id', 'desc')
    .limit(REACH_PAGE)
    .execute();
  if (!list.length) return [];
  // Per popup, over its targeted agents of the scope: the agents, their live agent-side users
  // (administrators only for check display target 2), and those users' confirmations.
  const targeted = await targetedCounts(db, s, list, true);
  const counts = await confirmations(db, s, list);
  const byId = new Map(counts.map((c) => [c.content_id, c]));
  return list.map((p) => {
    const c = byId.get(p.content_id);
    const t = targeted.get(p.content_id);
    const adminsOnly = p.check_disp_target !== '1';
    const users = adminsOnly ? (t?.admins ?? 0) : (t?.users ?? 0);
    const done = adminsOnly ? num(c?.admins) : num(c?.users);
    return {
      contentId: p.content_id,
      title: p.title,
      adminsOnly: p.check_disp_target === '2',
      postStart: p.post_start,
      postEnd: p.post_end,
      targetedAgents: t?.agents ?? 0,
      targetedUsers: users,
      confirmed: done,
      pending: users - done,
    };
  });
}

export async function isCheckPopup(db: Db, contentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_popups')
    .select('content_id')
    .where('content_id', '=', contentId)
    .where('check_patern', '=', '2')
    .executeTakeFirst();
  return !!row;
}

/** The users a check popup asks who have not confirmed it (no columns chosen yet). */
function pending(db: Db, s: Scope, contentId: number) {
  return popupUsers(db, s, contentId).where(sql<boolean>`not ${confirmed}`);
}

/** Their rows: the agent's name joined only here (the count needs none: a user's agent exists). */
function pendingRows(db: Db, s: Scope, contentId: number) {
  return pending(db, s, contentId)
    .innerJoin('agents as a', 'a.ag_code', 'u.ag_code')
    .select(['u.ag_code as agCode', 'a.ag_name as agName', 'u.user_id as userId', 'u.user_name as userName'])
    .orderBy('u.ag_code')
    .orderBy('u.user_id');
}

/** Every such user, by agent code and user id (the CSV). */
export async function pendingUsers(db: Db, s: Scope, contentId: number) {
  return pendingRows(db, s, contentId).execute();
}

/** One page of those users and their number (the screen's drill-down). */
export async function pendingUsersPage(
  db: Db,
  s: Scope,
  contentId: number,
  after: DrillKey | null,
): Promise<DrillPage<{ agCode: string; agName: string; userId: string; userName: string }>> {
  const [count, rows] = await Promise.all([
    pending(db, s, contentId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    pendingRows(db, s, contentId)
      .$if(after !== null, (q) =>
        q.where((eb) => eb(eb.refTuple('u.ag_code', 'u.user_id'), '>', eb.tuple(after!.agCode, after!.userId ?? ''))),
      )
      .limit(DRILL_PAGE + 1)
      .execute(),
  ]);
  const page = rows.slice(0, DRILL_PAGE);
  const last = page[page.length - 1];
  return {
    total: num(count.n),
    rows: page,
    next: rows.length > DRILL_PAGE && last ? { agCode: last.agCode, userId: last.userId } : null,
  };
}

const KEYWORDS = 20;

export async function search(db: Db, s: Scope) {
  const inPeriod = db
    .selectFrom('search_histories as h')
    .where('h.searched_at', '>=', startOf(s.from))
    .where('h.searched_at', '<', endOf(s.to))
    .where(sql<SqlBool>`h.pseudo_user_id = ''`)
    .where(() => inScope(db, s, sql.ref<string>('h.ag_code')));
  // Per keyword and agent first, then per keyword: two hashed groupings instead of a sort for
  // count(distinct agent).
  const keywords = (zeroOnly: boolean) =>
    db
      .selectFrom(
        inPeriod
          .$if(zeroOnly, (q) => q.where('h.result_count', '=', 0))
          .select(['h.keyword', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.max('h.searched_at').as('last')])
          .groupBy(['h.keyword', 'h.ag_code'])
          .as('k'),
      )
      .select([
        'k.keyword',
        sql<number>`sum(k.n)`.as('n'),
        (eb) => eb.fn.countAll().as('agents'),
        (eb) => eb.fn.max('k.last').as('last'),
      ])
      .groupBy('k.keyword')
      .orderBy(sql`sum(k.n)`, 'desc')
      .orderBy('k.keyword')
      .limit(KEYWORDS)
      .execute();
  // Searches followed by an open: the roll-up of opened searches kept by a trigger (0030).
  const opened = db
    .selectFrom('insight_opened_searches as o')
    .where('o.searched_at', '>=', startOf(s.from))
    .where('o.searched_at', '<', endOf(s.to))
    .where(() => inScope(db, s, sql.ref<string>('o.ag_code')))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const [totals, openedRow, top, zero] = await Promise.all([
    inPeriod.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    opened,
    keywords(false),
    keywords(true),
  ]);
  const wire = (r: { keyword: string; n: unknown; agents: unknown; last: unknown }) => ({
    keyword: r.keyword,
    count: num(r.n),
    agents: num(r.agents),
    last: new Date(r.last as string | Date),
  });
  return { searches: num(totals.n), searchesOpened: num(openedRow.n), top: top.map(wire), zero: zero.map(wire) };
}

export async function skilupPhases(db: Db, s: Scope, agents: number) {
  // Per phase: agents of the scope that had watched every chapter to the end by the period's end,
  // and agents that had touched (watched or opened) a chapter by then but not finished, from the
  // roll-up kept by triggers (0030: insight_skilup_agents, one row per phase and agent).
  const end = endOf(s.to);
  const rows = await sql<{
    skilup_id: number;
    skilup_name: string;
    phase_id: number;
    phase_name: string;
    chapters: string | number;
    completed: string | number | null;
    started: string | number | null;
  }>`
    with size as (
      select sc.phase_id, count(*) as n from skilup_contents sc
      join contents c on c.content_id = sc.content_id and c.deleted_at is null
      group by 1
    ),
    per_phase as (
      select a.phase_id, count(*) filter (where a.completed_at < ${end}) as completed,
        count(*) filter (where a.completed_at is null or a.completed_at >= ${end}) as started
      from insight_skilup_agents a
      where a.started_at < ${end} and ${inScope(db, s, sql.ref('a.ag_code'))}
      group by 1
    )
    select p.skilup_id, g.skilup_name, p.phase_id, p.phase_name, coalesce(z.n, 0) as chapters,
      coalesce(x.completed, 0) as completed, coalesce(x.started, 0) as started
    from skilup_phases p
    join skilup_programs g on g.skilup_id = p.skilup_id
    left join size z on z.phase_id = p.phase_id
    left join per_phase x on x.phase_id = p.phase_id
    order by g.display_order, g.skilup_id, p.display_order, p.phase_id
  `.execute(db);
  return rows.rows.map((r) => {
    const completed = num(r.completed);
    const started = num(r.started);
    return {
      skilupId: r.skilup_id,
      skilupName: r.skilup_name,
      phaseId: r.phase_id,
      phaseName: r.phase_name,
      chapters: num(r.chapters),
      completed,
      started,
      never: Math.max(0, agents - completed - started),
    };
  });
}

export async function events(db: Db, s: Scope) {
  const rows = await db
    .selectFrom('events as e')
    .innerJoin('contents as c', 'c.content_id', 'e.content_id')
    .where('c.deleted_at', 'is', null)
    .where('e.kaisai_at', '>=', startOf(s.from))
    .where('e.kaisai_at', '<', endOf(s.to))
    .select(['e.content_id', 'c.title', 'e.kaisai_at', 'e.capacity'])
    .select((eb) => [
      eb
        .selectFrom('event_entries as x')
        .whereRef('x.content_id', '=', 'e.content_id')
        .where(inScope(db, s, sql.ref<string>('x.ag_code')))
        .select((e) => e.fn.countAll().as('n'))
        .as('applications'),
      eb
        .selectFrom('event_entries as x')
        .whereRef('x.content_id', '=', 'e.content_id')
        .where('x.cancelled_at', 'is not', null)
        .where(inScope(db, s, sql.ref<string>('x.ag_code')))
        .select((e) => e.fn.countAll().as('n'))
        .as('cancellations'),
    ])
    .orderBy('e.kaisai_at')
    .orderBy('e.content_id')
    .limit(200)
    .execute();
  return rows.map((r) => {
    const applications = num(r.applications);
    const cancellations = num(r.cancellations);
    return {
      contentId: r.content_id,
      title: r.title,
      heldAt: new Date(r.kaisai_at),
      capacity: r.capacity,
      applications,
      cancellations,
      fillRate: r.capacity ? Math.round(((applications - cancellations) / r.capacity) * 1000) / 10 : null,
    };
  });
}

/** Age buckets of an open request, in days since submission. */
const AGE_BUCKETS: readonly [number, string][] = [
  [3, '3日未満'],
  [7, '3〜6日'],
  [14, '7〜13日'],
  [30, '14〜29日'],
];
const OLDEST = '30日以上';
export const AGE_LABELS = [...AGE_BUCKETS.map((b) => b[1]), OLDEST];

export async function openRequests(db: Db, s: Scope, now: Date) {
  const age = sql<number>`extract(epoch from (${now} - a.app_date)) / 86400`;
  const rows = await db
    .selectFrom('applications as a')
    .where('a.deleted_at', 'is', null)
    .where('a.status_kbn', 'in', ['20', '30'])
    .where(() => inScope(db, s, sql.ref<string>('a.ag_code')))
    .select(['a.status_kbn', age.as('days')])
    .execute();
  const counts = new Map<string, number>();
  for (const r of rows) {
    const d = Number(r.days);
    const label = AGE_BUCKETS.find((b) => d < b[0])?.[1] ?? OLDEST;
    const key = `${r.status_kbn}|${label}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Requests submitted in the period (first status 20 in the history): hours to the first supplier
 * reply after submission and to completion (status 40), median and 90th percentile per request
 * category and Tokyo month of submission.
 */
export async function requestDurations(db: Db, s: Scope) {
  const rows = await sql<{
    category_name: string | null;
    month: string;
    submitted: string | number;
    reply_median: string | number | null;
    reply_p90: string | number | null;
    complete_median: string | number | null;
    complete_p90: string | number | null;
  }>`
    with submitted as (
      select h.app_no, min(h.changed_at) as at from application_status_history h
      where h.status_kbn = '20' group by h.app_no
    ),
    timed as (
      select a.app_no, a.app_category_id, s.at,
        (select min(r.changed_at) from application_status_history r
          where r.app_no = a.app_no and r.by_receiver and r.changed_at >= s.at) as replied,
        (select min(d.changed_at) from application_status_history d
          where d.app_no = a.app_no and d.status_kbn = '40' and d.changed_at >= s.at) as completed
      from applications a join submitted s on s.app_no = a.app_no
      where a.deleted_at is null and s.at >= ${startOf(s.from)} and s.at < ${endOf(s.to)}
        and ${inScope(db, s, sql.ref('a.ag_code'))}
    )
    select k.category_name, to_char(t.at at time zone 'Asia/Tokyo', 'YYYY-MM') as month, count(*) as submitted,
      percentile_cont(0.5) within group (order by extract(epoch from (t.replied - t.at)) / 3600) as reply_median,
      percentile_cont(0.9) within group (order by extract(epoch from (t.replied - t.at)) / 3600) as reply_p90,
      percentile_cont(0.5) within group (order by extract(epoch from (t.completed - t.at)) / 3600) as complete_median,
      percentile_cont(0.9) within group (order by extract(epoch from (t.completed - t.at)) / 3600) as complete_p90
    from timed t left join application_categories k on k.app_category_id = t.app_category_id
    group by 1, 2 order by 2, 1
  `.execute(db);
  return rows.rows.map((r) => ({
    categoryName: r.category_name ?? '（種別なし）',
    month: r.month,
    submitted: num(r.submitted),
    replyMedianHours: numOrNull(r.reply_median),
    replyP90Hours: numOrNull(r.reply_p90),
    completeMedianHours: numOrNull(r.complete_median),
    completeP90Hours: numOrNull(r.complete_p90),
  }));
}

/**
 * Sign-ins are the sessions the portal keeps (one per sign-in, api/resources/auth), read through
 * their roll-ups (0030): the users that signed in per Tokyo day, and per agent its live users that
 * never did. A user of the scope is never a supplier user (the scope leaves out their agents).
 */
export async function activity(db: Db, s: Scope) {
  const perDay = await db
    .selectFrom(
      db
        .selectFrom('insight_sign_in_days as d')
        .where('d.sign_in_date', '>=', s.from)
        .where('d.sign_in_date', '<=', s.to)
        .where(() => inScope(db, s, sql.ref<string>('d.ag_code')))
        .select(['d.sign_in_date', (eb) => eb.fn.countAll().as('users')])
        .groupBy(['d.sign_in_date', 'd.ag_code'])
        .as('x'),
    )
    .select([
      sql<string>`cast(x.sign_in_date as text)`.as('day'),
      (eb) => eb.fn.countAll().as('agents'),
      sql<number>`sum(x.users)`.as('users'),
    ])
    .groupBy('x.sign_in_date')
    .orderBy('x.sign_in_date')
    .execute();
  const never = await db
    .selectFrom('insight_agent_users as n')
    .where(() => inScope(db, s, sql.ref<string>('n.ag_code')))
    .select((eb) => eb.fn.sum('n.never_signed_in').as('n'))
    .executeTakeFirstOrThrow();
  return {
    perDay: perDay.map((d) => ({ date: d.day, agents: num(d.agents), users: num(d.users) })),
    neverSignedIn: num(never.n),
  };
}

/** Agents of the scope none of whose users signed in during the 30 days up to the period's end. */
export async function idleAgents(db: Db, s: Scope) {
  return db
    .selectFrom('agents as a')
    .where(() => inScope(db, s, sql.ref<string>('a.ag_code')))
    .where(
      sql<boolean>`not exists (select 1 from insight_sign_in_days d where d.ag_code = a.ag_code
        and d.sign_in_date >= cast(${s.to} as date) - 29 and d.sign_in_date <= cast(${s.to} as date))`,
    )
    .select(['a.ag_code as agCode', 'a.ag_name as agName'])
    .orderBy('a.ag_code')
    .execute();
}

export async function segments(db: Db) {
  const rows = await db
    .selectFrom('agent_segments as g')
    .select(['g.ag_segment_id', 'g.ag_segment_name'])
    .select((eb) =>
      eb
        .selectFrom('agent_segment_members as m')
        .whereRef('m.ag_segment_id', '=', 'g.ag_segment_id')
        .select((e) => e.fn.countAll().as('n'))
        .as('members'),
    )
    .orderBy('g.ag_segment_name')
    .orderBy('g.ag_segment_id')
    .execute();
  return rows.map((r) => ({ segmentId: r.ag_segment_id, segmentName: r.ag_segment_name, members: num(r.members) }));
}
