// SQL of the skill-up hub (/skilup-video-list) and the sales playbook (/skilup-toranomaki).
// Every content read filters through contentVisibleTo; the skill-up fields come from
// skilup_contents / skilup_phases / skilup_programs (migrations/0007).
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { contentVisibleTo, isNewOn, type Viewer } from '../../authority/visibility';
import type { Database } from '../../db/schema';
import { hasAnyTag } from '../content/query';
import { containsPattern } from '../../search/normalise';

type Db = Kysely<Database>;

/** Spec 002 section 4: 3 new videos and 3 per phase unless the program says otherwise. */
export const DEFAULT_DISP_NUM = 3;

/** The program(s) of a category in order; their display counts come from the first. */
export async function programsOf(db: Db, categoryId: number) {
  return db
    .selectFrom('skilup_programs')
    .select(['skilup_id', 'skilup_name', 'new_video_disp_num', 'video_list_disp_num', 'disp_count'])
    .where('category_id', '=', categoryId)
    .orderBy('display_order')
    .orderBy('skilup_id')
    .execute();
}

export async function phasesOf(db: Db, skilupIds: number[]) {
  if (skilupIds.length === 0) return [];
  return db
    .selectFrom('skilup_phases as p')
    .innerJoin('skilup_programs as g', 'g.skilup_id', 'p.skilup_id')
    .select(['p.phase_id', 'p.skilup_id', 'p.phase_name', 'p.phase_title', 'p.icon_name', 'p.is_open'])
    .where('p.skilup_id', 'in', skilupIds)
    .orderBy('g.display_order')
    .orderBy('p.display_order')
    .orderBy('p.phase_id')
    .execute();
}

/**
 * Contents row `c` holds every term (normalised, api/search/normalise.ts) in its title, tags,
 * sub-category or body, as the site search index stores them (LIKE on normalised text).
 */
export function holdsTerms(terms: readonly string[]): Expression<SqlBool> {
  const parts = terms.map((term) => {
    const p = containsPattern(term);
    return sql<SqlBool>`exists (select 1 from search_documents d where d.content_id = c.content_id and (d.title like ${p} or d.tags like ${p} or d.sub_category like ${p} or d.body like ${p}))`;
  });
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
}

export interface VideoFilter {
  ignorePeriod: boolean;
  terms: string[];
  tagIds: number[];
  onlyUnwatched: boolean;
}

/** Visible skill-up contents of the category with their phase, thumbnail and the viewer's watched flag. */
export async function hubVideos(db: Db, v: Viewer, categoryId: number, skilupIds: number[], f: VideoFilter) {
  if (skilupIds.length === 0) return [];
  let q = db
    .selectFrom('contents as c')
    .innerJoin('skilup_contents as s', 's.content_id', 'c.content_id')
    .innerJoin('skilup_phases as p', 'p.phase_id', 's.phase_id')
    .innerJoin('skilup_programs as g', 'g.skilup_id', 's.skilup_id')
    .innerJoin('categories as k', 'k.category_id', 'c.category_id')
    .leftJoin('thumbnails as t', 't.thumbnail_id', 'c.thumbnail_id')
    .select([
      'c.content_id',
      'c.category_id',
      'c.title',
      'c.last_update',
      'c.keisai_start',
      'k.detail_path',
      'k.update_form_path',
      's.skilup_id',
      's.phase_id',
      'p.phase_name',
      't.thumbnail_id',
      't.file_name as thumbnail_file_name',
    ])
    .select(isNewOn(v.date).as('is_new'))
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('skilup_watch_status as w')
            .select('w.content_id')
            .whereRef('w.content_id', '=', 'c.content_id')
            .where('w.user_id', '=', v.userId)
            .where('w.is_watched', '=', true),
        )
        .as('is_watched'),
    )
    .where('c.category_id', '=', categoryId)
    .where('s.skilup_id', 'in', skilupIds)
    .where(contentVisibleTo(v, { ignorePeriod: f.ignorePeriod }));
  if (f.terms.length) q = q.where(holdsTerms(f.terms));
  if (f.tagIds.length) q = q.where(hasAnyTag(f.tagIds));
  if (f.onlyUnwatched) {
    q = q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('skilup_watch_status as w')
            .select('w.content_id')
            .whereRef('w.content_id', '=', 'c.content_id')
            .where('w.user_id', '=', v.userId)
            .where('w.is_watched', '=', true),
        ),
      ),
    );
  }
  return q
    .orderBy('g.display_order')
    .orderBy('p.display_order')
    .orderBy('s.display_order')
    .orderBy('c.content_id')
    .execute();
}

