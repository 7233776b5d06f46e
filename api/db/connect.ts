// One Kysely instance over either a PostgreSQL server (DATABASE_URL) or the embedded PGlite
// (file-backed under DATA_DIR, or in memory for tests). Both parse values the same way:
// int8 as number, date as 'yyyy-MM-dd' text, timestamptz as Date.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ChangeFeed, CHANGE_CHANNEL, registerChangeFeed, type Listen } from '../cache/change-feed';
import { PGliteDialect } from './pglite-dialect';
import { CopyClient } from './copy-rows';
import { lockDataDir } from './data-dir-lock';
import type { Database } from './schema';

const OID_INT8 = 20;
const OID_DATE = 1082;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Which watched rows changed, heard by LISTEN (api/cache/change-feed.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
  /** PGlite only: the cluster as a tarball, for `loadDataDir` (test templates). */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob }; // null: in memory; loadDataDir: start from a dumped cluster

export interface OpenOptions {
  /** Told when a pooled connection breaks (the server restarted or went away); default: one line on stderr. */
  onConnectionError?: (err: Error) => void;
}

const warnConnectionError = (err: Error) =>
  console.warn(
    `database connection lost: ${(err as { code?: string }).code ?? ''} ${err.message}`.replace(/\s+/g, ' '),
  );

/** How busy a database's connections are: all, idle ones, and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

// Per Kysely instance, like the change feed (api/cache/change-feed.ts), for the metrics.
const poolStats = new WeakMap<object, () => PoolStats | null>();

/** The pool counts of a database opened here, or null. */
export function poolStatsOf(db: object): PoolStats | null {
  return poolStats.get(db)?.() ?? null;
}

export async function openDatabase(target: DatabaseTarget, opts: OpenOptions = {}): Promise<DatabaseHandle> {
  const onConnectionError = opts.onConnectionError ?? warnConnectionError;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      Client: CopyClient, // COPY FROM STDIN through Kysely (api/db/copy-rows.ts)
      max: 10,
      // A server that does not answer fails the request (503) instead of holding it forever.
      connectionTimeoutMillis: 5000,
      // No JIT compilation: the portal's queries run in milliseconds, but where the planner
      // overestimates a partial or expression index's rows (the NEW badges, targeting checks at
      // a million contents) their cost passes the JIT threshold and compiling costs 50–600 ms
      // of a query that runs in ~10 (docs/performance.md, "The NEW badges").
      options: '-c jit=off',
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === OID_INT8) return (v: string) => Number(v);
          if (oid === OID_DATE) return (v: string) => v;
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    // pool.end() resolves before the sockets of its clients have closed; close() waits for
    // them, so that whoever drops or stops the database next finds no session still open.
    let open = 0;
    let allClosed: () => void = () => {};
    // A restarting or stopped server closes the pooled connections (57P01): node-postgres emits
    // 'error' on the pool (idle clients) and on each client (also one checked out between two
    // queries). Without listeners that ends the process; with them the broken clients are
    // dropped, the requests of the moment answer 503 (api/db/availability.ts) and the next ones
    // open new connections once the server is back.
    pool.on('error', (err) => onConnectionError(err));
    pool.on('connect', (client) => {
      open++;
      client.on('error', (err) => onConnectionError(err));
    });
    pool.on('remove', () => {
      if (--open === 0) allClosed();
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    poolStats.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    const changes = await startChangeFeed(db, listenOnServer(target.url, onConnectionError));
    const close = async () => {
      await changes.close();
      const closed = open > 0 ? new Promise<void>((resolve) => (allClosed = resolve)) : Promise.resolve();
      await db.destroy();
      await closed;
    };
    return { db, kind: 'postgres', changes, close };
  }

  const release = target.dataDir ? lockDataDir(target.dataDir) : () => {};
  try {
    const pgl = await PGlite.create(target.dataDir ? path.join(target.dataDir, 'pgdata') : undefined, {
      extensions: { pg_trgm },
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      parsers: {
        [OID_INT8]: (v: string) => Number(v),
        [OID_DATE]: (v: string) => v,
      },
    });
    const dialect = new PGliteDialect(pgl);
    const db = new Kysely<Database>({ dialect });
    poolStats.set(db, () => dialect.stats());
    // One connection in this process: a notification is handed over when the query that
    // committed it returns, so the feed is never behind and never down.
    const changes = await startChangeFeed(db, async (onMessage, onState) => {
      const unlisten = await pgl.listen(CHANGE_CHANNEL, onMessage);
      onState(true);
      return () => unlisten();
    });
    return {
      db,
      kind: 'pglite',
      changes,
      close: async () => {
        await changes.close();
        await db.destroy();
        // Kysely closes its driver only if a query went through it; an unclosed PGlite started
        // from loadDataDir keeps the process from exiting (for tens of seconds, with no handle).
        if (!pgl.closed) await pgl.close();
        release();
      },
      dumpDataDir: () => pgl.dumpDataDir('none'),
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function startChangeFeed(db: Kysely<Database>, listen: Listen): Promise<ChangeFeed> {
  const feed = new ChangeFeed(db as unknown as Kysely<never>);
  await feed.start(listen);
  registerChangeFeed(db, feed);
  return feed;
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it
 * breaks, the feed is down (nothing cached) until a new connection listens again; retried
 * every second. A server that is away at start leaves the feed down, not the portal.
 */
function listenOnServer(url: string, onConnectionError: (err: Error) => void): Listen {
  return async (onMessage, onState) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | null = null;
    const connect = async () => {
      retry = null;
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      const lost = (err?: Error) => {
        if (client !== c) return;
        client = null;
        onState(false);
        if (err) onConnectionError(err);
        c.end().catch(() => {});
        if (!stopped) retry = setTimeout(() => void connect(), 1000);
      };
      c.on('error', (err) => lost(err));
      c.on('end', () => lost());
      c.on('notification', (msg) => {
        if (msg.channel === CHANGE_CHANNEL && msg.payload !== undefined) onMessage(msg.payload);
      });
      try {
        await c.connect();
        await c.query(`listen ${CHANGE_CHANNEL}`);
      } catch {
        c.end().catch(() => {});
        if (!stopped) retry = setTimeout(() => void connect(), 1000);
        return;
      }
      if (stopped) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      onState(true);
    };
    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    };
  };
}
