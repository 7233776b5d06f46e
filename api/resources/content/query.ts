// Queries over contents shared by several areas: the visible info list items and the
// visible content a write or download refers to. Every one filters through visibility.ts.
import { expressionBuilder, type AliasableExpression, type Expression, type Kysely, type SqlBool } from 'kysely';
import { contentVisibleTo, isImportantOn, isNewOn, type Viewer } from '../../authority/visibility';
import type { ContentsTable, Database } from '../../db/schema';
import type { InfoItem } from '../../../schemas/wire/contents';
import { slashDate } from './wire';

type Db = Kysely<Database>;

/** Visible contents with the columns of an info item; callers add their own filters, order and paging. */
export function infoItems(db: Db, v: Viewer) {
  return db
    .selectFrom('contents as c')
    .innerJoin('categories as k', 'k.category_id', 'c.category_id')
    .leftJoin('sub_categories as sc', 'sc.sub_category_id', 'c.sub_category_id')
    .select(['c.content_id', 'c.title', 'c.keisai_start', 'c.category_id', 'k.detail_path', 'sc.sub_category_name'])
    .select(isNewOn(v.date).as('new_flg'))
    .select(isImportantOn(v.date).as('jyuyo_flg'))
    .select(hasFile().as('file_flg'))
    .where(contentVisibleTo(v));
}

/** Important first (inside the important period), then the newest posting, then the id. */
export function newestFirst<Q extends ReturnType<typeof infoItems>>(q: Q, date: string): Q {
  return q.orderBy(isImportantOn(date), 'desc').orderBy('c.keisai_start', 'desc').orderBy('c.content_id', 'desc') as Q;
}

export function toInfoItem(r: {
  content_id: number;
  title: string;
  keisai_start: string;
  category_id: number;
  detail_path: string;
  sub_category_name: string | null;
  new_flg: boolean;
  jyuyo_flg: boolean;
  file_flg: SqlBool;
}): InfoItem {
  return {
    contentId: r.content_id,
    contentsTitle: r.title,
    postPeriod: slashDate(r.keisai_start),
    subCategoryName: r.sub_category_name ?? '',
    categoryId: r.category_id,
    detailPath: r.detail_path,
    fileFlg: !!r.file_flg,
    newFlg: !!r.new_flg,
    jyuyoFlg: !!r.jyuyo_flg,
  };
}

/** Contents row `c` has a downloadable file (the lists' file mark), not only images. */
export function hasFile(): AliasableExpression<SqlBool> {
  const eb = expressionBuilder<Database & { c: ContentsTable }, 'c'>();
  return eb.exists(
    eb
      .selectFrom('content_files as cf')
      .select('cf.file_id')
      .whereRef('cf.content_id', '=', 'c.content_id')
      .where('cf.kind', '=', 'file'),
  );
}

/**
 * Contents row `c` has at least one of the tags (the tag narrowing of the site search, the event
 * list and the skill-up hub). The list must not be empty: callers skip the narrowing when no tag
 * is chosen.
 */
export function hasAnyTag(tagIds: readonly number[]): Expression<SqlBool> {
  const eb = expressionBuilder<Database & { c: ContentsTable }, 'c'>();
  return eb.exists(
    eb
      .selectFrom('content_tags as ct')
      .select('ct.tag_id')
      .whereRef('ct.content_id', '=', 'c.content_id')
      .where('ct.tag_id', 'in', tagIds),
  );
}

/** The content if it is visible to the viewer and belongs to the category; else undefined. */
export async function findVisibleContent(db: Db, v: Viewer, categoryId: number, contentId: number) {
  return db
    .selectFrom('contents as c')
    .select(['c.content_id', 'c.category_id', 'c.title'])
    .where('c.content_id', '=', contentId)
    .where('c.category_id', '=', categoryId)
    .where(contentVisibleTo(v))
    .executeTakeFirst();
}
