// Configuration from environment variables, validated once at start-up with clear messages.
import net from 'node:net';
import path from 'node:path';
import { outboxSettingsFrom, type OutboxSettings } from './mail/settings';
import { rateLimitsFrom, type RateLimits } from './security/rate-limit';
import { retentionSettingsFrom, type RetentionSettings } from './retention/settings';

export type OperatingHours =
  { kind: 'always' } | { kind: 'window'; startMinute: number; endMinute: number; text: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The mail outbox's retries (MAIL_* variables, api/mail/settings.ts). */
  mailOutbox: OutboxSettings;
  /** How long each kind of log is kept and how the daily purge deletes (RETENTION_*, api/retention/settings.ts). */
  retention: RetentionSettings;
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
  /** An S3-compatible bucket for the stored files and uploads in progress; unset keeps them under DATA_DIR. */
  s3: S3Settings | undefined;
  // ---- Operations (docs/operations.md): metrics access and graceful shutdown ----
  /** GET /metrics answers a bearer token equal to this (unset: no token accepted). */
  metricsToken: string | undefined;
  /** …or a caller whose address is in one of these (addresses and CIDR ranges). */
  metricsAllow: MetricsAllowEntry[];
  /** After SIGTERM: how long /readyz answers 503 while requests are still served, before closing. */
  shutdownGraceMs: number;
  /** Calls per user and minute of the expensive calls (RATE_LIMIT_*; api/security/rate-limit.ts). */
  rateLimits: RateLimits;
  /** DEV_MODE=true (npm run dev): definitions reload on change and the /api/dev/ calls exist (api/dev/). */
  devMode: boolean;
}

/** S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE. */
export interface S3Settings {
  /** http(s)://host[:port] of the store (https://s3.<region>.amazonaws.com for Amazon S3). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket as endpoint/bucket instead of bucket.endpoint (MinIO, Ceph, Swift). */
  forcePathStyle: boolean;
}

