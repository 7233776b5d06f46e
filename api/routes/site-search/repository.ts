// Site search around the query itself: the categories a caller may search, the tag list of the
// side panel and the search history. The search is api/search/query.ts.
import { sql, type Kysely, type SqlBool } from 'kysely';
import { loadPermissions, type Holder } from '../../authority/permissions';
import { contentVisibleTo, type Viewer } from '../../authority/visibility';
import type { Database } from '../../db/schema';
import type { SearchCriteria } from '../../search/query';

type Db = Kysely<Database>;

/** The searchable content categories the holder may read (as getCategoryList offers them), in display order. */
export async function searchableCategories(db: Db, holder: Holder) {
  const permissions = await loadPermissions(db, holder);
  return permissions.filter((p) => p.isSearchCategory && p.parmitionFlg === '1').map((p) => ({ categoryId: p.categoryId, categoryName: p.categoryName }));
}

/** The ids with their child categories (categories.parent_id), so a parent stands for its group. */
export async function withChildCategories(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const children = await db.selectFrom('categories').select('category_id').where('parent_id', 'in', ids).execute();
  return [...new Set([...ids, ...children.map((c) => c.category_id)])];
}

export interface TagItem {
  tagId: number;
  tagName: string;
  categoryId: number | '';
  categoryName: string;
  isChecked: boolean;
}

/**
 * The tags of the side panel: tags of the searched categories (or of none: common tags) that at
 * least one content visible to the viewer in those categories carries. They do not depend on the
 * keyword or the narrowing, so checking one tag never hides the others.
 */
export async function tagListOf(db: Db, v: Viewer, c: Pick<SearchCriteria, 'categoryIds' | 'period'>, checked: ReadonlySet<number>): Promise<TagItem[]> {
  if (c.categoryIds.length === 0) return [];
  const rows = await db
    .selectFrom('tags as t')
    .leftJoin('categories as k', 'k.category_id', 't.category_id')
    .select(['t.tag_id', 't.tag_name', 't.category_id', 'k.category_name'])
    .where((eb) => eb.or([eb('t.category_id', 'is', null), eb('t.category_id', 'in', c.categoryIds)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('content_tags as ct')
          .innerJoin('contents as c', 'c.content_id', 'ct.content_id')
          .select('ct.content_id')
          .whereRef('ct.tag_id', '=', 't.tag_id')
          .where('c.category_id', 'in', c.categoryIds)
          .where(contentVisibleTo(v, { ignorePeriod: c.period !== 'current' }))
          .$if(c.period === 'started', (q) => q.where(sql<SqlBool>`c.keisai_start <= cast(${v.date} as date)`)),
      ),
    )
    .orderBy('t.display_order')
    .orderBy('t.tag_id')
    .execute();
  return rows.map((r) => ({
    tagId: r.tag_id,
    tagName: r.tag_name,
    categoryId: r.category_id ?? '',
    categoryName: r.category_name ?? '',
    isChecked: checked.has(r.tag_id),
  }));
}

export async function registerSearchHistory(
  db: Db,
  entry: { userId: string; agCode: string; pseudoUserId: string; pseudoAgCode: string; keyword: string; categoryId: number | null; resultCount: number },
): Promise<void> {
  await db
    .insertInto('search_histories')
    .values({
      user_id: entry.userId,
      ag_code: entry.agCode,
      pseudo_user_id: entry.pseudoUserId,
      pseudo_ag_code: entry.pseudoAgCode,
      keyword: entry.keyword.slice(0, 200),
      category_id: entry.categoryId,
      result_count: entry.resultCount,
    })
    .execute();
}
