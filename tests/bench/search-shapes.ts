// The site-search query shapes measured by `npm run bench:search` and by bench:scale's search reads
// (docs/performance.md "Site search" and "At national scale"): short and long keywords, a frequent
// bigram, two terms, a keyword with the narrowing panel, and category listings. Bodies of
// /api/SiteSearch/getContentsList, without the caller's identity (the benchmarks add it).
export interface SearchShape {
  name: string;
  body: Record<string, unknown>;
}

export const SEARCH_SHAPES: readonly SearchShape[] = [
  { name: '2 chars (稟議)', body: { keyword: '稟議' } },
  { name: '2 chars, ~800 hits (督促)', body: { keyword: '督促' } },
  { name: '2 chars, frequent (研修): 416', body: { keyword: '研修' } },
  { name: '3 chars (検収書)', body: { keyword: '検収書' } },
  { name: '5 chars (源泉徴収票)', body: { keyword: '源泉徴収票' } },
  { name: '2+2 chars (在庫 廃番)', body: { keyword: '在庫 廃番' } },
  {
    name: 'keyword + narrowing',
    body: {
      keyword: '配送',
      narrowKeyword: '廃番',
      narrowCategorys: [1, 2, 4, 5],
      isNarrowCategory: true,
      narrowTags: [] as number[],
    },
  },
  { name: 'category listing (虎の巻)', body: { categoryId: 8 } },
  { name: 'category listing (お知らせ): 416', body: { categoryId: 1 } },
];
