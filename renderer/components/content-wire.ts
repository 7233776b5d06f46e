// Wire types of the content calls (spec 000 sections 3 and 7), as declared once in
// schemas/wire/contents.ts for the API routes. Names are the wire's.
export type {
  BreadcrumbsAnswer,
  ContentDetail,
  InfoItem,
  LinkItem as ContentLink,
  TempFileItem as ContentTempFile,
  VideoItem as ContentVideo,
} from '../../schemas/wire/contents';

/** The in-app path of a content's detail page: /{detailPath}/categoryId/{categoryId}/contentsId/{contentId}. */
export function contentDetailPath(item: {
  detailPath?: string;
  categoryId: number | string;
  contentId: number | string;
}): string {
  const detailPath = (item.detailPath || 'contents').replace(/^\/+|\/+$/g, '');
  return `/${detailPath}/categoryId/${item.categoryId}/contentsId/${item.contentId}`;
}
