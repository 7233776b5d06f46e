// Demo data of the one-stop guide (migration 0011): the four category blocks (FAQ, 申請フォーム,
// 提案書, マニュアル) with an image each, and in each block the six newest contents for everyone
// that are posted today, as a provider would have chosen them. Runs after the contents.
import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema';
import type { SeedFileSet } from './demo-files';
import { nth } from './seed-utils';

const BLOCKS: ReadonlyArray<{ categoryId: number; description: string; image: number }> = [
  { categoryId: 2, description: 'よくあるご質問と回答をまとめています', image: 4 },
  { categoryId: 3, description: '各種申請書の様式をダウンロードできます', image: 5 },
  { categoryId: 4, description: '業種・テーマ別の提案書をご用意しています', image: 2 },
  { categoryId: 5, description: '受発注システムや業務の手順書です', image: 3 },
];

const SHOWN_PER_BLOCK = 6;

export async function seedOneStop(db: Kysely<Database>, opts: { today: string; files: SeedFileSet }): Promise<void> {
  for (const [i, block] of BLOCKS.entries()) {
    const image = nth(opts.files.images, block.image);
    const category = await db
      .selectFrom('categories')
      .select('category_name')
      .where('category_id', '=', block.categoryId)
      .executeTakeFirstOrThrow();
    const { thumbnail_id } = await db
      .insertInto('thumbnails')
      .values({
        thumbnail_name: `ワンストップガイド（${category.category_name}）`,
        file_name: `one-stop-${block.categoryId}.png`,
        stored_key: image.key,
        file_size: image.bytes.length,
        content_type: image.contentType,
        is_library: false,
      })
      .returning('thumbnail_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('one_stop_categories')
      .values({ category_id: block.categoryId, thumbnail_id, description: block.description, display_order: i + 1 })
      .execute();
    const chosen = await db
      .selectFrom('contents')
      .select('content_id')
      .where('category_id', '=', block.categoryId)
      .where('deleted_at', 'is', null)
      .where('display_target', '=', '0')
      .where('keisai_start', '<=', opts.today)
      .where('keisai_end', '>=', opts.today)
      .orderBy('keisai_start', 'desc')
      .orderBy('content_id')
      .limit(SHOWN_PER_BLOCK)
      .execute();
    if (chosen.length) {
      await db
        .insertInto('one_stop_display_targets')
        .values(
          chosen.map((c, n) => ({
            content_id: c.content_id,
            category_id: block.categoryId,
            display_order: n + 1,
            updated_by: '0000000001',
          })),
        )
        .execute();
    }
  }
}
