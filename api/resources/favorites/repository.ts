// Favourite pages of a user: only contents still visible to the viewer are listed, and only a
// visible content can be registered or released.
import type { Kysely } from 'kysely';
import { CONTENT_TABLES, contentVisibleTo, viewerKey, type Viewer } from '../../authority/visibility';
import { cachedRead, type CacheSpec } from '../../cache/tagged-cache';
import { settleChanges } from '../../cache/change-feed';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export const FAVORITE_LIST_LIMIT = 100;

/** The portal top's favourites: kept per viewer and user until a source changes. */
const FAVORITES_CACHE: CacheSpec = { name: 'favorites', max: 20_000, ttlMs: 10 * 60_000 };

export async function listFavorites(db: Db, v: Viewer) {
  return cachedRead(
    db,
    FAVORITES_CACHE,
    `${viewerKey(v)}|${v.userId}`,
    [...CONTENT_TABLES, `favorites:${v.userId}`],
    () => favoritesOf(db, v),
  );
}

function favoritesOf(db: Db, v: Viewer) {
  return db
    .selectFrom('favorites as f')
    .innerJoin('contents as c', 'c.content_id', 'f.content_id')
    .innerJoin('categories as k', 'k.category_id', 'c.category_id')
    .select(['c.content_id', 'c.category_id', 'k.category_name', 'c.title', 'k.detail_path'])
    .where('f.user_id', '=', v.userId)
    .where('k.kind', '=', 'content')
    .where(contentVisibleTo(v))
    .orderBy('f.created_at', 'desc')
    .orderBy('c.content_id', 'desc')
    .limit(FAVORITE_LIST_LIMIT)
    .execute();
}

export async function addFavorite(db: Db, userId: string, contentId: number, at: Date) {
  await db
    .insertInto('favorites')
    .values({ user_id: userId, content_id: contentId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'content_id']).doNothing())
    .execute();
  await settleChanges(db);
}

export async function removeFavorite(db: Db, userId: string, contentId: number) {
  await db.deleteFrom('favorites').where('user_id', '=', userId).where('content_id', '=', contentId).execute();
  await settleChanges(db);
}

export async function isFavorite(db: Db, userId: string, contentId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('favorites')
    .select('content_id')
    .where('user_id', '=', userId)
    .where('content_id', '=', contentId)
    .executeTakeFirst());
}
