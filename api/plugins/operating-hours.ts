// Operating hours (Asia/Tokyo) enforced on every API call, except the hours check itself and
// the error log; outside them the answer is 503 { outOfOperation: true }.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { tokyoDateSlash, tokyoMinuteOfDay } from '../clock';
import type { OperatingHours } from '../config';
import { problem } from '../http/problems';

export function isWithinOperatingHours(hours: OperatingHours, at: Date): boolean {
  if (hours.kind === 'always') return true;
  const minute = tokyoMinuteOfDay(at);
  return minute >= hours.startMinute && minute < hours.endMinute;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * When the portal opens next, as Tokyo wall time "yyyy/MM/dd HH:mm"; '' while it is open or
 * always open. Closed pages and the start-up log say it, so nobody is left guessing.
 */
export function nextOpening(hours: OperatingHours, at: Date): string {
  if (hours.kind === 'always' || isWithinOperatingHours(hours, at)) return '';
  const minute = tokyoMinuteOfDay(at);
  // Before the start: today; after the end: tomorrow (Japan has no daylight saving time).
  const day = minute < hours.startMinute ? at : new Date(at.getTime() + 24 * 3600_000);
  return `${tokyoDateSlash(day)} ${pad(Math.floor(hours.startMinute / 60))}:${pad(hours.startMinute % 60)}`;
}

export default fp(async function operatingHours(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.routeOptions.config?.alwaysOpen) return;
    if (!isWithinOperatingHours(app.config.operatingHours, app.clock.now())) throw problem.outOfOperation();
  });
});
