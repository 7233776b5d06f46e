// The site-search query (docs/search.md): candidates from the bigram index, the exact recheck
// with LIKE on the normalised text, visibility through api/authority/visibility.ts, the
// narrowing, and the score. At most SEARCH_MAX_RESULTS + 1 rows are read, without ORDER BY, so
// the database stops as soon as it knows the answer is too large (416); the rows of a result
// that fits are then read by id, scored in SQL and sorted here (schemas/rules/search-order.ts).
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { sortSearchRows, type SearchSort } from '../../schemas/rules/search-order';
import { contentVisibleTo, isNewOn, type Viewer } from '../authority/visibility';
import { hasAnyTag } from '../resources/content/query';
import { slashDate } from '../resources/content/wire';
import type { Database } from '../db/schema';
import { bigramKeys, containsPattern, indexIsExact, keysLiteral } from './normalise';

type Db = Kysely<Database>;

/** The largest result the search answers; more is 416 ERR_0023 (docs/search.md). */
export const SEARCH_MAX_RESULTS = 1000;

/** Score of a term found in each field: a title hit outweighs any mix of the others (8 > 4 + 2 + 1). */
export const FIELD_WEIGHTS = { title: 8, tags: 4, subCategory: 2, body: 1 } as const;

/**
 * How the terms are matched: 'index' (the bigram index, then the LIKE recheck) or 'scan' (ILIKE
 * over every document: the baseline of the benchmark). Only the benchmark switches this; it is
 * not reachable from a request.
 */
export type Matcher = 'index' | 'scan';
export const searchSettings: { matcher: Matcher } = { matcher: 'index' };

export interface SearchCriteria {
  /** Normalised terms (api/search/normalise.ts searchTerms); all must be found. Empty: a category listing. */
  terms: string[];
  /** The categories searched (already limited to what the caller may search); never empty. */
  categoryIds: number[];
  /** Contents with any of these tags; empty: no tag narrowing. */
  tagIds: number[];
  /** Posting start between these dates (yyyy-MM-dd, inclusive), when given. */
  postedFrom?: string;
  postedTo?: string;
  /**
   * current: the posting period contains the viewer's date (everyone, by default);
   * started: also contents whose period has ended (never one not yet started);
   * any: every period (provider administrators' 掲載期間外も表示).
   */
  period: 'current' | 'started' | 'any';
  /** Fill updateFormPath (provider administrators). */
  withEditPath: boolean;
}

export interface SearchRow {
  contentId: number;
  categoryId: number;
  subCategoryName: string;
  postPeriod: string;
  contentsTitle: string;
  detailPath: string;
  updateFormPath: string;
  newFlg: boolean;
  fileFlg: boolean;
  serchScore: number;
}

export type SearchResult = { tooMany: false; rows: SearchRow[] } | { tooMany: true };

const FIELDS = ['title', 'tags', 'sub_category', 'body'] as const;

function termFound(term: string, op: 'like' | 'ilike'): RawBuilder<SqlBool> {
  const p = containsPattern(term);
  const o = sql.raw(op);
  return sql<SqlBool>`(d.title ${o} ${p} or d.tags ${o} ${p} or d.sub_category ${o} ${p} or d.body ${o} ${p})`;
}

