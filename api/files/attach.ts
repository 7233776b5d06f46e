// Attaching finished uploads (api/files/uploads.ts) to a record at save time, inside the record's
// transaction (docs/decisions.md section 7). A save call names uploads by id; before a byte is stored the
// server checks them again, whatever the browser did:
//  - the upload exists, is finished and was made by the caller (403 otherwise);
//  - the form's file rules for the field: extension, size (MAX_FILE_SIZE), file-name characters,
//    duplicate names (against each other and the names the record already has), CSV contents;
//  - the content matches the extension (magic bytes; csv/txt must be text);
//  - the upload was not attached before (a claim row written in the same transaction).
// Then the bytes are copied into storage (api/files/storage.ts) under a generated key. If the
// transaction fails, the copies are deleted; once it commits, the uploads are removed.
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { decodeText } from '../../schemas/rules/csv';
import type { FileEntry, RuleResult } from '../../schemas/rules/engine';
import { extensionOf } from '../../schemas/rules/kinds-file';
import { patternSegments } from '../../schemas/rules/paths';
import type { FormDefinition } from '../../schemas/meta/types';
import type { Caller } from '../authority/caller';
import { settleChanges } from '../cache/change-feed';
import type { Database } from '../db/schema';
import { formFailures, invalid } from '../forms/enforce';
import { formOf } from '../forms/registry';
import { problem } from '../http/problems';
import { contentMatchesExtension, looksLikeText } from './content-check';
import type { UploadFacts } from './uploads';

export const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
};

export interface AttachRequest {
  /** The form whose rules for `field` apply (fileExtension, fileSize, fileName, fileDuplicate, csvList …). */
  form: FormDefinition | string;
  /** The file field, a concrete path of the record (e.g. contentsTempFileList or uploadFile). */
  field: string;
  /** The uploads to attach, in order. */
  uploadIds: readonly string[];
  /** File names the field already holds in this record (a new file may not repeat them). */
  existingNames?: readonly string[];
  /** Storage key prefix, e.g. contents/123/file: the key is <prefix>/<upload id>.<ext>. */
  keyPrefix: string;
}

export interface AttachedFile {
  uploadId: string;
  fileName: string;
  size: number;
  contentType: string;
  storageKey: string;
}

const uploadFailed = (): RuleResult => ({ field: '', messageId: 'ERR_SYS003', args: ['ファイルアップロード'] });

/** An upload of the caller that is finished; 403 for someone else's, ERR_SYS003 for a missing or unfinished one. */
export async function finishedUpload(app: FastifyInstance, caller: Caller, uploadId: string): Promise<UploadFacts> {
  const facts = await app.uploads.facts(uploadId);
  if (facts && facts.owner !== caller.userId) throw problem.forbidden();
  if (!facts || !facts.complete) throw problem.validation([uploadFailed()]);
  return facts;
}

/** The whole content of a finished upload (CSV imports; bounded by MAX_FILE_SIZE). */
export async function readUpload(app: FastifyInstance, facts: UploadFacts): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await app.uploads.open(facts.id)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function isListField(form: FormDefinition, field: string): boolean {
  let node: unknown = form.schema;
  for (const seg of patternSegments(field)) {
    const props = (node as { properties?: Record<string, unknown> } | undefined)?.properties;
    node = props?.[seg];
  }
  return (node as { type?: unknown } | undefined)?.type === 'array';
}

function recordWith(field: string, value: unknown): Record<string, unknown> {
  const segs = field.split('.');
  const root: Record<string, unknown> = {};
  let at = root;
  segs.slice(0, -1).forEach((s, i) => {
    // A row of a list (nowSettingList.0.imgPathNomal) sits in an array, as the rules read it.
    const next = /^[0-9]+$/.test(segs[i + 1] ?? '') ? ([] as unknown as Record<string, unknown>) : {};
    at[s] = next;
    at = next;
  });
  at[segs.at(-1) ?? ''] = value;
  return root;
}

/**
 * Checks uploads against the form's rules for the field and their content; throws 400 with
 * every message (or 403 for someone else's upload). Nothing is written.
 */
