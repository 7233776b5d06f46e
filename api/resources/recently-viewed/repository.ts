// Recently viewed pages: one content_views row per user and content (a row also means "read"
// for the badges); listed newest first, only contents still visible to the viewer.
import { sql, type Kysely } from 'kysely';
import { CONTENT_TABLES, contentVisibleTo, viewerKey, type Viewer } from '../../authority/visibility';
import { cachedRead, type CacheSpec } from '../../cache/tagged-cache';
import { settleChanges } from '../../cache/change-feed';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export const RECENTLY_VIEWED_COUNT = 10;

/** The portal top's recently viewed pages: kept per viewer and user until a source changes. */
const RECENTLY_VIEWED_CACHE: CacheSpec = { name: 'recently-viewed', max: 20_000, ttlMs: 10 * 60_000 };

export async function listRecentlyViewed(db: Db, v: Viewer) {
  return cachedRead(
    db,
    RECENTLY_VIEWED_CACHE,
    `${viewerKey(v)}|${v.userId}`,
    [...CONTENT_TABLES, `content_views:${v.userId}`],
    () => recentlyViewedOf(db, v),
  );
}

function recentlyViewedOf(db: Db, v: Viewer) {
  return db
    .selectFrom('content_views as w')
    .innerJoin('contents as c', 'c.content_id', 'w.content_id')
    .innerJoin('categories as k', 'k.category_id', 'c.category_id')
    .select(['c.content_id', 'c.category_id', 'k.category_name', 'c.title', 'k.detail_path', 'w.last_viewed_at'])
    .where('w.user_id', '=', v.userId)
    .where('k.kind', '=', 'content')
    .where(contentVisibleTo(v))
    .orderBy('w.last_viewed_at', 'desc')
    .orderBy('c.content_id', 'desc')
    .limit(RECENTLY_VIEWED_COUNT)
    .execute();
}

export async function registerView(db: Db, userId: string, contentId: number, at: Date) {
  await db
    .insertInto('content_views')
    .values({ user_id: userId, content_id: contentId, first_viewed_at: at, last_viewed_at: at, view_count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'content_id'])
        .doUpdateSet({ last_viewed_at: at, view_count: sql<number>`content_views.view_count + 1` }),
    )
    .execute();
  await settleChanges(db); // back on the portal top, the badge and the list show the visit
}
