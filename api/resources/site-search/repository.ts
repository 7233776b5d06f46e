// Site search around the query itself: the categories a caller may search, the tag list of the
// side panel and the search history. The search is api/search/query.ts.
import type { Kysely } from 'kysely';
import { loadPermissions, type Holder } from '../../authority/permissions';
import { cachedRead, type CacheSpec } from '../../cache/tagged-cache';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The searchable content categories the holder may read (as getCategoryList offers them), in display order. */
export async function searchableCategories(db: Db, holder: Holder) {
  const permissions = await loadPermissions(db, holder);
  return permissions
    .filter((p) => p.isSearchCategory && p.parmitionFlg === '1')
    .map((p) => ({ categoryId: p.categoryId, categoryName: p.categoryName }));
}

/** The child categories of a narrowing, kept until a category changes. */
const CHILD_CATEGORY_CACHE: CacheSpec = { name: 'search-child-categories', max: 1_000, ttlMs: 10 * 60_000 };

/** The ids with their child categories (categories.parent_id), so a parent stands for its group. */
export async function withChildCategories(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const children = await cachedRead(db, CHILD_CATEGORY_CACHE, wanted.join(','), ['categories'], () =>
    db.selectFrom('categories').select('category_id').where('parent_id', 'in', wanted).execute(),
  );
  return [...new Set([...wanted, ...children.map((c) => c.category_id)])];
}

export interface TagItem {
  tagId: number;
  tagName: string;
  categoryId: number | '';
  categoryName: string;
  isChecked: boolean;
}

/** The tag catalogue per set of categories searched, kept until a tag or a category changes. */
const TAG_LIST_CACHE: CacheSpec = { name: 'search-tag-lists', max: 1_000, ttlMs: 10 * 60_000 };

/**
 * The tags of the side panel: the tag catalogue of the categories searched (tags of one of them,
 * and common tags of no category), in display order. It depends neither on the keyword nor on
 * the narrowing, so checking one tag never hides the others, and it costs one small query
 * whatever the size of the result (none while it is kept).
 */
export async function tagListOf(
  db: Db,
  categoryIds: readonly number[],
  checked: ReadonlySet<number>,
): Promise<TagItem[]> {
  if (categoryIds.length === 0) return [];
  const scope = [...new Set(categoryIds)].sort((a, b) => a - b);
  const rows = await cachedRead(db, TAG_LIST_CACHE, scope.join(','), ['tags', 'categories'], () => tagRows(db, scope));
  return rows.map((r) => ({
    tagId: r.tag_id,
    tagName: r.tag_name,
    categoryId: r.category_id ?? '',
    categoryName: r.category_name ?? '',
    isChecked: checked.has(r.tag_id),
  }));
}

function tagRows(db: Db, categoryIds: readonly number[]) {
  return db
    .selectFrom('tags as t')
    .leftJoin('categories as k', 'k.category_id', 't.category_id')
    .select(['t.tag_id', 't.tag_name', 't.category_id', 'k.category_name'])
    .where((eb) => eb.or([eb('t.category_id', 'is', null), eb('t.category_id', 'in', [...categoryIds])]))
    .orderBy('t.display_order')
    .orderBy('t.tag_id')
    .execute();
}

export async function registerSearchHistory(
  db: Db,
  entry: {
    userId: string;
    agCode: string;
    pseudoUserId: string;
    pseudoAgCode: string;
    keyword: string;
    categoryId: number | null;
    resultCount: number;
  },
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

/**
 * A result of the user's search was opened (the insight screen's share of searches followed by an
 * open, docs/insight.md): tied to the user's latest search of that keyword, if any.
 */
export async function registerResultOpen(
  db: Db,
  entry: { userId: string; agCode: string; keyword: string; contentId: number; at: Date },
): Promise<void> {
  const last = await db
    .selectFrom('search_histories')
    .select('history_id')
    .where('user_id', '=', entry.userId)
    .where('keyword', '=', entry.keyword.slice(0, 200))
    .orderBy('searched_at', 'desc')
    .orderBy('history_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  await db
    .insertInto('search_result_opens')
    .values({
      history_id: last ? Number(last.history_id) : null,
      user_id: entry.userId,
      ag_code: entry.agCode,
      content_id: entry.contentId,
      opened_at: entry.at,
    })
    .execute();
}
