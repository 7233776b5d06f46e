// What the agent-segment form (schemas/forms/ag-segment.json) does beyond its columns: the name
// is unique; the uploaded CSV's agent codes become the members, with the file's name and line
// count; the answer carries the list's figures (members that are registered agents, last import).
import type { Kysely } from 'kysely';
import { decodeText, parseCsvList } from '../../../schemas/rules/csv';
import type { RuleResult } from '../../../schemas/rules/engine';
import type { Database } from '../../db/schema';
import { problem } from '../../http/problems';
import * as repo from './repository';
import { segmentToWire } from './wire';
import type { FormHook } from '../../forms/hook';
import type { FileInput } from '../../forms/request-body';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

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

export const agentSegmentHook: FormHook = {
  fields: ['uploadFile', 'syozokuAgCnt', 'lastUploadDate', 'uploadFileName', 'uploadDataCnt'],

  check: (ctx, record, _mode, id) =>
    nameFailures(ctx.app.db, [str(record.agSegmentName)], id === null ? [] : [Number(id)]),

  // A segment used as a display target is kept (its contents and settings would lose their audience).
  async authorize(ctx, record, mode) {
    if (mode !== 'delete') return;
    if ((await repo.segmentsInUse(ctx.app.db, [Number(record.agSegmentId)])).size)
      throw problem.validation([
        {
          messageId: 'ERR_0025',
          args: [`削除対象（表示対象に設定されているAGセグメント「${str(record.agSegmentName)}」）`],
        },
      ]);
  },

  // The list's figures (members that are registered agents) are counted in SQL.
  list: async (ctx) => (await repo.listSegments(ctx.app.db)).map(segmentToWire),

  columns(ctx, _record, mode) {
    const file = (ctx.state.files as Map<string, FileInput> | undefined)?.get('uploadFile');
    if (mode !== 'new' || !file) return {};
    const imp = importOf(file, ctx.app.clock.now());
    return { last_upload_date: imp.at, upload_file_name: imp.fileName, upload_data_cnt: imp.lineCount };
  },

  async write(ctx, id, _record, mode) {
    const file = (ctx.state.files as Map<string, FileInput> | undefined)?.get('uploadFile');
    if (mode === 'new' && file) await repo.replaceMembers(ctx.trx, Number(id), importOf(file, ctx.app.clock.now()));
  },

  async audit(db, id) {
    return { agCodes: await repo.memberCodes(db, Number(id)) };
  },

  async read(_ctx, db, id, record) {
    const row = await repo.findSegment(db, Number(id));
    if (row) Object.assign(record, segmentToWire(row));
  },
};
