// The entry file of an event: one line per application in the order they came, cancelled ones
// marked (a cancellation keeps its row), written by the one CSV writer (api/files/csv-writer.ts:
// UTF-8 with a byte-order mark so Excel on a Japanese Windows reads it, CRLF, cells that a
// spreadsheet would run as a formula neutralised). Dates are Tokyo time, yyyy/MM/dd HH:mm.
import { slashDateTime } from '../content/wire';
import { csvFile } from '../../files/csv-writer';
import type { entriesOf } from './repository';

export const ENTRY_FILE_HEADER = [
  '申込番号',
  '申込日時',
  '状態',
  'キャンセル日時',
  '代理店コード',
  '代理店名',
  'ユーザーID',
  '会社名',
  '部署名',
  '氏名',
  'メールアドレス',
  '申込操作者',
] as const;

type Entry = Awaited<ReturnType<typeof entriesOf>>[number];

export function entryFile(entries: readonly Entry[]): Buffer {
  return csvFile([
    [...ENTRY_FILE_HEADER],
    ...entries.map((e) => [
      e.entry_id,
      slashDateTime(e.applied_at),
      e.cancelled_at ? 'キャンセル' : '申込',
      e.cancelled_at ? slashDateTime(e.cancelled_at) : '',
      e.ag_code,
      e.ag_name ?? '',
      e.user_id,
      e.company_name,
      e.section_name,
      e.user_name,
      e.email,
      // A provider administrator applying for the agent during pseudo-login is named here.
      e.applied_by === e.user_id ? '' : e.applied_by,
    ]),
  ]);
}

/** The file's name: the event's CSV file name from its registration, else one made from the id. */
export function entryFileNameOf(event: { csv_file_name: string; content_id: number }): string {
  const name = event.csv_file_name.trim();
  if (!name) return `イベント申込者一覧_${event.content_id}.csv`;
  return /\.csv$/i.test(name) ? name : `${name}.csv`;
}
