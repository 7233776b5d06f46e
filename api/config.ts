// Configuration from environment variables, validated once at start-up with clear messages.
import path from 'node:path';
import { outboxSettingsFrom, type OutboxSettings } from './mail/settings';

export type OperatingHours = { kind: 'always' } | { kind: 'window'; startMinute: number; endMinute: number; text: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The mail outbox's retries (MAIL_* variables, api/mail/settings.ts). */
  mailOutbox: OutboxSettings;
  operatingHours: OperatingHours;
  jwtSecret: string | undefined;
  publicUrl: string;
  maxFileSize: number;
  seed: 'demo' | 'none';
  /** Fastify trustProxy: which proxies may set X-Forwarded-For (rate limits key on the client address). */
  trustProxy: boolean | string;
  logLevel: string;
  /** Where the header's 管理者マニュアル link leads (an app path or an http(s) URL). */
  adminManualUrl: string;
}

/** The administrators' manuals of the portal itself: the manual contents written for administrators. */
export const DEFAULT_ADMIN_MANUAL_URL = `/with-ag/site-serch?keyWord=${encodeURIComponent('管理者向け')}&categoryId=5`;

export class ConfigError extends Error {}

export function parseOperatingHours(value: string): OperatingHours {
  if (value.trim().toLowerCase() === 'always') return { kind: 'always' };
  const m = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) throw new ConfigError(`OPERATING_HOURS must look like 08:00-21:00 or be "always" (got "${value}")`);
  const [h1, m1, h2, m2] = m.slice(1).map(Number);
  if (h1 > 23 || h2 > 24 || m1 > 59 || m2 > 59 || (h2 === 24 && m2 > 0)) throw new ConfigError(`OPERATING_HOURS has an invalid time: "${value}"`);
  const startMinute = h1 * 60 + m1;
  const endMinute = h2 * 60 + m2;
  if (startMinute >= endMinute) throw new ConfigError(`OPERATING_HOURS must start before it ends: "${value}"`);
  return { kind: 'window', startMinute, endMinute, text: value.trim() };
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive integer (got "${raw}")`);
  return n;
}

/** TRUST_PROXY: unset/false (default), true, or proxy addresses/CIDRs separated by commas. */
export function parseTrustProxy(raw: string | undefined): boolean | string {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^[0-9a-fA-F.:/,\s]+$/.test(v) || /^(loopback|linklocal|uniquelocal)(,|$)/.test(v)) return v;
  throw new ConfigError(`TRUST_PROXY must be false, true or a list of proxy addresses (got "${raw}")`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = positiveInt('PORT', env.PORT, 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  const seed = (env.SEED || 'demo') as Config['seed'];
  if (seed !== 'demo' && seed !== 'none') throw new ConfigError('SEED must be "demo" or "none"');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(publicUrl)) throw new ConfigError('PUBLIC_URL must start with http:// or https://');
  const adminManualUrl = env.ADMIN_MANUAL_URL || DEFAULT_ADMIN_MANUAL_URL;
  if (!/^(https?:\/\/|\/)/.test(adminManualUrl) || /\s/.test(adminManualUrl)) {
    throw new ConfigError(`ADMIN_MANUAL_URL must be an http(s):// URL or a path starting with / (got "${adminManualUrl}")`);
  }
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET !== '' && env.JWT_SECRET.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    smtpUrl,
    mailFrom: env.MAIL_FROM || '代理店ポータル <no-reply@portal.example.jp>',
    mailOutbox: outboxSettingsFrom(env),
    operatingHours: parseOperatingHours(env.OPERATING_HOURS || '08:00-21:00'),
    jwtSecret: env.JWT_SECRET || undefined,
    publicUrl,
    maxFileSize: positiveInt('MAX_FILE_SIZE', env.MAX_FILE_SIZE, 20 * 1024 * 1024),
    seed,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    adminManualUrl,
  };
}
