// SQL of the banner maintenance list (spec 001 /banner-touroku-list): the banners of one area
// (expired ones too: the list greys them), soft delete and display orders.
import type { Kysely } from 'kysely';
import type { BannerKbn, Database } from '../../db/schema';

export interface BannerKey {
  bannerKbn: BannerKbn;
  bannerId: number;
}

const columns = [
  'banner_id',
  'banner_kbn',
  'banner_name',
  'banner_url',
  'caption',
  'image_file_name',
  'image_key',
  'disp_start',
  'disp_end',
  'display_order',
  'updated_at',
] as const;

export async function listAreaBanners(db: Kysely<Database>, kind: BannerKbn) {
  return db
    .selectFrom('banners')
    .select(columns)
    .where('banner_kbn', '=', kind)
    .where('deleted_at', 'is', null)
    .orderBy('display_order')
    .orderBy('banner_id')
    .execute();
}

export type BannerRow = Awaited<ReturnType<typeof listAreaBanners>>[number];

/** A live banner by its area and id. */
export async function findBanner(db: Kysely<Database>, key: BannerKey): Promise<BannerRow | undefined> {
  return db
    .selectFrom('banners')
    .select(columns)
    .where('banner_id', '=', key.bannerId)
    .where('banner_kbn', '=', key.bannerKbn)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function setDisplayOrder(
  db: Kysely<Database>,
  bannerId: number,
  order: number,
  at: Date,
  by: string,
): Promise<void> {
  await db
    .updateTable('banners')
    .set({ display_order: order, updated_at: at, updated_by: by })
    .where('banner_id', '=', bannerId)
    .where('deleted_at', 'is', null)
    .execute();
}
