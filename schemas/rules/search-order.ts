// Sort orders of the site-search results (spec 000 §9), shared by the API (which answers in the
// default order of the mode) and the screen (which re-sorts when the user picks another order):
//   newest       posting start descending, then content id descending (newer registration first)
//   category     category id ascending, then posting start descending, then content id descending
//   recommended  search score descending, then posting start descending, then content id ascending
// The last key is unique, so every order is total and stable whatever the input order.

export type SearchSort = 'newest' | 'category' | 'recommended';

export const SEARCH_SORTS: ReadonlyArray<{ value: SearchSort; label: string }> = [
  { value: 'newest', label: '新着順' },
  { value: 'category', label: 'カテゴリ順' },
  { value: 'recommended', label: 'おすすめ順' },
];

/** Page size of the results (spec 000 §9). */
export const SEARCH_PAGE_SIZE = 20;

export interface SortableSearchRow {
  contentId: number;
  categoryId: number;
  /** Posting start, yyyy/MM/dd (compares as text). */
  postPeriod: string;
  serchScore: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareSearchRows(sort: SearchSort): (a: SortableSearchRow, b: SortableSearchRow) => number {
  switch (sort) {
    case 'newest':
      return (a, b) => byText(b.postPeriod, a.postPeriod) || b.contentId - a.contentId;
    case 'category':
      return (a, b) => a.categoryId - b.categoryId || byText(b.postPeriod, a.postPeriod) || b.contentId - a.contentId;
    case 'recommended':
      return (a, b) => b.serchScore - a.serchScore || byText(b.postPeriod, a.postPeriod) || a.contentId - b.contentId;
  }
}

export function sortSearchRows<T extends SortableSearchRow>(rows: readonly T[], sort: SearchSort): T[] {
  return [...rows].sort(compareSearchRows(sort));
}
