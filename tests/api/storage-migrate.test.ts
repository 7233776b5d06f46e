// npm run storage:migrate (api/files/storage-migrate.ts): the files of DATA_DIR/files are copied
// key by key; a second run copies nothing (same size: skipped); a run that failed half-way is
// finished by running it again; a file changed since is copied again. Into a local directory
// always, and into the test bucket when S3_TEST_ENDPOINT names one.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { s3Storage } from '../../api/files/s3-storage';
import { localDiskStorage, readAll, type FileStorage } from '../../api/files/storage';
import { migrateFiles, progressLine, summaryLine } from '../../api/files/storage-migrate';
import { S3_SKIP_REASON, testS3Settings } from '../helpers/s3';

async function scenario(t: Test, target: FileStorage) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-migrate-src-'));
  t.teardown(() => fs.rm(root, { recursive: true, force: true }));
  const files: Record<string, Buffer> = {
    'contents/1/file/a.pdf': randomBytes(3000),
    'contents/1/img/b.png': randomBytes(10),
    'icon-menu/icon-01.png': randomBytes(700),
    'seed/empty.csv': Buffer.alloc(0),
  };
  for (const [key, bytes] of Object.entries(files)) {
    await fs.mkdir(path.join(root, path.dirname(key)), { recursive: true });
    await fs.writeFile(path.join(root, key), bytes);
  }
  // A temporary file of an interrupted write is not a stored file.
  await fs.writeFile(path.join(root, 'contents/1/file', `a.pdf.${randomUUID()}.part`), 'half');

  // The first run fails on one file (the store refused it): the others are copied.
  let refuse = 'contents/1/img/b.png';
  const flaky: FileStorage = {
    ...target,
    put: (k, d) => (k === refuse ? Promise.reject(new Error('refused')) : target.put(k, d)),
  };
  const seen: string[] = [];
  const first = await migrateFiles(root, flaky, { onProgress: (p) => seen.push(progressLine(p, 10)) });
  t.match(first, { total: 4, copied: 3, skipped: 0, failed: 1, bytes: 3700 });
  t.same(
    first.failures.map((f) => f.key),
    ['contents/1/img/b.png'],
  );
  t.equal(seen.at(-1), '[##########] 100% 4/4 files, 3.6 KiB copied', 'the progress ends full');
  t.equal(summaryLine(first), 'storage:migrate: 4 files, 3 copied (3.6 KiB), 0 already in the bucket, 1 failed');

  refuse = '';
  const second = await migrateFiles(root, flaky);
  t.match(second, { total: 4, copied: 1, skipped: 3, failed: 0 }, 'run again: only what is missing');
  for (const [key, bytes] of Object.entries(files)) t.same(await readAll(target, key), bytes, key);

  t.match(await migrateFiles(root, target), { copied: 0, skipped: 4 }, 'a third run copies nothing');
  const changed = randomBytes(3001);
  await fs.writeFile(path.join(root, 'contents/1/file/a.pdf'), changed);
  t.match(await migrateFiles(root, target), { copied: 1, skipped: 3 }, 'a file whose size changed is copied again');
  t.same(await readAll(target, 'contents/1/file/a.pdf'), changed);
}

t.test('into a local directory', async (t) => {
  const dest = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-migrate-dst-'));
  t.teardown(() => fs.rm(dest, { recursive: true, force: true }));
  await scenario(t, localDiskStorage(dest));
});

const s3 = testS3Settings();
t.test('into the bucket', { skip: s3 ? false : S3_SKIP_REASON }, async (t) => {
  await scenario(t, s3Storage(s3!, { prefix: `test-migrate/${randomUUID()}/` }));
});
