// Writing registered companies: an import replaces every company in one transaction (the file
// is the supplier's whole register), records the import (file, rows, who, when) and an audit
// entry, then refreshes the planner's statistics (PGlite runs no autovacuum).
import { sql, type Kysely } from 'kysely';
import type { ImportedCompany } from '../../schemas/rules/company-import';
import { recordAudit } from '../audit/record';
import type { Caller } from '../authority/caller';
import type { Database } from '../db/schema';
import { companyText, gramsOf } from './text';

type Db = Kysely<Database>;

const BATCH = 1000;

export interface ImportSource {
  fileName: string;
  /** Who ran it: the signed-in caller, or the operator of the CLI as an audit identity. */
  caller: Caller;
  at: Date;
  /** Told the rows written so far after each batch (the CLI's progress bar). */
  onProgress?: (written: number, total: number) => void;
}

/** The audit identity of an import run outside a session (the CLI, the demo data): its operator's name. */
export function operatorCaller(name: string): Caller {
  return {
    sessionId: '',
    userId: name.slice(0, 10),
    agCode: '',
    daihyoCode: '',
    roleId: '',
    isAdmin: false,
    isProvider: false,
    pseudo: null,
  };
}

export interface ImportOutcome {
  importId: number;
  rowCount: number;
  previousCount: number;
}

/** The row written for a company: what was imported plus its searchable text and bigram keys. */
export function companyRow(c: ImportedCompany, importId: number) {
  const nameText = companyText(c.companyName);
  const addressText = companyText(`${c.prefecture}${c.address}`);
  return {
    company_code: c.companyCode,
    company_name: c.companyName,
    postal_code: c.postalCode,
    prefecture: c.prefecture,
    address: c.address,
    name_text: nameText,
    address_text: addressText,
    name_grams: gramsOf(nameText),
    address_grams: gramsOf(addressText),
    import_id: importId,
  };
}

/** Replaces every registered company by the checked rows; call it inside a transaction. */
export async function replaceCompanies(
  trx: Db,
  rows: readonly ImportedCompany[],
  source: ImportSource,
): Promise<ImportOutcome> {
  const previous = await trx
    .selectFrom('registered_companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const lastImport = await latestImport(trx);
  const { import_id: importId } = await trx
    .insertInto('company_imports')
    .values({
      file_name: source.fileName.slice(0, 255),
      row_count: rows.length,
      imported_by: source.caller.userId.slice(0, 100),
      imported_at: source.at,
    })
    .returning('import_id')
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('registered_companies').execute();
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto('registered_companies')
      .values(rows.slice(i, i + BATCH).map((c) => companyRow(c, importId)))
      .execute();
    source.onProgress?.(Math.min(rows.length, i + BATCH), rows.length);
  }
  const outcome = { importId, rowCount: rows.length, previousCount: Number(previous.n) };
  await recordAudit(trx, {
    caller: source.caller,
    action: 'import',
    entity: 'registered_companies',
    entityId: importId,
    before: lastImport
      ? { importId: lastImport.import_id, fileName: lastImport.file_name, rowCount: Number(previous.n) }
      : null,
    after: { importId, fileName: source.fileName, rowCount: rows.length },
    at: source.at,
  });
  return outcome;
}

export async function latestImport(db: Db) {
  return db
    .selectFrom('company_imports')
    .selectAll()
    .orderBy('imported_at', 'desc')
    .orderBy('import_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Statistics for the planner after a bulk write (outside the import's transaction is fine too). */
export async function analyzeCompanies(db: Db): Promise<void> {
  await sql`analyze registered_companies`.execute(db);
}
