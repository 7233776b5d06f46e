// Runs a call of a definition (schemas/meta/types.ts CallSpec): the body template is evaluated
// in a scope, the caller's effective ids are added as every call of spec section 7 carries them,
// and the answer is JSON, a multipart answer, or a file to save.
import { apiDownload, apiPost, apiPostMultipart } from '../api/client';
import { effectiveIds } from '../app/session';
import type { CallSpec } from './definitions';
import { evaluate, type Scope } from './expressions';
import { localFileOf } from './local-files';
import type { SubmissionKeys } from './submission-key';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The evaluated body with agCode and userId of the caller (the body's own values win). */
export function callBody(spec: CallSpec, scope: Scope): unknown {
  const body = spec.body === undefined ? {} : evaluate(spec.body, scope);
  if (!isRecord(body)) return body;
  const { agCode, userId } = effectiveIds();
  return { agCode, userId, ...body };
}

/** Browser-only bookkeeping of picked files never goes over the wire in JSON. */
function stripLocal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripLocal);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'localFileId')
      .map(([k, v]) => [k, stripLocal(v)]),
  );
}

function multipartOf(body: unknown): FormData {
  const form = new FormData();
  if (!isRecord(body)) return form;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    const file = localFileOf(value);
    const uploadId = isRecord(value) && typeof value.uploadId === 'string' ? value.uploadId : '';
    if (file) form.append(key, file, file.name);
    // A file that went through the resumable upload travels as its upload id (docs/forms.md).
    else if (uploadId) form.append('uploadId', uploadId);
    // A wrapper of the whole record (agSegmentData: "=record") leaves out the files that travel as parts.
    else if (typeof value === 'object')
      form.append(
        key,
        JSON.stringify(
          stripLocal(
            isRecord(value) ? Object.fromEntries(Object.entries(value).filter(([, v]) => !localFileOf(v))) : value,
          ),
        ),
      );
    else form.append(key, String(value));
  }
  return form;
}

/** Saves a downloaded file under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export interface CallOutcome {
  /** The JSON answer (undefined for files). */
  data: unknown;
  /** A download that had no content (204). */
  empty?: boolean;
}

/**
 * Runs the call; errors are ApiErrors (400 carries the rule messages). `keys`: the call creates a
 * record and sends one Idempotency-Key per submission (submission-key.ts).
 */
export async function runCall(
  spec: CallSpec,
  scope: Scope,
  extra?: Record<string, unknown>,
  keys?: SubmissionKeys,
): Promise<CallOutcome> {
  // `extra`: values the engine adds beside the template (a workflow's status and display time).
  const evaluated = callBody(spec, scope);
  const body = extra && isRecord(evaluated) ? { ...evaluated, ...extra } : evaluated;
  const idempotencyKey = keys?.keyFor(body);
  if (spec.response === 'file') {
    const file = await apiDownload(spec.call, stripLocal(body), spec.defaultFileName ?? 'download');
    if (!file.empty) saveFile(file.blob, file.fileName);
    return { data: undefined, empty: file.empty };
  }
  if (spec.encoding === 'multipart') {
    return { data: await apiPostMultipart<unknown>(spec.call, multipartOf(body), { idempotencyKey }) };
  }
  return { data: await apiPost<unknown>(spec.call, stripLocal(body), { idempotencyKey }) };
}

/** The part of an answer named by `result` (dots allowed), or the whole answer. */
export function resultOf(spec: CallSpec, data: unknown): unknown {
  if (!spec.result) return data;
  let at = data;
  for (const key of spec.result.split('.')) {
    if (!isRecord(at)) return undefined;
    at = at[key];
  }
  return at;
}
