// What the agent-segment form (schemas/forms/ag-segment.json) does beyond its columns: the name
// is unique; the uploaded CSV's agent codes become the members, with the file's name and line
// count; the answer carries the list's figures (members that are registered agents, last import).
import { problem } from '../../http/problems';
import * as repo from './repository';
import { segmentToWire } from './wire';
import type { FormHook } from '../../forms/hook';
import type { FileInput } from '../../forms/request-body';
import { importOf, nameFailures } from './rules';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

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

  // The list's figures (members that are registered agents) are counted in SQL; a page of the
  // paged list (schemas/lists/ag-segment.json) counts its own segments' members only.
  list: async (ctx) => (await repo.listSegments(ctx.app.db)).map(segmentToWire),
  async pageRecords(ctx, rows) {
    const ids = rows.map((r) => Number(r.ag_segment_id));
    const byId = new Map((await repo.listSegments(ctx.app.db, ids)).map((s) => [s.ag_segment_id, s]));
    return ids.flatMap((id) => {
      const segment = byId.get(id);
      return segment ? [segmentToWire(segment)] : [];
    });
  },

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
