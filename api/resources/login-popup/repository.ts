// Login popups: contents of category 15 with a login_popups row. Listed when visible to the
// viewer (contentVisibleTo also applies the check display target) and not yet checked by the user.
import type { Kysely } from 'kysely';
import { contentVisibleTo, type Viewer } from '../../authority/visibility';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

function popups(db: Db, v: Viewer, opts: { ignorePeriod?: boolean }) {
  return db
    .selectFrom('contents as c')
    .innerJoin('login_popups as p', 'p.content_id', 'c.content_id')
    .select([
      'c.content_id',
      'c.category_id',
      'c.title',
      'c.keisai_start',
      'c.keisai_end',
      'c.body_html',
      'p.check_patern',
      'p.check_disp_target',
    ])
    .where(contentVisibleTo(v, opts));
}

/**
 * The popups of the user's sign-in. Provider staff reading as themselves see every display target
 * in lists, but a popup addressed to one agent or a segment is that audience's, not theirs: at
 * sign-in they get those for all agents only (docs/admin-maintenance.md). Lifting the period
 * (isUnlimitDate, provider administrators checking every popup) shows every target again.
 */
export async function listPendingPopups(db: Db, v: Viewer, opts: { ignorePeriod?: boolean } = {}) {
  return popups(db, v, opts)
    .$if(v.seesAllTargets && !opts.ignorePeriod, (q) => q.where('c.display_target', '=', '0'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('popup_check_history as h')
            .select('h.user_id')
            .whereRef('h.content_id', '=', 'c.content_id')
            .where('h.user_id', '=', v.userId)
            .where('h.is_checked', '=', true),
        ),
      ),
    )
    .orderBy('c.keisai_start', 'desc')
    .orderBy('c.content_id')
    .execute();
}

export async function findPopup(
  db: Db,
  v: Viewer,
  categoryId: number,
  contentId: number,
  opts: { ignorePeriod?: boolean } = {},
) {
  return popups(db, v, opts)
    .where('c.content_id', '=', contentId)
    .where('c.category_id', '=', categoryId)
    .executeTakeFirst();
}

export async function saveCheck(db: Db, userId: string, contentId: number, isChecked: boolean, at: Date) {
  await db
    .insertInto('popup_check_history')
    .values({ user_id: userId, content_id: contentId, is_checked: isChecked, checked_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'content_id']).doUpdateSet({ is_checked: isChecked, checked_at: at }))
    .execute();
}
