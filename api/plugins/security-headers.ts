// Conservative browser security headers for the app and the API.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'", // React style attributes
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const COMMON = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};
const API_HEADERS = { ...COMMON, 'Cache-Control': 'no-store' };
const PAGE_HEADERS = { ...COMMON, 'Content-Security-Policy': CSP };

export default fp(async function securityHeaders(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every answer and awaits nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(request.url.startsWith('/api/') ? API_HEADERS : PAGE_HEADERS);
    done(null, payload);
  });
});
