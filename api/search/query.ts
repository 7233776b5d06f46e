// The site-search query (docs/search.md): candidates from the bigram index, the exact recheck
// with LIKE on the normalised text, visibility through api/authority/visibility.ts, the
// narrowing, and the score. One statement: the ids found (at most SEARCH_MAX_RESULTS + 1, read
// without ORDER BY, so the database stops as soon as it knows the answer is too large), then —
// only when they fit — their rows and score, read in the same snapshot; sorted here
// (schemas/rules/search-order.ts).
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { sortSearchRows, type SearchSort } from '../../schemas/rules/search-order';
import { contentVisibleTo, isNewOn, type Viewer } from '../authority/visibility';
import { hasAnyTag, hasFile } from '../resources/content/query';
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

type Field = 'title' | 'tags' | 'sub_category' | 'body';

function termFound(term: string, op: 'like' | 'ilike'): RawBuilder<SqlBool> {
  const p = containsPattern(term);
  const o = sql.raw(op);
  return sql<SqlBool>`(d.title ${o} ${p} or d.tags ${o} ${p} or d.sub_category ${o} ${p} or d.body ${o} ${p})`;
}

/**
 * The score of a document row `d`. `found`: the row is known to hold every term in one of its
 * fields (the index path of this very statement found it: a two-character term's bigram, or the
 * LIKE recheck), so a term in none of the short fields is in the body and the body — most of the
 * text — is read only for a term also in the title, the tags or the sub-category. The same sum.
 */
function scoreOf(terms: readonly string[], found: boolean): RawBuilder<number> {
  if (terms.length === 0) return sql<number>`0`;
  const parts = terms.flatMap((term) => {
    const p = containsPattern(term);
    const inField = (f: Field) => sql<SqlBool>`${sql.ref(`d.${f}`)} like ${p}`;
    const weighed = (f: Field, w: number) => sql`case when ${inField(f)} then ${sql.lit(w)} else 0 end`;
    const body = found
      ? sql`case when not (${inField('title')} or ${inField('tags')} or ${inField('sub_category')}) or ${inField('body')} then ${sql.lit(FIELD_WEIGHTS.body)} else 0 end`
      : weighed('body', FIELD_WEIGHTS.body);
    return [
      weighed('title', FIELD_WEIGHTS.title),
      weighed('tags', FIELD_WEIGHTS.tags),
      weighed('sub_category', FIELD_WEIGHTS.subCategory),
      body,
    ];
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
 * The ids found (exported for the EXPLAIN tests): the contents found and visible, at most
 * SEARCH_MAX_RESULTS + 1, in no order, with the address of their document row (`doc`, with
 * terms). It reads only what decides whether a content is in the answer — the index, the
 * recheck, the visibility and the narrowing — so an answer that ends in 416 stops after 1,001
 * ids without reading the fields shown or scoring.
 */
export function foundQuery(db: Db, v: Viewer, c: SearchCriteria, matcher: Matcher = searchSettings.matcher) {
  let q = db
    .selectFrom('contents as c')
    .select('c.content_id')
    .select((c.terms.length ? sql<string>`d.ctid` : sql<string>`null::tid`).as('doc'))
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

/**
 * The search as one statement (exported for the EXPLAIN tests): the ids found (foundQuery, kept
 * as `found`), their number `n`, and — only when they fit — what the answer shows of them and
 * their score. Every answer has at least one row (`n`; no content when none was found or there
 * are too many). The rows part is gated on the count, a condition the database checks once
 * before running it (`offset 0` keeps the part a unit of its own, so the gate stays in front
 * of it): a 416 reads no row of contents and scores nothing. Each document is read again by its
 * row address, found in this same statement and snapshot: the very row the index path matched,
 * which the score relies on (scoreOf).
 */
export function searchQuery(db: Db, v: Viewer, c: SearchCriteria, matcher: Matcher = searchSettings.matcher) {
  return db
    .with(
      (cte) => cte('found').materialized(),
      () => foundQuery(db, v, c, matcher),
    )
    .selectFrom((eb) =>
      eb
        .selectFrom('found')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .as('t'),
    )
    .leftJoinLateral(
      (eb) => {
        const q = eb
          .selectFrom('found as f')
          .innerJoin('contents as c', 'c.content_id', 'f.content_id')
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
          .select(hasFile().as('file_flg'))
          .where(sql<SqlBool>`t.n <= ${sql.lit(SEARCH_MAX_RESULTS)}`)
          .offset(sql.lit(0));
        return (
          c.terms.length
            ? q
                .innerJoin('search_documents as d', (j) => j.on(sql<SqlBool>`d.ctid = f.doc`))
                .select(scoreOf(c.terms, matcher === 'index').as('score'))
            : q.select(sql<number>`0`.as('score'))
        ).as('r');
      },
      (j) => j.onTrue(),
    )
    .select('t.n')
    .selectAll('r');
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
  const found = await searchQuery(db, v, c, opts.matcher).execute();
  if (Number(found[0]?.n ?? 0) > SEARCH_MAX_RESULTS) return { tooMany: true };
  const rows: SearchRow[] = [];
  for (const r of found) {
    if (r.content_id === null) continue; // the one row of an answer with no content
    rows.push({
      contentId: r.content_id,
      categoryId: r.category_id!,
      subCategoryName: r.sub_category_name ?? '',
      postPeriod: slashDate(r.keisai_start),
      contentsTitle: r.title!,
      detailPath: r.detail_path!,
      updateFormPath: c.withEditPath ? r.update_form_path! : '',
      newFlg: !!r.new_flg,
      fileFlg: !!r.file_flg,
      serchScore: Number(r.score),
    });
  }
  return { tooMany: false, rows: sortSearchRows(rows, opts.sort ?? (c.terms.length ? 'recommended' : 'newest')) };
}
