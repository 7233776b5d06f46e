// The content calls (spec 000 sections 3 and 7): the info lists, the content detail and its parts,
// the breadcrumbs, favourites and recently viewed pages, and the skill-up watch status.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds, TargetDate, WireId } from './common';

/** Info item (infoListData) of spec 000 section 3; postPeriod is the posting start yyyy/MM/dd. */
export const InfoItem = Type.Object({
  contentId: Type.Number(),
  contentsTitle: Type.String(),
  postPeriod: Type.String({ description: 'Posting start, yyyy/MM/dd' }),
  subCategoryName: Type.String(),
  categoryId: Type.Number(),
  detailPath: Type.String({
    description: 'First path segment of the detail page: /{detailPath}/categoryId/{categoryId}/contentsId/{contentId}',
  }),
  fileFlg: Type.Boolean({ description: 'The content has documents to download' }),
  newFlg: Type.Boolean({ description: 'Within the NEW period on the target date' }),
  jyuyoFlg: Type.Boolean({
    description: 'Added: important, inside its important period on the target date (the lists show 重要)',
  }),
});
export type InfoItem = Static<typeof InfoItem>;

/** /api/Info/getPortalTopInfo and /api/Info/getKanriInfo */
export const InfoList = Type.Object({ infoListData: Type.Array(InfoItem) });
export type InfoList = Static<typeof InfoList>;
export const InfoListBody = Body({ ...CallerIds, targetDate: TargetDate });

/** /api/Info/getCategoryContentsList (added: one page of a category's visible contents) */
export const CategoryContentsBody = Body({
  ...CallerIds,
  categoryId: WireId('Content category'),
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100000, description: 'Page number from 1 (20 rows a page)' }),
  ),
  targetDate: TargetDate,
});
export const CategoryContentsAnswer = Type.Object({ infoListData: Type.Array(InfoItem), totalCount: Type.Number() });
export type CategoryContentsAnswer = Static<typeof CategoryContentsAnswer>;

export const LinkItem = Type.Object({ rowNo: Type.Number(), url: Type.String(), caption: Type.String() });
export type LinkItem = Static<typeof LinkItem>;
export const TempFileItem = Type.Object({
  rowNo: Type.Number(),
  tempFilePath: Type.String({ description: 'Signed path to open the document in the browser (GET)' }),
  tempFileName: Type.String({ description: 'File name; send it as fileName to /api/download' }),
  tempFileSize: Type.Number({ description: 'Bytes' }),
});
export type TempFileItem = Static<typeof TempFileItem>;
export const ImgItem = Type.Object({
  rowNo: Type.Number(),
  imgPath: Type.String({ description: 'Signed image path (GET)' }),
  imgName: Type.String(),
  imgExp: Type.String(),
});
export type ImgItem = Static<typeof ImgItem>;
export const VideoItem = Type.Object({
  rowNo: Type.Number(),
  videoPath: Type.String({ description: 'Signed video path (GET, Range requests)' }),
  videoName: Type.String(),
  videoExp: Type.String(),
});
export type VideoItem = Static<typeof VideoItem>;

/** /api/ContentsDetail/getContentsDetail */
export const ContentDetailBody = Body({
  ...CallerIds,
  categoryId: WireId('Category of the content'),
  contentId: WireId('Content'),
  targetDate: TargetDate,
});
export const ContentDetail = Type.Object({
  categoryId: Type.Number(),
  categoryName: Type.String(),
  subCategoryId: Type.Union([Type.Number(), Type.Literal('')]),
  subCategoryName: Type.String(),
  contentsId: Type.Number(),
  title: Type.String(),
  keisaiKikanStart: Type.String({ description: 'yyyy/MM/dd' }),
  keisaiKikanEnd: Type.String({ description: 'yyyy/MM/dd (9999/12/31: no end)' }),
  newFlg: Type.Boolean(),
  jyuyoFlg: Type.Boolean({ description: 'Important, inside its important period' }),
  lastUpdate: Type.String({ description: 'yyyy/MM/dd' }),
  contentsBody: Type.String({ description: 'HTML, sanitised when stored; sanitise again before display' }),
  contentsLinkList: Type.Array(LinkItem),
  contentsVideoList: Type.Array(VideoItem),
  contentsTempFileList: Type.Array(TempFileItem),
  contentsImgList: Type.Array(ImgItem),
  isFavorite: Type.Boolean(),
  updateFormPath: Type.String({ description: 'Registration form for editing; provider administrators only, else ""' }),
});
export type ContentDetail = Static<typeof ContentDetail>;

/** /api/Breadcrumbs/getBreadcrumbs */
export const BreadcrumbsBody = Body({ ...CallerIds, categoryId: WireId('Category'), targetDate: TargetDate });
export const Crumb = Type.Object({
  categoryId: Type.Number(),
  categoryName: Type.String(),
  categoryUrl: Type.String(),
});
export type Crumb = Static<typeof Crumb>;
export const BreadcrumbsAnswer = Type.Object({ breadcrumbsList: Type.Array(Crumb) });
export type BreadcrumbsAnswer = Static<typeof BreadcrumbsAnswer>;
