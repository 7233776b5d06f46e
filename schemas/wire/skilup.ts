// The skill-up calls (spec 002 section 7, spec 000 section 7): the video hub and its narrowing,
// the sales playbook (虎の巻), and a content's watch status.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds, TargetDate, WireId } from './common';
import { NarrowKeyword, NarrowTags } from './narrowing';

export const SkilupPhase = Type.Object({
  categoryId: Type.Number(),
  phaseId: Type.Number(),
  phaseName: Type.String(),
  iconFileName: Type.String({ description: "Name of one of the screen's phase icons" }),
  isOpen: Type.Boolean(),
});
export const SkilupVideo = Type.Object({
  categoryId: Type.Number(),
  contentsId: Type.Number(),
  skilupId: Type.Number(),
  phaseId: Type.Number(),
  phaseName: Type.String(),
  detailPath: Type.String(),
  updateFormPath: Type.String({ description: 'Registration form (provider administrators), else ""' }),
  thumbnailPath: Type.String({
    description:
      'Signed path of the thumbnail image, or of the first video when none is set (the screen takes its frame at 1 s); "" when neither',
  }),
  thumbnailName: Type.String({ description: 'File name of what thumbnailPath names (.webm/.mp4/.ogv: a video)' }),
  videoTitle: Type.String(),
  videoCaption: Type.String({ description: 'Explanation of the first video' }),
  isWatched: Type.Boolean(),
  isNewVideo: Type.Boolean(),
  updateDate: Type.String({ description: 'Last update yyyy/MM/dd' }),
});
export const SkilupTag = Type.Object({
  tagId: Type.Number(),
  tagName: Type.String(),
  categoryId: Type.Number(),
  phaseId: Type.Number(),
  phaseName: Type.String(),
  isChecked: Type.Boolean(),
});
export const VideoListAnswer = Type.Object({
  phaseListData: Type.Array(SkilupPhase),
  videoListData: Type.Array(SkilupVideo),
  skulupTagData: Type.Array(SkilupTag),
  newVideoListDispNum: Type.Number(),
  videoListDispNum: Type.Number(),
});

export const Chapter = Type.Object({
  chapterId: Type.Number({ description: 'The chapter content (categoryId of the request)' }),
  chapterName: Type.String(),
  chapterTitle: Type.String(),
  chapterComment: Type.String(),
  chapterCategoryId: Type.Number({ description: "Category of the video content the chapter's modal shows" }),
  chapterContentsId: Type.Number({
    description: "The video content the chapter's modal shows (the chapter itself when it links none)",
  }),
  isWatched: Type.Boolean(),
});
export const PlaybookPhase = Type.Object({
  phaseId: Type.Number(),
  phaseName: Type.String(),
  phaseTitle: Type.String(),
  isOpen: Type.Boolean(),
  phaseKouseiList: Type.Array(Chapter),
});
export const PlaybookAnswer = Type.Object({
  skilupPhaseList: Type.Array(PlaybookPhase),
  skilupCommentList: Type.Array(Type.String()),
  dispCount: Type.Number(),
});

export const VideoListBody = Body({ ...CallerIds, targetDate: TargetDate });
export const NarrowVideoListBody = Body({
  ...CallerIds,
  targetDate: TargetDate,
  narrowKeyword: NarrowKeyword,
  narrowTags: NarrowTags,
  isOnlyUnWatched: Type.Optional(Type.Boolean()),
  isOutsidePostPeriod: Type.Optional(Type.Boolean({ description: 'Provider administrators only; ignored for others' })),
});
export const PlaybookBody = Body({
  ...CallerIds,
  categoryId: WireId('The playbook category (8)'),
  targetDate: TargetDate,
});
export type SkilupPhase = Static<typeof SkilupPhase>;
export type SkilupVideo = Static<typeof SkilupVideo>;
export type SkilupTag = Static<typeof SkilupTag>;
export type VideoListAnswer = Static<typeof VideoListAnswer>;
export type Chapter = Static<typeof Chapter>;
export type PlaybookPhase = Static<typeof PlaybookPhase>;
export type PlaybookAnswer = Static<typeof PlaybookAnswer>;

const watchTarget = {
  ...CallerIds,
  categoryId: WireId('Category of the content'),
  contentsId: WireId('Content'),
  targetDate: TargetDate,
};
export const WatchStatusBody = Body({
  ...watchTarget,
  isWatched: Type.Optional(Type.Boolean({ description: 'Ignored' })),
});
export const SaveWatchBody = Body({ ...watchTarget, isWatched: Type.Boolean() });

export const WatchAnswer = Type.Object({ isWatched: Type.Boolean() });
export type WatchAnswer = Static<typeof WatchAnswer>;
