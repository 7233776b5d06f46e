// PostgreSQL compiles a query to machine code before running it when its estimated cost passes
// jit_above_cost (100,000). The planner prices a per-row probe (a targeting check, a subplan) once
// per candidate row, so reads that run in milliseconds from indexes can be estimated far above
// that and pay 30–600 ms of compiling first (docs/performance.md). Such reads run here, in a
// transaction of their own with JIT off for it alone; PGlite accepts the setting and has no JIT.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

export function withoutJit<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('jit', 'off', true)`.execute(trx);
    return work(trx);
  });
}
