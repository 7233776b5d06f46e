// A Kysely dialect for PGlite. PGlite is one connection, so every query and every
// transaction takes a mutex: two concurrent transactions run one after the other
// instead of interleaving on the same session (which is how kysely-pglite loses rollbacks).
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { CopyRows } from './copy-rows';

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** Holders and waiters (the metrics' pool gauges): at most one holds it, the rest wait. */
  queued = 0;
  lock(): Promise<() => void> {
    let release!: () => void;
    this.queued++;
    const next = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => () => {
      this.queued--;
      release();
    });
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const [first] = query.parameters;
    if (first instanceof CopyRows) {
      // PGlite reads COPY's data from a blob it names /dev/blob (api/db/copy-rows.ts).
      const copied = await this.pg.query(first.statement(`'/dev/blob'`), [], { blob: new Blob([first.data]) });
      return { rows: [], numAffectedRows: BigInt(copied.affectedRows ?? 0) };
    }
    const result = await this.pg.query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' });
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && affected !== null ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly connection: PGliteConnection;

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const release = this.releases.get(conn);
    this.releases.delete(conn);
    release?.();
  }

  async destroy(): Promise<void> {
    await this.pg.close();
  }

  /** The one connection as a pool of one: lent or idle, and how many wait for it. */
  stats(): { total: number; idle: number; waiting: number } {
    const q = this.mutex.queued;
    return { total: 1, idle: q === 0 ? 1 : 0, waiting: Math.max(0, q - 1) };
  }
}

export class PGliteDialect implements Dialect {
  private driver: PGliteDriver | null = null;
  constructor(private readonly pg: PGlite) {}
  /** The connection's use (see PGliteDriver.stats); null before Kysely made the driver. */
  stats() {
    return this.driver?.stats() ?? null;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    this.driver = new PGliteDriver(this.pg);
    return this.driver;
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