/** One METRICS_ALLOW entry: an address, or a range as address/prefix. */
export interface MetricsAllowEntry {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** The administrators' manuals of the portal itself: the manual contents written for administrators. */
export const DEFAULT_ADMIN_MANUAL_URL = `/with-ag/site-serch?keyWord=${encodeURIComponent('管理者向け')}&categoryId=5`;

export class ConfigError extends Error {}

export function parseOperatingHours(value: string): OperatingHours {
  if (value.trim().toLowerCase() === 'always') return { kind: 'always' };
  const m = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) throw new ConfigError(`OPERATING_HOURS must look like 08:00-21:00 or be "always" (got "${value}")`);
  const [h1, m1, h2, m2] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  if (h1 > 23 || h2 > 24 || m1 > 59 || m2 > 59 || (h2 === 24 && m2 > 0))
    throw new ConfigError(`OPERATING_HOURS has an invalid time: "${value}"`);
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

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * The bucket settings: all of S3_ENDPOINT … S3_SECRET_ACCESS_KEY or none of them (a half-set
 * bucket would silently keep files on one instance's disk). Values are checked for shape only;
 * whether the bucket answers is the storage's probe (readiness).
 */
export function parseS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const given = S3_REQUIRED.filter((name) => (env[name] ?? '') !== '');
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (given.length === 0) {
    if (pathStyle !== '')
      throw new ConfigError(
        'S3_FORCE_PATH_STYLE is set but no bucket is: set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY too',
      );
    return undefined;
  }
  const missing = S3_REQUIRED.filter((name) => !given.includes(name));
  if (missing.length)
    throw new ConfigError(
      `the bucket settings are incomplete: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (set all of ${S3_REQUIRED.join(', ')}, or none to keep files under DATA_DIR)`,
    );

  const raw = env.S3_ENDPOINT!.trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `S3_ENDPOINT must be an http:// or https:// URL such as https://s3.ap-northeast-1.amazonaws.com (got "${raw}")`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`S3_ENDPOINT must start with http:// or https:// (got "${raw}")`);
  if (url.username || url.password)
    throw new ConfigError('S3_ENDPOINT must not carry credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  if (url.pathname !== '/' || url.search || url.hash)
    throw new ConfigError(
      `S3_ENDPOINT must be the store's origin only, without a path: the bucket goes in S3_BUCKET (got "${raw}")`,
    );

  const bucket = env.S3_BUCKET!.trim();
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new ConfigError(
      `S3_BUCKET must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens (got "${bucket}")`,
    );
  }
  const region = env.S3_REGION!.trim();
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(region))
    throw new ConfigError(`S3_REGION must look like ap-northeast-1 or us-east-1 (got "${region}")`);
  if (pathStyle !== '' && pathStyle !== 'true' && pathStyle !== 'false')
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false (got "${env.S3_FORCE_PATH_STYLE}")`);
  return {
    endpoint: url.origin,
    bucket,
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: pathStyle === 'true',
  };
}

// ---- Operations: metrics access and graceful shutdown ----

const METRICS_TOKEN_MIN = 16;

/** METRICS_ALLOW: addresses or CIDR ranges separated by commas ("10.0.0.0/8, 127.0.0.1, ::1"). */
export function parseMetricsAllow(raw: string | undefined): MetricsAllowEntry[] {
  const out: MetricsAllowEntry[] = [];
  for (const item of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = '', prefixText, ...rest] = item.split('/');
    const version = net.isIP(address);
    const max = version === 6 ? 128 : 32;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (
      !version ||
      rest.length ||
      !/^\d*$/.test(prefixText ?? '') ||
      prefixText === '' ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > max
    ) {
      throw new ConfigError(`METRICS_ALLOW must list IP addresses or CIDR ranges separated by commas (got "${item}")`);
    }
    out.push({ address, prefix, family: version === 6 ? 'ipv6' : 'ipv4' });
  }
  return out;
}

function operationsConfig(env: NodeJS.ProcessEnv): Pick<Config, 'metricsToken' | 'metricsAllow' | 'shutdownGraceMs'> {
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && (metricsToken.length < METRICS_TOKEN_MIN || /\s/.test(metricsToken))) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters without spaces`);
  }
  const graceRaw = env.SHUTDOWN_GRACE_MS;
  const shutdownGraceMs = graceRaw === undefined || graceRaw === '' ? 5000 : Number(graceRaw);
  if (!/^\d+$/.test(graceRaw ?? '0') || !Number.isInteger(shutdownGraceMs) || shutdownGraceMs > 600_000) {
    throw new ConfigError(
      `SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 600000 (got "${graceRaw}")`,
    );
  }
  return { metricsToken, metricsAllow: parseMetricsAllow(env.METRICS_ALLOW), shutdownGraceMs };
}

/** DEV_MODE: only `npm run dev` sets it; refused beside NODE_ENV=production so a deployment cannot serve the dev calls. */
function parseDevMode(env: NodeJS.ProcessEnv): boolean {
  const raw = (env.DEV_MODE ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw !== 'true') throw new ConfigError(`DEV_MODE must be true or false (got "${raw}")`);
  if (env.NODE_ENV === 'production')
    throw new ConfigError('DEV_MODE=true is for npm run dev: it cannot be set with NODE_ENV=production');
  return true;
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
    throw new ConfigError(
      `ADMIN_MANUAL_URL must be an http(s):// URL or a path starting with / (got "${adminManualUrl}")`,
    );
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
    retention: retentionSettingsFrom(env),
    operatingHours: parseOperatingHours(env.OPERATING_HOURS || '08:00-21:00'),
    jwtSecret: env.JWT_SECRET || undefined,
    publicUrl,
    maxFileSize: positiveInt('MAX_FILE_SIZE', env.MAX_FILE_SIZE, 20 * 1024 * 1024),
    seed,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    adminManualUrl,
    s3: parseS3Settings(env),
    ...operationsConfig(env),
    rateLimits: rateLimitsFrom(env, positiveInt),
    devMode: parseDevMode(env),
  };
}
