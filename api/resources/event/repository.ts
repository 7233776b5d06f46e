// SQL of the skill-up events (spec 002 sections 2.4, 3, 4): the event list, the viewer's
// applications and attendance history, the event detail, and applying / cancelling. Contents
// are read through contentVisibleTo; a viewer's own applications are read by the token's user
// (the pseudo user during pseudo-login), never by an id from the body.
import { sql, type Kysely, type SqlBool } from 'kysely';
import { contentTargets, contentVisibleTo, isImportantOn, isNewOn, type Viewer } from '../../authority/visibility';
import type { Database } from '../../db/schema';
import { hasAnyTag } from '../content/query';
import { holdsTerms } from '../skilup/hub-repository';

type Db = Kysely<Database>;

export interface EventCriteria {
  terms: string[];
  tagIds: number[];
  /** Event day between these (yyyy-MM-dd, inclusive). */
  period: { from: string; to: string } | null;
}

/** Which list: upcoming events, the viewer's upcoming applications, the viewer's held applications. */
export type EventListKind = 'list' | 'applied' | 'history';

const liveEntryOf = (userId: string) =>
  sql<SqlBool>`exists (select 1 from event_entries x where x.content_id = c.content_id and x.user_id = ${userId} and x.cancelled_at is null)`;

/** The registration of event row `e` has ended at the instant: deadline passed, held, or full (unless the viewer holds a place). */
export function registrationEnded(at: Date, userId: string) {
  return sql<boolean>`(e.registration_end_at < ${at} or e.kaisai_at < ${at} or (e.capacity is not null and not ${liveEntryOf(userId)} and (select count(*) from event_entries n where n.content_id = e.content_id and n.cancelled_at is null) >= e.capacity))`;
}

/** Tokyo yyyy-MM-dd of timestamp column `e.kaisai_at`. */
const kaisaiDay = sql<string>`cast(e.kaisai_at at time zone 'Asia/Tokyo' as date)`;

/**
 * The events of one list for the viewer at the instant. list: visible events not yet held
 * (with outside: every period, held ones too). applied: visible events the viewer applied to,
 * not yet held. history: events the viewer applied to that have been held; their posting
 * period may have ended (the application is the viewer's own), but the targeting still applies.
 */
export async function eventList(
  db: Db,
  v: Viewer,
  categoryId: number,
  kind: EventListKind,
  at: Date,
  c: EventCriteria,
  opts: { outside: boolean; limit: number },
) {
  let q = db
    .selectFrom('contents as c')
    .innerJoin('events as e', 'e.content_id', 'c.content_id')
    .leftJoin('sub_categories as sc', 'sc.sub_category_id', 'c.sub_category_id')
    .leftJoin('thumbnails as t', 't.thumbnail_id', 'c.thumbnail_id')
    .select([
      'c.content_id',
      'c.category_id',
      'c.title',
      'sc.sub_category_name',
      'e.kaisai_at',
      't.thumbnail_id',
      't.file_name as thumbnail_file_name',
    ])
    .select(isNewOn(v.date).as('new_flg'))
    .select(registrationEnded(at, v.userId).as('close_flg'))
    .select((eb) =>
      eb
        .selectFrom('content_files as f')
        .select('f.file_id')
        .whereRef('f.content_id', '=', 'c.content_id')
        .where('f.kind', '=', 'image')
        .orderBy('f.row_no')
        .limit(1)
        .as('image_file_id'),
    )
    .select((eb) =>
      eb
        .selectFrom('content_files as f')
        .select('f.file_name')
        .whereRef('f.content_id', '=', 'c.content_id')
        .where('f.kind', '=', 'image')
        .orderBy('f.row_no')
        .limit(1)
        .as('image_file_name'),
    )
    .where('c.category_id', '=', categoryId);
  if (kind === 'history') {
    q = q
      .where('c.deleted_at', 'is', null)
      .where(contentTargets(v))
      .where(liveEntryOf(v.userId))
      .where('e.kaisai_at', '<', at);
  } else if (kind === 'applied') {
    q = q.where(contentVisibleTo(v)).where(liveEntryOf(v.userId)).where('e.kaisai_at', '>=', at);
  } else {
    q = q.where(contentVisibleTo(v, { ignorePeriod: opts.outside }));
    if (!opts.outside) q = q.where('e.kaisai_at', '>=', at);
  }
  if (c.terms.length) q = q.where(holdsTerms(c.terms));
  if (c.tagIds.length) q = q.where(hasAnyTag(c.tagIds));
  if (c.period)
    q = q.where(sql<SqlBool>`${kaisaiDay} between cast(${c.period.from} as date) and cast(${c.period.to} as date)`);
  q = kind === 'history' ? q.orderBy('e.kaisai_at', 'desc') : q.orderBy('e.kaisai_at', 'asc');
  return q.orderBy('c.content_id').limit(opts.limit).execute();
}

