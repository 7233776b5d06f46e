// Wire pieces shared by the content calls (spec 000 sections 3 and 7): ids that the renderer
// sends as numbers or as route-parameter strings (declared in schemas/wire/common.ts), date formats.
// The info list item is schemas/wire/contents.ts.
export { WireId } from '../../../schemas/wire/common';
import { problem } from '../../http/problems';

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
