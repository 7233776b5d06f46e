// SQL of the event entry download: the events a provider may download (category 7, not deleted,
// posted by the target date, newest event first) and the applications of one event with the
// applicant's agent and contact, cancelled ones included (the file tells them apart).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { CATEGORY } from '../../../schemas/categories';

type Db = Kysely<Database>;

export async function downloadableEvents(db: Db, targetDate: string) {
  return db
    .selectFrom('contents as c')
    .innerJoin('events as e', 'e.content_id', 'c.content_id')
    .select(['c.content_id', 'c.title', 'e.csv_file_name', 'e.kaisai_at'])
    .where('c.category_id', '=', CATEGORY.EVENTS)
    .where('c.deleted_at', 'is', null)
    .where('c.keisai_start', '<=', targetDate)
    .orderBy('e.kaisai_at', 'desc')
    .orderBy('c.content_id', 'desc')
    .execute();
}

export async function findEvent(db: Db, contentId: number) {
  return db
    .selectFrom('contents as c')
    .innerJoin('events as e', 'e.content_id', 'c.content_id')
    .select(['c.content_id', 'c.title', 'e.csv_file_name', 'e.kaisai_at', 'e.venue'])
    .where('c.content_id', '=', contentId)
    .where('c.category_id', '=', CATEGORY.EVENTS)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function entriesOf(db: Db, contentId: number) {
  return db
    .selectFrom('event_entries as x')
    .innerJoin('users as u', 'u.user_id', 'x.user_id')
    .leftJoin('agents as a', 'a.ag_code', 'x.ag_code')
    .select([
      'x.entry_id',
      'x.applied_at',
      'x.cancelled_at',
      'x.ag_code',
      'a.ag_name',
      'x.user_id',
      'u.company_name',
      'u.section_name',
      'u.user_name',
      'u.email',
      'x.applied_by',
    ])
    .where('x.content_id', '=', contentId)
    .orderBy('x.applied_at')
    .orderBy('x.entry_id')
    .execute();
}
