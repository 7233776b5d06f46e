// The calls of the insight screen (/kanri-insight, docs/insight.md): one per section with the
// same filter, the drill-downs, and their CSV (saved under the server's file name).
import { apiDownload, apiPost } from '../../api/client';
import { saveBlob } from '../../components/download';
import type {
  ActivityAnswer,
  PendingAnswer,
  PopupsAnswer,
  ReachAnswer,
  RequestsAnswer,
  SearchAnswer,
  SegmentsAnswer,
  SkilupAnswer,
  UnopenedAnswer,
} from '../../../schemas/wire/insight';

export type {
  ActivityAnswer,
  PendingAnswer,
  PopupsAnswer,
  ReachAnswer,
  RequestsAnswer,
  SearchAnswer,
  SkilupAnswer,
  UnopenedAnswer,
};

/** The filter every section takes: dates yyyy-MM-dd ('' for the default), a segment id or '', an agent code. */
export interface Filter {
  from: string;
  to: string;
  segmentId: string;
  agentCode: string;
}

export interface Sections {
  reach: ReachAnswer;
  popups: PopupsAnswer;
  search: SearchAnswer;
  skilup: SkilupAnswer;
  requests: RequestsAnswer;
  activity: ActivityAnswer;
}

const bodyOf = (f: Filter) => ({
  from: f.from,
  to: f.to,
  segmentId: f.segmentId,
  agentCode: f.agentCode.trim(),
});

export async function loadSegments(signal?: AbortSignal) {
  return (await apiPost<SegmentsAnswer>('/api/Insight/segments', {}, { signal })).segments;
}

/** Every section at once (each its own call: a slow one does not hold the others' errors). */
export async function loadSections(f: Filter, signal?: AbortSignal): Promise<Sections> {
  const body = bodyOf(f);
  const call = <T>(section: string) => apiPost<T>(`/api/Insight/${section}`, body, { signal });
  const [reach, popups, search, skilup, requests, activity] = await Promise.all([
    call<ReachAnswer>('reach'),
    call<PopupsAnswer>('popups'),
    call<SearchAnswer>('search'),
    call<SkilupAnswer>('skilup'),
    call<RequestsAnswer>('requests'),
    call<ActivityAnswer>('activity'),
  ]);
  return { reach, popups, search, skilup, requests, activity };
}

/** A page of a drill-down: the first without a cursor, the next with the previous page's nextCursor. */
export const loadUnopened = (f: Filter, contentId: number, cursor: string, signal: AbortSignal) =>
  apiPost<UnopenedAnswer>('/api/Insight/reachUnopened', { ...bodyOf(f), contentId, cursor }, { signal });

export const loadPending = (f: Filter, contentId: number, cursor: string, signal: AbortSignal) =>
  apiPost<PendingAnswer>('/api/Insight/popupPending', { ...bodyOf(f), contentId, cursor }, { signal });

export type CsvList = 'reach-unopened' | 'popup-pending' | 'idle-agents';

export async function downloadCsv(f: Filter, list: CsvList, contentId?: number): Promise<void> {
  const file = await apiDownload('/api/Insight/csv', { ...bodyOf(f), list, contentId }, `insight_${list}.csv`);
  saveBlob(file.blob, file.fileName);
}
