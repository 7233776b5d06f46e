// Global navigation (spec 000 section 2 "Global header"): top-level items by displayOrder, the
// first five shown, the rest under その他; children grouped under their parent; badge counts.
import type { GlobalNavItem, NotificationBadge } from '../../api/types';
import { CATEGORY } from '../../../schemas/categories';

export const VISIBLE_TOP_ITEMS = 5;
export const BADGE_CAP = 99;

export interface NavNode {
  key: string;
  item: GlobalNavItem;
  children: NavNode[];
  /** Own count plus the counts of the children. */
  badge: number;
}

export interface NavTree {
  visible: NavNode[];
  overflow: NavNode[];
}

function byDisplayOrder(a: GlobalNavItem, b: GlobalNavItem): number {
  return a.displayOrder - b.displayOrder;
}

export function badgeCounts(badges: readonly NotificationBadge[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const badge of badges) {
    const n = badge.notificationNum;
    if (!Number.isFinite(n) || n <= 0) continue;
    const key = String(badge.categoryId);
    counts.set(key, (counts.get(key) ?? 0) + n);
  }
  return counts;
}

export function buildNavTree(items: readonly GlobalNavItem[], counts: ReadonlyMap<string, number>): NavTree {
  const isTop = (item: GlobalNavItem) => item.parentId === '';
  const own = (item: GlobalNavItem) => counts.get(String(item.categoryId)) ?? 0;

  const tops = items.filter(isTop).slice().sort(byDisplayOrder);
  const childrenOf = new Map<string, GlobalNavItem[]>();
  for (const item of items) {
    if (isTop(item)) continue;
    const parent = String(item.parentId);
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), item]);
  }

  const nodes = tops.map((top, index): NavNode => {
    // External links share categoryId 999, so children hang only under real categories.
    const childItems = isExternalItem(top) ? [] : (childrenOf.get(String(top.categoryId)) ?? []).sort(byDisplayOrder);
    const children = childItems.map((child, childIndex) => ({
      key: `${index}-${childIndex}-${String(child.categoryId)}`,
      item: child,
      children: [],
      badge: isExternalItem(child) ? 0 : own(child),
    }));
    const ownCount = isExternalItem(top) ? 0 : own(top);
    return {
      key: `${index}-${String(top.categoryId)}`,
      item: top,
      children,
      badge: ownCount + children.reduce((sum, c) => sum + c.badge, 0),
    };
  });

  return { visible: nodes.slice(0, VISIBLE_TOP_ITEMS), overflow: nodes.slice(VISIBLE_TOP_ITEMS) };
}

/** "99+" above 99, nothing for zero. */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

export function isExternalItem(item: GlobalNavItem): boolean {
  return String(item.categoryId) === String(CATEGORY.OTHER);
}
