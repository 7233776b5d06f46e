// Banners of one kind whose display period contains the date, in display order.
import type { Kysely } from 'kysely';
import { periodContains } from '../../authority/visibility';
import type { BannerKbn, Database } from '../../db/schema';

export async function listBanners(db: Kysely<Database>, kind: BannerKbn, date: string) {
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
