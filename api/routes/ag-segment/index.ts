// Agent segments (spec 001: /agsegment-reg; section 7 /api/AgSegment/*): list, CSV download,
// create and re-upload (multipart, or JSON naming a finished tus upload), rename, delete.
// Every call needs the permission of category 101; the rules are those of
// schemas/forms/ag-segment.json, run again here; every write is audited.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { decodeText, parseCsvList } from '../../../schemas/rules/csv';
import type { RuleResult } from '../../../schemas/rules/engine';
import { extensionOf } from '../../../schemas/rules/kinds-file';
import { recordAudit } from '../../audit/record';
import { can } from '../../authority/permissions';
import { claimUpload, finishedUpload, readUpload } from '../../files/attach';
import { HEAD_BYTES, looksLikeText } from '../../files/content-check';
import { contentDisposition } from '../../files/content-disposition';
import { csvFile } from '../../files/csv-writer';
import type { UploadFacts } from '../../files/uploads';
import { enforceForm, formFailures, invalid } from '../../forms/enforce';
import { problem } from '../../http/problems';
import { Body, CallerIds, EmptyResponse } from '../../http/wire';
import { checkBodyIdentity } from '../../plugins/auth';
import * as repo from './repository';

export const SEGMENT_CATEGORY_ID = 101;
const FORM = 'ag-segment';
const SEGMENT = 'AGセグメント';
const NAME = 'セグメント名';

const SegmentData = Type.Object({
  agSegmentId: Type.Number(),
  agSegmentName: Type.String(),
  syozokuAgCnt: Type.Number({ description: 'Members that are registered agents' }),
  lastUploadDate: Type.String({ description: 'yyyy/MM/dd HH:mm:ss (Asia/Tokyo), "" before the first import' }),
  uploadFileName: Type.String(),
  uploadDataCnt: Type.Number({ description: 'Non-blank lines of the last imported file' }),
});

const SegmentId = Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.String({ pattern: '^[0-9]{1,9}$' })]);

const TOKYO_MS = 9 * 3600 * 1000;
function wireDateTime(d: Date | null): string {
  if (!d) return '';
  const iso = new Date(d.getTime() + TOKYO_MS).toISOString(); // yyyy-MM-ddTHH:mm:ss.sssZ in Tokyo
  return `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 19)}`;
}

const toWire = (r: repo.SegmentRow) => ({
  agSegmentId: r.ag_segment_id,
  agSegmentName: r.ag_segment_name,
  syozokuAgCnt: r.syozoku_ag_cnt,
  lastUploadDate: wireDateTime(r.last_upload_date),
  uploadFileName: r.upload_file_name,
  uploadDataCnt: r.upload_data_cnt,
});

/** A file as a create or re-upload carries it: multipart bytes or a finished tus upload. */
interface FileInput {
  fileName: string;
  size: number;
  /** null when the file was over MAX_FILE_SIZE (not read). */
  bytes: Buffer | null;
  upload?: UploadFacts;
}

