// COPY … FROM STDIN through Kysely, on both databases: the cheapest way to load many rows (the
// database reads tab-separated text, no statement parameters or JSON to parse, and writes the
// rows in multi-row batches; docs/performance.md "The index build"). Kysely has no COPY, so the
// rows travel as the one parameter of a compiled query that each connection recognises: the pg
// pool's client (CopyClient, api/db/connect.ts) and the PGlite dialect (api/db/pglite-dialect.ts).
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';

/** Rows in COPY's text format for one table's columns. */
export class CopyRows {
  constructor(
    private readonly table: string,
    private readonly columns: readonly string[],
    /** One line a row, the fields separated by tabs, each escaped by copyField. */
    readonly text: string,
    /** The rows frozen as they are written: the table must be created or truncated in this transaction. */
    private readonly freeze: boolean,
  ) {}

  /** The statement reading the rows from `source` (STDIN on a server, a file on PGlite). */
  statement(source: string): string {
    return `copy ${this.table} (${this.columns.join(', ')}) from ${source}${this.freeze ? ' with (freeze)' : ''}`;
  }
}

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text value as a field of COPY's text format (backslash, tab and line ends escaped). */
export function copyField(s: string): string {
  return SPECIAL.test(s) ? s.replace(SPECIALS, (c) => ESCAPES[c]!) : s;
}

/** Writes the lines (copyField-escaped fields joined by tabs, one line a row, each ending in \n). */
export async function copyRows(
  db: Kysely<unknown>,
  table: string,
  columns: readonly string[],
  lines: string,
  opts: { freeze?: boolean } = {},
): Promise<void> {
  const rows = new CopyRows(table, columns, lines, opts.freeze ?? false);
  await db.executeQuery(CompiledQuery.raw(rows.statement('stdin'), [rows]));
}

// ---- node-postgres --------------------------------------------------------------------------

const CHUNK = 1 << 20; // bytes a CopyData message

/** COPY FROM STDIN as a pg Submittable: the statement, then the data once the server asks for it. */
class CopyFromStdin implements pg.Submittable {
  private settled = false;
  private rowCount = 0;
  constructor(
    private readonly rows: CopyRows,
    private readonly done: (err: Error | null, res?: { command: string; rowCount: number; rows: [] }) => void,
  ) {}
  submit(connection: pg.Connection): void {
    connection.query(this.rows.statement('stdin'));
  }
  handleCopyInResponse(connection: pg.Connection & { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void }): void {
    const data = Buffer.from(this.rows.text, 'utf8');
    for (let i = 0; i < data.length; i += CHUNK) connection.sendCopyFromChunk(data.subarray(i, i + CHUNK));
    connection.endCopyFrom();
  }
  handleCommandComplete(msg: { text?: string }): void {
    this.rowCount = Number(/\d+$/.exec(msg.text ?? '')?.[0] ?? 0);
  }
  // A server error is followed by ReadyForQuery, a broken connection is not: settle on the first.
  handleError(err: Error): void {
    this.settle(err);
  }
  handleReadyForQuery(): void {
    this.settle(null);
  }
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
  private settle(err: Error | null): void {
    if (this.settled) return;
    this.settled = true;
    this.done(err, err ? undefined : { command: 'COPY', rowCount: this.rowCount, rows: [] });
  }
}

/** The pool's client: a query whose one parameter is CopyRows runs as COPY FROM STDIN. */
export class CopyClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed on as they are
  override query(...args: any[]): any {
    const values: unknown = args[1];
    if (Array.isArray(values) && values[0] instanceof CopyRows) {
      const rows = values[0];
      return new Promise((resolve, reject) => {
        super.query(new CopyFromStdin(rows, (err, res) => (err ? reject(err) : resolve(res))));
      });
    }
    return (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
  }
}
