// Queries of request management (migration 0013). Agent-side reads never select provider_memo:
// the internal memo is read only by `loadForReceiver` and the receiver's list.
import { sql, type Kysely } from 'kysely';
import { settleChanges } from '../../cache/change-feed';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface ApplicationRow {
  app_no: number;
  app_date: Date;
  status_kbn: string;
  ag_code: string;
  ag_name: string | null;
  user_id: string;
  app_user: string;
  app_title: string;
  wish_date: Date | string | null;
  app_category_id: number | null;
  category_name: string | null;
  target_ag_code: string;
  target_company_id: string;
  app_memo: string;
  provider_comment: string;
  provider_user: string;
  operate_user: string;
  updated_at: Date;
}

export interface ReceiverRow extends ApplicationRow {
  provider_memo: string;
  /** The applicant's mail address: the receiver's mail modal proposes it as To. */
  app_user_mail: string | null;
}

const shared = () =>
  [
    'a.app_no',
    'a.app_date',
    'a.status_kbn',
    'a.ag_code',
    'g.ag_name',
    'a.user_id',
    'a.app_user',
    'a.app_title',
    sql<string>`coalesce(to_char(a.wish_date, 'YYYY-MM-DD'), '')`.as('wish_date'),
    'a.app_category_id',
    'c.category_name',
    'a.target_ag_code',
    'a.target_company_id',
    'a.app_memo',
    'a.provider_comment',
    'a.provider_user',
    'a.operate_user',
    'a.updated_at',
  ] as const;

const base = (db: Db) =>
  db
    .selectFrom('applications as a')
    .leftJoin('agents as g', 'g.ag_code', 'a.ag_code')
    .leftJoin('application_categories as c', 'c.app_category_id', 'a.app_category_id')
    .where('a.deleted_at', 'is', null);

/** A request as the applicant side may see it (no internal memo), whoever owns it: the caller checks the owner. */
export async function loadForApplicant(db: Db, appNo: number): Promise<ApplicationRow | undefined> {
  return (await base(db).select(shared()).where('a.app_no', '=', appNo).executeTakeFirst()) as
    ApplicationRow | undefined;
}

export async function loadForReceiver(db: Db, appNo: number): Promise<ReceiverRow | undefined> {
  return (await base(db)
    .leftJoin('users as u', 'u.user_id', 'a.user_id')
    .select([...shared(), 'a.provider_memo', 'u.email as app_user_mail'])
    .where('a.app_no', '=', appNo)
    .executeTakeFirst()) as ReceiverRow | undefined;
}

export interface FileRow {
  row_no: number;
  file_name: string;
  stored_key: string;
  file_size: number | string;
  content_type: string;
}

/** A request attachment: `file_id` is its stable id (a save keeps files by it), `row_no` its place. */
export interface AttachmentRow extends FileRow {
  file_id: number;
}

export async function filesOf(db: Db, appNo: number): Promise<AttachmentRow[]> {
  return db
    .selectFrom('application_files')
    .select(['file_id', 'row_no', 'file_name', 'stored_key', 'file_size', 'content_type'])
    .where('app_no', '=', appNo)
    .orderBy('row_no')
    .execute();
}

export async function categoryFiles(db: Db, categoryId: number): Promise<FileRow[]> {
  return db
    .selectFrom('application_category_files')
    .select(['row_no', 'file_name', 'stored_key', 'file_size', 'content_type'])
    .where('app_category_id', '=', categoryId)
    .orderBy('row_no')
    .execute();
}

export async function categories(db: Db) {
  return db
    .selectFrom('application_categories')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('app_category_id')
    .execute();
}

