// File storage in an S3-compatible bucket (Amazon S3, MinIO, Ceph, OpenStack Swift with s3api,
// Cloudflare R2): the FileStorage calls of api/files/storage.ts on the objects under a prefix
// ("files/": the bucket mirrors DATA_DIR, whose uploads in progress are under "uploads/").
//  - put streams the bytes: one PutObject for a small file, a multipart upload (8 MiB parts, two
//    in flight) for a large one, so memory stays bounded whatever the size;
//  - get is a GetObject, with `Range: bytes=a-b` for a range (the store answers exactly those bytes);
//  - size is a HeadObject (null when there is no such object), delete a DeleteObject;
//  - probe is a HeadBucket, naming what fails (address, credentials, bucket).
// Any failure of the store but "no such object" is a StorageUnavailableError: 503 to the user
// (api/plugins/errors.ts), never a 500.
import { Readable, Transform } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { createS3Client, isS3NotFound, type S3Sdk } from './s3-client';
import { assertValidKey, FileNotFoundError, type ByteRange, type FileStorage } from './storage';
import { describeCause, StorageUnavailableError } from './storage-availability';

/** Where the stored files are in the bucket (`npm run storage:migrate` copies DATA_DIR/files there). */
export const FILES_PREFIX = 'files/';
const PART_SIZE = 8 * 1024 * 1024;

export function s3Storage(
  settings: S3Settings,
  opts: { prefix?: string } = {},
): FileStorage & { readonly bucket: string } {
  const prefix = opts.prefix ?? FILES_PREFIX;
  const bucket = settings.bucket;
  let loaded: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const s3 = () => (loaded ??= createS3Client(settings));
  const objectOf = (key: string) => {
    assertValidKey(key);
    return prefix + key;
  };
  const unavailable = (operation: string, key: string) => (err: unknown) => {
    throw err instanceof FileNotFoundError ? err : new StorageUnavailableError(`${operation} ${prefix}${key}`, err);
  };

  return {
    bucket,
    async put(key, data) {
      const Key = objectOf(key);
      const { client } = await s3().catch(unavailable('PUT', key));
      const { Upload } = await import('@aws-sdk/lib-storage');
      let size = 0;
      let body: Readable | Buffer;
      if (data instanceof Readable) {
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(null, chunk);
          },
        });
        // A failing source fails the upload (pipe does not forward errors by itself).
        data.once('error', (err) => counter.destroy(err));
        body = data.pipe(counter);
      } else {
        body = Buffer.from(data);
        size = body.length;
      }
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key, Body: body },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done().catch(unavailable('PUT', key));
      return { size };
    },
    async get(key, range?: ByteRange) {
      const Key = objectOf(key);
      const { sdk, client } = await s3().catch(unavailable('GET', key));
      try {
        const out = await client.send(
          new sdk.GetObjectCommand({
            Bucket: bucket,
            Key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return out.Body as Readable;
      } catch (err) {
        if (isS3NotFound(err)) throw new FileNotFoundError(key);
        throw new StorageUnavailableError(`GET ${Key}`, err);
      }
    },
    async size(key) {
      const Key = objectOf(key);
      const { sdk, client } = await s3().catch(unavailable('HEAD', key));
      try {
        const out = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key }));
        return out.ContentLength ?? 0;
      } catch (err) {
        if (isS3NotFound(err)) return null;
        throw new StorageUnavailableError(`HEAD ${Key}`, err);
      }
    },
    async delete(key) {
      const Key = objectOf(key);
      const { sdk, client } = await s3().catch(unavailable('DELETE', key));
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (err) {
        if (!isS3NotFound(err)) throw new StorageUnavailableError(`DELETE ${Key}`, err);
      }
    },
    async probe() {
      const where = `bucket "${bucket}" at ${settings.endpoint}`;
      const { sdk, client } = await s3().catch((err: unknown) => {
        throw new StorageUnavailableError(`HEAD ${where}`, err);
      });
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const reason = status === 404 ? 'no such bucket (S3_BUCKET)' : describeCause(err);
        throw new StorageUnavailableError(`HEAD ${where}`, new Error(reason));
      }
    },
  };
}
