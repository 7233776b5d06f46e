// Per-category permissions (parmitionFlg): the role's flag, limited by who the category is
// for at all (its audience). Every admin route checks this on the server, not only the buttons.
import type { Kysely } from 'kysely';
import type { Audience, Database } from '../db/schema';

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
 * Audiences the code holds some categories to, whatever their row says: rules of DESIGN.md
 * section 5 that a category row edited by hand (or seeded before the rule) must not loosen.
 * Agent segments are shared by every agent and drive the provider's targeting, so maintaining
 * them needs provider staff; an agent administrator never changes them.
 */
export const AUDIENCE_FLOOR: Readonly<Partial<Record<number, Audience>>> = {
  101: 'provider', // AGセグメント登録
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

export async function loadPermissions(db: Kysely<Database>, h: Holder): Promise<PermissionRow[]> {
  const rows = await db
    .selectFrom('categories as c')
    .leftJoin('role_permissions as p', (join) => join.onRef('p.category_id', '=', 'c.category_id').on('p.role_id', '=', h.roleId))
    .select(['c.category_id', 'c.category_name', 'c.category_url', 'c.system_category_name', 'c.kind', 'c.audience', 'c.is_search_category', 'p.parmition_flg'])
    .orderBy('c.display_order')
    .orderBy('c.category_id')
    .execute();
  return rows.map((r) => ({
    categoryId: r.category_id,
    categoryName: r.category_name,
    categoryUrl: r.category_url,
    systemCategoryName: r.system_category_name,
    kind: r.kind,
    isSearchCategory: r.is_search_category,
    parmitionFlg: r.parmition_flg === '1' && allows(r.category_id, r.audience, h) ? '1' : '0',
  }));
}

/** Whether the holder may use at least one of the categories (one query). */
export async function canAny(db: Kysely<Database>, h: Holder, categoryIds: readonly number[]): Promise<boolean> {
  if (categoryIds.length === 0) return false;
  const rows = await db
    .selectFrom('categories as c')
    .innerJoin('role_permissions as p', 'p.category_id', 'c.category_id')
    .select(['c.category_id', 'c.audience'])
    .where('c.category_id', 'in', [...categoryIds])
    .where('p.role_id', '=', h.roleId)
    .where('p.parmition_flg', '=', '1')
    .execute();
  return rows.some((r) => allows(r.category_id, r.audience, h));
}

/** Whether the holder may use the category (for route guards: `await can(db, caller, 101)`). */
export async function can(db: Kysely<Database>, h: Holder, categoryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('categories as c')
    .innerJoin('role_permissions as p', 'p.category_id', 'c.category_id')
    .select(['c.audience', 'p.parmition_flg'])
    .where('c.category_id', '=', categoryId)
    .where('p.role_id', '=', h.roleId)
    .executeTakeFirst();
  return !!row && row.parmition_flg === '1' && allows(categoryId, row.audience, h);
}