export async function checkUploads(app: FastifyInstance, caller: Caller, req: AttachRequest): Promise<UploadFacts[]> {
  const form = typeof req.form === 'string' ? formOf(app.definitions, req.form) : req.form;
  const facts: UploadFacts[] = [];
  for (const id of req.uploadIds) facts.push(await finishedUpload(app, caller, id));

  const entries: FileEntry[] = [];
  for (const f of facts) {
    const entry: FileEntry = { fileName: f.fileName, size: f.size, uploadId: f.id };
    // Text files carry their text, as the browser reads it, for the CSV rules.
    if (f.size <= app.config.maxFileSize && looksLikeText(await app.uploads.head(f.id)))
      entry.text = decodeText(await readUpload(app, f));
    entries.push(entry);
  }
  const all = [...(req.existingNames ?? []).map((fileName) => ({ fileName })), ...entries];
  const value = isListField(form, req.field) ? all : all[all.length - 1];
  const messages = formFailures(app, form, recordWith(req.field, value), { fields: [req.field] });

  // Content against extension: the field's extension rule says which message.
  const extensionRule = form.rules.find((r) => r.rule === 'fileExtension' && r.field === req.field);
  const allowed = extensionRule?.rule === 'fileExtension' ? extensionRule.extensions : undefined;
  for (const f of facts) {
    const ext = extensionOf(f.fileName);
    if (allowed && !allowed.includes(ext)) continue; // already reported
    if (f.size > 0 && !contentMatchesExtension(ext, await app.uploads.head(f.id))) {
      messages.push({
        field: req.field,
        messageId: extensionRule?.message ?? 'ERR_0027',
        args: [...(extensionRule?.args ?? [])],
      });
      break;
    }
  }
  if (messages.length) throw problem.validation(messages);
  return facts;
}

/** Marks an upload as used by a record, in the record's transaction; false when it already was. */
export async function claimUpload(
  trx: Kysely<Database>,
  caller: Caller,
  facts: UploadFacts,
  storageKey: string,
  at: Date,
): Promise<boolean> {
  const r = await trx
    .insertInto('upload_claims')
    .values({
      upload_id: facts.id,
      user_id: caller.userId,
      storage_key: storageKey,
      file_name: facts.fileName.slice(0, 255),
      claimed_at: at,
    })
    .onConflict((oc) => oc.column('upload_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Checks, claims and stores the uploads of one field; see the top of this file. */
export async function attachUploads(
  app: FastifyInstance,
  trx: Transaction<Database>,
  caller: Caller,
  req: AttachRequest,
  onStored: (key: string) => void = () => {},
): Promise<AttachedFile[]> {
  const facts = await checkUploads(app, caller, req);
  const out: AttachedFile[] = [];
  for (const f of facts) {
    const ext = extensionOf(f.fileName);
    const storageKey = `${req.keyPrefix}/${f.id}.${ext}`;
    if (!(await claimUpload(trx, caller, f, storageKey, app.clock.now())))
      throw invalid({ ...uploadFailed(), field: req.field });
    onStored(storageKey);
    const { size } = await app.storage.put(storageKey, await app.uploads.open(f.id));
    out.push({
      uploadId: f.id,
      fileName: f.fileName,
      size,
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      storageKey,
    });
  }
  return out;
}

export type Attach = (req: AttachRequest) => Promise<AttachedFile[]>;

/**
 * A save with files: `work` writes the record in a transaction and calls `attach` for each file
 * field. Stored copies are deleted when anything fails; uploads are removed after the commit.
 */
export async function saveWithUploads<T>(
  app: FastifyInstance,
  caller: Caller,
  work: (trx: Transaction<Database>, attach: Attach) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  const used: string[] = [];
  let result: T;
  try {
    result = await app.db.transaction().execute((trx) =>
      work(trx, async (req) => {
        const files = await attachUploads(app, trx, caller, req, (key) => stored.push(key));
        used.push(...files.map((f) => f.uploadId));
        return files;
      }),
    );
  } catch (err) {
    await Promise.all(stored.map((key) => app.storage.delete(key).catch(() => undefined)));
    throw err;
  }
  for (const id of used) await app.uploads.remove(id);
  // The saver's next call sees the save, also in what the API keeps in memory.
  await settleChanges(app.db);
  return result;
}

/** Attaches the one upload of `req` (its uploadIds name exactly one) and answers its stored file. */
export async function attachOne(attach: Attach, req: AttachRequest): Promise<AttachedFile> {
  const [file] = await attach(req);
  if (!file) throw new Error(`no file attached for ${req.field}`);
  return file;
}