export async function category(db: Db, id: number) {
  return db
    .selectFrom('application_categories')
    .selectAll()
    .where('app_category_id', '=', id)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

export interface ListCriteria {
  side: 'applicant' | 'receiver';
  /** Applicant side: the caller's agent; receiver side: undefined (every agent). */
  agCode?: string;
  userId: string;
  statuses: readonly string[];
  from: string;
  to: string;
  categoryId?: number;
  status?: string;
  keyword?: string;
  wishDate?: string;
  hideFinished: boolean;
  finished: readonly string[];
  appUserName?: string;
  targetAgCode?: string;
  operater?: string;
  providerUser?: string;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (m) => '\\' + m)}%`;

export interface ListRow {
  app_no: number;
  app_date: Date;
  app_user: string;
  app_category_id: number | null;
  category_name: string;
  app_title: string;
  status_kbn: string;
  wish_date: Date | string | null;
  updated_at: Date;
  operate_user: string;
  provider_user: string;
  ag_code: string;
  ag_name: string | null;
  /** 1 when new for the user (a number: the paged list sorts by it). */
  is_new: number;
}

/**
 * New for the user: for the applicant the supplier changed the request after the user last opened
 * it, for the receiver the agent did (`r` the user's application_reads row).
 */
const isNewFor = (side: ListCriteria['side']) => {
  const changedBy = side === 'applicant' ? sql.ref('a.provider_updated_at') : sql.ref('a.ag_updated_at');
  return sql<boolean>`(${changedBy} is not null and (r.read_at is null or r.read_at < ${changedBy}))`;
};

/**
 * The rows of the list's conditions, without order or limit: the paged lists' selection
 * (schemas/lists/shinsei-kanri-*.json `paging.columns` name its columns, none NULL) and
 * `listApplications`.
 */
export function selectApplications(db: Db, c: ListCriteria) {
  let q = base(db)
    .leftJoin('application_reads as r', (j) => j.onRef('r.app_no', '=', 'a.app_no').on('r.user_id', '=', c.userId))
    .select([
      'a.app_no',
      'a.app_date',
      'a.app_user',
      'a.app_category_id',
      sql<string>`coalesce(c.category_name, '')`.as('category_name'),
      'a.app_title',
      'a.status_kbn',
      sql<string>`coalesce(to_char(a.wish_date, 'YYYY-MM-DD'), '')`.as('wish_date'),
      'a.updated_at',
      'a.operate_user',
      'a.provider_user',
      'a.ag_code',
      'g.ag_name',
      sql<number>`case when ${isNewFor(c.side)} then 1 else 0 end`.as('is_new'),
    ])
    .where('a.status_kbn', 'in', [...c.statuses])
    .where('a.app_date', '>=', new Date(`${c.from}T00:00:00+09:00`))
    .where('a.app_date', '<', new Date(new Date(`${c.to}T00:00:00+09:00`).getTime() + 86_400_000));
  if (c.agCode !== undefined) q = q.where('a.ag_code', '=', c.agCode);
  if (c.categoryId !== undefined) q = q.where('a.app_category_id', '=', c.categoryId);
  if (c.status) q = q.where('a.status_kbn', '=', c.status);
  if (c.hideFinished) q = q.where('a.status_kbn', 'not in', [...c.finished]);
  if (c.wishDate) q = q.where('a.wish_date', '<=', c.wishDate);
  if (c.keyword) {
    const k = like(c.keyword);
    // The applicant side never searches the internal memo (its hits would reveal it).
    q = q.where((eb) =>
      eb.or([
        eb('a.app_title', 'like', k),
        eb('a.app_memo', 'like', k),
        eb('a.provider_comment', 'like', k),
        ...(c.side === 'receiver' ? [eb('a.provider_memo', 'like', k)] : []),
      ]),
    );
  }
  if (c.appUserName) q = q.where('a.app_user', 'like', like(c.appUserName));
  if (c.targetAgCode) q = q.where('a.ag_code', '=', c.targetAgCode);
  if (c.operater) q = q.where('a.operate_user', 'like', like(c.operater));
  if (c.providerUser) q = q.where('a.provider_user', 'like', like(c.providerUser));
  return q;
}

/** Every row of the list, newest first (at most limit + 1, so the caller can answer 416). */
export async function listApplications(db: Db, c: ListCriteria, limit: number): Promise<ListRow[]> {
  return (await selectApplications(db, c)
    .orderBy('a.app_date', 'desc')
    .orderBy('a.app_no', 'desc')
    .limit(limit + 1)
    .execute()) as ListRow[];
}

/** The receiver's new requests (providerNewFlg) among the statuses staff see: the staff 申請管理 badge. */
export async function countNewForReceiver(db: Db, userId: string, statuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('applications as a')
    .leftJoin('application_reads as r', (j) => j.onRef('r.app_no', '=', 'a.app_no').on('r.user_id', '=', userId))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('a.deleted_at', 'is', null)
    .where('a.status_kbn', 'in', [...statuses])
    .where(isNewFor('receiver'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the request read by the user, and its navigation notifications (the 申請管理 badge). */
export async function markRead(db: Db, appNo: number, userId: string, now: Date): Promise<void> {
  // Never before the request's last change (its stamp may run a millisecond ahead of the clock).
  const row = await db
    .selectFrom('applications')
    .select('updated_at')
    .where('app_no', '=', appNo)
    .executeTakeFirstOrThrow();
  const at = new Date(Math.max(now.getTime(), new Date(row.updated_at).getTime()));
  await db
    .insertInto('application_reads')
    .values({ app_no: appNo, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(['app_no', 'user_id']).doUpdateSet({ read_at: at }))
    .execute();
  const linked = await db
    .selectFrom('application_notifications')
    .select('notification_id')
    .where('app_no', '=', appNo)
    .execute();
  if (linked.length)
    await db
      .insertInto('notification_reads')
      .values(linked.map((n) => ({ notification_id: n.notification_id, user_id: userId, read_at: at })))
      .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
      .execute();
  await settleChanges(db); // the badge is cleared on the next page load
}

/** The agent's 申請管理 notification for a request the supplier answered (the previous ones are replaced). */
export async function notifyAgent(db: Db, appNo: number, agCode: string, title: string): Promise<void> {
  const old = await db
    .selectFrom('application_notifications')
    .select('notification_id')
    .where('app_no', '=', appNo)
    .execute();
  if (old.length)
    await db
      .deleteFrom('notifications')
      .where(
        'notification_id',
        'in',
        old.map((o) => o.notification_id),
      )
      .execute();
  const n = await db
    .insertInto('notifications')
    .values({ category_id: 13, ag_code: agCode, user_id: null, title: `申請「${title}」に回答がありました` })
    .returning('notification_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('application_notifications')
    .values({ notification_id: n.notification_id, app_no: appNo })
    .execute();
}
