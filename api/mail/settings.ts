// The outbox sender's settings (docs/operations.md, "Mail"): retries with exponential backoff,
// from MAIL_* environment variables checked at start-up. Tests pass shorter times to buildApp.
import { ConfigError } from '../config';

export interface OutboxSettings {
  /** Tries per mail before it is a dead letter (MAIL_MAX_ATTEMPTS, default 8). */
  maxAttempts: number;
  /** The wait after the first failed try, doubled after each further one (MAIL_RETRY_BASE_SECONDS, default 30). */
  retryBaseMs: number;
  /** The longest wait between two tries (MAIL_RETRY_MAX_SECONDS, default 3600). */
  retryMaxMs: number;
  /** Sent and expired rows are deleted after this many days (MAIL_KEEP_SENT_DAYS, default 7). */
  keepSentDays: number;
  /** How often a sender looks for due rows when nothing woke it (fallback). */
  pollMs: number;
  /** How long a claimed row is held by its sender; longer than the SMTP timeouts together. */
  leaseMs: number;
  /** How long a request waits for its own mails' first try before answering. */
  firstTryTimeoutMs: number;
  /** Rows one claim takes. */
  batchSize: number;
}

export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = {
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  keepSentDays: 7,
  pollMs: 30_000,
  leaseMs: 5 * 60_000,
  firstTryTimeoutMs: 5_000,
  batchSize: 20,
};

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive integer (got "${raw}")`);
  return n;
}

export function outboxSettingsFrom(env: NodeJS.ProcessEnv): OutboxSettings {
  const d = DEFAULT_OUTBOX_SETTINGS;
  const settings = {
    ...d,
    maxAttempts: positive('MAIL_MAX_ATTEMPTS', env.MAIL_MAX_ATTEMPTS, d.maxAttempts),
    retryBaseMs: positive('MAIL_RETRY_BASE_SECONDS', env.MAIL_RETRY_BASE_SECONDS, d.retryBaseMs / 1000) * 1000,
    retryMaxMs: positive('MAIL_RETRY_MAX_SECONDS', env.MAIL_RETRY_MAX_SECONDS, d.retryMaxMs / 1000) * 1000,
    keepSentDays: positive('MAIL_KEEP_SENT_DAYS', env.MAIL_KEEP_SENT_DAYS, d.keepSentDays),
  };
  if (settings.retryMaxMs < settings.retryBaseMs)
    throw new ConfigError('MAIL_RETRY_MAX_SECONDS must not be less than MAIL_RETRY_BASE_SECONDS');
  return settings;
}

/** The wait before try `attempts + 1`, after `attempts` failed tries: base, 2×base, 4×base … up to max. */
export function retryDelayMs(settings: Pick<OutboxSettings, 'retryBaseMs' | 'retryMaxMs'>, attempts: number): number {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}
