// File storage: one interface for the bytes of uploaded and seeded files (docs/decisions.md section 7).
// The database keeps what a file is (name, size, type, owner); the storage keeps its bytes under
// a key. Local disk under DATA_DIR/files is the default; with S3_BUCKET … set, an S3-compatible
// bucket (api/files/s3-storage.ts: put → PutObject/multipart upload, get → GetObject with Range,
// size → HeadObject, delete → DeleteObject, probe → HeadBucket). storageFor picks one.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { s3Storage } from './s3-storage';

/** Inclusive byte range, as HTTP Range requests give it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStorage {
  /** Stores the bytes under the key (replacing what was there) and returns the stored size. */
  put(key: string, data: Readable | Uint8Array): Promise<{ size: number }>;
  /** A stream of the bytes (or of a range of them); FileNotFoundError when the key is unknown. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The size in bytes, or null when the key is unknown. */
  size(key: string): Promise<number | null>;
  /** Removes the key; unknown keys are ignored. */
  delete(key: string): Promise<void>;
  /** Resolves when the storage can be read and written (readiness); rejects naming what fails. */
  probe(): Promise<void>;
}

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no stored file ${key}`);
  }
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of safe segments: no "..", no absolute paths, no odd characters. */
export function assertValidKey(key: string): void {
  if (key.length > 500 || !KEY_PATTERN.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Local disk: key "a/b.pdf" is the file ROOT/a/b.pdf; writes go to a temporary file and are renamed into place. */
export function localDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.part`;
      try {
        const source = data instanceof Readable ? data : Readable.from([Buffer.from(data)]);
        await pipeline(source, fs.createWriteStream(tmp, { flags: 'wx' }));
        await fsp.rename(tmp, file);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      return { size: (await fsp.stat(file)).size };
    },
    async get(key, range) {
      const file = fileOf(key);
      const handle = await fsp.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') throw new FileNotFoundError(key);
        throw err;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async size(key) {
      try {
        const st = await fsp.stat(fileOf(key));
        return st.isFile() ? st.size : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async probe() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
  };
}

/** The storage the configuration names: the bucket of S3_BUCKET …, else local disk under DATA_DIR/files. */
export function storageFor(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, 'files'));
}

/** One line for the start-up output and CLIs: where the files are. */
export function describeStorage(config: Pick<Config, 'dataDir' | 's3'>): string {
  return config.s3
    ? `bucket ${config.s3.bucket} at ${config.s3.endpoint} (S3_BUCKET)`
    : `${path.join(config.dataDir, 'files')} (local disk)`;
}

/** Reads a whole stored file (small files only: seeds, tests). */
export async function readAll(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
