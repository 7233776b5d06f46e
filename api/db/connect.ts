// One Kysely instance over either a PostgreSQL server (DATABASE_URL) or the embedded PGlite
// (file-backed under DATA_DIR, or in memory for tests). Both parse values the same way:
// int8 as number, date as 'yyyy-MM-dd' text, timestamptz as Date.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import { lockDataDir } from './data-dir-lock';
import type { Database } from './schema';

const OID_INT8 = 20;
const OID_DATE = 1082;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tar (the tests' migrated template). */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | null; /** A tar from dumpDataDir to start from instead of an empty cluster. */ loadDataDir?: Blob }; // null: in memory

export interface OpenOptions {
  /** Told when a pooled connection breaks (the server restarted or went away); default: one line on stderr. */
  onConnectionError?: (err: Error) => void;
}

const warnConnectionError = (err: Error) => console.warn(`database connection lost: ${(err as { code?: string }).code ?? ''} ${err.message}`.replace(/\s+/g, ' '));

export async function openDatabase(target: DatabaseTarget, opts: OpenOptions = {}): Promise<DatabaseHandle> {
  const onConnectionError = opts.onConnectionError ?? warnConnectionError;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // A server that does not answer fails the request (503) instead of holding it forever.
      connectionTimeoutMillis: 5000,
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
    const close = async () => {
      const closed = open > 0 ? new Promise<void>((resolve) => (allClosed = resolve)) : Promise.resolve();
      await db.destroy();
      await closed;
    };
    return { db, kind: 'postgres', close };
  }

  const release = target.dataDir ? lockDataDir(target.dataDir) : () => {};
  try {
    const pgl = await PGlite.create(target.dataDir ? path.join(target.dataDir, 'pgdata') : undefined, {
      extensions: { pg_trgm },
      loadDataDir: target.loadDataDir,
      parsers: {
        [OID_INT8]: (v: string) => Number(v),
        [OID_DATE]: (v: string) => v,
      },
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pgl) });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        release();
      },
      dumpDataDir: () => pgl.dumpDataDir('none'),
    };
  } catch (err) {
    release();
    throw err;
  }
}
