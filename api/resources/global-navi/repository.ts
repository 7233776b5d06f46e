// Global navigation resolved per target and date (docs/decisions.md section 5): the list in force for the
// agent on the date (authority/scheduled-settings).
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { cachedRead, type CacheSpec } from '../../cache/tagged-cache';
import type { Database } from '../../db/schema';
import { withoutJit } from '../../db/without-jit';
import { listInForceFor } from '../../authority/scheduled-settings';
import { CONTENT_TABLES, contentVisibleTo, isNewOn, viewerKey, type Viewer } from '../../authority/visibility';
import { APPLICATION_WORKFLOW } from '../../../schemas/workflows/workflow';
import { countNewForReceiver } from '../application/repository';
import { CATEGORY } from '../../../schemas/categories';

type Db = Kysely<Database>;

export interface NaviRow {
  categoryId: number;
  parentId: number | null;
  name: string;
  url: string;
  order: number;
  separateTab: boolean;
}

/** Read on every page load (the header): kept per agent and date until a setting, its rows or a segment's members change. */
const NAVI_CACHE: CacheSpec = { name: 'global-navi', max: 5_000, ttlMs: 10 * 60_000 };

export async function loadNaviRows(db: Db, agCode: string, date: string): Promise<NaviRow[]> {
  return cachedRead(
    db,
    NAVI_CACHE,
    `${agCode}|${date}`,
    ['global_navi_settings', 'global_navi_rows', 'agent_segment_members'],
    () => naviRowsOf(db, agCode, date),
  );
}

async function naviRowsOf(db: Db, agCode: string, date: string): Promise<NaviRow[]> {
  const list = await listInForceFor(db, 'global_navi_settings', agCode, date);
  if (!list) return [];
  const rows = await db
    .selectFrom('global_navi_rows')
    .select(['category_id', 'parent_id', 'disp_name', 'url', 'disp_no', 'is_separate_tab'])
    .where('kanri_id', '=', list.kanriId)
    .where('detail_kbn', '=', list.detailKbn)
    .orderBy('disp_no')
    .orderBy('row_id')
    .execute();
  return rows.map((r) => ({
    categoryId: r.category_id,
    parentId: r.parent_id,
    name: r.disp_name,
    url: r.url,
    order: r.disp_no,
    separateTab: r.is_separate_tab,
  }));
}

/**
 * Badge counts per category, one query: unread notifications for the user, plus the contents
 * (content categories) visible to the viewer that carry the NEW flag on the viewer's date and
 * that the user has not opened yet (no content_views row).
 */
/** Every page load asks (the header's badges): kept per viewer and user until a source changes. */
const BADGE_CACHE: CacheSpec = { name: 'badges', max: 20_000, ttlMs: 10 * 60_000 };

/** `receiver`: the user receives requests (staff with permission 14, not acting as an agent). */
export async function countNotificationBadges(
  db: Db,
  v: Viewer,
  receiver = false,
): Promise<{ categoryId: number; count: number }[]> {
  const sources = [
    ...CONTENT_TABLES,
    'notifications',
    `notification_reads:${v.userId}`,
    `content_views:${v.userId}`,
    ...(receiver ? ['applications', `application_reads:${v.userId}`] : []),
  ];
  return cachedRead(db, BADGE_CACHE, `${viewerKey(v)}|${v.userId}|${receiver ? 'receiver' : ''}`, sources, async () => {
    const badges = await badgesOf(db, v);
    if (!receiver) return badges;
    const count = await countNewForReceiver(db, v.userId, APPLICATION_WORKFLOW.visibleTo.receiver);
    // Category 14 has no notifications of its own: its count is the new requests alone.
    const others = badges.filter((b) => b.categoryId !== CATEGORY.APPLICATIONS_PROVIDER);
    return count
      ? [...others, { categoryId: CATEGORY.APPLICATIONS_PROVIDER, count }].sort((a, b) => a.categoryId - b.categoryId)
      : others;
  });
}

async function badgesOf(db: Db, v: Viewer): Promise<{ categoryId: number; count: number }[]> {
  // The NEW contents are counted from the index alone in a few milliseconds, but the planner
  // prices the targeting check's agent-code probe once per candidate row (thousands) and so
  // would compile the query to machine code first (PostgreSQL's JIT above a cost of 100,000):
  // 50–600 ms of compiling for a query that runs in ~10. Off for this query's transaction only.
  const rows = await withoutJit(db, (trx) => badgeCounts(trx, v).execute());
  return rows.map((r) => ({ categoryId: r.category_id, count: Number(r.n) }));
}

function badgeCounts(db: Db, v: Viewer) {
  // Unread = the notifications for the user (their numbers are kept per category and addressee on
  // write, migration 0031) minus those of them the user has read (the user's read marks, by index):
  // a handful of rows where every notification for all was counted on each page load.
  const forUser = (eb: ExpressionBuilder<Database & { n: Database['notifications'] }, 'n'>) =>
    eb.and([
      eb.or([eb('n.ag_code', 'is', null), eb('n.ag_code', '=', v.agCode)]),
      eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', v.userId)]),
    ]);
  const notifications = db
    .selectFrom('notification_totals as t')
    .select(['t.category_id', sql<number>`sum(t.n)`.as('n')])
    .where('t.ag_code', 'in', ['', v.agCode])
    .where('t.user_id', 'in', ['', v.userId])
    .groupBy('t.category_id');
  const read = db
    .selectFrom('notification_reads as r')
    .innerJoin('notifications as n', 'n.notification_id', 'r.notification_id')
    .select(['n.category_id', sql<number>`-count(*)`.as('n')])
    .where('r.user_id', '=', v.userId)
    .where(forUser)
    .groupBy('n.category_id');
  const newContents = db
    .selectFrom('contents as c')
    .innerJoin('categories as k', 'k.category_id', 'c.category_id')
    .select(['c.category_id', sql<number>`count(*)`.as('n')])
    .where('k.kind', '=', 'content')
    .where(contentVisibleTo(v))
    .where(isNewOn(v.date))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('content_views as w')
            .select('w.user_id')
            .whereRef('w.content_id', '=', 'c.content_id')
            .where('w.user_id', '=', v.userId),
        ),
      ),
    )
    .groupBy('c.category_id');
  return db
    .selectFrom(notifications.unionAll(read).unionAll(newContents).as('x'))
    .select(['x.category_id', sql<number>`cast(sum(x.n) as integer)`.as('n')])
    .groupBy('x.category_id')
    .having(sql<number>`sum(x.n)`, '>', 0)
    .orderBy('x.category_id');
}
