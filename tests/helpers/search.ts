// Helpers of the site-search tests: plant contents whose hits are known by construction (written
// with reindexContent in their own transaction, as a registration would), call the search, and an
// independent oracle that finds the terms in the raw rows with String.includes.
import type { Insertable } from 'kysely';
import type { ContentsTable } from '../../api/db/schema';
import { reindexContent } from '../../api/search/index-content';
import { htmlToText, normalizeText, searchTerms } from '../../api/search/normalise';
import { FIELD_WEIGHTS } from '../../api/search/query';
import { daysFromToday, expectedVisibleIds, TODAY, type Session } from './portal';
import type { TestApp } from './test-app';

export interface Planted {
  key: string;
  title: string;
  body?: string;
  category?: number;
  tags?: string[];
  sub?: string;
  /** Posting start and end, days from today (end undefined: no end). */
  start?: number;
  end?: number;
  target?: { segment: string } | { agents: string[] };
  deleted?: boolean;
}

/** Inserts the contents (with their tags and sub-categories) and indexes each in the same transaction. */
export async function plantContents(h: TestApp, specs: readonly Planted[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  await h.db.transaction().execute(async (trx) => {
    for (const s of specs) {
      const category = s.category ?? 5;
      let subId: number | null = null;
      if (s.sub) {
        const found = await trx
          .selectFrom('sub_categories')
          .select('sub_category_id')
          .where('category_id', '=', category)
          .where('sub_category_name', '=', s.sub)
          .executeTakeFirst();
        subId =
          found?.sub_category_id ??
          (
            await trx
              .insertInto('sub_categories')
              .values({ category_id: category, sub_category_name: s.sub })
              .returning('sub_category_id')
              .executeTakeFirstOrThrow()
          ).sub_category_id;
      }
      let segmentId: number | null = null;
      if (s.target && 'segment' in s.target) {
        segmentId = (
          await trx
            .selectFrom('agent_segments')
            .select('ag_segment_id')
            .where('ag_segment_name', '=', s.target.segment)
            .executeTakeFirstOrThrow()
        ).ag_segment_id;
      }
      const row: Insertable<ContentsTable> = {
        category_id: category,
        sub_category_id: subId,
        title: s.title,
        body_html: s.body ?? '<p>試験用の本文です。</p>',
        keisai_start: daysFromToday(s.start ?? -10),
        keisai_end: s.end === undefined ? '9999-12-31' : daysFromToday(s.end),
        last_update: TODAY,
        display_target: !s.target ? '0' : 'segment' in s.target ? '1' : '2',
        ag_segment_id: segmentId,
        deleted_at: s.deleted ? new Date() : null,
      };
      const { content_id } = await trx
        .insertInto('contents')
        .values(row)
        .returning('content_id')
        .executeTakeFirstOrThrow();
      if (s.target && 'agents' in s.target)
        await trx
          .insertInto('content_agents')
          .values(s.target.agents.map((ag_code) => ({ content_id, ag_code })))
          .execute();
      for (const name of s.tags ?? []) {
        const tag =
          (await trx.selectFrom('tags').select('tag_id').where('tag_name', '=', name).executeTakeFirst()) ??
          (await trx
            .insertInto('tags')
            .values({ tag_name: name, category_id: category, display_order: 100 })
            .returning('tag_id')
            .executeTakeFirstOrThrow());
        await trx.insertInto('content_tags').values({ content_id, tag_id: tag.tag_id }).execute();
      }
      await reindexContent(trx, content_id);
      ids[s.key] = content_id;
    }
  });
  return ids;
}

export interface SearchAnswer {
  status: number;
  ids: number[];
  rows: Array<{
    contentId: number;
    categoryId: number;
    serchScore: number;
    postPeriod: string;
    updateFormPath: string;
    contentsTitle: string;
  }>;
  tags: Array<{ tagId: number; tagName: string; categoryId: number | ''; categoryName: string; isChecked: boolean }>;
  body: Record<string, unknown>;
}

export async function search(s: Session, body: Record<string, unknown>): Promise<SearchAnswer> {
  const res = await s.call('/api/SiteSearch/getContentsList', body);
  const json = res.json();
  const rows = (json.containtsListData ?? []) as SearchAnswer['rows'];
  return { status: res.statusCode, ids: rows.map((r) => r.contentId), rows, tags: json.tagListData ?? [], body: json };
}

/**
 * The oracle: contents visible to the agent (expectedVisibleIds, computed in JavaScript from the
 * raw rows) in the given categories whose title, tags, sub-category or body text contain every
 * term, with the score each field gives — found with String.includes, not the index.
 */
export async function oracle(
  h: TestApp,
  agCode: string,
  keyword: string,
  categoryIds: readonly number[],
): Promise<Map<number, number>> {
  const terms = searchTerms(keyword);
  const visible = await expectedVisibleIds(h, agCode, TODAY);
  const contents = await h.db
    .selectFrom('contents as c')
    .leftJoin('sub_categories as sc', 'sc.sub_category_id', 'c.sub_category_id')
    .select(['c.content_id', 'c.category_id', 'c.title', 'c.body_html', 'sc.sub_category_name'])
    .where('c.category_id', 'in', [...categoryIds])
    .execute();
  const tagRows = await h.db
    .selectFrom('content_tags as ct')
    .innerJoin('tags as t', 't.tag_id', 'ct.tag_id')
    .select(['ct.content_id', 't.tag_name'])
    .execute();
  const out = new Map<number, number>();
  for (const c of contents) {
    if (!visible.has(c.content_id)) continue;
    const fields = {
      title: normalizeText(c.title),
      tags: tagRows.filter((t) => t.content_id === c.content_id).map((t) => normalizeText(t.tag_name)),
      sub: normalizeText(c.sub_category_name ?? ''),
      body: normalizeText(htmlToText(c.body_html)),
    };
    let score = 0;
    let all = true;
    for (const term of terms) {
      const inTitle = fields.title.includes(term);
      const inTags = fields.tags.some((t) => t.includes(term));
      const inSub = fields.sub.includes(term);
      const inBody = fields.body.includes(term);
      if (!(inTitle || inTags || inSub || inBody)) all = false;
      score +=
        (inTitle ? FIELD_WEIGHTS.title : 0) +
        (inTags ? FIELD_WEIGHTS.tags : 0) +
        (inSub ? FIELD_WEIGHTS.subCategory : 0) +
        (inBody ? FIELD_WEIGHTS.body : 0);
    }
    if (all && terms.length) out.set(c.content_id, score);
  }
  return out;
}

/** The eight searchable content categories of the seeds. */
export const SEARCH_CATEGORY_IDS = [1, 2, 3, 4, 5, 6, 7, 8];