interface SegmentRequest {
  segment: Record<string, unknown>;
  file: FileInput | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fieldError(name: string): never {
  throw invalid({ field: name, messageId: 'ERR_0025', args: [name] });
}

/**
 * Reads a create / re-upload request: multipart/form-data (parts systemKbn, agCode, userId,
 * agSegmentData as JSON or agSegmentData.<key> / <key>, and the file uploadFile or a text
 * uploadId), or JSON {systemKbn, agSegmentData, uploadId}. Ids are checked like any body.
 */
async function readSegmentRequest(app: FastifyInstance, request: FastifyRequest): Promise<SegmentRequest> {
  const caller = request.caller!;
  const fields: Record<string, unknown> = {};
  const segment: Record<string, unknown> = {};
  let file: FileInput | null = null;
  if (request.isMultipart()) {
    for await (const part of request.parts({ limits: { fileSize: app.config.maxFileSize, files: 1, fields: 20, fieldSize: 64 * 1024 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'uploadFile') continue;
        const truncated = part.file.truncated;
        file = { fileName: part.filename ?? '', size: truncated ? app.config.maxFileSize + 1 : bytes.length, bytes: truncated ? null : bytes };
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      const m = /^agSegmentData(?:\.|\[)(\w+)\]?$/.exec(part.fieldname);
      if (part.fieldname === 'agSegmentData') {
        try {
          const parsed = JSON.parse(value) as unknown;
          if (isObject(parsed)) Object.assign(segment, parsed);
        } catch {
          fieldError('agSegmentData');
        }
      } else if (m) segment[m[1]] = value;
      else if (part.fieldname === 'agSegmentName' || part.fieldname === 'agSegmentId') segment[part.fieldname] = value;
      else fields[part.fieldname] = value;
    }
    checkBodyIdentity(caller, fields);
  } else {
    const body = request.body;
    if (!isObject(body)) fieldError('body');
    Object.assign(fields, body);
    if (isObject(body.agSegmentData)) Object.assign(segment, body.agSegmentData);
  }
  if (fields.systemKbn !== '01') fieldError('systemKbn');
  if (!file && fields.uploadId !== undefined && fields.uploadId !== '') {
    if (typeof fields.uploadId !== 'string') fieldError('uploadId');
    const upload = await finishedUpload(app, caller, fields.uploadId);
    const over = upload.size > app.config.maxFileSize;
    file = { fileName: upload.fileName, size: upload.size, bytes: over ? null : await readUpload(upload), upload };
  }
  return { segment, file };
}

/** What the form's rules see of a file: name, size and, when it is text, the text (as a browser reads it). */
function fileEntry(file: FileInput | null) {
  if (!file) return undefined;
  const readable = file.bytes && looksLikeText(file.bytes.subarray(0, HEAD_BYTES));
  return { fileName: file.fileName, size: file.size, ...(readable ? { text: decodeText(file.bytes!) } : {}) };
}

/** A .csv that is not text (a renamed spreadsheet or image) is refused like a wrong extension. */
function contentFailures(file: FileInput | null): RuleResult[] {
  if (!file?.bytes || extensionOf(file.fileName) !== 'csv') return [];
  return looksLikeText(file.bytes.subarray(0, HEAD_BYTES)) ? [] : [{ field: 'uploadFile', messageId: 'ERR_0010', args: [] }];
}

function importOf(file: FileInput, at: Date): repo.Import {
  const entries = parseCsvList(decodeText(file.bytes!));
  return { fileName: file.fileName.slice(0, 255), codes: [...new Set(entries.map((e) => e.value))], lineCount: entries.length, at };
}

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
    if (request.caller && !(await can(app.db, request.caller, SEGMENT_CATEGORY_ID))) throw problem.forbidden();
  });

