// Who may upload files (tus at /api/files, issue 14 item 6): someone allowed to use at least one
// screen that uploads. The screens are this list, in one place: a new screen that uploads adds
// its permission category here (and tests/api/upload-permissions.test.ts checks the list against
// the categories of the seed). Everyone else, a plain agent included, gets 403 before a byte is
// stored.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { canAny, type Holder } from './permissions';

export const UPLOADING_SCREENS: readonly { categoryId: number; screen: string; uploads: string }[] = [
  { categoryId: 101, screen: 'AGセグメント登録', uploads: 'member list (CSV)' },
  { categoryId: 102, screen: 'AGユーザーメンテナンス', uploads: 'user list (CSV)' },
  { categoryId: 103, screen: 'お知らせ登録', uploads: 'attachments, thumbnail' },
  { categoryId: 104, screen: 'グローバルナビ管理', uploads: 'agent code list (CSV)' },
  { categoryId: 105, screen: 'アイコンメニュー管理', uploads: 'icon images, agent code list (CSV)' },
  { categoryId: 106, screen: 'ログインポップアップ管理', uploads: 'images, attachments' },
  { categoryId: 107, screen: 'バナー登録', uploads: 'banner images' },
  { categoryId: 108, screen: 'FAQ登録', uploads: 'attachments, thumbnail' },
  { categoryId: 109, screen: '申請フォーム登録', uploads: 'forms, thumbnail' },
  { categoryId: 110, screen: '提案書登録', uploads: 'documents, thumbnail' },
  { categoryId: 111, screen: 'マニュアル登録', uploads: 'documents, thumbnail' },
  { categoryId: 112, screen: 'スキルアップ登録', uploads: 'videos, documents, thumbnail' },
  { categoryId: 113, screen: 'イベント登録', uploads: 'attachments, thumbnail' },
  { categoryId: 115, screen: 'ワンストップガイドTOP管理', uploads: 'category block images' },
  { categoryId: 116, screen: '管理者お知らせ登録', uploads: 'attachments' },
  // The request forms: the applicant form (13) attaches files; the receiver form (14) is listed
  // with it as the other half of the same screens.
  { categoryId: 13, screen: '申請管理', uploads: 'request attachments' },
  { categoryId: 14, screen: '申請管理（プロバイダー）', uploads: 'request attachments' },
];

export const UPLOAD_CATEGORY_IDS: readonly number[] = UPLOADING_SCREENS.map((s) => s.categoryId);

/** Whether the holder may create (and continue) uploads. */
export function mayUpload(db: Kysely<Database>, h: Holder): Promise<boolean> {
  return canAny(db, h, UPLOAD_CATEGORY_IDS);
}
