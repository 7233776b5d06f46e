// The Prometheus metrics of the portal (GET /metrics, docs/operations.md "Metrics"): every
// definition is here. Labels name routes, caches, states and results, never a user, an address,
// a URL or anything else a request carries.
//
// Two kinds: counters that code anywhere in the process moves (caches, the change feed, uploads,
// mails) live in `processRegistry`; what belongs to one app (its requests, its database pool and
// change feed) is made per app by `appMetrics`, so tests that build several apps in one process
// read each app's own.
import client from 'prom-client';
import type { Mailer } from '../mail/mailer';

export const processRegistry = new client.Registry();
// Process CPU, memory (RSS, heap), event loop lag, open handles: what a Node.js dashboard expects.
client.collectDefaultMetrics({ register: processRegistry });

const registers = [processRegistry];

const cacheLookups = new client.Counter({
  name: 'portal_cache_lookups_total',
  help: 'Lookups of the in-memory caches, by cache name and result (hit: answered from memory; miss: read from the database).',
  labelNames: ['cache', 'result'] as const,
  registers,
});

/** The hit and miss counters of one cache (bound once: the hot path only adds one). */
export function cacheCounters(cache: string): { hit: () => void; miss: () => void } {
  const hits = cacheLookups.labels(cache, 'hit');
  const misses = cacheLookups.labels(cache, 'miss');
  return { hit: () => hits.inc(), miss: () => misses.inc() };
}

export const changeFeedEvents = new client.Counter({
  name: 'portal_change_feed_events_total',
  help: 'Change messages received on the change feed (LISTEN portal_changes), each dropping cached rows.',
  registers,
});

export const uploadsInProgress = new client.Gauge({
  name: 'portal_uploads_in_progress',
  help: 'Resumable uploads (tus) sending bytes to this instance now.',
  registers,
});

export const uploadsCreated = new client.Counter({
  name: 'portal_uploads_created_total',
  help: 'Resumable uploads (tus) created on this instance.',
  registers,
});

export const uploadsFinished = new client.Counter({
  name: 'portal_uploads_finished_total',
  help: 'Resumable uploads (tus) whose last byte arrived on this instance.',
  registers,
});

const mails = new client.Counter({
  name: 'portal_mails_total',
  help: 'Mails handed to SMTP (or written to the outbox), by result: sent or failed.',
  labelNames: ['result'] as const,
  registers,
});

/** Counts each send of `mailer` as sent or failed. */
export function countedMails(mailer: Mailer): Mailer {
  const send = mailer.send.bind(mailer);
  return {
    send: async (mail) => {
      try {
        await send(mail);
      } catch (err) {
        mails.inc({ result: 'failed' });
        throw err;
      }
      mails.inc({ result: 'sent' });
    },
  };
}

export const retentionDeletedRows = new client.Counter({
  name: 'portal_retention_deleted_rows_total',
  help: 'Rows the daily retention purge deleted, by kind (api/retention/kinds.ts).',
  labelNames: ['kind'] as const,
  registers,
});

/** What an app's own metrics read when scraped. */
export interface AppMetricSources {
  /** The database's connections (pg Pool counts; PGlite: its one connection and the queue for it). */
  pool(): { total: number; idle: number; waiting: number } | null;
  /** Whether the change feed is listening (null: the app has none). */
  changeFeedLive(): boolean | null;
}

export interface AppMetrics {
  registry: client.Registry;
  /** One answered request: `route` is the route's pattern (never the URL), `seconds` its duration. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

export function appMetrics(sources: AppMetricSources): AppMetrics {
  const registry = new client.Registry();
  const own = [registry];
  const requests = new client.Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: own,
  });
  const durations = new client.Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: own,
  });
  new client.Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database connections of this instance by state: in_use (lent to a query or transaction) or idle.',
    labelNames: ['state'] as const,
    registers: own,
    collect() {
      const p = sources.pool();
      if (!p) return;
      this.set({ state: 'in_use' }, p.total - p.idle);
      this.set({ state: 'idle' }, p.idle);
    },
  });
  new client.Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Queries and transactions waiting for a database connection.',
    registers: own,
    collect() {
      const p = sources.pool();
      if (p) this.set(p.waiting);
    },
  });
  new client.Gauge({
    name: 'portal_change_feed_connected',
    help: '1 while the change feed listens (caches may keep rows), 0 while it is down (every read goes to the database).',
    registers: own,
    collect() {
      const live = sources.changeFeedLive();
      this.set(live ? 1 : 0);
    },
  });
  return {
    registry: client.Registry.merge([processRegistry, registry]),
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
  };
}
