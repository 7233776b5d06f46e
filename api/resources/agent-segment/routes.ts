// Agent segments, the list's row calls (spec 001: /agsegment-reg; section 7 /api/AgSegment/*):
// CSV download, re-upload of a segment's members (multipart, or JSON naming a finished tus
// upload), rename. The list, the delete of selected rows and creating a segment are the declared
// form ag-segment (schemas/forms/ag-segment.json, hook api/resources/agent-segment/hook.ts). Every call needs the
// permission of category 101; the rules are those of the form, run again here; every write is audited.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { RuleResult } from '../../../schemas/rules/engine';
import { extensionOf } from '../../../schemas/rules/kinds-file';
import { recordAudit } from '../../audit/record';
import { settleChanges } from '../../cache/change-feed';
import { can } from '../../authority/permissions';
import { claimUpload } from '../../files/attach';
import { contentDisposition } from '../../files/content-disposition';
import { csvFile } from '../../files/csv-writer';
import { enforceForm, formFailures, invalid } from '../../forms/enforce';
import { importOf, nameFailures } from './rules';
import { formOf } from '../../forms/registry';
import { contentFailures, readRequestBody, resolveFiles } from '../../forms/request-body';
import { problem } from '../../http/problems';
import { Body, CallerIds, EmptyResponse } from '../../http/wire';
import * as repo from './repository';
import { SegmentData, SegmentId, segmentToWire } from './wire';
import { CATEGORY } from '../../../schemas/categories';
import { perUserPerMinute } from '../../security/rate-limit';

const FORM = 'ag-segment';
const SEGMENT = 'AGセグメント';
const NAME = 'セグメント名';

function parseId(v: unknown): number | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '';
  return /^[1-9][0-9]{0,8}$/.test(s) ? Number(s) : null;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';
const duplicateName = (): RuleResult => ({ field: 'agSegmentName', messageId: 'ERR_0017', args: [NAME] });

