// The narrowing inputs of the skill-up hub and the event list (spec 002 section 5): the keyword
// (sanitised, at most 50, a single character is ERR_0028), the comma-joined tag ids, and the
// event period From/To (ERR_0005; one side alone gets 2001-01-01 / 9999-12-31).
import type { Message } from '../../../schemas/messages/format';
import { normalizeSearchKeyword, validateSearchKeyword } from '../../../schemas/rules/keyword';
import { parseWireDate } from '../../authority/caller';
import { searchTerms } from '../../search/normalise';

export const KEYWORD_LABEL = 'キーワード';
export const TAG_LABEL = 'タグ';
export const EVENT_FROM_LABEL = '開催期間From';
export const EVENT_TO_LABEL = '開催期間To';
export const DEFAULT_FROM = '2001-01-01';
export const DEFAULT_TO = '9999-12-31';

/** Normalised search terms of the keyword; messages when it breaks the rules. */
export function keywordTerms(raw: string | undefined, messages: Message[]): string[] {
  const keyword = normalizeSearchKeyword(raw ?? '');
  const errors = validateSearchKeyword(keyword, { field: 'narrowKeyword', label: KEYWORD_LABEL, required: false });
  messages.push(...errors);
  return errors.length ? [] : searchTerms(keyword);
}

/** Tag ids of "1,2,3" (or an array); ERR_0025 naming タグ when one is not an id. */
export function tagIds(raw: string | Array<number | string> | undefined, messages: Message[]): number[] {
  if (raw === undefined || raw === '') return [];
  const parts = Array.isArray(raw) ? raw.map(String) : raw.split(',');
  const ids: number[] = [];
  for (const p of parts.map((x) => x.trim()).filter((x) => x !== '')) {
    if (!/^[0-9]{1,9}$/.test(p)) {
      messages.push({ messageId: 'ERR_0025', args: [TAG_LABEL] });
      return [];
    }
    ids.push(Number(p));
  }
  return [...new Set(ids)];
}

/** The event period as yyyy-MM-dd From/To with the fallbacks, or null when neither is given. */
export function eventPeriod(
  fromRaw: string | undefined,
  toRaw: string | undefined,
  messages: Message[],
): { from: string; to: string } | null {
  if (!fromRaw && !toRaw) return null;
  const from = fromRaw ? parseWireDate(fromRaw) : DEFAULT_FROM;
  const to = toRaw ? parseWireDate(toRaw) : DEFAULT_TO;
  if (from === null) messages.push({ messageId: 'ERR_0025', args: [EVENT_FROM_LABEL] });
  if (to === null) messages.push({ messageId: 'ERR_0025', args: [EVENT_TO_LABEL] });
  if (from && to && from > to) messages.push({ messageId: 'ERR_0005', args: [EVENT_FROM_LABEL, EVENT_TO_LABEL] });
  return from && to ? { from, to } : null;
}
