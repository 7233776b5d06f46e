// Rate limits of the API, counted in PostgreSQL so that every instance sees one count
// (docs/operations.md, "Rate limits"). One mechanism, @fastify/rate-limit (registered in
// api/app.ts), with the store below instead of its in-process one:
//
// - Per client address: the operation-log calls (api/resources/logs/routes.ts, `perMinute`).
// - Per user (`perUserPerMinute(kind)`): the expensive calls — site search, file and ZIP
//   downloads, CSV downloads, CSV imports — so one user's script cannot take the instance from
//   everyone else. Over the limit: 429, Retry-After (seconds to the end of the window) and
//   ERR_0041, held for a second first (OVER_LIMIT_HOLD_MS). Sign-in failures keep their own sliding window (api/resources/auth/limits.ts):
//   they count failures, not calls.
//
// The cost of counting. A call the limit protects may cost next to nothing (a search answered
// from memory), so the counter must not add a database write to each call. Windows are fixed
// minutes of the clock; each instance counts the calls of a window in memory and adds them to
// the shared row (`rate_limit_counters`, one row per user and kind, one upsert) when a key is
// first seen in a window — that call waits for the shared count, so a fresh instance knows what
// the others counted — and then at most once per FLUSH_INTERVAL_MS (in the background, and by a
// timer so the last calls are written too). The answer decides on the shared count of the last
// write plus this instance's calls since: a flood costs one write per second per user and
// instance instead of one per call. The trade-off: other instances' calls of the last second
// are not seen yet, so with N instances a user may pass the limit by at most what the other
// N − 1 admitted in one interval. A database that cannot be written lets the call through (the
// call itself then answers 503 if it needs the database).
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { HttpProblem, messagesBody } from '../http/problems';

/** The kinds of expensive calls limited per user, each with its own count. */
type LimitedKind = 'search' | 'download' | 'csv' | 'import';

/** Calls per user and minute (RATE_LIMIT_* variables, api/config.ts). */
export type RateLimits = Record<LimitedKind, number>;

const DEFAULT_RATE_LIMITS: RateLimits = { search: 120, download: 60, csv: 20, import: 10 };

/** The environment variable of each kind's limit. */
const RATE_LIMIT_VARIABLES: Record<LimitedKind, string> = {
  search: 'RATE_LIMIT_SEARCH_PER_MINUTE',
  download: 'RATE_LIMIT_DOWNLOAD_PER_MINUTE',
  csv: 'RATE_LIMIT_CSV_PER_MINUTE',
  import: 'RATE_LIMIT_IMPORT_PER_MINUTE',
};

/** How often an instance adds its calls to the shared count, at most (per key). */
const FLUSH_INTERVAL_MS = 1000;

/**
 * An answer over the limit is held this long before the 429 is sent. A script looping on 100
 * connections would otherwise get its 429s as fast as the instance can answer them — each costs
 * about what a search answered from memory costs, so the flood would still take the CPU from
 * everyone else. Held, each of its connections makes one call a second; a held answer costs a
 * timer. A person who hits the limit waits a second longer for the message.
 */
const OVER_LIMIT_HOLD_MS = 1000;

const MINUTE = 60_000;

/** 429 with the catalogue message; @fastify/rate-limit has set Retry-After before it is thrown. */
export const rateLimited = () => new HttpProblem(429, messagesBody([{ messageId: 'ERR_0041' }]));

/**
 * The route option of an expensive call: `config: { rateLimit: perUserPerMinute('search') }`.
 * Counted per signed-in user (the token's, never the body's; a provider administrator acting as
 * an agent counts as itself), after the identity and body checks (preHandler), so a refused or
 * malformed call does not count.
 */
export function perUserPerMinute(kind: LimitedKind) {
  return {
    counter: kind,
    hook: 'preHandler' as const,
    timeWindow: MINUTE,
    max: (request: FastifyRequest) => request.server.config.rateLimits[kind],
    keyGenerator: (request: FastifyRequest) => request.caller?.userId ?? `ip:${request.ip}`,
  };
}

interface Window {
  start: number;
  /** The shared count after this instance's last write (its own calls included). */
  shared: number;
  /** Calls of this instance not yet written. */
  pending: number;
  /** Calls of this instance in the write under way (counted until it has answered). */
  inFlight: number;
  /** Whether this instance has read the shared count in this window yet. */
  known: boolean;
  lastWrite: number;
  writing: Promise<void> | null;
}

