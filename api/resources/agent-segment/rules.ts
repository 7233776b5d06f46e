// Rules of segments that the form's hook and the segment routes (CSV upload, rename) both apply.
import type { Kysely } from 'kysely';
import { decodeText, parseCsvList } from '../../../schemas/rules/csv';
import type { RuleResult } from '../../../schemas/rules/engine';
import type { Database } from '../../db/schema';
import type { FileInput } from '../../forms/request-body';
import * as repo from './repository';

/** The import of a segment CSV: distinct codes of the non-blank lines. */
export function importOf(file: FileInput, at: Date): repo.Import {
  const entries = parseCsvList(decodeText(file.bytes!));
  return {
    fileName: file.fileName.slice(0, 255),
    codes: [...new Set(entries.map((e) => e.value))],
    lineCount: entries.length,
    at,
  };
}

/** ERR_0017 when a name is another segment's (other than `except`) or given twice: the one uniqueness check of creates and renames. */
export async function nameFailures(
  db: Kysely<Database>,
  names: readonly string[],
  except: readonly number[],
): Promise<RuleResult[]> {
  const given = names.filter((n) => n !== '');
  const taken = await repo.segmentsNamed(db, given, except);
  return taken.length || new Set(given).size !== given.length
    ? [{ field: 'agSegmentName', messageId: 'ERR_0017', args: ['セグメント名'] }]
    : [];
}
