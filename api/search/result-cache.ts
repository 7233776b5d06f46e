// Search results kept in memory (docs/search.md, "Results kept in memory"): the same search by
// the same viewer on the same date is answered without a query until a row it was built from
// changes. The key holds everything that decides the answer besides those rows:
//
// - the viewer (viewerKey: agent code, business date, administrator, provider staff): targeting
//   by segment or agent code and the posting period are resolved per agent and per date, and a
//   posting period is whole days (keisai_start/keisai_end are dates), so the date in the key is
//   the next period boundary: no entry is ever used on another date;
// - the criteria: terms, categories searched (from the caller's permissions), tags, posting-date
//   range, period mode, the edit path (provider administrators).
//
// The sources are whole tables (their triggers say "<table>:*"): any content, target, segment
// membership, file, category, tag or index change drops every kept result, on every instance
// (the change feed is PostgreSQL LISTEN/NOTIFY; api/cache/change-feed.ts). A new or retargeted
// content is therefore found on the next call, and a result read while a change arrived is not
// kept (api/cache/tagged-cache.ts).
import type { Kysely } from 'kysely';
import { CONTENT_TABLES, viewerKey, type Viewer } from '../authority/visibility';
import { cachedRead, type CacheSpec } from '../cache/tagged-cache';
import type { Database } from '../db/schema';
import { searchContents, type SearchCriteria, type SearchResult } from './query';

type Db = Kysely<Database>;

/** What a search reads besides CONTENT_TABLES (triggers of migrations/0029_search_feed_and_rate_limits.ts). */
const SEARCH_TABLES: readonly string[] = [...CONTENT_TABLES, 'search_documents', 'content_tags', 'tags'];

/**
 * At most 5,000 results and 200,000 rows in all (a row is ~300 bytes in memory: ~60 MB at most);
 * a 416 weighs 1. The TTL is a safety net only: the feed drops entries the moment a source changes.
 */
export const SEARCH_RESULT_CACHE: CacheSpec = {
  name: 'search-results',
  max: 5_000,
  maxWeight: 200_000,
  weigh: (r: SearchResult) => (r.tooMany ? 1 : r.rows.length + 1),
  ttlMs: 10 * 60_000,
};

/** The cache key of a search: the viewer and every criterion, in a fixed order. */
function searchKey(v: Viewer, c: SearchCriteria): string {
  return JSON.stringify([
    viewerKey(v),
    [...c.terms].sort(),
    [...c.categoryIds].sort((a, b) => a - b),
    [...c.tagIds].sort((a, b) => a - b),
    c.postedFrom ?? '',
    c.postedTo ?? '',
    c.period,
    c.withEditPath,
  ]);
}

/** searchContents, kept per viewer and criteria until a source table changes. The value is shared: do not change it. */
export function cachedSearch(db: Db, v: Viewer, c: SearchCriteria): Promise<SearchResult> {
  return cachedRead(db, SEARCH_RESULT_CACHE, searchKey(v, c), SEARCH_TABLES, () => searchContents(db, v, c));
}
