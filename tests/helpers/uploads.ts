// Helpers for file tests: multipart bodies (built by the platform's FormData, as a browser
// would send them) and raw tus requests through inject().
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

export interface FilePart {
  field?: string;
  name: string;
  bytes: Uint8Array | string;
  type?: string;
}

export async function multipart(
  fields: Record<string, string>,
  file?: FilePart,
): Promise<{ payload: Buffer; contentType: string }> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) {
    const bytes = typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : file.bytes;
    fd.append(file.field ?? 'uploadFile', new Blob([Buffer.from(bytes)], { type: file.type ?? 'text/csv' }), file.name);
  }
  const req = new Request('http://portal.test/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

export async function postMultipart(
  h: TestApp,
  url: string,
  token: string,
  fields: Record<string, string>,
  file?: FilePart,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipart(fields, file);
  return h.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
}

export const tusMetadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
    .join(',');

/** POST /api/files: creates an upload; the answer's Location names it. */
export function tusCreate(
  h: TestApp,
  token: string | null,
  size: number,
  meta: Record<string, string>,
  extra: Record<string, string> = {},
) {
  return h.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': tusMetadata(meta),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extra,
    },
  });
}

export function tusPatch(h: TestApp, token: string, location: string, offset: number, bytes: Uint8Array) {
  return h.app.inject({
    method: 'PATCH',
    url: location,
    payload: Buffer.from(bytes),
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      authorization: `Bearer ${token}`,
    },
  });
}

export function tusHead(h: TestApp, token: string, location: string) {
  return h.app.inject({
    method: 'HEAD',
    url: location,
    headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` },
  });
}

/** Creates and finishes an upload in one go; returns its id. */
export async function tusUpload(
  h: TestApp,
  token: string,
  name: string,
  bytes: Uint8Array | string,
  meta: Record<string, string>,
): Promise<string> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const created = await tusCreate(h, token, data.length, {
    filename: name,
    filetype: 'application/octet-stream',
    ...meta,
  });
  if (created.statusCode !== 201) throw new Error(`tus create ${created.statusCode} ${created.body}`);
  const location = String(created.headers.location);
  if (data.length > 0) {
    const patched = await tusPatch(h, token, location, 0, data);
    if (patched.statusCode !== 204) throw new Error(`tus patch ${patched.statusCode} ${patched.body}`);
  }
  return location.split('/').pop()!;
}

/** Bytes that start like a file of the kind (enough for the magic-number check). */
export const sample = {
  pdf: () => new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
  png: () => Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52),
  jpg: () => Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46),
  zip: () => Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0),
  exe: () => Uint8Array.of(0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0),
};