/** The first video (row order) of each content: its file row for the 1-second thumbnail and caption. */
export async function firstVideos(db: Db, contentIds: number[]) {
  const out = new Map<number, { fileId: number; fileName: string; explanation: string }>();
  if (contentIds.length === 0) return out;
  const rows = await db
    .selectFrom('content_files')
    .select(['content_id', 'file_id', 'file_name', 'explanation'])
    .where('content_id', 'in', contentIds)
    .where('kind', '=', 'video')
    .orderBy('content_id')
    .orderBy('row_no')
    .execute();
  for (const r of rows)
    if (!out.has(r.content_id))
      out.set(r.content_id, { fileId: r.file_id, fileName: r.file_name, explanation: r.explanation });
  return out;
}

/** The tags of the contents, in the tags' order. */
export async function tagsOf(db: Db, contentIds: number[]) {
  if (contentIds.length === 0) return [];
  return db
    .selectFrom('content_tags as ct')
    .innerJoin('tags as t', 't.tag_id', 'ct.tag_id')
    .select(['ct.content_id', 't.tag_id', 't.tag_name'])
    .where('ct.content_id', 'in', contentIds)
    .orderBy('t.display_order')
    .orderBy('t.tag_id')
    .execute();
}

/** Visible playbook chapters of the programs, in phase and chapter order, with the viewer's watched flag. */
export async function chapters(db: Db, v: Viewer, categoryId: number, skilupIds: number[]) {
  if (skilupIds.length === 0) return [];
  return db
    .selectFrom('contents as c')
    .innerJoin('skilup_contents as s', 's.content_id', 'c.content_id')
    .select([
      'c.content_id',
      'c.category_id',
      'c.title',
      's.phase_id',
      's.chapter_name',
      's.chapter_title',
      's.chapter_comment',
      's.video_content_id',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('skilup_watch_status as w')
            .select('w.content_id')
            .whereRef('w.content_id', '=', 'c.content_id')
            .where('w.user_id', '=', v.userId)
            .where('w.is_watched', '=', true),
        )
        .as('is_watched'),
    )
    .where('c.category_id', '=', categoryId)
    .where('s.skilup_id', 'in', skilupIds)
    .where(contentVisibleTo(v))
    .orderBy('s.display_order')
    .orderBy('c.content_id')
    .execute();
}

/** Of the given contents, those visible to the viewer (a chapter's linked video is shown only then). */
export async function visibleAmong(db: Db, v: Viewer, contentIds: number[]) {
  const out = new Map<number, number>();
  if (contentIds.length === 0) return out;
  const rows = await db
    .selectFrom('contents as c')
    .select(['c.content_id', 'c.category_id'])
    .where('c.content_id', 'in', contentIds)
    .where(contentVisibleTo(v))
    .execute();
  for (const r of rows) out.set(r.content_id, r.category_id);
  return out;
}

export async function commentsOf(db: Db, skilupIds: number[]) {
  if (skilupIds.length === 0) return [];
  const rows = await db
    .selectFrom('skilup_comments as m')
    .innerJoin('skilup_programs as g', 'g.skilup_id', 'm.skilup_id')
    .select('m.comment_text')
    .where('m.skilup_id', 'in', skilupIds)
    .orderBy('g.display_order')
    .orderBy('m.display_order')
    .orderBy('m.comment_id')
    .execute();
  return rows.map((r) => r.comment_text);
}
