// Info lists: the portal top news, the administrator announcements and the paged list of a
// content category, all visible to the viewer on its date.
import { sql, type Kysely } from 'kysely';
import { CONTENT_TABLES, contentVisibleTo, isImportantOn, viewerKey, type Viewer } from '../../authority/visibility';
import { cachedRead, type CacheSpec } from '../../cache/tagged-cache';
import { infoItems, newestFirst, toInfoItem } from '../content/query';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The portal top's lists, read on every page load: kept per target and date until a content changes. */
export const LATEST_CACHE: CacheSpec = { name: 'latest-of-category', max: 5_000, ttlMs: 10 * 60_000 };

export async function latestOfCategory(db: Db, v: Viewer, categoryId: number, limit: number) {
  return cachedRead(db, LATEST_CACHE, `${categoryId}|${limit}|${viewerKey(v)}`, CONTENT_TABLES, async () => {
    const { important, others } = byImportance(db, v, categoryId);
    const [first, rest] = await Promise.all([important.limit(limit).execute(), others.limit(limit).execute()]);
    return [...first, ...rest].slice(0, limit).map(toInfoItem);
  });
}

/**
 * The category's visible contents in newestFirst's order, as two queries: the important ones
 * (few: flagged and inside their important period) and the others, newest posting first. Each
 * walks an index in its order and stops at the page (migrations/0027_scale_indexes.ts), where
 * one query ordered by "important first" sorted every visible content of the category (a
 * third of a million at national scale).
 */
function byImportance(db: Db, v: Viewer, categoryId: number) {
  const base = infoItems(db, v).where('c.category_id', '=', categoryId);
  const important = isImportantOn(v.date);
  // Today's important contents of the category (isImportantOn, in the terms of their index:
  // the flag and an end not yet passed), so only today's are read, not every one ever flagged.
  // `offset 0` keeps this a step of its own: merged into the outer query, the planner walked every
  // important content ever, newest first, through another index (migration 0032's) looking for
  // ten it could show — 28,000 rows at national scale (docs/performance.md, "The portal news").
  const importantToday = db
    .selectFrom('contents as i')
    .select('i.content_id')
    .where('i.category_id', '=', categoryId)
    .where('i.jyuyo_flg', '=', true)
    .where('i.deleted_at', 'is', null)
    .where(sql<boolean>`coalesce(i.jyuyo_end, date '9999-12-31') >= cast(${v.date} as date)`)
    .where(sql<boolean>`coalesce(i.jyuyo_start, cast(${v.date} as date)) <= cast(${v.date} as date)`)
    .offset(0);
  return {
    important: newestFirst(base.where('c.content_id', 'in', importantToday), v.date),
    others: base
      .where(sql<boolean>`not ${important}`)
      .orderBy('c.keisai_start', 'desc')
      .orderBy('c.content_id', 'desc'),
  };
}

/** The pager's total of a category list: kept per target and date until a content changes (like the news). */
const COUNT_CACHE: CacheSpec = { name: 'category-count', max: 5_000, ttlMs: 10 * 60_000 };

export async function pageOfCategory(db: Db, v: Viewer, categoryId: number, page: number, pageSize: number) {
  const { important } = byImportance(db, v, categoryId);
  // Ids first, from the index alone (every column the visibility and the order read is in it,
  // migration 0027): counting and skipping to a deep page touch no table rows; only the page's
  // rows are read in full.
  const ids = db
    .selectFrom('contents as c')
    .select('c.content_id')
    .where('c.category_id', '=', categoryId)
    .where(contentVisibleTo(v));
  const from = (page - 1) * pageSize;
  // The total counts every visible content of the category (a quarter of a million notices at
  // national scale): counted once per target, date and change of the contents, not per page.
  const [first, total] = await Promise.all([
    important.execute(),
    cachedRead(db, COUNT_CACHE, `${categoryId}|${viewerKey(v)}`, CONTENT_TABLES, async () =>
      Number(
        (
          await db
            .selectFrom(ids.as('x'))
            .select(sql<number>`cast(count(*) as integer)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  ]);
  // The important ones come first on every listing; the page continues with the others.
  const head = first.slice(from, from + pageSize);
  let rest: typeof first = [];
  const want = pageSize - head.length;
  if (want > 0) {
    const others = ids.where(sql<boolean>`not ${isImportantOn(v.date)}`);
    const skip = Math.max(0, from - first.length); // of the others, newest first
    const count = total - first.length; // the others (total counts the important ones too)
    // Past the middle the page is read from the oldest end, so that no page skips more than half
    // the list in the index (the last page skips none).
    const fromOldest = skip + want / 2 > count / 2 && skip < count;
    const pageIds = (
      fromOldest
        ? (
            await others
              .orderBy('c.keisai_start', 'asc')
              .orderBy('c.content_id', 'asc')
              .limit(Math.min(want, count - skip))
              .offset(Math.max(0, count - skip - want))
              .execute()
          ).reverse()
        : await others
            .orderBy('c.keisai_start', 'desc')
            .orderBy('c.content_id', 'desc')
            .limit(want)
            .offset(skip)
            .execute()
    ).map((r) => r.content_id);
    if (pageIds.length) {
      const byId = new Map(
        (await infoItems(db, v).where('c.content_id', 'in', pageIds).execute()).map((r) => [r.content_id, r]),
      );
      rest = pageIds.flatMap((id) => byId.get(id) ?? []);
    }
  }
  return { items: [...head, ...rest].map(toInfoItem), totalCount: total };
}

/** A content category (news, FAQ, forms …) that list pages may show, or undefined. */
export async function findContentCategory(db: Db, categoryId: number) {
  return db
    .selectFrom('categories')
    .select(['category_id', 'category_name'])
    .where('category_id', '=', categoryId)
    .where('kind', '=', 'content')
    .executeTakeFirst();
}
