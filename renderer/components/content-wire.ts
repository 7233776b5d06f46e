// Wire types of the content calls (spec 000 sections 3 and 7; shapes as the API routes declare
// them in api/resources/content/parts.ts, api/resources/content/wire.ts and api/resources/*). Names are the wire's.

/** infoListData item: portal top news, administrator announcements, category lists. */
export interface InfoItem {
  contentId: number;
  contentsTitle: string;
  /** Posting start, yyyy/MM/dd. */
  postPeriod: string;
  subCategoryName: string;
  categoryId: number;
  detailPath: string;
  fileFlg: boolean;
  newFlg: boolean;
  /** Important inside its important period (added to the spec's item; absent from older servers). */
  jyuyoFlg?: boolean;
}

export interface ContentLink {
  rowNo: number;
  url: string;
  caption: string;
}

export interface ContentTempFile {
  rowNo: number;
  /** Signed path to open the document in the browser (GET). */
  tempFilePath: string;
  /** The name sent as fileName to /api/download. */
  tempFileName: string;
  /** Bytes. */
  tempFileSize: number;
}

export interface ContentImage {
  rowNo: number;
  imgPath: string;
  imgName: string;
  imgExp: string;
}

export interface ContentVideo {
  rowNo: number;
  videoPath: string;
  videoName: string;
  videoExp: string;
}

/** /api/ContentsDetail/getContentsDetail */
export interface ContentDetail {
  categoryId: number;
  categoryName: string;
  subCategoryId: number | '';
  subCategoryName: string;
  contentsId: number;
  title: string;
  keisaiKikanStart: string;
  keisaiKikanEnd: string;
  newFlg: boolean;
  jyuyoFlg: boolean;
  lastUpdate: string;
  contentsBody: string;
  contentsLinkList: ContentLink[];
  contentsVideoList: ContentVideo[];
  contentsTempFileList: ContentTempFile[];
  contentsImgList: ContentImage[];
  isFavorite: boolean;
  updateFormPath: string;
}

export interface BreadcrumbItem {
  categoryId: number;
  categoryName: string;
  categoryUrl: string;
}

/** The in-app path of a content's detail page: /{detailPath}/categoryId/{categoryId}/contentsId/{contentId}. */
export function contentDetailPath(item: { detailPath?: string; categoryId: number | string; contentId: number | string }): string {
  const detailPath = (item.detailPath || 'contents').replace(/^\/+|\/+$/g, '');
  return `/${detailPath}/categoryId/${item.categoryId}/contentsId/${item.contentId}`;
}
