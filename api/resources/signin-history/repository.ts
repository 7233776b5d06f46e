// SQL of the sign-in history: one user's or one agent's events, newest first, keyset paged by
// (at, event_id) on the indexes of migration 0025.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface HistoryQuery {
  agCode: string;
  /** One user of the agent; undefined: every user of the agent. */
  userId?: string;
  /** Instants: from inclusive, to exclusive. */
  from?: Date;
  to?: Date;
  kinds: string[];
  /** The last row of the previous page. */
  after?: { at: Date; eventId: number };
  limit: number;
}

export function findAgent(db: Db, agCode: string) {
  return db.selectFrom('agents').select(['ag_code', 'ag_name']).where('ag_code', '=', agCode).executeTakeFirst();
}

/** The user with its agent, deleted users too (their history stays readable). */
export function findUser(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'ag_code', 'user_name'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listEvents(db: Db, q: HistoryQuery) {
  let query = db
    .selectFrom('sign_in_events as e')
    .leftJoin('users as u', 'u.user_id', 'e.user_id')
    .select([
      'e.event_id',
      'e.at',
      'e.user_id',
      'e.ag_code',
      'e.kind',
      'e.ip',
      'e.user_agent',
      'e.detail',
      sql<string>`coalesce(nullif(e.login_id, ''), u.login_id, '')`.as('login_id'),
      sql<string>`coalesce(u.user_name, '')`.as('user_name'),
    ])
    .where('e.ag_code', '=', q.agCode);
  if (q.userId !== undefined) query = query.where('e.user_id', '=', q.userId);
  if (q.from) query = query.where('e.at', '>=', q.from);
  if (q.to) query = query.where('e.at', '<', q.to);
  if (q.kinds.length) query = query.where('e.kind', 'in', q.kinds);
  if (q.after) query = query.where(sql<boolean>`(e.at, e.event_id) < (${q.after.at}, ${q.after.eventId})`);
  return query.orderBy('e.at', 'desc').orderBy('e.event_id', 'desc').limit(q.limit).execute();
}