function scoreOf(terms: readonly string[]): RawBuilder<number> {
  if (terms.length === 0) return sql<number>`0`;
  const weights = [FIELD_WEIGHTS.title, FIELD_WEIGHTS.tags, FIELD_WEIGHTS.subCategory, FIELD_WEIGHTS.body];
  const parts = terms.flatMap((term) => {
    const p = containsPattern(term);
    return FIELDS.map((f, i) => sql`case when ${sql.ref(`d.${f}`)} like ${p} then ${sql.lit(weights[i])} else 0 end`);
  });
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** The conditions that find the terms: the index keys of every term, the recheck where the index is not exact. */
function termConditions(terms: readonly string[], matcher: Matcher): Expression<SqlBool>[] {
  if (terms.length === 0) return [];
  if (matcher === 'scan') return terms.map((t) => termFound(t, 'ilike'));
  const keys = [...new Set(terms.flatMap(bigramKeys))].sort((a, b) => a - b);
  const out: Expression<SqlBool>[] = [];
  // Every term has two characters or more except single characters beside a longer term
  // (searchTerms), so there is always at least one key.
  if (keys.length) out.push(sql<SqlBool>`d.grams @> ${keysLiteral(keys)}::integer[]`);
  for (const t of terms) if (!indexIsExact(t)) out.push(termFound(t, 'like'));
  return out;
}

/**
 * The first step of a search (exported for the EXPLAIN tests): the ids of the contents found and
 * visible, at most SEARCH_MAX_RESULTS + 1, in no order. It reads only what decides whether a
 * content is in the answer — the index, the recheck, the visibility and the narrowing — so an
 * answer that ends in 416 stops after 1,001 ids without reading the fields shown or scoring.
 */
export function foundQuery(db: Db, v: Viewer, c: SearchCriteria, matcher: Matcher = searchSettings.matcher) {
  let q = db
    .selectFrom('contents as c')
    .select('c.content_id')
    .where(contentVisibleTo(v, { ignorePeriod: c.period !== 'current', segmentsOnce: true }))
    .where('c.category_id', 'in', c.categoryIds);
  if (c.period === 'started') q = q.where(sql<SqlBool>`c.keisai_start <= cast(${v.date} as date)`);
  if (c.postedFrom) q = q.where(sql<SqlBool>`c.keisai_start >= cast(${c.postedFrom} as date)`);
  if (c.postedTo) q = q.where(sql<SqlBool>`c.keisai_start <= cast(${c.postedTo} as date)`);
  if (c.tagIds.length) q = q.where(hasAnyTag(c.tagIds));
  if (c.terms.length) {
    q = q.innerJoin('search_documents as d', 'd.content_id', 'c.content_id');
    for (const cond of termConditions(c.terms, matcher)) q = q.where(cond);
  }
  return q.limit(SEARCH_MAX_RESULTS + 1);
}

/** The second step: what the answer shows of the contents found, and their score. */
function rowsQuery(db: Db, v: Viewer, terms: readonly string[], ids: readonly number[]) {
  const q = db
    .selectFrom('contents as c')
    .innerJoin('categories as k', 'k.category_id', 'c.category_id')
    .leftJoin('sub_categories as sc', 'sc.sub_category_id', 'c.sub_category_id')
    .select([
      'c.content_id',
      'c.category_id',
      'c.keisai_start',
      'c.title',
      'k.detail_path',
      'k.update_form_path',
      'sc.sub_category_name',
    ])
    .select(isNewOn(v.date).as('new_flg'))
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('content_files as f')
            .select('f.file_id')
            .whereRef('f.content_id', '=', 'c.content_id')
            .where('f.kind', '=', 'file'),
        )
        .as('file_flg'),
    )
    .where(sql<SqlBool>`c.content_id = any(${keysLiteral(ids)}::integer[])`);
  return terms.length
    ? q.innerJoin('search_documents as d', 'd.content_id', 'c.content_id').select(scoreOf(terms).as('score'))
    : q.select(sql<number>`0`.as('score'));
}

/** Runs the search; rows in the default order of the mode (recommended with terms, else newest). */
export async function searchContents(
  db: Db,
  v: Viewer,
  c: SearchCriteria,
  opts: { sort?: SearchSort; matcher?: Matcher } = {},
): Promise<SearchResult> {
  if (c.categoryIds.length === 0) return { tooMany: false, rows: [] };
  // JIT is off for the portal's connections (api/db/connect.ts): the planner prices the
  // visibility check of each candidate (thousands at a million contents) above its threshold.
  const ids = (await foundQuery(db, v, c, opts.matcher).execute()).map((r) => r.content_id);
  if (ids.length > SEARCH_MAX_RESULTS) return { tooMany: true };
  const found = ids.length ? await rowsQuery(db, v, c.terms, ids).execute() : [];
  const rows: SearchRow[] = found.map((r) => ({
    contentId: r.content_id,
    categoryId: r.category_id,
    subCategoryName: r.sub_category_name ?? '',
    postPeriod: slashDate(r.keisai_start),
    contentsTitle: r.title,
    detailPath: r.detail_path,
    updateFormPath: c.withEditPath ? r.update_form_path : '',
    newFlg: !!r.new_flg,
    fileFlg: !!r.file_flg,
    serchScore: Number(r.score),
  }));
  return { tooMany: false, rows: sortSearchRows(rows, opts.sort ?? (c.terms.length ? 'recommended' : 'newest')) };
}
