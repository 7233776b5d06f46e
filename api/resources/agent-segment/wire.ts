// An agent segment on the wire (spec 001 section 3): the list's row and the form's answer. The
// fields the segment form declares beyond the columns (extra_data) travel with it.
import { Type } from '@sinclair/typebox';
import type { SegmentRow } from './repository';

export const SegmentData = Type.Object(
  {
    agSegmentId: Type.Number(),
    agSegmentName: Type.String(),
    syozokuAgCnt: Type.Number({ description: 'Members that are registered agents' }),
    lastUploadDate: Type.String({ description: 'yyyy/MM/dd HH:mm:ss (Asia/Tokyo), "" before the first import' }),
    uploadFileName: Type.String(),
    uploadDataCnt: Type.Number({ description: 'Non-blank lines of the last imported file' }),
  },
  { additionalProperties: true, description: 'Plus the fields schemas/forms/ag-segment.json declares beyond these' },
);

export const SegmentId = Type.Union([
  Type.Integer({ minimum: 1, maximum: 2147483647 }),
  Type.String({ pattern: '^[0-9]{1,9}$' }),
]);

const TOKYO_MS = 9 * 3600 * 1000;
function wireDateTime(d: Date | null): string {
  if (!d) return '';
  const iso = new Date(d.getTime() + TOKYO_MS).toISOString(); // yyyy-MM-ddTHH:mm:ss.sssZ in Tokyo
  return `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 19)}`;
}

export const segmentToWire = (r: SegmentRow) => ({
  ...r.extra_data,
  agSegmentId: r.ag_segment_id,
  agSegmentName: r.ag_segment_name,
  syozokuAgCnt: r.syozoku_ag_cnt,
  lastUploadDate: wireDateTime(r.last_upload_date),
  uploadFileName: r.upload_file_name,
  uploadDataCnt: r.upload_data_cnt,
});
