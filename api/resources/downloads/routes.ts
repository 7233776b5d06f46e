// Downloads (spec 000 section 7, /api/download): one file of a content by its name, or every
// document of it as a streamed ZIP when fileName is empty. The content must be visible to the
// caller exactly as on its page (contentVisibleTo); a refused download is 403 and, like every
// download, recorded in the operation log (type 05). The name travels in Content-Disposition.
//
// GET /api/media/<token> serves the files the browser loads itself (images, videos, documents
// opened in a tab) through signed, expiring addresses that only visible reads hand out.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Caller } from '../../authority/caller';
import { viewerOf } from '../../authority/visibility';
import { findVisibleContent } from '../content/query';
import { idOf, WireId } from '../content/wire';
import { contentDisposition } from '../../files/content-disposition';
import { FileNotFoundError } from '../../files/storage';
import { zipStream } from '../../files/zip';
import { HttpProblem, messagesBody, problem } from '../../http/problems';
import { Body, CallerIds, TargetDate } from '../../http/wire';
import { OperationType, recordOperation } from '../../logs/operation-log';
import { documentsOf, fileByName, mediaFile, type StoredFile } from './repository';
import { perUserPerMinute } from '../../security/rate-limit';

const notFound = () => new HttpProblem(404, messagesBody([{ messageId: 'ERR_0009', args: ['ファイル'] }]));

const DownloadBody = Body({
  ...CallerIds,
  pseudoUserId: Type.Optional(Type.String({ maxLength: 20 })),
  pseudoAgCode: Type.Optional(Type.String({ maxLength: 20 })),
  categoryId: WireId('Category of the content'),
  contentId: WireId('Content'),
  fileName: Type.String({
    maxLength: 255,
    description: 'tempFileName of the file; "" downloads every document as one ZIP',
  }),
  targetDate: TargetDate,
  screenName: Type.Optional(Type.String({ maxLength: 255 })),
});

const Binary = Type.String({
  format: 'binary',
  description: "The file (or application/zip); its name in Content-Disposition (filename*=UTF-8''…)",
});

/** Parses a single "bytes=a-b" range against the size; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export default async function downloadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function logDownload(
    caller: Caller,
    ip: string,
    b: { screenName?: string; fileName: string },
    categoryId: number,
    contentId: number,
    detail: string,
  ) {
    await recordOperation(app.db, {
      source: 'server',
      userId: caller.userId,
      agCode: caller.agCode,
      pseudoUserId: caller.pseudo?.userId,
      pseudoAgCode: caller.pseudo?.agCode,
      actionTime: app.clock.now(),
      operationType: OperationType.file,
      fromScreenName: b.screenName,
      controlName: 'download',
      actionDetail: detail,
      genericField1: String(categoryId),
      genericField2: String(contentId),
      genericField3: b.fileName === '' ? '(all)' : b.fileName,
      ip,
    });
  }

  async function storedSize(f: StoredFile): Promise<number> {
    const size = await app.storage.size(f.stored_key);
    if (size === null) {
      app.log.error({ key: f.stored_key }, 'a file of a content is missing from the storage');
      throw notFound();
    }
    return size;
  }

  app.post(
    '/api/download',
    { config: { rateLimit: perUserPerMinute('download') }, schema: { body: DownloadBody, response: { 200: Binary } } },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply; // the answer is a stream, not the schema's string
      const caller = request.caller!;
      const b = request.body;
      const categoryId = idOf(b.categoryId, 'categoryId');
      const contentId = idOf(b.contentId, 'contentId');
      const viewer = viewerOf(caller, b.targetDate, app.clock);
      const content = await findVisibleContent(app.db, viewer, categoryId, contentId);
      if (!content) {
        await logDownload(caller, request.ip, b, categoryId, contentId, 'refused: not visible');
        throw problem.forbidden();
      }

      if (b.fileName === '') {
        const documents = await documentsOf(app.db, contentId);
        if (documents.length === 0) throw notFound();
        for (const d of documents) await storedSize(d);
        await logDownload(caller, request.ip, b, categoryId, contentId, `download all (${documents.length})`);
        const modified = app.clock.now();
        const zip = zipStream(
          documents.map((d) => ({ name: d.file_name, modified, open: () => app.storage.get(d.stored_key) })),
        );
        zip.on('error', (err) => request.log.error({ err }, 'ZIP stream failed'));
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', contentDisposition(`${content.title}.zip`))
          .header('Cache-Control', 'no-store')
          .send(zip);
      }

      const file = await fileByName(app.db, contentId, b.fileName);
      if (!file) throw notFound();
      const size = await storedSize(file);
      await logDownload(caller, request.ip, b, categoryId, contentId, 'download');
      return reply
        .header('Content-Type', file.content_type)
        .header('Content-Length', size)
        .header('Content-Disposition', contentDisposition(file.file_name))
        .header('Cache-Control', 'no-store')
        .send(await app.storage.get(file.stored_key));
    },
  );

  app.get(
    '/api/media/:token',
    {
      config: { public: true },
      schema: {
        params: Type.Object({ token: Type.String({ maxLength: 100, description: 'The signed token of the address' }) }),
        response: { 200: Binary, 206: Binary },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply; // the answer is a stream
      const token = app.mediaUrls.read(request.params.token);
      if (!token) throw problem.forbidden();
      const ref = await mediaFile(app.db, token);
      if (!ref) throw notFound();
      const size = await app.storage.size(ref.key);
      if (size === null) throw notFound();
      const range = parseRange(request.headers.range, size);
      reply
        .header('Content-Type', ref.type)
        .header('Content-Disposition', contentDisposition(ref.name, 'inline'))
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, max-age=3600');
      if (range === 'invalid') return reply.status(416).header('Content-Range', `bytes */${size}`).send('');
      try {
        if (range) {
          return reply
            .status(206)
            .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
            .header('Content-Length', range.end - range.start + 1)
            .send(await app.storage.get(ref.key, range));
        }
        return reply.header('Content-Length', size).send(await app.storage.get(ref.key));
      } catch (err) {
        if (err instanceof FileNotFoundError) throw notFound();
        throw err;
      }
    },
  );
}
