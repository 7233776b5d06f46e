// Resumable uploads (tus protocol, DESIGN.md section 9) at /api/files: @tus/server with its file
// store under DATA_DIR/uploads, mounted in Fastify as STACK-NOTES describes (a no-op parser for
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
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { extensionOf, isUsableFileName } from '../../schemas/rules/kinds-file';
import { formatMegabytes } from '../../schemas/rules/engine-types';
import type { Caller } from '../authority/caller';
import { mayUpload } from '../authority/upload-permissions';
import { HttpProblem, messagesBody, problem } from '../http/problems';
import { assertNoControlCharacters } from '../plugins/request-edge';
import { contentMatchesExtension, HEAD_BYTES, UPLOAD_EXTENSIONS } from './content-check';

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
  /** Where the bytes are on disk. */
  filePath: string;
}

export interface UploadArea {
  dir: string;
  tus: Server;
  /** The facts of an upload, or null when there is none with that id. */
  facts(id: string): Promise<UploadFacts | null>;
  /** The first bytes of a finished or partial upload. */
  head(id: string, bytes?: number): Promise<Uint8Array>;
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
  if (headers['upload-defer-length'] !== undefined || headers['upload-concat'] !== undefined) throw badRequest('ERR_0025', ['Upload-Length']);
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
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))) messages.push({ messageId: 'ERR_0027', args: [] });
  if (Number(length) > app.config.maxFileSize) messages.push({ messageId: 'ERR_0024', args: [formatMegabytes(app.config.maxFileSize)] });
  // An empty file is refused as the specs refuse an empty upload (ERR_0011): it holds nothing to attach.
  if (Number(length) === 0) messages.push({ messageId: 'ERR_0011', args: [] });
  if (messages.length) throw problem.validation(messages);
  return { filename: fileName, filetype: (meta.filetype ?? '').slice(0, 255), agcode: agCode, userid: userId, owner: caller.userId };
}

/** What the Fastify handler checked for a creation request, handed to onUploadCreate. */
interface Checked {
  caller: Caller;
  metadata: Record<string, string>;
}

function createArea(app: FastifyInstance, dir: string, checked: WeakMap<object, Checked>): UploadArea {
  fs.mkdirSync(dir, { recursive: true });
  const store = new FileStore({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const rawOf = (req: unknown) => (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

  const tus = new Server({
    path: UPLOAD_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: () => app.config.maxFileSize,
    namingFunction: () => randomUUID().replaceAll('-', ''),
    // The stored metadata is what the handler checked, nothing else the client sent; the owner
    // comes from the token, never from a header.
    async onUploadCreate(req) {
      const c = checked.get(rawOf(req) ?? {});
      // Never reached without the checks of the handler; refuse rather than store an upload without owner.
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
  });

  const area: UploadArea = {
    dir,
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
        filePath: path.join(dir, id),
      };
    },
    async head(id, bytes = HEAD_BYTES) {
      if (!isUploadId(id)) return new Uint8Array();
      const handle = await fs.promises.open(path.join(dir, id), 'r');
      try {
        const buf = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buf, 0, bytes, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async remove(id) {
      if (isUploadId(id)) await store.remove(id).catch(() => undefined);
    },
  };
  return area;
}

export default fp(async function uploads(app: FastifyInstance) {
  const checked = new WeakMap<object, Checked>();
  const area = createArea(app, path.join(app.config.dataDir, 'uploads'), checked);
  app.decorate('uploads', area);

  const sweep = setInterval(() => void area.tus.cleanUpExpiredUploads().catch((err: unknown) => app.log.warn({ err }, 'upload clean-up failed')), 60 * 60 * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // The routes live in their own context so the no-op body parser stays theirs.
  await app.register(async (files) => {
    files.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const caller = request.caller!;
      const id = request.url.split('?')[0].slice(UPLOAD_PATH.length).replace(/^\//, '');
      if (request.method === 'GET' || (id !== '' && !isUploadId(id))) throw new HttpProblem(404, messagesBody([{ messageId: 'ERR_SYS999' }]));
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
      await area.tus.handle(request.raw, reply.raw);
    };
    files.all(UPLOAD_PATH, { schema: { hide: true } }, handler);
    files.all(`${UPLOAD_PATH}/*`, { schema: { hide: true } }, handler);
  });
});
