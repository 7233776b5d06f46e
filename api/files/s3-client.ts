// The S3 client of the portal, shared by the file storage (api/files/s3-storage.ts), the uploads
// in progress (api/files/upload-stores.ts) and `npm run storage:migrate`. The SDK is loaded on
// first use only, so a portal without a bucket never pays for it at start.
//
// Settings every S3-compatible store we met accepts (docs/operations.md, "File storage"):
//  - checksums only where an operation requires them: since client-s3 3.729 streamed bodies are
//    sent aws-chunked with a CRC32 trailer, which OpenStack Swift's s3api (and older MinIO and
//    Ceph) refuse;
//  - a Content-MD5 header on DeleteObjects, which S3 requires and the SDK no longer adds when it
//    computes no checksum.
import { createHash } from 'node:crypto';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';

export type S3Sdk = typeof import('@aws-sdk/client-s3');

let sdk: Promise<S3Sdk> | undefined;

export function loadS3Sdk(): Promise<S3Sdk> {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
}

export function s3ClientConfig(s: S3Settings): S3ClientConfig {
  return {
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the call (503 to the user) instead of holding it.
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
  };
}

/** Adds Content-MD5 to DeleteObjects requests of the client (see the top of this file). */
export function addContentMd5(client: Pick<S3Client, 'middlewareStack'>): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (
        context.commandName === 'DeleteObjectsCommand' &&
        request.headers &&
        (typeof request.body === 'string' || request.body instanceof Uint8Array)
      ) {
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'portalContentMd5' },
  );
}

/** A client for the settings (the SDK loaded on first call). */
export async function createS3Client(s: S3Settings): Promise<{ sdk: S3Sdk; client: S3Client }> {
  const loaded = await loadS3Sdk();
  const client = new loaded.S3Client(s3ClientConfig(s));
  addContentMd5(client);
  return { sdk: loaded, client };
}

/** The store answered that the object (or the upload) is not there. */
export function isS3NotFound(err: unknown): boolean {
  const e = err as { name?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  return (
    !!e &&
    (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.name === 'NoSuchUpload') &&
    e.$metadata?.httpStatusCode === 404
  );
}