  app.post(
    '/api/AgSegment/getAgSegmentList',
    {
      schema: {
        body: Body({ ...CallerIds, categoryId: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 10 })])) }),
        response: { 200: Type.Object({ agSegmentDataList: Type.Array(SegmentData) }) },
      },
    },
    async () => ({ agSegmentDataList: (await repo.listSegments(app.db)).map(toWire) }),
  );

  app.post(
    '/api/AgSegment/download/agSegment',
    {
      schema: {
        description: 'The member agent codes as CSV (one per line, UTF-8 with BOM, CRLF); the name is in Content-Disposition.',
        body: Body({ ...CallerIds, agSegmentData: Type.Object({ agSegmentId: SegmentId }) }),
      },
    },
    async (request, reply) => {
      const id = parseId(request.body.agSegmentData.agSegmentId);
      const segment = id === null ? undefined : await repo.findSegment(app.db, id);
      if (!segment) throw invalid({ field: 'agSegmentId', messageId: 'ERR_0009', args: [SEGMENT] });
      const codes = await repo.memberCodes(app.db, segment.ag_segment_id);
      const name = segment.upload_file_name && extensionOf(segment.upload_file_name) === 'csv' ? segment.upload_file_name : `agsegment_${segment.ag_segment_id}.csv`;
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
    '/api/AgSegment/create/agSegment',
    {
      schema: {
        ...FileCall,
        description:
          'multipart/form-data: systemKbn, agCode, userId, agSegmentData (JSON {agSegmentName}) or agSegmentData.agSegmentName, and the file uploadFile (or uploadId of a finished /api/files upload). JSON: {systemKbn, agSegmentData: {agSegmentName}, uploadId}.',
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { segment, file } = await readSegmentRequest(app, request);
      const name = typeof segment.agSegmentName === 'string' ? segment.agSegmentName : '';
      await enforceForm(app, FORM, { agSegmentName: name, uploadFile: fileEntry(file) }, {
        serverChecks: async () => [...((await repo.segmentsNamed(app.db, [name])).length ? [duplicateName()] : []), ...contentFailures(file)],
      });
      const now = app.clock.now();
      const imp = importOf(file!, now);
      let id: number;
      try {
        id = await app.db.transaction().execute(async (trx) => {
          const created = await repo.createSegment(trx, name, imp);
          if (file!.upload && !(await claimUpload(trx, caller, file!.upload, '', now))) throw invalid({ field: 'uploadFile', messageId: 'ERR_SYS003', args: ['ファイルアップロード'] });
          await recordAudit(trx, { caller, action: 'create', entity: 'agent_segment', entityId: created, after: { agSegmentName: name, uploadFileName: imp.fileName, uploadDataCnt: imp.lineCount, agCodes: imp.codes }, at: now });
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw problem.validation([duplicateName()]);
        throw err;
      }
      if (file!.upload) await app.uploads.remove(file!.upload.id);
      return { agSegmentData: toWire((await repo.findSegment(app.db, id))!) };
    },
  );

  app.post(
    '/api/AgSegment/upload/agSegment',
    {
      schema: {
        ...FileCall,
        description:
          'Replaces the members from a CSV. multipart/form-data: systemKbn, agCode, userId, agSegmentData (JSON {agSegmentId}) or agSegmentData.agSegmentId, and uploadFile (or uploadId). JSON: {systemKbn, agSegmentData: {agSegmentId}, uploadId}.',
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { segment, file } = await readSegmentRequest(app, request);
      const id = parseId(segment.agSegmentId);
      const before = id === null ? undefined : await repo.findSegment(app.db, id);
      await enforceForm(app, FORM, { uploadFile: fileEntry(file) }, {
        fields: ['uploadFile'],
        serverChecks: () => [...(before ? [] : [{ field: 'agSegmentId', messageId: 'ERR_0009', args: [SEGMENT] }]), ...contentFailures(file)],
      });
      const now = app.clock.now();
      const imp = importOf(file!, now);
      await app.db.transaction().execute(async (trx) => {
        const oldCodes = await repo.memberCodes(trx, id!);
        await repo.replaceMembers(trx, id!, imp);
        if (file!.upload && !(await claimUpload(trx, caller, file!.upload, '', now))) throw invalid({ field: 'uploadFile', messageId: 'ERR_SYS003', args: ['ファイルアップロード'] });
        await recordAudit(trx, {
          caller,
          action: 'upload',
          entity: 'agent_segment',
          entityId: id!,
          before: { uploadFileName: before!.upload_file_name, uploadDataCnt: before!.upload_data_cnt, agCodes: oldCodes },
          after: { uploadFileName: imp.fileName, uploadDataCnt: imp.lineCount, agCodes: imp.codes },
          at: now,
        });
      });
      if (file!.upload) await app.uploads.remove(file!.upload.id);
      return { agSegmentData: toWire((await repo.findSegment(app.db, id!))!) };
    },
  );

  app.post(
    '/api/AgSegment/update/agSegment',
    {
      config: { form: 'ag-segment' },
      schema: {
        description: 'Renames segments: rows whose name differs from the stored one are updated; none → ERR_0008.',
        body: Body({ ...CallerIds, agSegmentDataList: Type.Array(Type.Object({ agSegmentId: SegmentId, agSegmentName: Type.String({ maxLength: 1000 }) }), { maxItems: 1000 }) }),
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const rows = request.body.agSegmentDataList.map((r) => ({ id: parseId(r.agSegmentId), name: r.agSegmentName }));
      const stored = new Map((await repo.listSegments(app.db, rows.flatMap((r) => (r.id === null ? [] : [r.id])))).map((s) => [s.ag_segment_id, s]));
      const changed = rows.filter((r) => r.id !== null && stored.has(r.id) && stored.get(r.id)!.ag_segment_name !== r.name) as { id: number; name: string }[];
      const messages: RuleResult[] = [];
      rows.forEach((r, i) => {
        for (const m of formFailures(app, FORM, { agSegmentName: r.name }, { fields: ['agSegmentName'] })) messages.push({ ...m, field: `agSegmentDataList.${i}.agSegmentName` });
      });
      if (rows.some((r) => r.id === null || !stored.has(r.id))) messages.push({ field: 'agSegmentDataList', messageId: 'ERR_0009', args: [SEGMENT] });
      const names = changed.map((r) => r.name).filter((n) => n !== '');
      const taken = await repo.segmentsNamed(app.db, names, changed.map((r) => r.id));
      if (taken.length || new Set(names).size !== names.length) messages.push(duplicateName());
      if (messages.length === 0 && changed.length === 0) messages.push({ field: 'agSegmentDataList', messageId: 'ERR_0008', args: [NAME] });
      if (messages.length) throw problem.validation(messages);

      const now = app.clock.now();
      try {
        await app.db.transaction().execute(async (trx) => {
          for (const r of changed) {
            await repo.renameSegment(trx, r.id, r.name, now);
            await recordAudit(trx, { caller, action: 'update', entity: 'agent_segment', entityId: r.id, before: { agSegmentName: stored.get(r.id)!.ag_segment_name }, after: { agSegmentName: r.name }, at: now });
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw problem.validation([duplicateName()]);
        throw err;
      }
      return {};
    },
  );

  app.post(
    '/api/AgSegment/delete/agSegment',
    {
      schema: {
        description: 'Deletes the segments and their members; nothing selected → ERR_0003 (明細); a segment used as a display target is kept (ERR_0025).',
        body: Body({ ...CallerIds, agSegmentDataList: Type.Array(Type.Object({ agSegmentId: SegmentId }), { maxItems: 1000 }) }),
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const ids = [...new Set(request.body.agSegmentDataList.map((r) => parseId(r.agSegmentId)))];
      if (ids.length === 0) throw invalid({ field: 'agSegmentDataList', messageId: 'ERR_0003', args: ['明細'] });
      const known = ids.filter((id): id is number => id !== null);
      const stored = new Map((await repo.listSegments(app.db, known)).map((s) => [s.ag_segment_id, s]));
      const messages: RuleResult[] = [];
      if (ids.some((id) => id === null || !stored.has(id))) messages.push({ field: 'agSegmentDataList', messageId: 'ERR_0009', args: [SEGMENT] });
      const inUse = await repo.segmentsInUse(app.db, known);
      for (const id of known) {
        if (inUse.has(id)) messages.push({ field: 'agSegmentDataList', messageId: 'ERR_0025', args: [`削除対象（表示対象に設定されている${SEGMENT}「${stored.get(id)?.ag_segment_name ?? id}」）`] });
      }
      if (messages.length) throw problem.validation(messages);

      const now = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        for (const id of known) {
          const s = stored.get(id)!;
          const codes = await repo.memberCodes(trx, id);
          await repo.deleteSegment(trx, id);
          await recordAudit(trx, { caller, action: 'delete', entity: 'agent_segment', entityId: id, before: { ...toWire(s), agCodes: codes }, at: now });
        }
      });
      return {};
    },
  );
}
