// Banners of one kind whose display period contains the date, in display order.
import type { Kysely } from 'kysely';
import { periodContains } from '../../authority/visibility';
import { cachedRead, type CacheSpec } from '../../cache/tagged-cache';
import type { BannerKbn, Database } from '../../db/schema';

/** Read on every portal-top load (three areas), the same for every agent: kept per area and date. */
const BANNER_CACHE: CacheSpec = { name: 'banners', max: 500, ttlMs: 10 * 60_000 };

export async function listBanners(db: Kysely<Database>, kind: BannerKbn, date: string) {
  return cachedRead(db, BANNER_CACHE, `${kind}|${date}`, ['banners'], () => bannersOn(db, kind, date));
}

function bannersOn(db: Kysely<Database>, kind: BannerKbn, date: string) {
  return db
    .selectFrom('banners as b')
    .select(['b.banner_id', 'b.banner_name', 'b.banner_url', 'b.caption', 'b.updated_at'])
    .where('b.banner_kbn', '=', kind)
    .where('b.deleted_at', 'is', null)
    .where((eb) => periodContains(eb.ref('b.disp_start'), eb.ref('b.disp_end'), date))
    .orderBy('b.display_order')
    .orderBy('b.banner_id')
    .execute();
}
