// Rule kinds about dates: date (a real date, not after 9999-12-31), dateOrder (with the spec's
// fallbacks 2001-01-01 / 9999-12-31), notPast and afterServerDate (against the server's date).
import { MAX_DATE, parseDate } from './auth-forms';
import { toText } from './engine-types';
import type { AfterServerDateRule, DateOrderRule, DateRule, NotPastRule } from './engine-types';
import type { KindHandler } from './kind';

export const MIN_FALLBACK_DATE = '2001-01-01';
export const MAX_FALLBACK_DATE = MAX_DATE; // 9999-12-31
export const MAX_DATE_TIME = `${MAX_DATE}T23:59`;

/** yyyy-MM-ddTHH:mm (also a space for T, optional :ss) of a real date-time; otherwise undefined. */
export function parseDateTime(s: string): string | undefined {
  const m = /^(.{10})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (!m) return undefined;
  const date = parseDate(m[1] ?? '');
  if (!date || Number(m[2]) > 23 || Number(m[3]) > 59 || (m[4] !== undefined && Number(m[4]) > 59)) return undefined;
  return `${date}T${m[2]}:${m[3]}`;
}

/** A date or a date-time, normalised (yyyy-MM-dd or yyyy-MM-ddTHH:mm); undefined if neither. */
export function parseDateOrDateTime(s: string): string | undefined {
  return parseDate(s) ?? parseDateTime(s);
}

export const date: KindHandler<DateRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (r, env, t) => {
    const s = toText(t!.value);
    if (s === '') return;
    const v = r.time ? parseDateTime(s) : parseDate(s);
    if (!v || v > (r.time ? MAX_DATE_TIME : MAX_DATE)) env.emit(t!.path);
  },
};

/** Comparable text of one end of a range: a date-only end widens to the whole day. */
function endpoint(v: string, end: 'from' | 'to', otherHasTime: boolean): string {
  if (v.includes('T') || !otherHasTime) return v;
  return `${v}T${end === 'from' ? '00:00' : '23:59'}`;
}

export const dateOrder: KindHandler<DateOrderRule> = {
  each: (r) => (r.reportOn === 'to' ? r.to : r.from),
  fields: (r) => [r.from, r.to],
  check: (r, env, t) => {
    const fallback = r.fallback ?? true;
    const rawFrom = toText(env.value(r.from));
    const rawTo = toText(env.value(r.to));
    if (!fallback && (rawFrom === '' || rawTo === '')) return;
    let from = rawFrom === '' ? MIN_FALLBACK_DATE : parseDateOrDateTime(rawFrom);
    let to = rawTo === '' ? MAX_FALLBACK_DATE : parseDateOrDateTime(rawTo);
    if (!from || !to) return; // not a date: the date rule reports it
    const fromHasTime = from.includes('T');
    const toHasTime = to.includes('T');
    from = endpoint(from, 'from', toHasTime);
    to = endpoint(to, 'to', fromHasTime);
    const wrong = (r.allowEqual ?? true) ? from > to : from >= to;
    if (wrong) env.emit(t!.path);
  },
};

/** The date part of a date or date-time value, or undefined. */
function datePart(v: unknown): string | undefined {
  const s = toText(v);
  return s === '' ? undefined : parseDateOrDateTime(s)?.slice(0, 10);
}

export const notPast: KindHandler<NotPastRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (_r, env, t) => {
    const d = datePart(t!.value);
    const today = parseDate(toText(env.ctx.serverDate));
    if (d && today && d < today) env.emit(t!.path);
  },
};

export const afterServerDate: KindHandler<AfterServerDateRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (_r, env, t) => {
    const d = datePart(t!.value);
    const today = parseDate(toText(env.ctx.serverDate));
    if (d && today && d <= today) env.emit(t!.path);
  },
};
