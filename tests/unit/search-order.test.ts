// Sort orders of the site-search results (spec 000 §9; schemas/rules/search-order.ts).
import t from 'tap';
import { compareSearchRows, SEARCH_PAGE_SIZE, SEARCH_SORTS, sortSearchRows } from '../../schemas/rules/search-order';

const row = (contentId: number, categoryId: number, postPeriod: string, serchScore: number) => ({
  contentId,
  categoryId,
  postPeriod,
  serchScore,
});
const rows = [
  row(1, 2, '2026/11/01', 8),
  row(2, 1, '2026/11/03', 1),
  row(3, 2, '2026/11/03', 8),
  row(4, 1, '2026/11/03', 8),
  row(5, 3, '2025/12/31', 15),
  row(6, 1, '2026/11/01', 1),
];
const ids = (list: Array<{ contentId: number }>) => list.map((r) => r.contentId);

t.test('newest: posting start descending, then content id descending', async (t) => {
  t.same(ids(sortSearchRows(rows, 'newest')), [4, 3, 2, 6, 1, 5]);
});

t.test('category: category id, then posting start descending, then content id descending', async (t) => {
  t.same(ids(sortSearchRows(rows, 'category')), [4, 2, 6, 3, 1, 5]);
});

t.test('recommended: score descending, then posting start descending, then content id ascending', async (t) => {
  t.same(ids(sortSearchRows(rows, 'recommended')), [5, 3, 4, 1, 2, 6]);
});

t.test('every order is total: the input order never matters', async (t) => {
  for (const { value } of SEARCH_SORTS) {
    const a = ids(sortSearchRows(rows, value));
    const b = ids(sortSearchRows([...rows].reverse(), value));
    t.same(a, b, value);
    const cmp = compareSearchRows(value);
    const ties = rows.flatMap((x) =>
      rows.filter((y) => x !== y && cmp(x, y) === 0).map((y) => `${x.contentId}=${y.contentId}`),
    );
    t.same(ties, [], `${value}: no two rows compare equal`);
  }
  t.same(
    SEARCH_SORTS.map((s) => s.label),
    ['新着順', 'カテゴリ順', 'おすすめ順'],
  );
  t.equal(SEARCH_PAGE_SIZE, 20);
});
