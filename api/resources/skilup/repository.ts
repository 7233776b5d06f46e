// Skill-up "視聴完了" status per user and content.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function watchStatus(db: Db, userId: string, contentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('skilup_watch_status')
    .select('is_watched')
    .where('user_id', '=', userId)
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  return row?.is_watched ?? false;
}

export async function saveWatchStatus(db: Db, userId: string, contentId: number, isWatched: boolean, at: Date) {
  await db
    .insertInto('skilup_watch_status')
    .values({ user_id: userId, content_id: contentId, is_watched: isWatched, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'content_id']).doUpdateSet({ is_watched: isWatched, updated_at: at }))
    .execute();
}
