// COPY … FROM STDIN through Kysely, on both databases: the cheapest way to load many rows. The
// binary format (CopyWriter) is the cheapest of all: no statement parameters or JSON to parse,
// no numbers written out as text and read back, and the rows written in multi-row batches
// (docs/performance.md "The index build"); the text format takes rows another COPY wrote out.
// Kysely has no COPY, so the rows travel as the one parameter of a compiled query that each
// connection recognises: the pg pool's client (CopyClient, api/db/connect.ts) and the PGlite
// dialect (api/db/pglite-dialect.ts), which holds its one connection meanwhile.
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export interface CopyOptions {
  /** The rows frozen as they are written: the table must be created or truncated in this transaction. */
  freeze?: boolean;
  /** binary (default): written by CopyWriter; text: whole lines of COPY's text format. */
  format?: 'binary' | 'text';
}

/** Rows in one of COPY's formats for one table's columns. */
export class CopyRows {
  constructor(
    private readonly table: string,
    private readonly columns: readonly string[],
    readonly data: Buffer,
    private readonly opts: CopyOptions,
  ) {}

  /** The statement reading the rows from `source` (STDIN on a server, a file on PGlite). */
  statement(source: string): string {
    const options = [`format ${this.opts.format ?? 'binary'}`, ...(this.opts.freeze ? ['freeze'] : [])];
    return `copy ${this.table} (${this.columns.join(', ')}) from ${source} with (${options.join(', ')})`;
  }
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const OID_INT4 = 23;

/**
 * Writes rows in COPY's binary format (a row: the number of fields, then each field's length
 * and bytes in the type's binary form): begin each row with row(), then its fields in the
 * table's column order.
 */
export class CopyWriter {
  private buf: Buffer;
  private n = 0;

  /** `bytes`: the size expected (the buffer grows past it when needed). */
  constructor(bytes = 1 << 16) {
    this.buf = Buffer.allocUnsafe(bytes);
    this.room(19);
    this.n += SIGNATURE.copy(this.buf, this.n);
    this.buf.writeInt32BE(0, this.n); // flags
    this.buf.writeInt32BE(0, this.n + 4); // no header extension
    this.n += 8;
  }

  row(fields: number): void {
    this.room(2);
    this.buf.writeInt16BE(fields, this.n);
    this.n += 2;
  }

  int4(v: number): void {
    this.room(8);
    this.buf.writeInt32BE(4, this.n);
    this.buf.writeInt32BE(v, this.n + 4);
    this.n += 8;
  }

  text(s: string): void {
    this.room(4 + s.length * 3); // at most 3 bytes of UTF-8 a UTF-16 unit
    const len = this.buf.write(s, this.n + 4, 'utf8');
    this.buf.writeInt32BE(len, this.n);
    this.n += 4 + len;
  }

  /** An int4[] of one dimension (lower bound 1, no nulls). */
  int4Array(values: readonly number[]): void {
    const size = values.length === 0 ? 12 : 20 + values.length * 8;
    this.room(4 + size);
    const b = this.buf;
    let at = this.n;
    b.writeInt32BE(size, at);
    b.writeInt32BE(values.length === 0 ? 0 : 1, at + 4); // dimensions
    b.writeInt32BE(0, at + 8); // no nulls
    b.writeInt32BE(OID_INT4, at + 12);
    at += 16;
    if (values.length > 0) {
      b.writeInt32BE(values.length, at);
      b.writeInt32BE(1, at + 4);
      at += 8;
      for (const v of values) {
        b.writeInt32BE(4, at);
        b.writeInt32BE(v, at + 4);
        at += 8;
      }
    }
    this.n = at;
  }

  /** The rows written, with the format's trailer. */
  finish(): Buffer {
    this.room(2);
    this.buf.writeInt16BE(-1, this.n);
    this.n += 2;
    return this.buf.subarray(0, this.n);
  }

  private room(bytes: number): void {
    if (this.n + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.n + bytes));
    this.buf.copy(bigger, 0, 0, this.n);
    this.buf = bigger;
  }
}

/** Writes the rows (a finished CopyWriter's, or text lines) into the table's columns, in their order. */
export async function copyRows(
  db: Kysely<unknown>,
  table: string,
  columns: readonly string[],
  data: Buffer,
  opts: CopyOptions = {},
): Promise<void> {
  const rows = new CopyRows(table, columns, data, opts);
  await db.executeQuery(CompiledQuery.raw(rows.statement('stdin'), [rows]));
}

// ---- node-postgres --------------------------------------------------------------------------

/** The pool's client: a query whose one parameter is CopyRows runs as COPY FROM STDIN (pg-copy-streams). */
export class CopyClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed on as they are
  override query(...args: any[]): any {
    const values: unknown = args[1];
    if (Array.isArray(values) && values[0] instanceof CopyRows) {
      const rows = values[0];
      return new Promise((resolve, reject) => {
        const stream = super.query(copyFrom(rows.statement('stdin')));
        stream.on('error', reject);
        // 'finish' comes once the server has acknowledged the whole COPY.
        stream.on('finish', () => resolve({ command: 'COPY', rowCount: Number(stream.rowCount), rows: [] }));
        stream.end(rows.data);
      });
    }
    return (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
  }
}
