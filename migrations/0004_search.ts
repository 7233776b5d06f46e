// Site search (issue 5, docs/search.md): one normalised text row per content and an inverted
// index of its character bigrams, plus the search history.
//
// - search_documents: title, tag names, sub-category name and body text (HTML stripped), each
//   normalised by api/search/normalise.ts. Written by api/search/index-content.ts in the same
//   transaction as the content, so a saved content is searchable at once.
// - grams: the distinct keys of the adjacent character pairs of each field (pairs never span two
//   fields; pairs with a space are left out), computed by api/search/normalise.ts (bigramKeys),
//   the same function that turns a keyword into keys. The GIN index over it is the posting
//   table: one entry per (bigram, document), deduplicated and compressed by GIN. A keyword of
//   two characters is answered by the index alone; a longer one by the intersection of its
//   bigrams, then rechecked with LIKE on the normalised text. (An expression index computing
//   the bigrams in SQL was measured too: 3 times slower to build, see docs/search.md.)
// - search_histories: one row per search the screen registers (isRegSerchHistory).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table search_documents (
      content_id integer primary key references contents(content_id) on delete cascade,
      title text not null,
      tags text not null default '',
      sub_category text not null default '',
      body text not null default '',
      grams integer[] not null,
      indexed_at timestamptz not null default now()
    )`,
    `create index search_documents_bigrams_idx on search_documents using gin (grams)`,
    `create table search_histories (
      history_id bigserial primary key,
      user_id varchar(10) not null,
      ag_code varchar(8) not null,
      pseudo_user_id varchar(10) not null default '',
      pseudo_ag_code varchar(8) not null default '',
      keyword varchar(200) not null,
      category_id integer,
      result_count integer not null,
      searched_at timestamptz not null default now()
    )`,
    `create index search_histories_user_idx on search_histories (user_id, searched_at)`,
  ]);
}
