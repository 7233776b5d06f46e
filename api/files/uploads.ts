// Resumable uploads (tus protocol, docs/decisions.md section 7) at /api/files: @tus/server with its bytes
// under DATA_DIR/uploads, or in the bucket when one is configured (api/files/upload-stores.ts;
// then each upload's lock is a PostgreSQL advisory lock, api/files/upload-locker.ts, so its
// chunks may land on any instance), mounted in Fastify (a no-op parser for
// application/offset+octet-stream, then reply.hijack() and tus.handle). The auth plugin's
// onRequest hook runs first, so every call needs a bearer token; this file adds:
//  - creation: metadata filename (usable name, an extension the portal accepts), filetype,
//    agcode and userid (the caller's own or pseudo ids, else 403; missing ones are the caller's),
//    Upload-Length within MAX_FILE_SIZE; refused with 400 { messages } before anything is stored;
//  - every call needs the permission of a screen that uploads (api/authority/upload-permissions.ts);
//  - the uploader (the signed-in user) is stored in the metadata; HEAD, PATCH and DELETE of an
//    upload are for that user only (403);
//  - when the last byte arrives the content must match the extension (magic bytes), else 400;
//  - GET is not served: files leave the portal only through download calls with an authority check.
// A save call attaches finished uploads by id (api/files/attach.ts).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EVENTS, Server, type Locker } from '@tus/server';
import { extensionOf, isUsableFileName } from '../../schemas/rules/kinds-file';
import { formatMegabytes } from '../../schemas/rules/engine-types';
import type { Caller } from '../authority/caller';
import { mayUpload } from '../authority/upload-permissions';
import { HttpProblem, messagesBody, problem } from '../http/problems';
import { uploadsCreated, uploadsFinished, uploadsInProgress } from '../metrics/metrics';
import { assertNoControlCharacters } from '../plugins/request-edge';
import { contentMatchesExtension, HEAD_BYTES, UPLOAD_EXTENSIONS } from './content-check';
import { isStorageUnavailable } from './storage-availability';
import { AdvisoryLocker } from './upload-locker';
import { bucketUploadBytes, localUploadBytes, type UploadBytes } from './upload-stores';

export const UPLOAD_PATH = '/api/files';
/** Unfinished uploads are forgotten after a day. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

export interface UploadFacts {
  id: string;
  fileName: string;
  fileType: string;
  /** The signed-in user who created the upload. */
  owner: string;
  agCode: string;
  userId: string;
  size: number;
  offset: number;
  complete: boolean;
}

export interface UploadArea {
  tus: Server;
  /** The facts of an upload, or null when there is none with that id. */
  facts(id: string): Promise<UploadFacts | null>;
  /** The first bytes of a finished upload. */
  head(id: string, bytes?: number): Promise<Uint8Array>;
  /** The bytes of a finished upload (to store them, or to read a CSV). */
  open(id: string): Promise<Readable>;
  /** Forgets an upload (after its file was attached, or to abandon it). */
  remove(id: string): Promise<void>;
}

const ID_PATTERN = /^[0-9a-f]{32}$/;

export function isUploadId(id: unknown): id is string {
  return typeof id === 'string' && ID_PATTERN.test(id);
}

/** Upload-Metadata: "key base64,key base64"; keys without a value are ''. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || rest.length || !/^[A-Za-z0-9_-]+$/.test(key)) return null;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    out[key] = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
  }
  return out;
}

const badRequest = (messageId: string, args: string[] = []) => problem.validation([{ messageId, args }]);

/** The checks of a creation request; returns the metadata to store. */
function checkCreation(app: FastifyInstance, request: FastifyRequest, caller: Caller): Record<string, string> {
  const headers = request.headers;
  if (headers['upload-defer-length'] !== undefined || headers['upload-concat'] !== undefined)
    throw badRequest('ERR_0025', ['Upload-Length']);
  const length = String(headers['upload-length'] ?? '');
  if (!/^\d{1,15}$/.test(length)) throw badRequest('ERR_0025', ['Upload-Length']);
  const meta = parseUploadMetadata(headers['upload-metadata'] as string | undefined);
  if (!meta) throw badRequest('ERR_0025', ['Upload-Metadata']);
  assertNoControlCharacters(meta, 'Upload-Metadata');

  const own = { userId: [caller.userId, caller.pseudo?.userId], agCode: [caller.agCode, caller.pseudo?.agCode] };
  const userId = meta.userid || caller.pseudo?.userId || caller.userId;
  const agCode = meta.agcode || caller.pseudo?.agCode || caller.agCode;
  if (!own.userId.includes(userId) || !own.agCode.includes(agCode)) throw problem.forbidden();

  const fileName = meta.filename ?? '';
  const messages = [];
  if (!isUsableFileName(fileName)) messages.push({ messageId: 'ERR_0025', args: ['ファイル名'] });
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(fileName)))
    messages.push({ messageId: 'ERR_0027', args: [] });
  if (Number(length) > app.config.maxFileSize)
    messages.push({ messageId: 'ERR_0024', args: [formatMegabytes(app.config.maxFileSize)] });
  // An empty file is refused as the specs refuse an empty upload (ERR_0011): it holds nothing to attach.
  if (Number(length) === 0) messages.push({ messageId: 'ERR_0011', args: [] });
  if (messages.length) throw problem.validation(messages);
  return {
    filename: fileName,
    filetype: (meta.filetype ?? '').slice(0, 255),
    agcode: agCode,
    userid: userId,
    owner: caller.userId,
  };
}

/** What the Fastify handler checked for a creation request, handed to onUploadCreate. */
interface Checked {
  caller: Caller;
  metadata: Record<string, string>;
}

