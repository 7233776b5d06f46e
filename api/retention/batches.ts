// Deleting old rows a few thousand at a time (docs/operations.md "Retention"): each statement
// takes at most `batchSize` rows by their key, so it holds its row locks for milliseconds and
// never a table lock; a short pause between statements leaves the database to the portal.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What runs between two statements (the purge's short pause; tests pass none). */
export type Pause = () => Promise<void>;

export const noPause: Pause = async () => undefined;

export interface BatchDelete {
  table: keyof Database & string;
  /** The primary key (one column). */
  key: string;
  /** The date that decides a row's age: rows with column < cutoff go. */
  column: string;
  cutoff: Date;
  batchSize: number;
  pause?: Pause;
}

/** Deletes every row older than the cutoff in batches; answers how many went. */
export async function deleteInBatches(db: Kysely<Database>, d: BatchDelete): Promise<number> {
  const table = sql.table(d.table);
  const key = sql.ref(d.key);
  const column = sql.ref(d.column);
  let total = 0;
  for (;;) {
    const r = await sql`delete from ${table} where ${key} in (
      select ${key} from ${table} where ${column} < ${d.cutoff} limit ${d.batchSize})`.execute(db);
    const n = Number(r.numAffectedRows ?? 0);
    total += n;
    if (n < d.batchSize) return total;
    await (d.pause ?? noPause)();
  }
}
