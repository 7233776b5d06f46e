// Time is injected so tests can set "now"; all business dates are Asia/Tokyo.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000; // Japan has no daylight saving time.

/** Parts of the given instant as seen on a wall clock in Tokyo. */
export function tokyoParts(at: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const t = new Date(at.getTime() + TOKYO_OFFSET_MS);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** yyyy-MM-dd of the instant in Tokyo. */
export function tokyoDate(at: Date): string {
  const p = tokyoParts(at);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** yyyy/MM/dd, the on-screen and wire format of systemDate. */
export function tokyoDateSlash(at: Date): string {
  return tokyoDate(at).replaceAll('-', '/');
}

/** Minutes since midnight in Tokyo. */
export function tokyoMinuteOfDay(at: Date): number {
  const p = tokyoParts(at);
  return p.hour * 60 + p.minute;
}

/** Year and month of a yyyy-MM-dd business date; throws on anything else (dates reach here already checked). */
export function yearMonthOf(isoDate: string): { year: number; month: number } {
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(isoDate);
  if (!m) throw new Error(`not a yyyy-MM-dd date: "${isoDate}"`);
  return { year: Number(m[1]), month: Number(m[2]) };
}
