// Module augmentation: what the app decorates onto Fastify (see api/app.ts).
import type { Kysely } from 'kysely';
import type { Caller } from './authority/caller';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { DefinitionSet } from '../schemas/meta/types';
import type { UploadArea } from './files/uploads';
import type { MediaUrls } from './files/media-url';
import type { FileStorage } from './files/storage';
import type { Mailer } from './mail/mailer';
import type { Readiness } from './plugins/health';
import type { MailSender } from './mail/sender';
import type { AuthLimits } from './resources/auth/limits';
import type { RetentionPurge } from './retention/purge';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    clock: Clock;
    config: Config;
    mailer: Mailer;
    /** The mail outbox's sender (api/mail/sender.ts): callers enqueue in their transaction, then deliverNow. */
    mailOutbox: MailSender;
    authLimits: AuthLimits;
    /** The daily purge of old log rows (api/retention/purge.ts); server.ts starts it. */
    retention: RetentionPurge;
    /** Bytes of uploaded and seeded files (api/files/storage.ts). */
    storage: FileStorage;
    /** Signed addresses of files the browser loads itself (api/files/media-url.ts). */
    mediaUrls: MediaUrls;
    /** Form and list definitions of schemas/ (api/forms/registry.ts). */
    definitions: DefinitionSet;
    /** Resumable uploads under DATA_DIR/uploads (api/files/uploads.ts). */
    uploads: UploadArea;
    /** What /readyz answers; server.ts fails it first on SIGTERM (api/plugins/health.ts). */
    readiness: Readiness;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on authenticated routes (and on optional-auth routes with a token). */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** No token needed (sign-in, reset, operating hours, logs). */
    public?: boolean;
    /** A token is used when sent, but not required (operation and error logs). */
    optionalAuth?: boolean;
    /** Answers even outside operating hours. */
    alwaysOpen?: boolean;
    /** The form (schemas/forms, or the list's search) whose field titles name fields in schema-failure messages. */
    form?: string;
  }
}

export {};
