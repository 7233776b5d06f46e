// The portal with its files in an S3-compatible bucket (S3_TEST_ENDPOINT; .ci/services/s3.sh
// starts one): a resumable upload sent by tus in several chunks lives in the bucket while in
// progress (@tus/s3-store, api/files/upload-stores.ts), a notice registered with it stores the
// file in the bucket, and an agent downloads it whole and reads a range of it (206, exactly those
// bytes, across the 5 MiB boundary of the upload's first multipart part). On PostgreSQL the
// upload's lock is the advisory lock every instance shares (api/files/upload-locker.ts).
import { createHash } from 'node:crypto';
import t from 'tap';
import { createS3Client } from '../../api/files/s3-client';
import { AdvisoryLocker } from '../../api/files/upload-locker';
import { bucketUploadBytes, UPLOADS_PREFIX } from '../../api/files/upload-stores';
import { UPLOAD_EXPIRY_MS } from '../../api/files/uploads';
import { s3Storage } from '../../api/files/s3-storage';
import { readAll } from '../../api/files/storage';
import { signInAs } from '../helpers/portal';
import { s3Env, S3_SKIP_REASON, testS3Settings } from '../helpers/s3';
import { createTestApp } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-db';
import { sample, tusCreate, tusHead, tusPatch, tusUpload } from '../helpers/uploads';
import { nth } from '../helpers/indexing';

const s3 = testS3Settings();
const MiB = 1024 * 1024;

