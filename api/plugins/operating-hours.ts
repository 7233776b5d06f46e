// Operating hours (Asia/Tokyo) enforced on every API call, except the hours check itself and
// the error log; outside them the answer is 503 { outOfOperation: true }.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { tokyoMinuteOfDay } from '../clock';
import type { OperatingHours } from '../config';
import { problem } from '../http/problems';

export function isWithinOperatingHours(hours: OperatingHours, at: Date): boolean {
  if (hours.kind === 'always') return true;
  const minute = tokyoMinuteOfDay(at);
  return minute >= hours.startMinute && minute < hours.endMinute;
}

export default fp(async function operatingHours(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.routeOptions.config?.alwaysOpen) return;
    if (!isWithinOperatingHours(app.config.operatingHours, app.clock.now())) throw problem.outOfOperation();
  });
});
