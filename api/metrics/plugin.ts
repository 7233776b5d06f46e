// GET /metrics in Prometheus' text format, and the measuring of every answered request. Off
// (404) unless METRICS_TOKEN or METRICS_ALLOW is set; then only for that token or those
// addresses (api/metrics/access.ts). Outside the API: no operating hours, no session.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { changeFeedOf } from '../cache/change-feed';
import { poolStatsOf } from '../db/connect';
import { problem } from '../http/problems';
import { metricsAccess } from './access';
import { appMetrics } from './metrics';

export const METRICS_PATH = '/metrics';

export default fp(async function metrics(app: FastifyInstance) {
  const measured = appMetrics({
    pool: () => poolStatsOf(app.db),
    changeFeedLive: () => changeFeedOf(app.db)?.isLive() ?? null,
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/media/:token), never the URL; unknown paths are one label.
    measured.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const { metricsToken, metricsAllow } = app.config;
  if (metricsToken === undefined && metricsAllow.length === 0) return;
  const access = metricsAccess({ token: metricsToken, allow: metricsAllow });
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const verdict = access(request.ip, request.headers.authorization);
    if (verdict === 'no-credentials') {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw problem.unauthorized();
    }
    if (verdict === 'refused') throw problem.forbidden();
    const text = await measured.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(measured.registry.contentType).send(text);
  });
});
