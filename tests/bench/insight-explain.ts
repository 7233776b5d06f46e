// Explains one section's SQL on the bench database (npx tsx tests/bench/insight-explain.ts reach).
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../api/db/schema';
import * as repo from '../../api/resources/insight/repository';

const url = 'postgres://postgres@127.0.0.1:5432/portal_insight_bench';
const pool = new pg.Pool({ connectionString: url });
const seen: { sql: string; params: readonly unknown[] }[] = [];
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (e) => {
    if (e.level === 'query') seen.push({ sql: e.query.sql, params: e.query.parameters });
  },
});
const s: repo.Scope = { from: '2026-10-22', to: '2026-11-20', segmentId: null, agentCode: null };
const section = process.argv[2] ?? 'reach';
const fn = (repo as unknown as Record<string, (db: unknown, s: repo.Scope, x?: unknown) => Promise<unknown>>)[section]!;
await fn(db, s, section === 'skilupPhases' ? 10000 : new Date());
for (const q of seen) {
  const t0 = performance.now();
  const r = await pool.query(`explain (analyze, costs off, timing off) ${q.sql}`, q.params as unknown[]);
  console.log(`---- ${Math.round(performance.now() - t0)} ms`);
  console.log(r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n'));
}
await pool.end();
