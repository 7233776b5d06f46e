// The purge's settings from environment variables (docs/operations.md "Retention"), checked at
// start-up: days per kind (the variable of each registry entry), rows per statement, the pause
// between statements and the time of day the purge runs (Tokyo).
import { ConfigError } from '../config';
import { retentionKinds } from './kinds';

export interface RetentionSettings {
  /** Days each kind is kept, by kind (the registry's defaults unless a variable says otherwise). */
  days: Record<string, number>;
  /** Rows per DELETE statement (RETENTION_BATCH_SIZE, default 5000). */
  batchSize: number;
  /** Pause between two statements (RETENTION_PAUSE_MS, default 100). */
  pauseMs: number;
  /** Minute of the day (Tokyo) from which the day's purge is due (RETENTION_PURGE_AT, default 03:00). */
  purgeAtMinute: number;
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n < min || n > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return n;
}

export function retentionSettingsFrom(env: NodeJS.ProcessEnv): RetentionSettings {
  const days: Record<string, number> = {};
  // At least one day: 0 would delete rows being written; at most 100 years.
  for (const k of retentionKinds) days[k.kind] = wholeNumber(k.envVar, env[k.envVar], k.defaultDays, 1, 36_500);
  const at = (env.RETENTION_PURGE_AT ?? '').trim() || '03:00';
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
  if (!m) throw new ConfigError(`RETENTION_PURGE_AT must be a time of day HH:mm in Tokyo, such as 03:00 (got "${at}")`);
  return {
    days,
    batchSize: wholeNumber('RETENTION_BATCH_SIZE', env.RETENTION_BATCH_SIZE, 5_000, 100, 100_000),
    pauseMs: wholeNumber('RETENTION_PAUSE_MS', env.RETENTION_PAUSE_MS, 100, 0, 60_000),
    purgeAtMinute: Number(m[1]) * 60 + Number(m[2]),
  };
}
