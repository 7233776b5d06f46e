import { sql, type Kysely } from 'kysely';

/** Runs DDL statements one by one (both drivers use the extended protocol: one statement per call). */
export async function runStatements(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