function createArea(
  app: FastifyInstance,
  bytes: UploadBytes,
  locker: Locker | undefined,
  checked: WeakMap<object, Checked>,
): UploadArea {
  const store = bytes.datastore;
  const rawOf = (req: unknown) => (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

  const tus = new Server({
    path: UPLOAD_PATH,
    datastore: store,
    ...(locker ? { locker } : {}), // else tus's own in-memory locker (one instance)
    relativeLocation: true,
    maxSize: () => app.config.maxFileSize,
    namingFunction: () => randomUUID().replaceAll('-', ''),
    // The stored metadata is what the handler checked, nothing else the client sent; the owner
    // comes from the token, never from a header.
    async onUploadCreate(req) {
      const c = checked.get(rawOf(req) ?? {});
      // Never reached without the checks of the handler; refuse rather than store an upload without owner.
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus answers a thrown { status_code, body } as is
      if (!c) throw { status_code: 403, body: JSON.stringify(messagesBody([{ messageId: 'ERR_0022' }])) };
      return { metadata: c.metadata };
    },
    async onUploadFinish(_req, upload) {
      const name = upload.metadata?.filename ?? '';
      const head = await area.head(upload.id);
      if (upload.size === 0 || contentMatchesExtension(extensionOf(name), head)) return {};
      return {
        status_code: 400,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(messagesBody([{ messageId: 'ERR_0027' }])),
      };
    },
    // A bucket that does not answer: try again later, as every other call says (ERR_SYS001).
    async onResponseError(_req, err) {
      if (!isStorageUnavailable(err) && !isNetworkError(err)) return undefined;
      app.log.warn({ message: (err as Error).message }, 'file storage unavailable (upload)');
      return { status_code: 503, body: JSON.stringify(messagesBody([{ messageId: 'ERR_SYS001' }])) };
    },
  });

  tus.on(EVENTS.POST_CREATE, () => uploadsCreated.inc());
  tus.on(EVENTS.POST_FINISH, () => uploadsFinished.inc());

  const area: UploadArea = {
    tus,
    async facts(id) {
      if (!isUploadId(id)) return null;
      let upload;
      try {
        upload = await store.getUpload(id);
      } catch {
        return null;
      }
      const m = upload.metadata ?? {};
      const size = upload.size ?? -1;
      return {
        id,
        fileName: m.filename ?? '',
        fileType: m.filetype ?? '',
        owner: m.owner ?? '',
        agCode: m.agcode ?? '',
        userId: m.userid ?? '',
        size,
        offset: upload.offset,
        complete: size >= 0 && upload.offset === size,
      };
    },
    async head(id, count = HEAD_BYTES) {
      if (!isUploadId(id)) return new Uint8Array();
      return bytes.head(id, count);
    },
    async open(id) {
      if (!isUploadId(id)) throw new Error(`not an upload id: ${id}`);
      return bytes.open(id);
    },
    async remove(id) {
      if (isUploadId(id)) await bytes.remove(id);
    },
  };
  return area;
}

/** A connection the store's endpoint refused or dropped (the SDK's own errors, before they are wrapped). */
function isNetworkError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ENOTFOUND',
      'EAI_AGAIN',
      'EPIPE',
    ].includes(code)
  );
}

export interface UploadsOptions {
  /** The per-upload lock (default: PostgreSQL advisory locks with a bucket and DATABASE_URL, else tus's in-memory locker). */
  locker?: Locker;
}

export default fp(async function uploads(app: FastifyInstance, opts: UploadsOptions) {
  const checked = new WeakMap<object, Checked>();
  const { s3, databaseUrl, dataDir } = app.config;
  const bytes = s3
    ? await bucketUploadBytes(s3, UPLOAD_EXPIRY_MS)
    : localUploadBytes(path.join(dataDir, 'uploads'), UPLOAD_EXPIRY_MS);
  // Uploads in the bucket may continue on any instance: their lock must be shared too.
  const ownLocker =
    !opts.locker && s3 && databaseUrl ? new AdvisoryLocker({ connectionString: databaseUrl }) : undefined;
  const area = createArea(app, bytes, opts.locker ?? ownLocker, checked);
  app.decorate('uploads', area);

  const sweep = setInterval(
    () => void bytes.sweep().catch((err: unknown) => app.log.warn({ err }, 'upload clean-up failed')),
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await ownLocker?.close();
  });

  // The routes live in their own context so the no-op body parser stays theirs.
  await app.register(async (files) => {
    files.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const caller = request.caller!;
      const id = (request.url.split('?')[0] ?? '').slice(UPLOAD_PATH.length).replace(/^\//, '');
      if (request.method === 'GET' || (id !== '' && !isUploadId(id)))
        throw new HttpProblem(404, messagesBody([{ messageId: 'ERR_SYS999' }]));
      // Only someone who may use a screen that uploads (api/authority/upload-permissions.ts).
      if (!(await mayUpload(app.db, caller))) throw problem.forbidden();
      if (request.method === 'POST') {
        if (id !== '') throw new HttpProblem(404, messagesBody([{ messageId: 'ERR_SYS999' }]));
        checked.set(request.raw, { caller, metadata: checkCreation(app, request, caller) });
      } else if (id !== '') {
        const facts = await area.facts(id);
        if (facts && facts.owner !== caller.userId) throw problem.forbidden();
      }
      reply.hijack();
      // A PATCH carries an upload's bytes: in progress on this instance until it is answered.
      const receiving = request.method === 'PATCH';
      if (receiving) uploadsInProgress.inc();
      await area.tus.handle(request.raw, reply.raw).finally(() => receiving && uploadsInProgress.dec());
    };
    files.all(UPLOAD_PATH, { schema: { hide: true } }, handler);
    files.all(`${UPLOAD_PATH}/*`, { schema: { hide: true } }, handler);
  });
});
