// Keeping the site-search index current (docs/search.md). Every write of a content calls one of
// these in the SAME transaction as the write, so a saved content is searchable at once and a
// rolled-back one never is:
//   reindexContent(trx, contentId)          after inserting, updating or (soft-)deleting a content
//   reindexContents(trx, ids)               after a change that touches many (a tag or a
//                                           sub-category renamed: the contents that carry it)
// rebuildSearchIndex(db) rebuilds everything (seeds, bulk imports, `npm run search:rebuild`).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { documentKeys, htmlToText, normalizeText } from './normalise';
import { CopyWriter, copyRows } from '../db/copy-rows';

type Db = Kysely<Database>;

interface SourceRow {
  content_id: number;
  title: string;
  body_html: string;
  sub_category_name: string | null;
  /** The tag names in display order (null: no tag). */
  tag_names: string[] | null;
  deleted_at: Date | null;
}

/** A document as written: the normalised fields and the keys (an int4[] of api/search/normalise.ts documentKeys). */
interface DocumentRow {
  content_id: number;
  title: string;
  tags: string;
  sub_category: string;
  body: string;
  grams: number[];
}

const INDEX_NAME = 'search_documents_bigrams_idx';

/** The contents with everything their document is made of, the tag names gathered per content in SQL. */
function sources(db: Db) {
  return db
    .selectFrom('contents as c')
    .leftJoin('sub_categories as sc', 'sc.sub_category_id', 'c.sub_category_id')
    .select(['c.content_id', 'c.title', 'c.body_html', 'sc.sub_category_name', 'c.deleted_at'])
    .select((eb) =>
      eb
        .selectFrom('content_tags as ct')
        .innerJoin('tags as t', 't.tag_id', 'ct.tag_id')
        .whereRef('ct.content_id', '=', 'c.content_id')
        .select(sql<string[]>`array_agg(t.tag_name order by t.display_order, t.tag_id)`.as('names'))
        .as('tag_names'),
    );
}

/**
 * normalizeText remembered per distinct text: tag and sub-category names repeat across many
 * contents, so a rebuild normalises each name once. One per rebuild (names may change between).
 */
function nameNormaliser(): (s: string) => string {
  const seen = new Map<string, string>();
  return (s) => {
    let out = seen.get(s);
    if (out === undefined) seen.set(s, (out = normalizeText(s)));
    return out;
  };
}

/** The normalised document of a content (tag names joined by a space, so no bigram spans two tags). */
function documentRow(
  row: Pick<SourceRow, 'content_id' | 'title' | 'body_html' | 'sub_category_name'>,
  tagNames: readonly string[],
  normalizeName: (s: string) => string,
): DocumentRow {
  const title = normalizeText(row.title);
  const tags = tagNames
    .map(normalizeName)
    .filter((t) => t !== '')
    .join(' ');
  const subCategory = normalizeName(row.sub_category_name ?? '');
  const body = normalizeText(htmlToText(row.body_html));
  return {
    content_id: row.content_id,
    title,
    tags,
    sub_category: subCategory,
    body,
    grams: documentKeys([title, tags, subCategory, body]),
  };
}

/**
 * Writes (or replaces) the documents of some contents in one statement: the batch travels as
 * one JSON parameter instead of six parameters a row. The rebuild writes by COPY instead (below).
 */
async function writeDocuments(db: Db, docs: readonly DocumentRow[]): Promise<void> {
  if (docs.length === 0) return;
  await sql`insert into search_documents (content_id, title, tags, sub_category, body, grams)
    select x.content_id, x.title, x.tags, x.sub_category, x.body, x.grams
    from json_to_recordset(cast(${JSON.stringify(docs)} as json))
      as x(content_id integer, title text, tags text, sub_category text, body text, grams integer[])
    on conflict (content_id) do update set title = excluded.title, tags = excluded.tags,
      sub_category = excluded.sub_category, body = excluded.body, grams = excluded.grams, indexed_at = now()`.execute(
    db,
  );
}

const COLUMNS = ['content_id', 'title', 'tags', 'sub_category', 'body', 'grams'] as const;

/**
 * The documents of the rows in COPY's binary format (api/db/copy-rows.ts). Gives the event loop
 * a turn every few hundred rows, so the rows of the next batch are taken in meanwhile (the
 * server does not wait with a full socket).
 */
async function copyData(rows: readonly SourceRow[], normalizeName: (s: string) => string): Promise<Buffer> {
  const out = new CopyWriter(rows.length * 3072); // ~2 kB a document, most of it the body's text
  for (let i = 0; i < rows.length; i++) {
    if (i % 250 === 249) await new Promise(setImmediate);
    const r = rows[i]!;
    const d = documentRow(r, r.tag_names ?? [], normalizeName);
    out.row(COLUMNS.length);
    out.int4(d.content_id);
    out.text(d.title);
    out.text(d.tags);
    out.text(d.sub_category);
    out.text(d.body);
    out.int4Array(d.grams);
  }
  return out.finish();
}

