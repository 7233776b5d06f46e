// State of the site-search screen that outlives a visit to a detail page (spec 000 §4 "Search
// screen": returning from a detail page restores the stored page number if it is within range),
// and the category checkbox groups of the side panel.
import type { SearchSort } from '../../../schemas/rules/search-order';
import type { GlobalNavItem, SiteSearchCategory } from '../../api/types';
import type { Narrowing } from './search-calls';

export interface StoredSearch {
  /** The address (path and query) the state belongs to; another address never restores it. */
  address: string;
  page: number;
  sort: SearchSort;
  /** The narrowing the shown results were loaded with. */
  applied: Narrowing;
}

const PREFIX = 'siteSearch:';
const KEEP = 20;

const ENTRY_STATE = 'siteSearchEntry';

/**
 * A key for the current browser-history entry that survives a reload and back/forward but is
 * new for every entry, including one made by a full page load. react-router's location.key is
 * "default" for every entry it did not create itself (an address typed or a link opened in the
 * bar), so on its own it would hand one entry's narrowing to the next full load; such an entry
 * gets a random key of its own, kept in the entry's history.state beside react-router's.
 */
export function historyEntryKey(routerKey: string): string {
  if (routerKey !== 'default') return routerKey;
  const state = (window.history.state ?? {}) as Record<string, unknown>;
  const own = state[ENTRY_STATE];
  if (typeof own === 'string' && own) return own;
  const key = `load-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  window.history.replaceState({ ...state, [ENTRY_STATE]: key }, '');
  return key;
}

/**
 * The state is kept per browser-history entry (see historyEntryKey) in sessionStorage: going
 * back to the results finds it, a new search from the header or the address bar is a new entry
 * and starts afresh. Only the latest few entries are kept.
 */
export function readStoredSearch(entryKey: string, address: string): StoredSearch | null {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + entryKey);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredSearch>;
    if (
      typeof value.page !== 'number' ||
      typeof value.sort !== 'string' ||
      typeof value.applied !== 'object' ||
      value.applied === null
    )
      return null;
    if (value.address !== address) return null;
    return value as StoredSearch;
  } catch {
    return null;
  }
}

export function writeStoredSearch(entryKey: string, state: StoredSearch): void {
  try {
    const store = window.sessionStorage;
    store.setItem(PREFIX + entryKey, JSON.stringify(state));
    const order = JSON.parse(store.getItem(`${PREFIX}order`) ?? '[]') as string[];
    const next = [...order.filter((k) => k !== entryKey), entryKey];
    for (const old of next.slice(0, Math.max(0, next.length - KEEP))) store.removeItem(PREFIX + old);
    store.setItem(`${PREFIX}order`, JSON.stringify(next.slice(-KEEP)));
  } catch {
    // Storage full or disabled: the screen still works, only the return is not restored.
  }
}

export interface CategoryOption {
  categoryId: number;
  categoryName: string;
}

/** A checkbox group: a parent (a navigation item) and the searchable categories under it. */
export interface CategoryGroup {
  key: string;
  name: string;
  /** The categories the parent checkbox stands for (the parent itself first when it is searchable). */
  members: CategoryOption[];
}

/**
 * Groups the searchable categories as the global navigation arranges them: a top-level item with
 * searchable children is a parent (営業支援 → FAQ, 申請フォーム, 提案書, マニュアル; スキルアップ →
 * スキルアップ, 虎の巻, イベント); a searchable category alone is a group of one. Groups follow the
 * navigation order; categories the navigation does not show come last.
 */
export function categoryGroups(
  categories: readonly SiteSearchCategory[],
  nav: readonly GlobalNavItem[],
): CategoryGroup[] {
  const searchable: CategoryOption[] = categories.map((c) => ({
    categoryId: Number(c.categoryId),
    categoryName: c.categoryName,
  }));
  const navOf = (id: number) => nav.find((n) => Number(n.categoryId) === id);
  const topOf = (id: number): GlobalNavItem | undefined => {
    const item = navOf(id);
    if (!item) return undefined;
    const parent = item.parentId === '' || item.parentId === null ? undefined : navOf(Number(item.parentId));
    return parent && (parent.parentId === '' || parent.parentId === null) ? parent : item;
  };
  const groups = new Map<string, CategoryGroup & { order: number }>();
  searchable.forEach((c, i) => {
    const top = topOf(c.categoryId);
    const key = top ? `nav-${top.categoryId}` : `category-${c.categoryId}`;
    const group = groups.get(key) ?? {
      key,
      name: top ? top.categoryName : c.categoryName,
      members: [],
      order: top ? Number(top.displayOrder) : 10_000 + i,
    };
    group.members.push(c);
    groups.set(key, group);
  });
  // Inside a group: the parent itself first, then its children in navigation order.
  const rank = (key: string, c: CategoryOption) => {
    if (key === `nav-${c.categoryId}`) return -1;
    const item = navOf(c.categoryId);
    return item ? Number(item.displayOrder) : 10_000;
  };
  return [...groups.values()]
    .sort((a, b) => a.order - b.order)
    .map(({ key, name, members }) => ({
      key,
      name,
      members: [...members].sort((x, y) => rank(key, x) - rank(key, y)),
    }));
}
