// Files of a content, for downloads. Callers have checked the content's visibility first.
import type { Kysely } from 'kysely';
import { cachedRead, type CacheSpec } from '../../cache/tagged-cache';
import type { Database } from '../../db/schema';
import type { MediaRef } from '../../files/media-url';

export type StoredFile = {
  file_name: string;
  stored_key: string;
  file_size: number;
  content_type: string;
  kind: string;
  row_no: number;
};

/** The content's documents (kind file), in row order: what "download all" packs. */
export async function documentsOf(db: Kysely<Database>, contentId: number): Promise<StoredFile[]> {
  return db
    .selectFrom('content_files')
    .select(['file_name', 'stored_key', 'file_size', 'content_type', 'kind', 'row_no'])
    .where('content_id', '=', contentId)
    .where('kind', '=', 'file')
    .orderBy('row_no')
    .execute();
}

/** One file of the content by its name: documents first, then images and videos. */
export async function fileByName(
  db: Kysely<Database>,
  contentId: number,
  fileName: string,
): Promise<StoredFile | undefined> {
  const rows = await db
    .selectFrom('content_files')
    .select(['file_name', 'stored_key', 'file_size', 'content_type', 'kind', 'row_no'])
    .where('content_id', '=', contentId)
    .where('file_name', '=', fileName)
    .execute();
  const rank = (k: string) => ['file', 'image', 'video'].indexOf(k);
  return rows.sort((a, b) => rank(a.kind) - rank(b.kind) || a.row_no - b.row_no)[0];
}

/** Read for every image of every page load, the same for everyone: kept per file, dropped by any change of its table. */
const MEDIA_CACHE: CacheSpec = { name: 'media', max: 5_000, ttlMs: 10 * 60_000 };
const MEDIA_SOURCES: Record<MediaRef['kind'], string> = {
  file: 'content_files',
  banner: 'banners',
  icon: 'icon_menu_rows',
  iconOver: 'icon_menu_rows',
  thumbnail: 'thumbnails',
};

/** The stored file a signed media address names, or undefined when its row is gone. */
export async function mediaFile(
  db: Kysely<Database>,
  ref: MediaRef,
): Promise<{ key: string; type: string; name: string } | undefined> {
  return cachedRead(db, MEDIA_CACHE, `${ref.kind}|${ref.id}`, [MEDIA_SOURCES[ref.kind]], () => mediaRow(db, ref));
}

function mediaRow(
  db: Kysely<Database>,
  ref: MediaRef,
): Promise<{ key: string; type: string; name: string } | undefined> {
  switch (ref.kind) {
    case 'file':
      return db
        .selectFrom('content_files')
        .select(['stored_key as key', 'content_type as type', 'file_name as name'])
        .where('file_id', '=', ref.id)
        .executeTakeFirst();
    case 'banner':
      return db
        .selectFrom('banners')
        .select(['image_key as key', 'image_content_type as type', 'image_file_name as name'])
        .where('banner_id', '=', ref.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    case 'icon':
      return db
        .selectFrom('icon_menu_rows')
        .select(['image_normal_key as key', 'image_normal_type as type', 'image_normal_name as name'])
        .where('row_id', '=', ref.id)
        .executeTakeFirst();
    case 'iconOver':
      return db
        .selectFrom('icon_menu_rows')
        .select(['image_over_key as key', 'image_over_type as type', 'image_over_name as name'])
        .where('row_id', '=', ref.id)
        .executeTakeFirst();
    case 'thumbnail':
      return db
        .selectFrom('thumbnails')
        .select(['stored_key as key', 'content_type as type', 'file_name as name'])
        .where('thumbnail_id', '=', ref.id)
        .executeTakeFirst();
  }
}
