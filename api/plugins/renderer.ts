// Serves the built React app under /with-ag/ (deep links fall back to index.html) and answers
// unknown paths: JSON 404 for the API, the app for its own paths, a redirect for "/".
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messagesBody } from '../http/problems';

export const BASE_PATH = '/with-ag/';

export default fp(async function renderer(app: FastifyInstance, opts: { distDir: string }) {
  const hasApp = fs.existsSync(path.join(opts.distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: BASE_PATH,
      wildcard: true, // files are looked up per request, so a rebuild needs no restart
      setHeaders(reply, file) {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`No built app in ${opts.distDir}: run "npm run build" to serve the screens.`);
  }

  app.get('/', async (_request, reply) => reply.redirect(BASE_PATH));

  app.setNotFoundHandler(async (request, reply) => {
    const isAppPath = request.method === 'GET' && (request.url === '/with-ag' || request.url.startsWith(BASE_PATH));
    if (hasApp && isAppPath && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(messagesBody([{ messageId: 'ERR_SYS999' }]));
  });
});
