// Content detail and breadcrumbs. The detail is read only through contentVisibleTo.
import type { Kysely } from 'kysely';
import { contentVisibleTo, isImportantOn, isNewOn, type Viewer } from '../../authority/visibility';
import type { Database } from '../../db/schema';
import { loadNaviRows } from '../global-navi/repository';

type Db = Kysely<Database>;

export async function findContentDetail(db: Db, v: Viewer, categoryId: number, contentId: number) {
  return db
    .selectFrom('contents as c')
    .innerJoin('categories as k', 'k.category_id', 'c.category_id')
    .leftJoin('sub_categories as sc', 'sc.sub_category_id', 'c.sub_category_id')
    .select([
      'c.content_id',
      'c.category_id',
      'k.category_name',
      'k.update_form_path',
      'c.sub_category_id',
      'sc.sub_category_name',
      'c.title',
      'c.keisai_start',
      'c.keisai_end',
      'c.last_update',
      'c.body_html',
    ])
    .select(isNewOn(v.date).as('new_flg'))
    .select(isImportantOn(v.date).as('jyuyo_flg'))
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('favorites as f')
            .select('f.content_id')
            .whereRef('f.content_id', '=', 'c.content_id')
            .where('f.user_id', '=', v.userId),
        )
        .as('is_favorite'),
    )
    .where('c.content_id', '=', contentId)
    .where('c.category_id', '=', categoryId)
    .where(contentVisibleTo(v))
    .executeTakeFirst();
}

export interface Crumb {
  categoryId: number;
  categoryName: string;
  categoryUrl: string;
}

/**
 * The trail to a category as the agent's global navigation shows it (parent item, then the
 * category); a category that the navigation does not show, or one under a parent that is
 * only a heading, falls back to the category's own parents (categories.parent_id).
 */
export async function breadcrumbsOf(db: Db, agCode: string, date: string, categoryId: number): Promise<Crumb[] | null> {
  const categories = await db
    .selectFrom('categories')
    .select(['category_id', 'category_name', 'category_url', 'parent_id'])
    .execute();
  const byId = new Map(categories.map((c) => [c.category_id, c]));
  const own = byId.get(categoryId);
  if (!own) return null;
  const nav = await loadNaviRows(db, agCode, date);
  const item = nav.find((r) => r.categoryId === categoryId && r.categoryId !== 999);
  if (item) {
    const trail: Crumb[] = [];
    const parent =
      item.parentId !== null ? nav.find((r) => r.categoryId === item.parentId && r.parentId === null) : undefined;
    if (parent) trail.push({ categoryId: parent.categoryId, categoryName: parent.name, categoryUrl: parent.url });
    trail.push({ categoryId: item.categoryId, categoryName: item.name, categoryUrl: item.url || own.category_url });
    return trail;
  }
  const trail: Crumb[] = [];
  const seen = new Set<number>();
  for (
    let c: typeof own | undefined = own;
    c && !seen.has(c.category_id);
    c = c.parent_id !== null ? byId.get(c.parent_id) : undefined
  ) {
    seen.add(c.category_id);
    trail.unshift({ categoryId: c.category_id, categoryName: c.category_name, categoryUrl: c.category_url });
  }
  return trail;
}
