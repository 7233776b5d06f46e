// Info lists: the portal top news, the administrator announcements and the paged list of a
// content category, all visible to the viewer on its date.
import { sql, type Kysely } from 'kysely';
import { CONTENT_TABLES, viewerKey, type Viewer } from '../../authority/visibility';
import { cachedRead, type CacheSpec } from '../../cache/tagged-cache';
import { infoItems, newestFirst, toInfoItem } from '../content/query';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The portal top's lists, read on every page load: kept per target and date until a content changes. */
export const LATEST_CACHE: CacheSpec = { name: 'latest-of-category', max: 5_000, ttlMs: 10 * 60_000 };

export async function latestOfCategory(db: Db, v: Viewer, categoryId: number, limit: number) {
  return cachedRead(db, LATEST_CACHE, `${categoryId}|${limit}|${viewerKey(v)}`, CONTENT_TABLES, async () => {
    const rows = await newestFirst(infoItems(db, v).where('c.category_id', '=', categoryId), v.date)
      .limit(limit)
      .execute();
    return rows.map(toInfoItem);
  });
}

export async function pageOfCategory(db: Db, v: Viewer, categoryId: number, page: number, pageSize: number) {
  const base = infoItems(db, v).where('c.category_id', '=', categoryId);
  const [rows, total] = await Promise.all([
    newestFirst(base, v.date)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom(base.as('x'))
      .select(sql<number>`cast(count(*) as integer)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toInfoItem), totalCount: Number(total.n) };
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
