// The storage contract (api/files/storage.ts): the same checks on local disk, always, and on an
// S3-compatible bucket (api/files/s3-storage.ts) when S3_TEST_ENDPOINT names one: put, get whole
// and by range (exactly those bytes, also across multipart parts), size, delete, replacing, a
// streamed large put, and a probe that fails naming what is wrong.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import t, { type Test } from 'tap';
import { s3Storage } from '../../api/files/s3-storage';
import { FileNotFoundError, localDiskStorage, readAll, storageFor, type FileStorage } from '../../api/files/storage';
import { isStorageUnavailable } from '../../api/files/storage-availability';
import { S3_SKIP_REASON, testS3Settings } from '../helpers/s3';

const MiB = 1024 * 1024;

/** A deterministic stream of `size` bytes in chunks of 64 KiB (never all in memory). */
function generated(
  size: number,
  seed: number,
): { stream: () => Readable; sha256: string; slice: (a: number, b: number) => Buffer } {
  const block = Buffer.alloc(64 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = (i * 31 + seed) & 0xff;
  const byteAt = (n: number) => block.readUInt8(n % block.length);
  const hash = createHash('sha256');
  for (let done = 0; done < size; done += block.length)
    hash.update(block.subarray(0, Math.min(block.length, size - done)));
  return {
    sha256: hash.digest('hex'),
    slice: (a, b) => Buffer.from(Array.from({ length: b - a + 1 }, (_, i) => byteAt(a + i))),
    stream: () =>
      Readable.from(
        (function* () {
          for (let done = 0; done < size; done += block.length)
            yield Buffer.from(block.subarray(0, Math.min(block.length, size - done)));
        })(),
      ),
  };
}

async function sha256Of(stream: Readable): Promise<{ hex: string; length: number }> {
  const h = createHash('sha256');
  let length = 0;
  for await (const chunk of stream) {
    h.update(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return { hex: h.digest('hex'), length };
}

function contract(t: Test, storage: FileStorage, base: string) {
  const key = (name: string) => `${base}/${name}`;

  t.test('put, get, size, delete', async (t) => {
    const bytes = Buffer.from('代理店ポータル storage contract 0123456789', 'utf8');
    t.same(await storage.put(key('a/one.txt'), bytes), { size: bytes.length }, 'put answers the stored size');
    t.same(await readAll(storage, key('a/one.txt')), bytes, 'get answers the same bytes');
    t.equal(await storage.size(key('a/one.txt')), bytes.length);
    t.equal(await storage.size(key('a/none.txt')), null, 'size of an unknown key is null');
    const missing = await storage.get(key('a/none.txt')).catch((e: unknown) => e);
    t.ok(missing instanceof FileNotFoundError, 'get of an unknown key is FileNotFoundError');

    const other = Buffer.from('replaced');
    await storage.put(key('a/one.txt'), other);
    t.same(await readAll(storage, key('a/one.txt')), other, 'a put replaces what was there');

    await storage.delete(key('a/one.txt'));
    t.equal(await storage.size(key('a/one.txt')), null, 'deleted');
    await storage.delete(key('a/one.txt')); // unknown keys are ignored
    await t.rejects(storage.put('../escape.txt', bytes), /invalid storage key/, 'keys are checked');
  });

  t.test('ranges: exactly those bytes', async (t) => {
    const bytes = randomBytes(1000);
    await storage.put(key('range.bin'), bytes);
    for (const [start, end] of [
      [0, 0],
      [3, 12],
      [500, 999],
      [999, 999],
    ] as const) {
      const got = Buffer.concat(await (await storage.get(key('range.bin'), { start, end })).toArray());
      t.same(got, bytes.subarray(start, end + 1), `bytes ${start}-${end}`);
    }
    await storage.delete(key('range.bin'));
  });

  t.test('a large file streamed in (multipart in a bucket), read back whole and across a part boundary', async (t) => {
    const size = 17 * MiB + 12345; // three 8 MiB parts in a bucket
    const data = generated(size, 7);
    const { size: stored } = await storage.put(key('large/video.webm'), data.stream());
    t.equal(stored, size, 'the stored size');
    t.equal(await storage.size(key('large/video.webm')), size);
    const whole = await sha256Of(await storage.get(key('large/video.webm')));
    t.same(whole, { hex: data.sha256, length: size }, 'the same bytes');
    const boundary = 8 * MiB;
    const got = Buffer.concat(
      await (await storage.get(key('large/video.webm'), { start: boundary - 5, end: boundary + 4 })).toArray(),
    );
    t.same(got, data.slice(boundary - 5, boundary + 4), 'ten bytes around the first part boundary');
    await storage.delete(key('large/video.webm'));
  });

  t.test('a failing source fails the put and leaves nothing', async (t) => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024, 1);
        throw new Error('the source broke');
      })(),
    );
    await t.rejects(storage.put(key('broken.bin'), failing));
    t.equal(await storage.size(key('broken.bin')), null);
  });

  t.test('probe', async (t) => {
    await storage.probe();
    t.pass('resolves when the storage answers');
  });
}

t.test('local disk', async (t) => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-storage-contract-'));
  t.teardown(() => fs.rm(root, { recursive: true, force: true }));
  contract(t, localDiskStorage(root), 'contract');

  t.test('probe names what fails', async (t) => {
    const file = path.join(root, 'a-file');
    await fs.writeFile(file, 'x');
    await t.rejects(
      localDiskStorage(path.join(file, 'files')).probe(),
      /ENOTDIR|EEXIST/,
      'a root that cannot be a directory',
    );
  });
  t.equal(
    (storageFor({ dataDir: root, s3: undefined }) as { bucket?: string }).bucket,
    undefined,
    'without S3_ settings: local disk',
  );
});

const s3 = testS3Settings();
t.test('S3-compatible bucket', { skip: s3 ? false : S3_SKIP_REASON }, async (t) => {
  const settings = s3!;
  const storage = s3Storage(settings, { prefix: `test-contract/${randomUUID()}/` });
  contract(t, storage, 'contract');
  t.equal(
    (storageFor({ dataDir: '/nonexistent', s3: settings }) as { bucket?: string }).bucket,
    settings.bucket,
    'with S3_ settings: the bucket',
  );

  t.test(
    'probe and calls fail naming the cause: a wrong bucket, a wrong secret, an endpoint that does not answer',
    async (t) => {
      const wrongBucket = s3Storage({ ...settings, bucket: 'no-such-bucket-here' });
      await t.rejects(wrongBucket.probe(), /no-such-bucket-here.*no such bucket/, 'the bucket is named');
      const wrongSecret = s3Storage({ ...settings, secretAccessKey: 'wrong' });
      await t.rejects(wrongSecret.probe(), /HTTP 403.*S3_SECRET_ACCESS_KEY/, 'the credentials are named');
      const nobody = s3Storage({ ...settings, endpoint: 'http://127.0.0.1:9' });
      await t.rejects(nobody.probe(), /127\.0\.0\.1:9.*ECONNREFUSED/, 'the endpoint is named');
      const err = await nobody.get('contract/x.pdf').catch((e: unknown) => e);
      t.ok(isStorageUnavailable(err), 'a read of an unreachable store is "storage unavailable" (503), not a fault');
      t.ok(isStorageUnavailable(await nobody.size('contract/x.pdf').catch((e: unknown) => e)));
    },
  );
});