/** The tags of the contents with their category, in the tags' order. */
export async function eventTags(db: Db, contentIds: number[]) {
  if (contentIds.length === 0) return [];
  return db
    .selectFrom('tags as t')
    .leftJoin('categories as k', 'k.category_id', 't.category_id')
    .select(['t.tag_id', 't.tag_name', 't.category_id', 'k.category_name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('content_tags as ct')
          .select('ct.tag_id')
          .whereRef('ct.tag_id', '=', 't.tag_id')
          .where('ct.content_id', 'in', contentIds),
      ),
    )
    .orderBy('t.display_order')
    .orderBy('t.tag_id')
    .execute();
}

/**
 * The event as its detail page shows it: visible to the viewer, or (outside its posting period)
 * one the viewer applied to; provider administrators' previews see every period.
 */
export async function eventDetail(
  db: Db,
  v: Viewer,
  categoryId: number,
  contentId: number,
  at: Date,
  opts: { anyPeriod: boolean },
) {
  return db
    .selectFrom('contents as c')
    .innerJoin('events as e', 'e.content_id', 'c.content_id')
    .innerJoin('categories as k', 'k.category_id', 'c.category_id')
    .leftJoin('sub_categories as sc', 'sc.sub_category_id', 'c.sub_category_id')
    .select([
      'c.content_id',
      'c.category_id',
      'k.category_name',
      'k.update_form_path',
      'k.detail_path',
      'c.sub_category_id',
      'sc.sub_category_name',
      'c.title',
      'c.keisai_start',
      'c.keisai_end',
      'c.last_update',
      'c.body_html',
    ])
    .select(['e.kaisai_at', 'e.kaisai_end_at', 'e.registration_end_at', 'e.venue', 'e.capacity'])
    .select(isNewOn(v.date).as('new_flg'))
    .select(isImportantOn(v.date).as('jyuyo_flg'))
    .select(registrationEnded(at, v.userId).as('is_ended'))
    .select(liveEntryOf(v.userId).as('is_applied'))
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('favorites as f')
            .select('f.content_id')
            .whereRef('f.content_id', '=', 'c.content_id')
            .where('f.user_id', '=', v.userId),
        )
        .as('is_favorite'),
    )
    .where('c.content_id', '=', contentId)
    .where('c.category_id', '=', categoryId)
    .where((eb) =>
      opts.anyPeriod
        ? contentVisibleTo(v, { ignorePeriod: true })
        : eb.or([contentVisibleTo(v), eb.and([contentVisibleTo(v, { ignorePeriod: true }), liveEntryOf(v.userId)])]),
    )
    .executeTakeFirst();
}

/** The event row for an application, locked for the transaction (capacity is counted under the lock). */
export async function lockEvent(trx: Db, contentId: number) {
  return trx
    .selectFrom('events as e')
    .innerJoin('contents as c', 'c.content_id', 'e.content_id')
    .select([
      'e.content_id',
      'e.kaisai_at',
      'e.kaisai_end_at',
      'e.registration_end_at',
      'e.capacity',
      'e.venue',
      'e.complete_add_message',
      'e.mail_message',
      'c.title',
    ])
    .where('e.content_id', '=', contentId)
    .forUpdate('e')
    .executeTakeFirst();
}

export async function liveEntry(trx: Db, contentId: number, userId: string) {
  return trx
    .selectFrom('event_entries')
    .select('entry_id')
    .where('content_id', '=', contentId)
    .where('user_id', '=', userId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
}

export async function liveEntryCount(trx: Db, contentId: number): Promise<number> {
  const row = await trx
    .selectFrom('event_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('content_id', '=', contentId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addEntry(
  trx: Db,
  e: { contentId: number; userId: string; agCode: string; appliedBy: string; at: Date },
) {
  await trx
    .insertInto('event_entries')
    .values({
      content_id: e.contentId,
      user_id: e.userId,
      ag_code: e.agCode,
      applied_by: e.appliedBy,
      applied_at: e.at,
    })
    .execute();
}

export async function cancelEntry(trx: Db, entryId: number, by: string, at: Date) {
  await trx
    .updateTable('event_entries')
    .set({ cancelled_at: at, cancelled_by: by })
    .where('entry_id', '=', entryId)
    .where('cancelled_at', 'is', null)
    .execute();
}

export async function userContact(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['user_name', 'email', 'company_name'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
