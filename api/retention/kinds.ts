// The retention registry (docs/operations.md "Retention"): every kind of row the daily purge
// removes, the variable that sets how many days it is kept, its default, and how it is pruned.
// A new log table gets one entry here (and a line in the variables table of docs/operations.md).
//
// Not here, because something already removes them: idempotency keys (24 hours, pruned by the
// form engine on every create, api/forms/idempotency.ts) and sent or expired outbox mails
// (MAIL_KEEP_SENT_DAYS, the mail sender, api/mail/sender.ts).
import type { Kysely } from 'kysely';
import { pruneAuditLogs } from '../audit/prune';
import type { Database } from '../db/schema';
import { deleteInBatches, type Pause } from './batches';

export interface RetentionKind {
  /** The name in logs and metrics (the table's name). */
  kind: string;
  envVar: string;
  defaultDays: number;
  /** Deletes the rows older than the cutoff, `batchSize` per statement; answers how many went. */
  prune(db: Kysely<Database>, cutoff: Date, batchSize: number, pause?: Pause): Promise<number>;
}

/** A table whose rows go by one date column, deleted by its one-column key. */
const byDate = (
  kind: keyof Database & string,
  envVar: string,
  defaultDays: number,
  key: string,
  column: string,
): RetentionKind => ({
  kind,
  envVar,
  defaultDays,
  prune: (db, cutoff, batchSize, pause) => deleteInBatches(db, { table: kind, key, column, cutoff, batchSize, pause }),
});

export const retentionKinds: readonly RetentionKind[] = [
  // Two years: the current and the previous fiscal year of what agents did, for support and audits.
  byDate('operation_logs', 'RETENTION_OPERATION_LOG_DAYS', 730, 'log_id', 'action_time'),
  // One year: long enough to compare with last year's release, short for stack traces with URLs.
  byDate('error_logs', 'RETENTION_ERROR_LOG_DAYS', 365, 'error_id', 'created_at'),
  // One year: the keywords agents typed are personal data and serve only the search's tuning.
  byDate('search_histories', 'RETENTION_SEARCH_HISTORY_DAYS', 365, 'history_id', 'searched_at'),
  // Three years (docs/security.md "Sign-in history"): unauthorised access is often found late.
  byDate('sign_in_events', 'RETENTION_SIGN_IN_EVENT_DAYS', 1095, 'event_id', 'at'),
  // Housekeeping of sign-in: rows that stopped meaning anything long before their date here.
  // A session lasts 30 minutes from its last use; one idle this long is over, revoked or not.
  byDate('sessions', 'RETENTION_SESSION_DAYS', 90, 'session_id', 'last_seen_at'),
  byDate('otp_challenges', 'RETENTION_ONE_TIME_CODE_DAYS', 30, 'challenge_id', 'expires_at'),
  byDate('password_reset_tokens', 'RETENTION_RESET_TOKEN_DAYS', 30, 'token_hash', 'expires_at'),
  byDate('trusted_browsers', 'RETENTION_TRUSTED_BROWSER_DAYS', 30, 'browser_id', 'expires_at'),
  // The throttle counts a 15-minute window; a day keeps enough to look into an attack.
  byDate('auth_attempts', 'RETENTION_AUTH_ATTEMPT_DAYS', 1, 'attempt_id', 'attempted_at'),
  // Seven years, the keeping period of accounting records that an internal-control review asks
  // for. Pruned by the audit module: only the oldest rows, the chain's anchor moved along, so
  // the rows kept still verify (docs/audit.md, "Pruning").
  {
    kind: 'audit_logs',
    envVar: 'RETENTION_AUDIT_LOG_DAYS',
    defaultDays: 2557,
    prune: (db, cutoff, batchSize) => pruneAuditLogs(db, { before: cutoff, batchSize }),
  },
];
