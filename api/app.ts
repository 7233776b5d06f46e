// Builds the Fastify app: external plugins, the app's own plugins, then the routes of each area.
// server.ts starts what this builds; tests build the same app and call it with inject().
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { Kysely } from 'kysely';
import type { Locker } from '@tus/server';
import './fastify-types';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import { createMailer, type Mailer } from './mail/mailer';
import failedMailRoutes from './mail/failed-mail-routes';
import auditRoutes from './resources/audit/routes';
import insightRoutes from './resources/insight/routes';
import { MailSender } from './mail/sender';
import type { OutboxSettings } from './mail/settings';
import { RetentionPurge } from './retention/purge';
import { mediaUrls } from './files/media-url';
import { storageFor, type FileStorage } from './files/storage';
import { cookieSecretFrom } from './secrets';
import { rateLimited, SharedCounter, sharedStore } from './security/rate-limit';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import healthPlugin from './plugins/health';
import metricsPlugin from './metrics/plugin';
import operatingHoursPlugin from './plugins/operating-hours';
import requestEdgePlugin from './plugins/request-edge';
import rendererPlugin from './plugins/renderer';
import securityHeadersPlugin from './plugins/security-headers';
import { defaultAuthLimits, type AuthLimits } from './resources/auth/limits';
import authRoutes from './resources/auth/routes';
import incentiveRoutes from './resources/incentive/routes';
import logRoutes from './resources/logs/routes';
import navigationRoutes from './resources/global-navi/routes';
import passwordResetRoutes from './resources/password-reset/routes';
import permissionRoutes from './resources/permissions/routes';
import siteSearchRoutes from './resources/site-search/routes';
import systemRoutes from './resources/system/routes';
import bannerRoutes from './resources/banner/routes';
import contentRoutes from './resources/content/routes';
import downloadRoutes from './resources/downloads/routes';
import favoriteRoutes from './resources/favorites/routes';
import iconMenuRoutes from './resources/icon-menu/routes';
import { iconMenuImageDownloadRoutes } from './resources/icon-menu/download';
import incentiveFloatingRoutes from './resources/incentive/floating';
import incentiveHandoffRoutes from './resources/incentive/handoff';
import incentiveImportRoutes from './resources/incentive/import';
import incentiveScreenRoutes from './resources/incentive/screen';
import infoRoutes from './resources/info/routes';
import loginPopupRoutes from './resources/login-popup/routes';
import oneStopRoutes from './resources/one-stop/routes';
import recentlyViewedRoutes from './resources/recently-viewed/routes';
import skilupRoutes from './resources/skilup/routes';
import skilupHubRoutes from './resources/skilup/hub';
import eventRoutes from './resources/event/routes';
import eventEntryRoutes from './resources/event-entry/routes';
import customerSearchRoutes from './resources/customer-search/routes';
import applicationRoutes from './resources/application/routes';
import { loadDefinitions } from './forms/registry';
import uploadsPlugin from './files/uploads';
import formRoutes from './resources/forms/routes';
import kanriRoutes from './resources/kanri/routes';
import agSegmentRoutes from './resources/agent-segment/routes';
import agUserRoutes from './resources/agent-user/routes';
import bannerRegRoutes from './resources/banner/admin-routes';
import signInHistoryRoutes from './resources/signin-history/routes';
import declaredFormRoutes from './forms/routes';
import { formHooks } from './resources/hooks';
import devRoutes from './dev/routes';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface AppOptions {
  config: Config;
  db: Kysely<Database>;
  signingSecret: string;
  clock?: Clock;
  mailer?: Mailer;
  /** The outbox sender's settings over the configured ones (tests: short backoff). */
  mailOutbox?: Partial<OutboxSettings>;
  authLimits?: Partial<AuthLimits>;
  logger?: FastifyServerOptions['logger'];
  /** Where the built renderer is (default dist/renderer); tests need none. */
  distDir?: string;
  /** File storage (default: the one the configuration names, storageFor). */
  storage?: FileStorage;
  /** The lock of resumable uploads (default: api/files/uploads.ts decides). */
  uploadLocker?: Locker;
  /** The schemas directory the definitions come from (default: the repository's; tests: a copy). */
  definitionsDir?: string;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: opts.logger ?? { level: opts.config.logLevel },
    trustProxy: opts.config.trustProxy, // X-Forwarded-For only from the configured proxies
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: true, coerceTypes: false, allErrors: true } },
  };
  const app = Fastify(serverOptions);

  app.decorate('config', opts.config);
  app.decorate('db', opts.db);
  app.decorate('clock', opts.clock ?? systemClock);
  app.decorate('authLimits', { ...defaultAuthLimits, ...opts.authLimits });
  app.decorate('storage', opts.storage ?? storageFor(opts.config));
  app.decorate(
    'mediaUrls',
    mediaUrls(opts.signingSecret, () => app.clock.now()),
  );
  app.decorate('definitions', loadDefinitions(opts.definitionsDir));
  app.decorate(
    'mailer',
    opts.mailer ??
      createMailer({
        smtpUrl: opts.config.smtpUrl,
        outboxDir: path.join(opts.config.dataDir, 'mail'),
        from: opts.config.mailFrom,
        log: app.log,
      }),
  );
  // Every instance runs a sender over the shared outbox; it stops before the database closes.
  app.decorate(
    'mailOutbox',
    new MailSender(opts.db, app.mailer, { ...opts.config.mailOutbox, ...opts.mailOutbox }, app.log),
  );
  app.addHook('onReady', async () => app.mailOutbox.start());
  app.addHook('onClose', async () => app.mailOutbox.close());
  // The daily purge of old log rows (api/retention/purge.ts): server.ts starts its schedule.
  app.decorate('retention', new RetentionPurge(opts.db, app.clock, opts.config.retention, app.log));
  app.addHook('onClose', async () => app.retention.close());

  // External plugins
  await app.register(swagger, {
    openapi: {
      info: {
        title: '代理店ポータル API',
        version: '0.1.0',
        description: 'The HTTP contract of spec section 7 (all calls POST with systemKbn "01").',
      },
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
  // Every limit counted in PostgreSQL, shared by the instances (api/security/rate-limit.ts).
  const rateCounter = new SharedCounter(opts.db, app.clock);
  app.addHook('onClose', () => rateCounter.close());
  await app.register(rateLimit, {
    global: false,
    store: sharedStore(rateCounter),
    skipOnError: true,
    errorResponseBuilder: rateLimited,
  });

  // The app's own plugins
  await app.register(errorsPlugin);
  await app.register(metricsPlugin); // every answer measured; GET /metrics
  await app.register(healthPlugin); // GET /healthz, /readyz
  await app.register(securityHeadersPlugin);
  await app.register(operatingHoursPlugin);
  await app.register(requestEdgePlugin); // before the identity check: control characters, null as absent
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
  await app.register(bannerRoutes);
  await app.register(iconMenuRoutes);
  await app.register(iconMenuImageDownloadRoutes);
  await app.register(infoRoutes);
  await app.register(favoriteRoutes);
  await app.register(recentlyViewedRoutes);
  await app.register(loginPopupRoutes);
  await app.register(oneStopRoutes);
  await app.register(contentRoutes);
  await app.register(skilupRoutes);
  await app.register(skilupHubRoutes);
  await app.register(eventRoutes);
  await app.register(eventEntryRoutes);
  await app.register(customerSearchRoutes);
  await app.register(applicationRoutes);
  await app.register(downloadRoutes);
  await app.register(incentiveFloatingRoutes);
  await app.register(incentiveHandoffRoutes);
  await app.register(incentiveScreenRoutes);
  await app.register(incentiveImportRoutes);
  await app.register(uploadsPlugin, { locker: opts.uploadLocker });
  await app.register(formRoutes);
  await app.register(kanriRoutes);
  await app.register(agSegmentRoutes);
  await app.register(agUserRoutes);
  await app.register(signInHistoryRoutes);
  await app.register(bannerRegRoutes);
  await app.register(declaredFormRoutes, { hooks: formHooks });
  await app.register(failedMailRoutes);
  await app.register(auditRoutes); // 監査ログ: the audit trail and its chain check (docs/audit.md)
  await app.register(insightRoutes);
  // Dev mode only (DEV_MODE, npm run dev): definitions reload on change, the playground's calls.
  if (opts.config.devMode) await app.register(devRoutes, { definitionsDir: opts.definitionsDir });

  return app;
}
