// The skill-up hub and the sales playbook (spec 002 sections 2.2, 2.3, 3, 7):
// /api/SkilUp/getVideoList, /api/SkilUp/narrowVideoList and /api/SkilUp/getToranomaki.
// Contents are read through contentVisibleTo; only provider administrators get the edit path
// and 掲載期間外も表示 (isOutsidePostPeriod is ignored for everyone else).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Message } from '../../../schemas/messages/format';
import { isProviderAdmin } from '../../authority/caller';
import { viewerOf, type Viewer } from '../../authority/visibility';
import { keywordTerms, tagIds } from '../content/narrowing';
import { idOf, slashDate } from '../content/wire';
import { problem } from '../../http/problems';
import {
  chapters,
  commentsOf,
  DEFAULT_DISP_NUM,
  firstVideos,
  hubVideos,
  phasesOf,
  programsOf,
  tagsOf,
  visibleAmong,
  type VideoFilter,
} from './hub-repository';
import { CATEGORY } from '../../../schemas/categories';
import {
  NarrowVideoListBody,
  PlaybookAnswer,
  PlaybookBody,
  VideoListAnswer,
  VideoListBody,
} from '../../../schemas/wire/skilup';

export default async function skilupHubRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function videoList(viewer: Viewer, withEditPath: boolean, filter: VideoFilter) {
    const programs = await programsOf(app.db, CATEGORY.SKILUP);
    const ids = programs.map((p) => p.skilup_id);
    const [phases, all] = await Promise.all([
      phasesOf(app.db, ids),
      hubVideos(app.db, viewer, CATEGORY.SKILUP, ids, { ...filter, terms: [], tagIds: [], onlyUnwatched: false }),
    ]);
    const narrowed =
      filter.terms.length || filter.tagIds.length || filter.onlyUnwatched
        ? await hubVideos(app.db, viewer, CATEGORY.SKILUP, ids, filter)
        : all;
    const [videos, tags] = await Promise.all([
      firstVideos(
        app.db,
        narrowed.map((r) => r.content_id),
      ),
      tagsOf(
        app.db,
        all.map((r) => r.content_id),
      ),
    ]);

    // The tags of the visible videos, once per phase (the side panel groups them by phase).
    const phaseOf = new Map(all.map((r) => [r.content_id, r]));
    const seen = new Set<string>();
    const tagData = [];
    for (const t of tags) {
      const v = phaseOf.get(t.content_id)!;
      const key = `${v.phase_id}/${t.tag_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      tagData.push({
        tagId: t.tag_id,
        tagName: t.tag_name,
        categoryId: CATEGORY.SKILUP,
        phaseId: v.phase_id,
        phaseName: v.phase_name,
        isChecked: filter.tagIds.includes(t.tag_id),
      });
    }
    const phaseOrder = new Map(phases.map((p, i) => [p.phase_id, i]));
    tagData.sort((a, b) => (phaseOrder.get(a.phaseId) ?? 0) - (phaseOrder.get(b.phaseId) ?? 0));

    return {
      phaseListData: phases.map((p) => ({
        categoryId: CATEGORY.SKILUP,
        phaseId: p.phase_id,
        phaseName: p.phase_name,
        iconFileName: p.icon_name,
        isOpen: p.is_open,
      })),
      videoListData: narrowed.map((r) => {
        const video = videos.get(r.content_id);
        const thumbnail =
          r.thumbnail_id !== null
            ? {
                path: app.mediaUrls.pathFor({ kind: 'thumbnail', id: r.thumbnail_id }),
                name: r.thumbnail_file_name ?? '',
              }
            : null;
        return {
          categoryId: r.category_id,
          contentsId: r.content_id,
          skilupId: r.skilup_id,
          phaseId: r.phase_id,
          phaseName: r.phase_name,
          detailPath: r.detail_path,
          updateFormPath: withEditPath ? r.update_form_path : '',
          thumbnailPath: thumbnail?.path ?? (video ? app.mediaUrls.pathFor({ kind: 'file', id: video.fileId }) : ''),
          thumbnailName: thumbnail?.name ?? video?.fileName ?? '',
          videoTitle: r.title,
          videoCaption: video?.explanation ?? '',
          isWatched: !!r.is_watched,
          isNewVideo: !!r.is_new,
          updateDate: slashDate(r.last_update),
        };
      }),
      skulupTagData: tagData,
      newVideoListDispNum: programs[0]?.new_video_disp_num ?? DEFAULT_DISP_NUM,
      videoListDispNum: programs[0]?.video_list_disp_num ?? DEFAULT_DISP_NUM,
    };
  }

  app.post(
    '/api/SkilUp/getVideoList',
    { schema: { body: VideoListBody, response: { 200: VideoListAnswer } } },
    async (request) => {
      const caller = request.caller!;
      const viewer = viewerOf(caller, request.body.targetDate, app.clock);
      return videoList(viewer, isProviderAdmin(caller), {
        ignorePeriod: false,
        terms: [],
        tagIds: [],
        onlyUnwatched: false,
      });
    },
  );

  app.post(
    '/api/SkilUp/narrowVideoList',
    { schema: { body: NarrowVideoListBody, response: { 200: VideoListAnswer } } },
    async (request) => {
      const caller = request.caller!;
      const b = request.body;
      const messages: Message[] = [];
      const terms = keywordTerms(b.narrowKeyword, messages);
      const tags = tagIds(b.narrowTags, messages);
      if (messages.length) throw problem.validation(messages);
      const viewer = viewerOf(caller, b.targetDate, app.clock);
      const admin = isProviderAdmin(caller);
      return videoList(viewer, admin, {
        ignorePeriod: admin && b.isOutsidePostPeriod === true,
        terms,
        tagIds: tags,
        onlyUnwatched: b.isOnlyUnWatched === true,
      });
    },
  );

  app.post(
    '/api/SkilUp/getToranomaki',
    { schema: { body: PlaybookBody, response: { 200: PlaybookAnswer } } },
    async (request) => {
      const viewer = viewerOf(request.caller!, request.body.targetDate, app.clock);
      const categoryId = idOf(request.body.categoryId, 'categoryId');
      const programs = await programsOf(app.db, categoryId);
      const ids = programs.map((p) => p.skilup_id);
      const [phases, rows, comments] = await Promise.all([
        phasesOf(app.db, ids),
        chapters(app.db, viewer, categoryId, ids),
        commentsOf(app.db, ids),
      ]);
      const linked = await visibleAmong(app.db, viewer, [
        ...new Set(rows.flatMap((r) => (r.video_content_id === null ? [] : [r.video_content_id]))),
      ]);
      return {
        skilupPhaseList: phases.map((p) => ({
          phaseId: p.phase_id,
          phaseName: p.phase_name,
          phaseTitle: p.phase_title,
          isOpen: p.is_open,
          phaseKouseiList: rows
            .filter((r) => r.phase_id === p.phase_id)
            .map((r) => {
              // A linked video the viewer may not see falls back to the chapter itself.
              const video =
                r.video_content_id !== null && linked.has(r.video_content_id)
                  ? { id: r.video_content_id, category: linked.get(r.video_content_id)! }
                  : { id: r.content_id, category: r.category_id };
              return {
                chapterId: r.content_id,
                chapterName: r.chapter_name,
                chapterTitle: r.chapter_title || r.title,
                chapterComment: r.chapter_comment,
                chapterCategoryId: video.category,
                chapterContentsId: video.id,
                isWatched: !!r.is_watched,
              };
            }),
        })),
        skilupCommentList: comments,
        dispCount: programs[0]?.disp_count ?? DEFAULT_DISP_NUM,
      };
    },
  );
}
