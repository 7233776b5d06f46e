// One import of registered companies from a file's bytes: decoded (UTF-8 or Shift_JIS, as Excel
// writes it), checked row by row (schemas/rules/company-import.ts, prefectures from the search
// form's dropdown), then written all or nothing in one transaction with its audit record.
import type { Kysely } from 'kysely';
import { decodeText } from '../../schemas/rules/csv';
import { checkCompanyFile } from '../../schemas/rules/company-import';
import type { Message } from '../../schemas/messages/format';
import type { DefinitionSet } from '../../schemas/meta/types';
import type { Caller } from '../authority/caller';
import type { Database } from '../db/schema';
import { formOf } from '../forms/registry';
import { analyzeCompanies, replaceCompanies, type ImportOutcome } from './store';

export const COMPANY_SEARCH_FORM = 'customer-serch';

/** The prefectures a company may be in: the choices of the search form's 都道府県. */
export function prefecturesOf(definitions: DefinitionSet): Set<string> {
  const values = formOf(definitions, COMPANY_SEARCH_FORM).schema.properties.address1?.enum;
  return new Set(Array.isArray(values) ? values.map(String) : []);
}

export type ImportResult = { ok: true; outcome: ImportOutcome } | { ok: false; messages: Message[] };

export async function importCompanyFile(
  db: Kysely<Database>,
  definitions: DefinitionSet,
  file: { fileName: string; bytes: Uint8Array },
  by: Caller,
  at: Date,
  opts: { dryRun?: boolean; onProgress?: (written: number, total: number) => void } = {},
): Promise<ImportResult & { rowCount?: number }> {
  if (!/\.csv$/i.test(file.fileName)) return { ok: false, messages: [{ messageId: 'ERR_0010' }] };
  if (file.bytes.length === 0) return { ok: false, messages: [{ messageId: 'ERR_0011' }] };
  const checked = checkCompanyFile(decodeText(file.bytes), prefecturesOf(definitions));
  if (checked.messages.length) return { ok: false, messages: checked.messages };
  if (opts.dryRun) return { ok: true, outcome: { importId: 0, rowCount: checked.rows.length, previousCount: -1 } };
  const outcome = await db
    .transaction()
    .execute((trx) =>
      replaceCompanies(trx, checked.rows, { fileName: file.fileName, caller: by, at, onProgress: opts.onProgress }),
    );
  await analyzeCompanies(db);
  return { ok: true, outcome };
}
