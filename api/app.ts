// Builds the Fastify app: external plugins, the app's own plugins, then the routes of each area.
// server.ts starts what this builds; tests build the same app and call it with inject().
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { Kysely } from 'kysely';
import './fastify-types';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import { createMailer, type Mailer } from './mail/mailer';
import { cookieSecretFrom } from './secrets';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import operatingHoursPlugin from './plugins/operating-hours';
import rendererPlugin from './plugins/renderer';
import securityHeadersPlugin from './plugins/security-headers';
import { defaultAuthLimits, type AuthLimits } from './routes/auth/limits';
import authRoutes from './routes/auth/index';
import incentiveRoutes from './routes/incentive/index';
import logRoutes from './routes/logs/index';
import navigationRoutes from './routes/navigation/index';
import passwordResetRoutes from './routes/password-reset/index';
import permissionRoutes from './routes/permissions/index';
import siteSearchRoutes from './routes/site-search/index';
import systemRoutes from './routes/system/index';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface AppOptions {
  config: Config;
  db: Kysely<Database>;
  signingSecret: string;
  clock?: Clock;
  mailer?: Mailer;
  authLimits?: Partial<AuthLimits>;
  logger?: FastifyServerOptions['logger'];
  /** Where the built renderer is (default dist/renderer); tests need none. */
  distDir?: string;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: opts.config.logLevel },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: true, coerceTypes: false, allErrors: true } },
  });

  app.decorate('config', opts.config);
  app.decorate('db', opts.db);
  app.decorate('clock', opts.clock ?? systemClock);
  app.decorate('authLimits', { ...defaultAuthLimits, ...opts.authLimits });
  app.decorate('mailer', opts.mailer ?? createMailer({ smtpUrl: opts.config.smtpUrl, outboxDir: path.join(opts.config.dataDir, 'mail'), from: opts.config.mailFrom, log: app.log }));

  // External plugins
  await app.register(swagger, {
    openapi: {
      info: { title: '代理店ポータル API', version: '0.1.0', description: 'The HTTP contract of spec section 7 (all calls POST with systemKbn "01").' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    // Public calls need no token; the app's own redirect is not part of the API.
    transform: ({ schema, url, route }) => {
      const config = (route.config ?? {}) as { public?: boolean };
      const out = { ...(schema ?? {}) } as Record<string, unknown>;
      if (!url.startsWith('/api/')) out.hide = true;
      if (config.public) out.security = [];
      return { schema: out, url };
    },
  });
  await app.register(cookie, { secret: cookieSecretFrom(opts.signingSecret) });
  await app.register(rateLimit, { global: false });

  // The app's own plugins
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(operatingHoursPlugin);
  await app.register(authPlugin, { secret: opts.signingSecret });
  await app.register(rendererPlugin, { distDir: opts.distDir ?? path.join(repoRoot, 'dist', 'renderer') });

  // Routes, one plugin per area
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(navigationRoutes);
  await app.register(permissionRoutes);
  await app.register(siteSearchRoutes);
  await app.register(incentiveRoutes);
  await app.register(logRoutes);

  return app;
}