export default async function agSegmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // A file over MAX_FILE_SIZE is cut short (truncated) rather than failing the request, so the
  // answer is the rule's ERR_0024 together with the other messages.
  await app.register(multipart, { limits: { files: 1, fields: 20 }, throwFileSizeLimit: false });

  // The permission of the admin button, before anything else is read.
  app.addHook('onRequest', async (request) => {
    if (request.caller && !(await can(app.db, request.caller, CATEGORY.SEGMENTS))) throw problem.forbidden();
  });

  app.post(
    '/api/AgSegment/download/agSegment',
    {
      config: { rateLimit: perUserPerMinute('csv') },
      schema: {
        description:
          'The member agent codes as CSV (one per line, UTF-8 with BOM, CRLF); the name is in Content-Disposition.',
        body: Body({ ...CallerIds, agSegmentData: Type.Object({ agSegmentId: SegmentId }) }),
      },
    },
    async (request, reply) => {
      const id = parseId(request.body.agSegmentData.agSegmentId);
      const segment = id === null ? undefined : await repo.findSegment(app.db, id);
      if (!segment) throw invalid({ field: 'agSegmentId', messageId: 'ERR_0009', args: [SEGMENT] });
      const codes = await repo.memberCodes(app.db, segment.ag_segment_id);
      const name =
        segment.upload_file_name && extensionOf(segment.upload_file_name) === 'csv'
          ? segment.upload_file_name
          : `agsegment_${segment.ag_segment_id}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'no-store')
        .send(csvFile(codes.map((c) => [c])));
    },
  );

  const FileCall = {
    consumes: ['multipart/form-data', 'application/json'],
    response: { 200: Type.Object({ agSegmentData: SegmentData }) },
  };

  app.post(
    '/api/AgSegment/upload/agSegment',
    {
      config: { rateLimit: perUserPerMinute('import') },
      schema: {
        ...FileCall,
        description:
          'Replaces the members from a CSV. multipart/form-data: systemKbn, agCode, userId, agSegmentData (JSON {agSegmentId}) or agSegmentData.agSegmentId, and uploadFile (or uploadId). JSON: {systemKbn, agSegmentData: {agSegmentId}, uploadId}.',
      },
    },
    async (request) => {
      const caller = request.caller!;
      // The same reading as the declared form's create: multipart parts or JSON, a file or a tus upload.
      const form = formOf(app.definitions, FORM);
      const { body, files } = await readRequestBody(app, request);
      const segment = (
        typeof body.agSegmentData === 'object' && body.agSegmentData !== null ? body.agSegmentData : {}
      ) as Record<string, unknown>;
      const record: Record<string, unknown> = { uploadFile: body.uploadFile };
      const inputs = await resolveFiles(app, request, form, record, body, files);
      const file = inputs.get('uploadFile');
      const id = parseId(segment.agSegmentId);
      const before = id === null ? undefined : await repo.findSegment(app.db, id);
      await enforceForm(app, FORM, record, {
        fields: ['uploadFile'],
        serverChecks: () => [
          ...(before ? [] : [{ field: 'agSegmentId', messageId: 'ERR_0009', args: [SEGMENT] }]),
          ...contentFailures(form, inputs),
        ],
      });
      const now = app.clock.now();
      const imp = importOf(file!, now);
      await app.db.transaction().execute(async (trx) => {
        const oldCodes = await repo.memberCodes(trx, id!);
        await repo.replaceMembers(trx, id!, imp);
        if (file!.upload && !(await claimUpload(trx, caller, file!.upload, '', now)))
          throw invalid({ field: 'uploadFile', messageId: 'ERR_SYS003', args: ['ファイルアップロード'] });
        await recordAudit(trx, {
          caller,
          action: 'upload',
          entity: 'agent_segment',
          entityId: id!,
          before: {
            uploadFileName: before!.upload_file_name,
            uploadDataCnt: before!.upload_data_cnt,
            agCodes: oldCodes,
          },
          after: { uploadFileName: imp.fileName, uploadDataCnt: imp.lineCount, agCodes: imp.codes },
          at: now,
        });
      });
      await settleChanges(app.db); // the members decide what their agents see
      if (file!.upload) await app.uploads.remove(file!.upload.id);
      return { agSegmentData: segmentToWire((await repo.findSegment(app.db, id!))!) };
    },
  );

  app.post(
    '/api/AgSegment/update/agSegment',
    {
      config: { form: 'ag-segment' },
      schema: {
        description: 'Renames segments: rows whose name differs from the stored one are updated; none → ERR_0008.',
        body: Body({
          ...CallerIds,
          agSegmentDataList: Type.Array(
            Type.Object({ agSegmentId: SegmentId, agSegmentName: Type.String({ maxLength: 1000 }) }),
            { maxItems: 1000 },
          ),
        }),
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const rows = request.body.agSegmentDataList.map((r) => ({ id: parseId(r.agSegmentId), name: r.agSegmentName }));
      const stored = new Map(
        (
          await repo.listSegments(
            app.db,
            rows.flatMap((r) => (r.id === null ? [] : [r.id])),
          )
        ).map((s) => [s.ag_segment_id, s]),
      );
      const changed = rows.filter(
        (r) => r.id !== null && stored.has(r.id) && stored.get(r.id)!.ag_segment_name !== r.name,
      ) as { id: number; name: string }[];
      const messages: RuleResult[] = [];
      rows.forEach((r, i) => {
        for (const m of formFailures(app, FORM, { agSegmentName: r.name }, { fields: ['agSegmentName'] }))
          messages.push({ ...m, field: `agSegmentDataList.${i}.agSegmentName` });
      });
      if (rows.some((r) => r.id === null || !stored.has(r.id)))
        messages.push({ field: 'agSegmentDataList', messageId: 'ERR_0009', args: [SEGMENT] });
      messages.push(
        ...(await nameFailures(
          app.db,
          changed.map((r) => r.name),
          changed.map((r) => r.id),
        )),
      );
      if (messages.length === 0 && changed.length === 0)
        messages.push({ field: 'agSegmentDataList', messageId: 'ERR_0008', args: [NAME] });
      if (messages.length) throw problem.validation(messages);

      const now = app.clock.now();
      try {
        await app.db.transaction().execute(async (trx) => {
          for (const r of changed) {
            await repo.renameSegment(trx, r.id, r.name, now);
            await recordAudit(trx, {
              caller,
              action: 'update',
              entity: 'agent_segment',
              entityId: r.id,
              before: { agSegmentName: stored.get(r.id)!.ag_segment_name },
              after: { agSegmentName: r.name },
              at: now,
            });
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw problem.validation([duplicateName()]);
        throw err;
      }
      return {};
    },
  );
}