/** The per-key windows of one instance, written to `rate_limit_counters`. */
export class SharedCounter {
  private windows = new Map<string, Window>();
  private timer: NodeJS.Timeout;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly flushIntervalMs = FLUSH_INTERVAL_MS,
  ) {
    this.timer = setInterval(() => void this.flushAll(), flushIntervalMs);
    this.timer.unref();
  }

  /** Counts a call of `key`; answers the count of its window and the milliseconds left in it. */
  async hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const now = this.clock.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    let w = this.windows.get(key);
    if (!w || w.start !== start) {
      w = { start, shared: 0, pending: 0, inFlight: 0, known: false, lastWrite: 0, writing: null };
      this.windows.set(key, w);
    }
    w.pending++;
    if (!w.known) {
      // The first call of the window here waits for the shared count (one write per key,
      // window and instance); calls arriving meanwhile wait for the same write.
      await (w.writing ?? this.write(key, w));
    } else if (!w.writing && now - w.lastWrite >= this.flushIntervalMs) {
      void this.write(key, w);
    }
    return { current: w.shared + w.inFlight + w.pending, ttl: start + windowMs - now };
  }

  /** Writes every pending count (the timer, and closing). */
  async flushAll(): Promise<void> {
    const now = this.clock.now().getTime();
    const writes: Promise<void>[] = [];
    for (const [key, w] of this.windows) {
      if (w.pending > 0 && !w.writing) writes.push(this.write(key, w));
      // A window over a minute ago with nothing left to write is forgotten.
      else if (w.pending === 0 && !w.writing && w.start + 2 * MINUTE < now) this.windows.delete(key);
    }
    await Promise.all(writes);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushAll().catch(() => undefined);
  }

  private write(key: string, w: Window): Promise<void> {
    const n = w.pending;
    w.pending = 0;
    w.inFlight = n; // still counted by hit() while the write is on its way
    const at = new Date(w.start);
    w.writing = sql<{ hits: number; newer: boolean }>`
      insert into rate_limit_counters (counter_key, window_start, hits) values (${key}, ${at}, ${n})
      on conflict (counter_key) do update set
        hits = case
          when rate_limit_counters.window_start = excluded.window_start then rate_limit_counters.hits + excluded.hits
          when rate_limit_counters.window_start > excluded.window_start then rate_limit_counters.hits
          else excluded.hits end,
        window_start = greatest(rate_limit_counters.window_start, excluded.window_start)
      returning hits, window_start > ${at} as newer`
      .execute(this.db)
      .then(
        (r) => {
          w.inFlight = 0;
          const row = r.rows[0];
          // A late write of a window another instance has already left: nothing to learn.
          if (row && !row.newer) w.shared = Math.max(w.shared + n, Number(row.hits));
          else w.shared += n;
          w.known = true;
          w.lastWrite = this.clock.now().getTime();
        },
        () => {
          // Not written (the database away): counted here, tried again with the next call.
          w.inFlight = 0;
          w.pending += n;
        },
      )
      .finally(() => {
        w.writing = null;
      });
    return w.writing;
  }
}

interface StoreParams {
  counter?: string;
  routeInfo?: { url?: string };
}

/**
 * The store class @fastify/rate-limit is given: its counts go through the SharedCounter. Each
 * route's child store prefixes the key with its `counter` (the kind of a per-user limit, shared
 * by the routes of that kind) or its path.
 */
export function sharedStore(counter: SharedCounter) {
  class SharedStore {
    prefix = '';
    incr(
      key: string,
      cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      counter.hit(`${this.prefix}:${key}`, timeWindow).then(
        (res) => {
          if (res.current <= max) cb(null, res);
          else setTimeout(() => cb(null, res), Math.min(OVER_LIMIT_HOLD_MS, res.ttl));
        },
        (err: Error) => cb(err),
      );
    }
    // Called with the route's merged rate-limit options (the package's types say route options).
    child(options: object): SharedStore {
      const params = options as StoreParams;
      const store = new SharedStore();
      store.prefix = params.counter ?? params.routeInfo?.url ?? '';
      return store;
    }
  }
  return SharedStore;
}

/** RATE_LIMIT_* of the environment (positive whole numbers of calls per user and minute). */
export function rateLimitsFrom(
  env: NodeJS.ProcessEnv,
  positiveInt: (name: string, raw: string | undefined, fallback: number) => number,
): RateLimits {
  const out = { ...DEFAULT_RATE_LIMITS };
  for (const kind of Object.keys(out) as LimitedKind[]) {
    const name = RATE_LIMIT_VARIABLES[kind];
    out[kind] = positiveInt(name, env[name], DEFAULT_RATE_LIMITS[kind]);
  }
  return out;
}
