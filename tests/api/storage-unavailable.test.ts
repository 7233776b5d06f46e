// A file storage that cannot be reached (the bucket's endpoint refuses connections) is not a
// fault of the user's call: downloads, "download all" and signed media answer 503 ERR_SYS001
// with Retry-After, as an unavailable database does, and nothing lands in error_logs; once the
// store answers again the same calls succeed. The unreachable store is a real S3 client aimed at
// a closed port (api/files/s3-storage.ts), so the SDK's own connection error is what is judged.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { s3Storage } from '../../api/files/s3-storage';
import { localDiskStorage, type FileStorage } from '../../api/files/storage';
import { messageIds } from '../helpers/api-probe';
import { contentByTitle, FIXTURE_TITLES as T, signInAs } from '../helpers/portal';
import { createTestApp } from '../helpers/test-app';

t.test('an unreachable file storage answers 503, not 500', async (t) => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-storage-away-'));
  t.teardown(() => fs.rm(root, { recursive: true, force: true }));
  const disk = localDiskStorage(root);
  const away = s3Storage({
    endpoint: 'http://127.0.0.1:9',
    bucket: 'portal-files',
    region: 'us-east-1',
    accessKeyId: 'k',
    secretAccessKey: 's',
    forcePathStyle: true,
  });
  let reachable = true;
  const pick = () => (reachable ? disk : away);
  const storage: FileStorage = {
    put: (k, d) => pick().put(k, d),
    get: (k, r) => pick().get(k, r),
    size: (k) => pick().size(k),
    delete: (k) => pick().delete(k),
    probe: () => pick().probe(),
  };
  const h = await createTestApp({ storage });
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const catalog = await contentByTitle(h, T.catalog);
  const detail = (
    await agent.call('/api/ContentsDetail/getContentsDetail', {
      categoryId: catalog.categoryId,
      contentId: catalog.contentId,
    })
  ).json();
  const file = detail.contentsTempFileList[0];
  const download = (fileName: string) =>
    agent.call('/api/download', {
      userId: agent.userId,
      agCode: agent.agCode,
      pseudoUserId: '',
      pseudoAgCode: '',
      targetDate: '',
      screenName: 'コンテンツ詳細',
      categoryId: catalog.categoryId,
      contentId: catalog.contentId,
      fileName,
    });
  const errorLogs = async () =>
    (
      await h.db
        .selectFrom('error_logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  t.equal((await download(file.tempFileName)).statusCode, 200, 'reachable: the file');
  const logsBefore = await errorLogs();

  reachable = false;
  for (const [what, res] of [
    ['one file', await download(file.tempFileName)],
    ['download all (ZIP)', await download('')],
    ['a signed media address', await h.app.inject({ method: 'GET', url: file.tempFilePath })],
    [
      'a signed media address by range',
      await h.app.inject({ method: 'GET', url: file.tempFilePath, headers: { range: 'bytes=0-3' } }),
    ],
  ] as const) {
    t.equal(res.statusCode, 503, what);
    t.same(messageIds(res), ['ERR_SYS001'], `${what}: try again later`);
    t.equal(res.headers['retry-after'], '5', `${what}: Retry-After`);
  }
  t.equal(await errorLogs(), logsBefore, 'not stored as a server fault');

  reachable = true;
  t.equal((await download(file.tempFileName)).statusCode, 200, 'back: the same call succeeds');
  t.equal(
    (await h.app.inject({ method: 'GET', url: file.tempFilePath, headers: { range: 'bytes=0-3' } })).statusCode,
    206,
  );
});
