// The calls of the skill-up hub and the sales playbook (spec 002 section 7); their answers are
// the wire types the API routes declare (schemas/wire/skilup.ts).
import { apiPost } from '../../api/client';
import { callerScope } from '../../components/data-scope';
import type { PlaybookAnswer, VideoListAnswer } from '../../../schemas/wire/skilup';

export type { Chapter, SkilupTag, SkilupVideo, VideoListAnswer } from '../../../schemas/wire/skilup';

export interface VideoNarrowing {
  keyword: string;
  tags: number[];
  onlyUnwatched: boolean;
  outsidePostPeriod: boolean;
}

export const NO_VIDEO_NARROWING: VideoNarrowing = {
  keyword: '',
  tags: [],
  onlyUnwatched: false,
  outsidePostPeriod: false,
};

/** Spec 002 section 4: 3 new videos and 3 per phase unless the server says otherwise. */
export const DEFAULT_DISP_NUM = 3;
/** Search results per page (spec 002 section 9). */
export const SEARCH_PAGE_SIZE = 10;

const positive = (n: unknown) => (typeof n === 'number' && n > 0 ? n : DEFAULT_DISP_NUM);

function normalise(answer: Partial<VideoListAnswer> | undefined): VideoListAnswer {
  return {
    phaseListData: Array.isArray(answer?.phaseListData) ? answer.phaseListData : [],
    videoListData: Array.isArray(answer?.videoListData) ? answer.videoListData : [],
    skulupTagData: Array.isArray(answer?.skulupTagData) ? answer.skulupTagData : [],
    newVideoListDispNum: positive(answer?.newVideoListDispNum),
    videoListDispNum: positive(answer?.videoListDispNum),
  };
}

export async function loadVideoList(signal?: AbortSignal): Promise<VideoListAnswer> {
  return normalise(await apiPost<Partial<VideoListAnswer>>('/api/SkilUp/getVideoList', callerScope(), { signal }));
}

export async function narrowVideoList(n: VideoNarrowing, signal?: AbortSignal): Promise<VideoListAnswer> {
  const answer = await apiPost<Partial<VideoListAnswer>>(
    '/api/SkilUp/narrowVideoList',
    {
      ...callerScope(),
      narrowKeyword: n.keyword,
      narrowTags: n.tags.join(','),
      isOnlyUnWatched: n.onlyUnwatched,
      isOutsidePostPeriod: n.outsidePostPeriod,
    },
    { signal },
  );
  return normalise(answer);
}

export type Playbook = PlaybookAnswer;

export async function loadPlaybook(categoryId: number, signal?: AbortSignal): Promise<Playbook> {
  const answer = await apiPost<Partial<Playbook>>(
    '/api/SkilUp/getToranomaki',
    { ...callerScope(), categoryId },
    { signal },
  );
  return {
    skilupPhaseList: Array.isArray(answer?.skilupPhaseList)
      ? answer.skilupPhaseList.map((p) => ({
          ...p,
          phaseKouseiList: Array.isArray(p.phaseKouseiList) ? p.phaseKouseiList : [],
        }))
      : [],
    skilupCommentList: Array.isArray(answer?.skilupCommentList) ? answer.skilupCommentList : [],
    dispCount: positive(answer?.dispCount),
  };
}

/** The detail page of a content: /{detailPath}/categoryId/{categoryId}/contentsId/{contentsId}. */
export function detailPathOf(detailPath: string, categoryId: number, contentsId: number): string {
  return `/${detailPath || 'contents'}/categoryId/${categoryId}/contentsId/${contentsId}`;
}
