// The links, documents, images and videos of a content (detail page and login popup), with
// signed addresses for what the browser loads itself. Callers check visibility first.
import { slashDate } from './wire';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MediaUrls } from '../../files/media-url';

export async function loadContentParts(db: Kysely<Database>, media: MediaUrls, contentId: number) {
  const [links, files] = await Promise.all([
    db
      .selectFrom('content_links')
      .select(['row_no', 'url', 'caption'])
      .where('content_id', '=', contentId)
      .orderBy('row_no')
      .execute(),
    db
      .selectFrom('content_files')
      .select(['file_id', 'kind', 'row_no', 'file_name', 'file_size', 'explanation'])
      .where('content_id', '=', contentId)
      .orderBy('kind')
      .orderBy('row_no')
      .execute(),
  ]);
  const path = (f: (typeof files)[number]) => media.pathFor({ kind: 'file', id: f.file_id });
  return {
    links: links.map((l) => ({ rowNo: l.row_no, url: l.url, caption: l.caption })),
    files: files
      .filter((f) => f.kind === 'file')
      .map((f) => ({
        rowNo: f.row_no,
        tempFilePath: path(f),
        tempFileName: f.file_name,
        tempFileSize: Number(f.file_size),
      })),
    images: files
      .filter((f) => f.kind === 'image')
      .map((f) => ({ rowNo: f.row_no, imgPath: path(f), imgName: f.file_name, imgExp: f.explanation })),
    videos: files
      .filter((f) => f.kind === 'video')
      .map((f) => ({ rowNo: f.row_no, videoPath: path(f), videoName: f.file_name, videoExp: f.explanation })),
  };
}

/** What a detail read gives of a content row (contents with category, sub-category and favourite). */
export interface DetailRow {
  category_id: number;
  category_name: string;
  sub_category_id: number | null;
  sub_category_name: string | null;
  content_id: number;
  title: string;
  keisai_start: string;
  keisai_end: string;
  new_flg: unknown;
  jyuyo_flg: unknown;
  last_update: string;
  body_html: string;
  is_favorite: unknown;
  update_form_path: string;
}

/** The content detail of spec 000 section 3, shared by contents and events; the edit path only for provider administrators. */
export function contentDetailWire(
  r: DetailRow,
  parts: Awaited<ReturnType<typeof loadContentParts>>,
  providerAdmin: boolean,
) {
  return {
    categoryId: r.category_id,
    categoryName: r.category_name,
    subCategoryId: r.sub_category_id ?? ('' as const),
    subCategoryName: r.sub_category_name ?? '',
    contentsId: r.content_id,
    title: r.title,
    keisaiKikanStart: slashDate(r.keisai_start),
    keisaiKikanEnd: slashDate(r.keisai_end),
    newFlg: !!r.new_flg,
    jyuyoFlg: !!r.jyuyo_flg,
    lastUpdate: slashDate(r.last_update),
    contentsBody: r.body_html,
    contentsLinkList: parts.links,
    contentsVideoList: parts.videos,
    contentsTempFileList: parts.files,
    contentsImgList: parts.images,
    isFavorite: !!r.is_favorite,
    updateFormPath: providerAdmin ? r.update_form_path : '',
  };
}
