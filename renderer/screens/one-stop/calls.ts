// The one-stop guide's calls (spec 000 /one-stop-gide, spec 001 section 7), as api/resources/one-stop
// declares them: the agent page (the management screen's calls are in its form definition).
import { apiPost } from '../../api/client';
import { callerScope } from '../../components/data-scope';
import type { OneStopAnswer } from '../../../schemas/wire/one-stop';

export type { OneStopAgentItem, OneStopAnswer, OneStopCategory } from '../../../schemas/wire/one-stop';

export interface OneStopNarrowing {
  keyword: string;
  tags: number[];
}

export const NO_NARROWING: OneStopNarrowing = { keyword: '', tags: [] };

/** Per-category lists and search results: 20 a page (spec 001 section 9). */
export const ONE_STOP_PAGE_SIZE = 20;

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export async function loadOneStop(n: OneStopNarrowing = NO_NARROWING, signal?: AbortSignal): Promise<OneStopAnswer> {
  const answer = await apiPost<Partial<OneStopAnswer>>(
    '/api/OneStopGide/getOneStopGideList',
    { ...callerScope(), keyword: n.keyword, narrowTags: n.tags },
    { signal },
  );
  return {
    categoryListData: list(answer?.categoryListData),
    oneStopGideListData: list(answer?.oneStopGideListData),
    containtsListData: list(answer?.containtsListData),
    tagListData: list(answer?.tagListData),
  };
}
