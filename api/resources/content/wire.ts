// Wire pieces shared by the content calls (spec 000 sections 3 and 7): ids that the renderer
// sends as numbers or as route-parameter strings, the info list item, date formats.
import { Type, type Static } from '@sinclair/typebox';
import { problem } from '../../http/problems';

/** A numeric id as a number or a string of digits (route parameters arrive as strings). */
export const WireId = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0, maximum: 2147483647 }), Type.String({ pattern: '^[0-9]{1,9}$' })], { description });

/** The id as a number; 400 ERR_0025 naming the field when it is missing. */
export function idOf(value: number | string | undefined, field: string): number {
  if (value === undefined || value === '') throw problem.validation([{ messageId: 'ERR_0001', args: [field] }]);
  return typeof value === 'number' ? value : Number(value);
}

/** 'yyyy-MM-dd' → 'yyyy/MM/dd' (the on-screen and wire format of dates). */
export const slashDate = (iso: string | null | undefined): string => (iso ? iso.replaceAll('-', '/') : '');

/** A Date → 'yyyy/MM/dd HH:mm' in Tokyo. */
export function slashDateTime(at: Date): string {
  const t = new Date(at.getTime() + 9 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}/${p(t.getUTCMonth() + 1)}/${p(t.getUTCDate())} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}`;
}

/** Info item (infoListData) of spec 000 section 3; postPeriod is the posting start yyyy/MM/dd. */
export const InfoItem = Type.Object({
  contentId: Type.Number(),
  contentsTitle: Type.String(),
  postPeriod: Type.String({ description: 'Posting start, yyyy/MM/dd' }),
  subCategoryName: Type.String(),
  categoryId: Type.Number(),
  detailPath: Type.String({ description: 'First path segment of the detail page: /{detailPath}/categoryId/{categoryId}/contentsId/{contentId}' }),
  fileFlg: Type.Boolean({ description: 'The content has documents to download' }),
  newFlg: Type.Boolean({ description: 'Within the NEW period on the target date' }),
  jyuyoFlg: Type.Boolean({ description: 'Added: important, inside its important period on the target date (the lists show 重要)' }),
});
export type InfoItem = Static<typeof InfoItem>;