/** Re-reads the contents and writes their documents; deleted or missing contents leave the index. */
export async function reindexContents(trx: Db, contentIds: readonly number[]): Promise<void> {
  const ids = [...new Set(contentIds)];
  if (ids.length === 0) return;
  const normalizeName = nameNormaliser();
  for (let i = 0; i < ids.length; i += 1000) {
    const batch = ids.slice(i, i + 1000);
    const rows = await sources(trx).where('c.content_id', 'in', batch).execute();
    const docs = rows.filter((r) => r.deleted_at === null).map((r) => documentRow(r, r.tag_names ?? [], normalizeName));
    const keep = new Set(docs.map((d) => d.content_id));
    const gone = batch.filter((id) => !keep.has(id));
    if (gone.length) await trx.deleteFrom('search_documents').where('content_id', 'in', gone).execute();
    await writeDocuments(trx, docs);
  }
}

/** Call in the transaction that inserted, updated or deleted the content. */
export async function reindexContent(trx: Db, contentId: number): Promise<void> {
  await reindexContents(trx, [contentId]);
}

export interface RebuildResult {
  documents: number;
  ms: number;
}

export interface RebuildOptions {
  /** Contents read and written per statement. */
  batchSize?: number;
  /** Told after each batch (documents written of the live contents) and when the index build starts. */
  onProgress?: (p: { phase: 'documents' | 'index'; done: number; total: number }) => void;
}

/**
 * Rebuilds the whole index in one transaction (readers keep the old index until it commits):
 * the documents are written by COPY in large batches into the truncated table with the GIN index
 * dropped, then the index is created again from its own stored definition in one pass (much
 * faster than growing it row by row) and the statistics refreshed, so the planner knows the
 * bigram frequencies. The database reads one batch and writes the one before while this one is
 * normalised here, so both sides work at once (docs/performance.md "The index build").
 */
export async function rebuildSearchIndex(db: Db, opts: RebuildOptions = {}): Promise<RebuildResult> {
  const started = performance.now();
  const batchSize = opts.batchSize ?? 5000;
  const progress = opts.onProgress ?? (() => {});
  const work = async (trx: Db) => {
    const def = await sql<{ def: string | null }>`select pg_get_indexdef(to_regclass(${INDEX_NAME})) as def`.execute(
      trx,
    );
    const indexDef = def.rows[0]?.def;
    if (!indexDef) throw new Error(`search index ${INDEX_NAME} is missing: run the migrations`);
    const live = await trx
      .selectFrom('contents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const total = Number(live.n);
    await sql`truncate search_documents`.execute(trx);
    await sql.raw(`drop index ${INDEX_NAME}`).execute(trx);
    const normalizeName = nameNormaliser();
    const next = (after: number) =>
      sources(trx)
        .where('c.deleted_at', 'is', null)
        .where('c.content_id', '>', after)
        .orderBy('c.content_id')
        .limit(batchSize)
        .execute();
    let documents = 0;
    let writing: Promise<void> = Promise.resolve();
    progress({ phase: 'documents', done: 0, total });
    let reading = next(0);
    for (let rows = await reading; rows.length > 0; rows = await reading) {
      // The next batch is asked for at once: the database reads it (after the write before)
      // while these rows are normalised here, and takes the write while that batch is.
      reading = next(rows.at(-1)!.content_id);
      reading.catch(() => {}); // awaited above; not an unhandled rejection meanwhile
      const data = await copyData(rows, normalizeName);
      await writing;
      progress({ phase: 'documents', done: documents, total });
      // COPY into the table truncated above, the rows frozen as written: no JSON to parse, rows
      // written in multi-row batches, no hint bits left for the index build and readers to set.
      writing = copyRows(trx as Kysely<unknown>, 'search_documents', COLUMNS, data, { freeze: true });
      writing.catch(() => {}); // awaited below
      documents += rows.length;
    }
    await writing;
    progress({ phase: 'index', done: documents, total });
    // The GIN build gathers its postings in this memory and merges them into the index each time
    // it is full. More is not faster: at a million documents 64 MB built in ~21 s, 1.4 GB (one
    // merge) in ~24 s (docs/performance.md "The index build"). Only for this transaction.
    await sql.raw(`set local maintenance_work_mem = '64MB'`).execute(trx);
    await sql.raw(indexDef).execute(trx);
    // Fresh statistics for the planner (PGlite runs no autovacuum): bigram frequencies, and the
    // sizes of the tables the search joins after a bulk load.
    for (const table of ['search_documents', 'contents', 'content_tags', 'content_agents'])
      await sql`analyze ${sql.table(table)}`.execute(trx);
    return documents;
  };
  const documents = db.isTransaction ? await work(db) : await db.transaction().execute(work);
  return { documents, ms: Math.round(performance.now() - started) };
}
