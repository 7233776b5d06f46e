// Keeping the site-search index current (docs/search.md). Every write of a content calls one of
// these in the SAME transaction as the write, so a saved content is searchable at once and a
// rolled-back one never is:
//   reindexContent(trx, contentId)          after inserting, updating or (soft-)deleting a content
//   reindexContents(trx, ids)               after a change that touches many (a tag or a
//                                           sub-category renamed: the contents that carry it)
// rebuildSearchIndex(db) rebuilds everything (seeds, bulk imports, `npm run search:rebuild`).
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, SearchDocumentsTable } from '../db/schema';
import { documentKeys, htmlToText, keysLiteral, normalizeText } from './normalise';

type Db = Kysely<Database>;

interface SourceRow {
  content_id: number;
  title: string;
  body_html: string;
  sub_category_name: string | null;
  deleted_at: Date | null;
}

const INDEX_NAME = 'search_documents_bigrams_idx';

function sources(db: Db) {
  return db
    .selectFrom('contents as c')
    .leftJoin('sub_categories as sc', 'sc.sub_category_id', 'c.sub_category_id')
    .select(['c.content_id', 'c.title', 'c.body_html', 'sc.sub_category_name', 'c.deleted_at']);
}

async function tagNamesOf(db: Db, contentIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (contentIds.length === 0) return out;
  const rows = await db
    .selectFrom('content_tags as ct')
    .innerJoin('tags as t', 't.tag_id', 'ct.tag_id')
    .select(['ct.content_id', 't.tag_name'])
    .where('ct.content_id', 'in', contentIds)
    .orderBy('ct.content_id')
    .orderBy('t.display_order')
    .orderBy('t.tag_id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.content_id) ?? [];
    list.push(r.tag_name);
    out.set(r.content_id, list);
  }
  return out;
}

/** The normalised document of a content (tag names joined by a space, so no bigram spans two tags). */
export function documentOf(
  row: Omit<SourceRow, 'deleted_at'>,
  tagNames: readonly string[],
): Insertable<SearchDocumentsTable> {
  const title = normalizeText(row.title);
  const tags = tagNames
    .map(normalizeText)
    .filter((t) => t !== '')
    .join(' ');
  const subCategory = normalizeText(row.sub_category_name ?? '');
  const body = normalizeText(htmlToText(row.body_html));
  return {
    content_id: row.content_id,
    title,
    tags,
    sub_category: subCategory,
    body,
    grams: keysLiteral(documentKeys([title, tags, subCategory, body])),
  };
}

async function documentsOf(db: Db, rows: SourceRow[]): Promise<Insertable<SearchDocumentsTable>[]> {
  const live = rows.filter((r) => r.deleted_at === null);
  const tags = await tagNamesOf(
    db,
    live.map((r) => r.content_id),
  );
  return live.map((r) => documentOf(r, tags.get(r.content_id) ?? []));
}

/** Re-reads the contents and writes their documents; deleted or missing contents leave the index. */
export async function reindexContents(trx: Db, contentIds: readonly number[]): Promise<void> {
  const ids = [...new Set(contentIds)];
  if (ids.length === 0) return;
  for (let i = 0; i < ids.length; i += 1000) {
    const batch = ids.slice(i, i + 1000);
    const rows = await sources(trx).where('c.content_id', 'in', batch).execute();
    const docs = await documentsOf(trx, rows);
    const keep = new Set(docs.map((d) => d.content_id));
    const gone = batch.filter((id) => !keep.has(id));
    if (gone.length) await trx.deleteFrom('search_documents').where('content_id', 'in', gone).execute();
    if (docs.length) {
      await trx
        .insertInto('search_documents')
        .values(docs)
        .onConflict((oc) =>
          oc.column('content_id').doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            tags: eb.ref('excluded.tags'),
            sub_category: eb.ref('excluded.sub_category'),
            body: eb.ref('excluded.body'),
            grams: eb.ref('excluded.grams'),
            indexed_at: sql<Date>`now()`,
          })),
        )
        .execute();
    }
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

/**
 * Rebuilds the whole index in one transaction (readers keep the old index until it commits):
 * the documents are written in batches with the GIN index dropped, then the index is created
 * again from its own stored definition in one sorted pass (much faster than growing it row by
 * row) and the statistics refreshed, so the planner knows the bigram frequencies.
 */
export async function rebuildSearchIndex(db: Db, opts: { batchSize?: number } = {}): Promise<RebuildResult> {
  const started = performance.now();
  const batchSize = opts.batchSize ?? 2000;
  const work = async (trx: Db) => {
    const def = await sql<{ def: string | null }>`select pg_get_indexdef(to_regclass(${INDEX_NAME})) as def`.execute(
      trx,
    );
    const indexDef = def.rows[0]?.def;
    if (!indexDef) throw new Error(`search index ${INDEX_NAME} is missing: run the migrations`);
    await sql`truncate search_documents`.execute(trx);
    await sql.raw(`drop index ${INDEX_NAME}`).execute(trx);
    let after = 0;
    let documents = 0;
    for (;;) {
      const rows = await sources(trx)
        .where('c.content_id', '>', after)
        .orderBy('c.content_id')
        .limit(batchSize)
        .execute();
      const last = rows.at(-1);
      if (!last) break;
      after = last.content_id;
      const docs = await documentsOf(trx, rows);
      if (docs.length) await trx.insertInto('search_documents').values(docs).execute();
      documents += docs.length;
    }
    await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
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
