// Who may upload files (tus at /api/files, issue 14 item 6): someone allowed to use at least one
// screen that uploads. The screens are this list, in one place: a new screen that uploads adds
// its permission category here (and tests/api/upload-permissions.test.ts checks the list against
// the categories of the seed). Everyone else, a plain agent included, gets 403 before a byte is
// stored.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { canAny, type Holder } from './permissions';
import { categoryRow, type CategoryKey } from '../../schemas/categories';

const uploading = (key: CategoryKey, uploads: string) => ({
  categoryId: categoryRow(key).id,
  screen: categoryRow(key).name,
  uploads,
});

export const UPLOADING_SCREENS: readonly { categoryId: number; screen: string; uploads: string }[] = [
  uploading('SEGMENTS', 'member list (CSV)'),
  uploading('USERS', 'user list (CSV)'),
  uploading('NOTICE_REG', 'attachments, thumbnail'),
  uploading('GLOBAL_NAVI', 'agent code list (CSV)'),
  uploading('ICON_MENU', 'icon images, agent code list (CSV)'),
  uploading('LOGIN_POPUP_MGT', 'images, attachments'),
  uploading('BANNERS', 'banner images'),
  uploading('FAQ_REG', 'attachments, thumbnail'),
  uploading('APPLICATION_FORM_REG', 'forms, thumbnail'),
  uploading('PROPOSAL_REG', 'documents, thumbnail'),
  uploading('MANUAL_REG', 'documents, thumbnail'),
  uploading('SKILUP_REG', 'videos, documents, thumbnail'),
  uploading('EVENT_REG', 'attachments, thumbnail'),
  uploading('ONE_STOP_GUIDE_MGT', 'category block images'),
  uploading('ADMIN_NOTICE_REG', 'attachments'),
  // The request forms: the applicant form (13) attaches files; the receiver form (14) is listed
  // with it as the other half of the same screens.
  uploading('APPLICATIONS_AGENT', 'request attachments'),
  uploading('APPLICATIONS_PROVIDER', 'request attachments'),
];

export const UPLOAD_CATEGORY_IDS: readonly number[] = UPLOADING_SCREENS.map((s) => s.categoryId);

/** Whether the holder may create (and continue) uploads. */
export function mayUpload(db: Kysely<Database>, h: Holder): Promise<boolean> {
  return canAny(db, h, UPLOAD_CATEGORY_IDS);
}