t.test(
  'files in a bucket: tus in chunks, register, download whole and by range',
  { skip: s3 ? false : S3_SKIP_REASON },
  async (t) => {
    const settings = s3!;
    const storage = s3Storage(settings, { prefix: 'test-api/files/' });
    const database = await openTestDatabase(); // migrated, empty: the demo data and its files are seeded into the bucket
    const locker = database.url ? new AdvisoryLocker({ connectionString: database.url }) : undefined;
    const h = await createTestApp({ database, storage, env: s3Env(settings), uploadLocker: locker });
    t.teardown(async () => {
      await h.close();
      await locker?.close();
    });
    const provider = (await h.signIn('demo-provider')).token;
    const { sdk, client } = await createS3Client(settings);
    t.teardown(() => client.destroy());
    /** Whether the bucket holds the object (looked at directly, not through the portal). */
    const inBucket = (key: string) =>
      client.send(new sdk.HeadObjectCommand({ Bucket: settings.bucket, Key: key })).then(
        () => true,
        (err: { $metadata?: { httpStatusCode?: number } }) =>
          err.$metadata?.httpStatusCode === 404 ? false : Promise.reject(err),
      );
    const meta = { agcode: 'P0000001', userid: '0000000001' };

    // A PDF of 6 MiB and a bit, sent in four chunks (the first parts are smaller than the 5 MiB an S3 part needs).
    const size = 6 * MiB + 4321;
    const data = Buffer.alloc(size);
    Buffer.from(sample.pdf()).copy(data);
    for (let i = 64; i < size; i++) data[i] = (i * 7 + (i >> 11)) & 0xff;
    const created = await tusCreate(h, provider, size, {
      filename: '大容量カタログ.pdf',
      filetype: 'application/pdf',
      ...meta,
    });
    t.equal(created.statusCode, 201, created.body);
    const location = String(created.headers.location);
    const uploadId = location.split('/').pop()!;
    const cuts = [0, 2 * MiB, 4 * MiB, 5 * MiB + 17, size];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const res = await tusPatch(h, provider, location, nth(cuts, i), data.subarray(cuts[i], cuts[i + 1]));
      t.equal(res.statusCode, 204, `chunk ${i + 1}: ${res.body}`);
      t.equal(res.headers['upload-offset'], String(cuts[i + 1]));
      if (i === 0) {
        t.equal(
          (await tusHead(h, provider, location)).headers['upload-offset'],
          String(cuts[1]),
          'the offset is read back from the bucket',
        );
        t.match(await h.app.uploads.facts(uploadId), { complete: false, offset: cuts[1], size });
        t.ok(await inBucket(`${UPLOADS_PREFIX}${uploadId}.info`), 'the upload in progress lives in the bucket');
        t.ok(
          await inBucket(`${UPLOADS_PREFIX}${uploadId}.part`),
          'its first chunk too (shorter than a part: waiting for the next)',
        );
      }
    }
    t.match(
      await h.app.uploads.facts(uploadId),
      { complete: true, size, fileName: '大容量カタログ.pdf' },
      'finished in the bucket',
    );
    const thumb = await tusUpload(h, provider, 'サムネイル.png', sample.png(), meta);

    const init = (
      await h.post(
        '/api/ContentsReg/getInitialDisplayData',
        { systemKbn: '01', contentsCategoryId: '1' },
        { token: provider },
      )
    ).json().initialDisplayData;
    const reg = await h.post(
      '/api/ContentsReg/RegContents',
      {
        systemKbn: '01',
        contentsCategoryId: '1',
        subCategoryId: init.subCategoryList[0].subCategoryId,
        keisaiKikanStart: '2026-11-01',
        keisaiKikanEnd: '9999-12-31',
        jyuyoFlg: false,
        lastUpdate: '2026-11-20',
        title: 'バケットに保存した大容量カタログ',
        hyojiTaisho: '0',
        body: '<p>カタログです。</p>',
        contentsLinkList: [],
        contentsTempFileList: [{ rowNo: 1, fileName: '大容量カタログ.pdf', size, uploadId, isUpload: true }],
        contentsTempFileExp: '',
        contentsImgList: [],
        kensakuTagList: [{ ...init.kensakuTagList[0], isChecked: true }],
        kanriTag: '',
        thumbnailFileList: [{ rowNo: 1, fileName: 'サムネイル.png', size: 16, uploadId: thumb, isUpload: true }],
      },
      { token: provider },
    );
    t.equal(reg.statusCode, 200, reg.body);
    const contentId = Number(reg.json().contentsId);
    const row = await h.db
      .selectFrom('content_files')
      .select(['stored_key', 'file_size'])
      .where('content_id', '=', contentId)
      .where('kind', '=', 'file')
      .executeTakeFirstOrThrow();
    t.teardown(() => storage.delete(row.stored_key));
    t.equal(await storage.size(row.stored_key), size, 'the file is in the bucket');
    t.same(
      createHash('sha256')
        .update(await readAll(storage, row.stored_key))
        .digest('hex'),
      createHash('sha256').update(data).digest('hex'),
      'byte for byte',
    );
    t.equal(await h.app.uploads.facts(uploadId), null, 'the upload is removed once attached');
    for (const suffix of ['', '.info', '.part'])
      t.notOk(
        await inBucket(`${UPLOADS_PREFIX}${uploadId}${suffix}`),
        `no object uploads/<id>${suffix} is left in the bucket`,
      );

    const agent = await signInAs(h, 'demo-agent');
    const detail = (await agent.call('/api/ContentsDetail/getContentsDetail', { categoryId: 1, contentId })).json();
    const file = detail.contentsTempFileList[0];
    const whole = await agent.call('/api/download', {
      userId: agent.userId,
      agCode: agent.agCode,
      pseudoUserId: '',
      pseudoAgCode: '',
      targetDate: '',
      categoryId: 1,
      contentId,
      fileName: file.tempFileName,
    });
    t.equal(whole.statusCode, 200);
    t.equal(Number(whole.headers['content-length']), size);
    t.ok(whole.rawPayload.equals(data), 'downloaded whole: the same bytes');

    const [start, end] = [5 * MiB - 6, 5 * MiB + 5];
    const ranged = await h.app.inject({
      method: 'GET',
      url: file.tempFilePath,
      headers: { range: `bytes=${start}-${end}` },
    });
    t.equal(ranged.statusCode, 206);
    t.equal(ranged.headers['content-range'], `bytes ${start}-${end}/${size}`);
    t.ok(ranged.rawPayload.equals(data.subarray(start, end + 1)), 'exactly those bytes');
    const tail = await h.app.inject({ method: 'GET', url: file.tempFilePath, headers: { range: 'bytes=-10' } });
    t.equal(tail.statusCode, 206);
    t.ok(tail.rawPayload.equals(data.subarray(size - 10)), 'the last ten bytes');

    // An upload left unfinished expires: the hourly sweep, a day on, aborts it and deletes its objects.
    const left = await tusCreate(h, provider, 2 * MiB, {
      filename: '途中で止めた.pdf',
      filetype: 'application/pdf',
      ...meta,
    });
    const leftId = String(left.headers.location).split('/').pop()!;
    t.equal((await tusPatch(h, provider, String(left.headers.location), 0, data.subarray(0, MiB))).statusCode, 204);
    const sweeper = await bucketUploadBytes(settings, UPLOAD_EXPIRY_MS);
    await sweeper.sweep(Date.now() + 60_000);
    t.ok(await inBucket(`${UPLOADS_PREFIX}${leftId}.info`), 'within the day it is kept');
    t.ok((await sweeper.sweep(Date.now() + UPLOAD_EXPIRY_MS + 60_000)) >= 1, 'a day later it is swept');
    for (const suffix of ['', '.info', '.part'])
      t.notOk(await inBucket(`${UPLOADS_PREFIX}${leftId}${suffix}`), `uploads/<id>${suffix} is gone`);
    t.equal(await h.app.uploads.facts(leftId), null, 'and the portal no longer knows it');
  },
);
