// Where resumable uploads in progress keep their bytes (api/files/uploads.ts): a tus datastore
// plus the few reads the portal makes of a finished upload (its first bytes for the content check,
// the whole stream to store it), its removal, and the sweep of expired ones.
//  - local disk: @tus/file-store under DATA_DIR/uploads (one instance; the default);
//  - the bucket: @tus/s3-store under "uploads/" (beside "files/", api/files/s3-storage.ts), so a
//    chunk may land on any instance. Its metadata is read from the bucket on every call (no
//    per-instance cache: another instance may have written the upload since).
// Expiry (docs/operations.md, "File storage"): an upload not finished within UPLOAD_EXPIRY_MS is
// removed by the hourly sweep; in the bucket the sweep also removes finished uploads that no
// save attached within that time (their bytes would otherwise stay for good).
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { DataStore, KvStore } from '@tus/server';
import { FileStore } from '@tus/file-store';
import type { MetadataValue } from '@tus/s3-store';
import type { S3Settings } from '../config';
import { addContentMd5, createS3Client, isS3NotFound, s3ClientConfig } from './s3-client';
import { StorageUnavailableError } from './storage-availability';

export interface UploadBytes {
  datastore: DataStore;
  /** The bytes of a finished upload. */
  open(id: string): Promise<Readable>;
  /** Its first bytes (fewer when it is shorter). */
  head(id: string, bytes: number): Promise<Uint8Array>;
  /** Forgets the upload and its bytes; unknown ids are ignored. */
  remove(id: string): Promise<void>;
  /** Removes uploads expired at `now` (see the top of this file; local disk: tus's own clock); resolves to how many. */
  sweep(now?: number): Promise<number>;
}

/** Uploads under a directory of the local disk (DATA_DIR/uploads). */
export function localUploadBytes(dir: string, expiryMs: number): UploadBytes {
  fs.mkdirSync(dir, { recursive: true });
  const store = new FileStore({ directory: dir, expirationPeriodInMilliseconds: expiryMs });
  return {
    datastore: store,
    async open(id) {
      return fs.createReadStream(path.join(dir, id));
    },
    async head(id, bytes) {
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
      await store.remove(id).catch(() => undefined);
    },
    sweep: () => store.deleteExpired(),
  };
}

/** Where the uploads in progress are in the bucket. */
export const UPLOADS_PREFIX = 'uploads/';

/** No cache of upload metadata: every instance reads what the bucket holds now. */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/**
 * Puts every key the tus store uses under the prefix (it names objects by the upload id alone),
 * and takes it off again where keys come back (ListMultipartUploads).
 */
function addKeyPrefix(client: Pick<S3Client, 'middlewareStack'>, prefix: string): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = { ...(args.input as Record<string, unknown>) };
      if (typeof input.Key === 'string') input.Key = prefix + input.Key;
      const del = input.Delete as { Objects?: Array<{ Key?: string }> } | undefined;
      if (del?.Objects)
        input.Delete = { ...del, Objects: del.Objects.map((o) => ({ ...o, Key: prefix + (o.Key ?? '') })) };
      const listing = context.commandName === 'ListMultipartUploadsCommand';
      if (listing) {
        input.Prefix = prefix;
        if (typeof input.KeyMarker === 'string') input.KeyMarker = prefix + input.KeyMarker;
      }
      const result = await next({ ...args, input });
      if (listing) {
        const out = result.output as { Uploads?: Array<{ Key?: string }>; NextKeyMarker?: string };
        out.Uploads = out.Uploads?.map((u) => ({ ...u, Key: u.Key?.slice(prefix.length) }));
        if (out.NextKeyMarker) out.NextKeyMarker = out.NextKeyMarker.slice(prefix.length);
      }
      return result;
    },
    { step: 'initialize', name: 'portalUploadKeyPrefix' },
  );
}

/** Uploads in the bucket (loads the SDK and @tus/s3-store). */
export async function bucketUploadBytes(settings: S3Settings, expiryMs: number): Promise<UploadBytes> {
  const { S3Store } = await import('@tus/s3-store');
  const { sdk, client } = await createS3Client(settings);
  const bucket = settings.bucket;

  class PortalS3Store extends S3Store {
    constructor() {
      // The expiry is the sweep's below; tags (Tus-Completed) are off: not every store has them.
      super({ s3ClientConfig: { ...s3ClientConfig(settings), bucket }, cache: noCache, useTags: false });
      addKeyPrefix(this.client, UPLOADS_PREFIX);
      addContentMd5(this.client);
    }
  }
  const store = new PortalS3Store();
  const objectOf = (id: string) => UPLOADS_PREFIX + id;
  const failed = (operation: string) => (err: unknown) => {
    throw new StorageUnavailableError(operation, err);
  };

  const remove = async (id: string) => {
    // Aborts a multipart upload still open; a finished one leaves its objects (the tus store
    // stops at the missing multipart upload), so they are deleted here one by one.
    await store.remove(id).catch(() => undefined);
    for (const key of [id, `${id}.info`, `${id}.part`]) {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectOf(key) })).catch((err: unknown) => {
        if (!isS3NotFound(err)) throw new StorageUnavailableError(`DELETE ${objectOf(key)}`, err);
      });
    }
  };

  return {
    datastore: store,
    async open(id) {
      const out = await client
        .send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectOf(id) }))
        .catch(failed(`GET ${objectOf(id)}`));
      return out.Body as Readable;
    },
    async head(id, bytes) {
      try {
        const out = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: objectOf(id), Range: `bytes=0-${bytes - 1}` }),
        );
        return new Uint8Array(await out.Body!.transformToByteArray());
      } catch (err) {
        // An empty upload has no first byte to range over.
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416)
          return new Uint8Array();
        throw new StorageUnavailableError(`GET ${objectOf(id)}`, err);
      }
    },
    remove,
    async sweep(now = Date.now()) {
      // Every upload has its "<id>.info", written when it was created.
      const before = now - expiryMs;
      const expired: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: UPLOADS_PREFIX, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) {
          const name = (o.Key ?? '').slice(UPLOADS_PREFIX.length);
          if (name.endsWith('.info') && o.LastModified && o.LastModified.getTime() < before)
            expired.push(name.slice(0, -'.info'.length));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      for (const id of expired) await remove(id);
      return expired.length;
    },
  };
}
