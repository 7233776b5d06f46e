// A copy of a scale data set (tests/bench/scale/dataset.ts, built set-based on PostgreSQL) in a
// PGlite data directory, so that bench:scale measures the same reads on the embedded database
// (docs/performance.md "At national scale", "PGlite"). The copy is kept in <root>/<data set name>
// and reused while it is of the same build of the data set at the same migrations; otherwise it is
// built again under <name>_b and renamed when complete (a load cut short is never reused).
//
// The load: the project's migrations on an empty PGlite cluster, every table emptied, then each
// table's rows streamed from the server (COPY … TO STDOUT through pg-copy-streams, text format)
// and fed to PGlite in pieces of whole lines (api/db/copy-rows.ts: COPY … FROM '/dev/blob' on PGlite), with
// triggers and foreign-key checks off (session_replication_role = replica: the rows are the
// source's, consistent already) and the secondary indexes dropped and built again after the load
// (one sort each instead of an insert per row); then the sequences take the source's values and
// `vacuum analyze`.
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { openDatabase, type DatabaseHandle } from '../../../api/db/connect';
import { migrateToLatest } from '../../../api/db/migrate';
import { copyRows } from '../../../api/db/copy-rows';
import type { ScaleDataset } from './dataset';

export interface PgliteCopy {
  /** The PGlite data directory (openDatabase({ kind: 'pglite', dataDir })). */
  dataDir: string;
  /** false: loaded by this call. */
  reused: boolean;
  /** Seconds of the load (0 when reused). */
  seconds: number;
  /** The directory's size on disk. */
  bytes: number;
}

interface Meta {
  source: string;
  builtAt: string;
  migrations: string[];
}

const META = 'scale-copy.json';
/** Bytes of COPY text fed to PGlite at once (whole lines). */
const PIECE = 16 * 1024 * 1024;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The PGlite copy of `ds` under `root`: reused when it is of the same build and migrations, loaded otherwise. */
export async function ensurePgliteCopy(
  ds: ScaleDataset,
  root: string,
  note: (text: string) => void = (text) => process.stderr.write(`${text}\n`),
): Promise<PgliteCopy> {
  const dataDir = path.join(root, ds.name);
  const source = new pg.Client({ connectionString: ds.url });
  await source.connect();
  try {
    const want: Meta = {
      source: ds.name,
      builtAt: ds.builtAt,
      migrations: (await source.query<{ name: string }>(`select name from kysely_migration order by name`)).rows.map(
        (r) => r.name,
      ),
    };
    if (JSON.stringify(readMeta(dataDir)) === JSON.stringify(want)) {
      note(`${ds.name}: reusing the PGlite copy in ${dataDir}`);
      return { dataDir, reused: true, seconds: 0, bytes: dirBytes(dataDir) };
    }
    const building = `${dataDir}_b`;
    fs.rmSync(building, { recursive: true, force: true });
    note(`${ds.name}: loading a PGlite copy into ${building}`);
    const t0 = performance.now();
    const handle = await openDatabase({ kind: 'pglite', dataDir: building });
    try {
      await migrateToLatest(handle.db);
      await load(handle, source, ds.url, note);
    } finally {
      await handle.close();
    }
    fs.writeFileSync(path.join(building, META), JSON.stringify(want));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.renameSync(building, dataDir);
    const seconds = Math.round(performance.now() - t0) / 1000;
    note(`${ds.name}: PGlite copy loaded in ${seconds.toFixed(0)} s`);
    return { dataDir, reused: false, seconds, bytes: dirBytes(dataDir) };
  } finally {
    await source.end();
  }
}

function readMeta(dataDir: string): Meta | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, META), 'utf8')) as Meta;
  } catch {
    return null;
  }
}

function dirBytes(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) n += fs.statSync(path.join(e.parentPath, e.name)).size;
  return n;
}

