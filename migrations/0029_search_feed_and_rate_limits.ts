// Two things of issue 26 ("Under load", "Fair share"):
//
// 1. Site search results are kept in memory (api/search/result-cache.ts). Besides the content
//    tables of 0015, a search reads the index, the tags of each content and the tag names: they
//    join the change feed as wholes ("<table>:*"). Statement-level triggers, so a rebuild of the
//    index for a million contents sends one message per statement instead of calling the trigger
//    function a million times (PostgreSQL folds duplicate notifications anyway).
// 2. The per-user limits of the expensive calls (api/security/rate-limit.ts) are counted here so
//    that every instance sees the same count: one row per user and kind of call, holding the
//    current fixed window and its hits (no row per call; old windows are overwritten).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

const WHOLE_TABLES = ['search_documents', 'content_tags', 'tags'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    ...WHOLE_TABLES.map(
      (t) =>
        `create trigger ${t}_change_notify after insert or update or delete on ${t} for each statement execute function portal_change_notify('*')`,
    ),
    `create table rate_limit_counters (
       counter_key varchar(200) primary key,
       window_start timestamptz not null,
       hits integer not null
     )`,
  ]);
}
