// Writing a mail into the outbox (migrations/0022_mail_outbox.ts). A caller enqueues inside the
// transaction of the change that causes the mail, so the change and its mail are kept or lost
// together; after the commit it asks the sender (api/mail/sender.ts) to try the rows at once.
// Where the change has no transaction (a notification that changes nothing), the enqueue is the
// write. Nothing here talks to the mail server.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { OutgoingMail } from './mailer';

/** What a mail is: shown to administrators on the failed-mail list (KIND_LABELS). */
export type MailKind =
  | 'one_time_code'
  | 'password_reset'
  | 'account_setup'
  | 'event_application'
  | 'event_cancellation'
  | 'request_notification'
  | 'content_notice';

export const KIND_LABELS: Record<MailKind, string> = {
  one_time_code: 'セキュリティコード',
  password_reset: 'パスワード再設定',
  account_setup: 'アカウント登録',
  event_application: 'イベント申込受付',
  event_cancellation: 'イベント申込キャンセル',
  request_notification: '申請の連絡',
  content_notice: 'クリックメーラー',
};

export interface QueuedMail extends OutgoingMail {
  kind: MailKind;
  /** Not sent once this long has passed (a one-time code after its validity); default: no limit. */
  validForMs?: number;
}

/**
 * How long a new row waits before any instance's background sender may take it: the enqueuing
 * request tries it itself right after its commit (deliverNow), and only a request that died in
 * between leaves it to the others.
 */
export const FIRST_TRY_HOLD_MS = 15_000;

/** Writes the mails in `db` (the caller's transaction); answers their ids for deliverNow. */
export async function enqueueMail(
  db: Kysely<Database> | Transaction<Database>,
  ...mails: QueuedMail[]
): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insertInto('mail_outbox')
    .values(
      mails.map((m) => ({
        kind: m.kind,
        to_address: m.to,
        cc_address: m.cc ?? '',
        bcc_address: m.bcc ?? '',
        subject: m.subject,
        body: m.text,
        // Database time throughout the outbox: instances' clocks (and a test's clock) may differ.
        next_attempt_at: sql<Date>`now() + ${FIRST_TRY_HOLD_MS} * interval '1 millisecond'`,
        expires_at: m.validForMs === undefined ? null : sql<Date>`now() + ${m.validForMs} * interval '1 millisecond'`,
      })),
    )
    .returning('mail_id')
    .execute();
  return rows.map((r) => r.mail_id);
}

/** An administrator's resend: dead letters due again at once, their tries counted afresh. Answers the ids requeued. */
export async function requeueDeadMail(
  db: Kysely<Database> | Transaction<Database>,
  mailIds: number[],
): Promise<number[]> {
  if (mailIds.length === 0) return [];
  const rows = await db
    .updateTable('mail_outbox')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: sql<Date>`now()`,
      claim_id: null,
      updated_at: sql<Date>`now()`,
    })
    .where('mail_id', 'in', mailIds)
    .where('status', '=', 'dead')
    .returning('mail_id')
    .execute();
  return rows.map((r) => r.mail_id);
}