async function load(handle: DatabaseHandle, source: pg.Client, url: string, note: (text: string) => void) {
  const db = handle.db;
  const names = async (query: string, run: (q: string) => Promise<{ rows: Array<{ n: string }> }>) =>
    (await run(query)).rows.map((r) => r.n);
  const TABLES = `select c.relname as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = 'public' and c.relkind = 'r' order by 1`;
  const onPglite = async (q: string) => sql.raw<{ n: string }>(q).execute(db);
  const onSource = async (q: string) => source.query<{ n: string }>(q);
  const tables = await names(TABLES, onPglite);
  const theirs = await names(TABLES, onSource);
  if (JSON.stringify(tables) !== JSON.stringify(theirs))
    throw new Error(
      `the data set's tables differ from the migrated schema's: ${[...new Set([...tables, ...theirs])]
        .filter((t) => !tables.includes(t) || !theirs.includes(t))
        .join(', ')}`,
    );

  await sql`set session_replication_role = replica`.execute(db);
  await sql.raw(`truncate ${tables.map(quote).join(', ')}`).execute(db);
  const indexes = (
    await sql<{ name: string; def: string }>`
      select i.relname as name, pg_get_indexdef(i.oid) as def from pg_index x
      join pg_class i on i.oid = x.indexrelid join pg_namespace s on s.oid = i.relnamespace
      where s.nspname = 'public' and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`.execute(
      db,
    )
  ).rows;
  for (const i of indexes) await sql.raw(`drop index public.${quote(i.name)}`).execute(db);

  for (const table of tables) {
    const columns = (
      await sql<{ n: string }>`select attname as n from pg_attribute
        where attrelid = ${`public.${quote(table)}`}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`.execute(db)
    ).rows.map((r) => quote(r.n));
    const t0 = performance.now();
    const bytes = await streamTable(
      url,
      `copy (select ${columns.join(', ')} from public.${quote(table)}) to stdout`,
      (piece) => copyRows(db as Kysely<unknown>, `public.${quote(table)}`, columns, piece, { format: 'text' }),
    );
    if (bytes > PIECE)
      note(`  ${table}: ${(bytes / 1e6).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }

  let t0 = performance.now();
  for (const i of indexes) await sql.raw(i.def).execute(db);
  note(`  ${indexes.length} indexes built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const sequences = await names(
    `select c.relname as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
     where s.nspname = 'public' and c.relkind = 'S' order by 1`,
    onPglite,
  );
  for (const seq of sequences) {
    const { last_value, is_called } = (
      await source.query<{ last_value: string; is_called: boolean }>(
        `select last_value, is_called from public.${quote(seq)}`,
      )
    ).rows[0]!;
    await sql`select setval(${`public.${quote(seq)}`}::regclass, ${last_value}::bigint, ${is_called})`.execute(db);
  }
  await sql`set session_replication_role = origin`.execute(db);
  t0 = performance.now();
  await sql`vacuum analyze`.execute(db);
  note(`  vacuum analyze in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/**
 * Runs `copy … to stdout` on the server of `url` (pg-copy-streams) and hands its output on in
 * pieces of about PIECE bytes cut at line ends (a row of the text format is one line); the bytes read.
 */
async function streamTable(url: string, copy: string, feed: (piece: Buffer) => Promise<void>): Promise<number> {
  const client = new pg.Client({
    connectionString: url,
    // The text both servers read the same way, whatever the server's defaults.
    options: '-c datestyle=ISO,YMD -c timezone=UTC -c intervalstyle=postgres -c extra_float_digits=3',
  });
  await client.connect();
  try {
    return await cutIntoPieces(client.query(copyTo(copy)) as AsyncIterable<Buffer<ArrayBuffer>>, feed);
  } finally {
    await client.end();
  }
}

async function cutIntoPieces(
  rows: AsyncIterable<Buffer<ArrayBuffer>>,
  feed: (piece: Buffer) => Promise<void>,
): Promise<number> {
  let parts: Buffer<ArrayBuffer>[] = [];
  let held = 0;
  let total = 0;
  for await (const chunk of rows) {
    total += chunk.length;
    parts.push(chunk);
    held += chunk.length;
    if (held < PIECE) continue;
    const cut = chunk.lastIndexOf(0x0a) + 1;
    if (cut === 0) continue; // no line end in this chunk: the piece grows until one comes
    const piece = [...parts.slice(0, -1), chunk.subarray(0, cut)];
    parts = cut < chunk.length ? [chunk.subarray(cut)] : [];
    held = chunk.length - cut;
    await feed(Buffer.concat(piece));
  }
  if (held > 0) await feed(Buffer.concat(parts));
  return total;
}
