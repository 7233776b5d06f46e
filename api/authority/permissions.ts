// Per-category permissions (parmitionFlg): the role's flag, limited by who the category is
// for at all (its audience). Every admin route checks this on the server, not only the buttons.
import type { Kysely } from 'kysely';
import { changeFeedOf } from '../cache/change-feed';
import { namedCache, type CacheSpec } from '../cache/tagged-cache';
import type { Audience, Database } from '../db/schema';
import { CATEGORY } from '../../schemas/categories';

export interface Holder {
  roleId: string;
  isAdmin: boolean;
  isProvider: boolean;
}

export function audienceAllows(audience: Audience, h: Holder): boolean {
  switch (audience) {
    case 'everyone':
      return true;
    case 'agent':
      return !h.isProvider;
    case 'admin_or_provider':
      return h.isAdmin || h.isProvider;
    case 'provider':
      return h.isProvider;
    case 'provider_admin':
      return h.isAdmin && h.isProvider;
  }
}

/**
 * Audiences the code holds some categories to, whatever their row says: rules of docs/decisions.md
 * section 3 that a category row edited by hand (or seeded before the rule) must not loosen.
 * Agent segments are shared by every agent and drive the provider's targeting, so maintaining
 * them needs provider staff; an agent administrator never changes them.
 */
export const AUDIENCE_FLOOR: Readonly<Partial<Record<number, Audience>>> = {
  [CATEGORY.SEGMENTS]: 'provider',
};

/** The category's own audience and its floor. */
const allows = (categoryId: number, audience: Audience, h: Holder) => {
  const floor = AUDIENCE_FLOOR[categoryId];
  return audienceAllows(audience, h) && (!floor || audienceAllows(floor, h));
};

export interface PermissionRow {
  categoryId: number;
  categoryName: string;
  categoryUrl: string;
  systemCategoryName: string;
  kind: string;
  isSearchCategory: boolean;
  parmitionFlg: '0' | '1';
}

/** Each role's categories and flags (a few dozen rows per role). */
export const ROLE_CATEGORY_CACHE: CacheSpec = { name: 'role-categories', max: 100, ttlMs: 10 * 60_000 };

interface RoleCategory {
  categoryId: number;
  categoryName: string;
  categoryUrl: string;
  systemCategoryName: string;
  kind: string;
  audience: Audience;
  isSearchCategory: boolean;
  flag: boolean;
}

/**
 * Every category with the role's flag, in display order: one small table per role, kept in
 * memory until the change feed says a category or the role's permissions changed (a
 * permission change takes effect on the next call). Inside a transaction it is read afresh.
 */
async function roleCategories(db: Kysely<Database>, roleId: string): Promise<readonly RoleCategory[]> {
  const load = async () => {
    const rows = await db
      .selectFrom('categories as c')
      .leftJoin('role_permissions as p', (join) =>
        join.onRef('p.category_id', '=', 'c.category_id').on('p.role_id', '=', roleId),
      )
      .select([
        'c.category_id',
        'c.category_name',
        'c.category_url',
        'c.system_category_name',
        'c.kind',
        'c.audience',
        'c.is_search_category',
        'p.parmition_flg',
      ])
      .orderBy('c.display_order')
      .orderBy('c.category_id')
      .execute();
    return rows.map((r) => ({
      categoryId: r.category_id,
      categoryName: r.category_name,
      categoryUrl: r.category_url,
      systemCategoryName: r.system_category_name,
      kind: r.kind,
      audience: r.audience,
      isSearchCategory: r.is_search_category,
      flag: r.parmition_flg === '1',
    }));
  };
  const feed = changeFeedOf(db);
  if (!feed) return load();
  return namedCache<readonly RoleCategory[]>(feed, ROLE_CATEGORY_CACHE).get(roleId, async () => ({
    value: await load(),
    tags: [`role_permissions:${roleId}`, 'categories:*'],
  }));
}

export async function loadPermissions(db: Kysely<Database>, h: Holder): Promise<PermissionRow[]> {
  return (await roleCategories(db, h.roleId)).map((r) => ({
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    categoryUrl: r.categoryUrl,
    systemCategoryName: r.systemCategoryName,
    kind: r.kind,
    isSearchCategory: r.isSearchCategory,
    parmitionFlg: r.flag && allows(r.categoryId, r.audience, h) ? '1' : '0',
  }));
}

/** Whether the holder may use at least one of the categories. */
export async function canAny(db: Kysely<Database>, h: Holder, categoryIds: readonly number[]): Promise<boolean> {
  if (categoryIds.length === 0) return false;
  const wanted = new Set(categoryIds);
  return (await roleCategories(db, h.roleId)).some(
    (r) => wanted.has(r.categoryId) && r.flag && allows(r.categoryId, r.audience, h),
  );
}

/** Whether the holder may use the category (for route guards: `await can(db, caller, 101)`). */
export async function can(db: Kysely<Database>, h: Holder, categoryId: number): Promise<boolean> {
  return canAny(db, h, [categoryId]);
}
