// The one-stop guide's SQL (migration 0011): its category blocks, the contents the provider shows
// in each block (for agents through contentVisibleTo, the one targeting expression), the
// management's candidates of a category, and which contents a block may show (its hook,
// api/resources/one-stop/hook.ts, stores them through the form engine).
import { sql, type Kysely } from 'kysely';
import { contentVisibleTo, isNewOn, type Viewer } from '../../authority/visibility';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface OneStopCategory {
  categoryId: number;
  categoryName: string;
  thumbnailId: number | null;
  description: string;
}

/** The blocks in their order; `only` limits them (the categories the caller may read). */
export async function oneStopCategories(db: Db, only?: readonly number[]): Promise<OneStopCategory[]> {
  if (only && only.length === 0) return [];
  let q = db
    .selectFrom('one_stop_categories as o')
    .innerJoin('categories as k', 'k.category_id', 'o.category_id')
    .select(['o.category_id', 'k.category_name', 'o.thumbnail_id', 'o.description'])
    .orderBy('o.display_order')
    .orderBy('o.category_id');
  if (only) q = q.where('o.category_id', 'in', [...only]);
  const rows = await q.execute();
  return rows.map((r) => ({
    categoryId: r.category_id,
    categoryName: r.category_name,
    thumbnailId: r.thumbnail_id,
    description: r.description,
  }));
}

/** The display targets of the blocks that the viewer may see today, by block and display order. */
export async function visibleDisplayTargets(db: Db, v: Viewer, categoryIds: readonly number[]) {
  if (categoryIds.length === 0) return [];
  return (
    db
      .selectFrom('one_stop_display_targets as t')
      .innerJoin('contents as c', 'c.content_id', 't.content_id')
      .innerJoin('categories as k', 'k.category_id', 'c.category_id')
      .leftJoin('sub_categories as sc', 'sc.sub_category_id', 'c.sub_category_id')
      .select([
        't.category_id',
        't.display_order',
        'c.content_id',
        'c.title',
        'c.keisai_start',
        'c.keisai_end',
        'k.detail_path',
        'sc.sub_category_name',
      ])
      .select(isNewOn(v.date).as('new_flg'))
      .where(contentVisibleTo(v))
      // A content moved to another category since it was chosen no longer belongs to the block.
      .whereRef('c.category_id', '=', 't.category_id')
      .where('t.category_id', 'in', [...categoryIds])
      .orderBy('t.category_id')
      .orderBy('t.display_order')
      .execute()
  );
}

/** Every content of the category (any period, any target) with its display-target order, newest first. */
export async function candidatesOf(db: Db, categoryId: number) {
  return db
    .selectFrom('contents as c')
    .leftJoin('sub_categories as sc', 'sc.sub_category_id', 'c.sub_category_id')
    .leftJoin('one_stop_display_targets as t', (j) =>
      j.onRef('t.content_id', '=', 'c.content_id').onRef('t.category_id', '=', 'c.category_id'),
    )
    .select([
      'c.content_id',
      'c.category_id',
      'c.title',
      'c.keisai_start',
      'c.keisai_end',
      'sc.sub_category_name',
      't.display_order',
    ])
    .where('c.category_id', '=', categoryId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.keisai_start', 'desc')
    .orderBy('c.content_id', 'desc')
    .execute();
}

/** How many contents each block shows (management: regardless of who reads). */
export async function displayTargetCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('one_stop_display_targets as t')
    .innerJoin('contents as c', 'c.content_id', 't.content_id')
    .select(['t.category_id', sql<number>`count(*)`.as('n')])
    .where('c.deleted_at', 'is', null)
    .groupBy('t.category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

/** The ids of the category's live contents among `ids`. */
export async function contentsOfCategory(db: Db, categoryId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('contents')
    .select('content_id')
    .where('category_id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .where('content_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.content_id));
}
