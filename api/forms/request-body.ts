// Reading a declared form's call, JSON or multipart/form-data (spec 001 section 7 sends the
// segment CSV as multipart), into one plain body, and a single-file field of the record into
// what the rules read ({ fileName, size, text }) plus its bytes for the hook:
//  - multipart text parts: `name` (JSON text when it is an object, e.g. agSegmentData), or
//    `name.key` / `name[key]` for one field of a wrapper; file parts by their field name;
//  - a file that went through the resumable upload (tus) travels as `{ uploadId }` in its field,
//    or as a top-level `uploadId` for the call's only file field (what the renderer sends).
// The caller's ids are checked like any body (identity from the token only); systemKbn must be 01.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeText } from '../../schemas/rules/csv';
import type { RuleResult } from '../../schemas/rules/engine';
import { extensionOf } from '../../schemas/rules/kinds-file';
import type { FormDefinition } from '../../schemas/meta/types';
import { finishedUpload, readUpload } from '../files/attach';
import { contentMatchesExtension, HEAD_BYTES, looksLikeText } from '../files/content-check';
import type { UploadFacts } from '../files/uploads';
import { problem } from '../http/problems';
import { checkBodyIdentity } from '../plugins/auth';
import { assertNoControlCharacters } from '../plugins/request-edge';
import type { FormRecord } from './record-store';

export interface FileInput {
  fileName: string;
  size: number;
  /** null when the file was over MAX_FILE_SIZE (not read). */
  bytes: Buffer | null;
  /** Set when the file came through the resumable upload: claimed in the save's transaction. */
  upload?: UploadFacts;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields of the form that hold one file (an object with fileName): read into the record, not stored as files. */
export function singleFileFields(form: FormDefinition): string[] {
  return Object.entries(form.schema.properties)
    .filter(([, s]) => s.type === 'object' && isObject(s.properties) && 'fileName' in s.properties)
    .map(([k]) => k);
}

function setPath(body: Record<string, unknown>, path: string[], value: unknown) {
  let at = body;
  for (const seg of path.slice(0, -1)) {
    if (!isObject(at[seg])) at[seg] = {};
    at = at[seg] as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if (last !== undefined) at[last] = value;
}

/** The body of a call and the files it carried (multipart). */
export async function readRequestBody(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ body: Record<string, unknown>; files: Map<string, FileInput> }> {
  const files = new Map<string, FileInput>();
  if (!request.isMultipart()) {
    if (!isObject(request.body)) throw problem.validation([{ messageId: 'ERR_0025', args: ['body'] }]);
    return { body: request.body, files };
  }
  const body: Record<string, unknown> = {};
  for await (const part of request.parts({
    limits: { fileSize: app.config.maxFileSize, files: 5, fields: 50, fieldSize: 256 * 1024 },
  })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      const truncated = part.file.truncated;
      files.set(part.fieldname, {
        fileName: part.filename ?? '',
        size: truncated ? app.config.maxFileSize + 1 : bytes.length,
        bytes: truncated ? null : bytes,
      });
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    const path = part.fieldname.replace(/\[(\w+)\]/g, '.$1').split('.');
    let parsed: unknown = value;
    if (/^\s*[{[]/.test(value)) {
      try {
        parsed = JSON.parse(value);
      } catch {
        throw problem.validation([{ messageId: 'ERR_0025', args: [part.fieldname] }]);
      }
    }
    setPath(body, path, parsed);
  }
  // The edge check (plugins/request-edge.ts) never sees multipart parts: the same refusal here.
  assertNoControlCharacters({ ...body, ...Object.fromEntries([...files].map(([k, f]) => [k, f.fileName])) });
  checkBodyIdentity(request.caller!, body);
  if (body.systemKbn !== '01') throw problem.validation([{ messageId: 'ERR_0025', args: ['systemKbn'] }]);
  return { body, files };
}

/**
 * The single-file fields of a record as the rules read them, with their bytes: from the
 * multipart files, or from a finished upload of the caller (403 for someone else's).
 */
export async function resolveFiles(
  app: FastifyInstance,
  request: FastifyRequest,
  form: FormDefinition,
  record: FormRecord,
  body: Record<string, unknown>,
  files: Map<string, FileInput>,
): Promise<Map<string, FileInput>> {
  const out = new Map<string, FileInput>();
  const fields = singleFileFields(form);
  for (const field of fields) {
    let input = files.get(field);
    const value = record[field];
    const uploadId =
      isObject(value) && typeof value.uploadId === 'string'
        ? value.uploadId
        : fields.length === 1 && typeof body.uploadId === 'string' && body.uploadId !== ''
          ? body.uploadId
          : '';
    if (!input && uploadId) {
      const upload = await finishedUpload(app, request.caller!, uploadId);
      const over = upload.size > app.config.maxFileSize;
      input = {
        fileName: upload.fileName,
        size: upload.size,
        bytes: over ? null : await readUpload(app, upload),
        upload,
      };
    }
    if (!input) {
      delete record[field];
      continue;
    }
    const readable = input.bytes && looksLikeText(input.bytes.subarray(0, HEAD_BYTES));
    record[field] = {
      fileName: input.fileName,
      size: input.size,
      ...(readable ? { text: decodeText(input.bytes!) } : {}),
    };
    out.set(field, input);
  }
  return out;
}

/** A file whose bytes do not match its extension (a renamed spreadsheet as .csv) gets the field's extension message. */
export function contentFailures(form: FormDefinition, files: Map<string, FileInput>): RuleResult[] {
  const out: RuleResult[] = [];
  for (const [field, f] of files) {
    if (!f.bytes || f.bytes.length === 0) continue;
    const ext = extensionOf(f.fileName);
    const rule = form.rules.find((r) => r.rule === 'fileExtension' && r.field === field);
    const allowed = rule?.rule === 'fileExtension' ? rule.extensions : [];
    if (!allowed.includes(ext)) continue; // the rule reports it already
    if (!contentMatchesExtension(ext, f.bytes.subarray(0, HEAD_BYTES)))
      out.push({ field, messageId: rule?.message ?? 'ERR_0027', args: [...(rule?.args ?? [])] });
  }
  return out;
}
