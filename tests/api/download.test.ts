// Downloads (/api/download) and signed media addresses (/api/media/…): the bytes are the
// stored file, the ZIP holds every document, the names are in Content-Disposition (UTF-8),
// a file the caller may not see is 403 and logged as type 05.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { crc32 } from '../../api/files/zip';
import { readAll } from '../../api/files/storage';
import { contentDisposition } from '../../api/files/content-disposition';
import { messageIds, operationLogsOf } from '../helpers/api-probe';
import { createTestApp } from '../helpers/test-app';
import {
  contentByTitle,
  daysFromToday,
  fileNameOf,
  FIXTURE_TITLES as T,
  readZip,
  signInAs,
  slash,
  TODAY,
} from '../helpers/portal';
import { nth } from '../helpers/indexing';

t.test('downloads', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const agent2 = await signInAs(h, 'demo-agent2');
  const catalog = await contentByTitle(h, T.catalog);
  const documents = await h.db
    .selectFrom('content_files')
    .select(['file_name', 'stored_key', 'file_size', 'content_type'])
    .where('content_id', '=', catalog.contentId)
    .where('kind', '=', 'file')
    .orderBy('row_no')
    .execute();
  const download = (s: typeof agent, body: Record<string, unknown>) =>
    s.call('/api/download', {
      userId: s.userId,
      agCode: s.agCode,
      pseudoUserId: '',
      pseudoAgCode: '',
      targetDate: '',
      screenName: 'コンテンツ詳細',
      ...body,
    });

  await t.test('one file: the stored bytes with its Japanese name', async (t) => {
    for (const d of documents) {
      const res = await download(agent2, {
        categoryId: catalog.categoryId,
        contentId: catalog.contentId,
        fileName: d.file_name,
      });
      t.equal(res.statusCode, 200, d.file_name);
      t.equal(res.headers['content-type'], d.content_type);
      t.equal(Number(res.headers['content-length']), d.file_size);
      t.same(res.rawPayload, await readAll(h.storage, d.stored_key), 'bytes equal the seeded file');
      t.equal(fileNameOf(res), d.file_name, 'the name from Content-Disposition');
      t.match(
        String(res.headers['content-disposition']),
        /^attachment; filename="downloaded_file\.(pdf|csv)"; filename\*=UTF-8''[%A-Za-z0-9._~!$&+^`|-]+$/,
        'RFC 6266 with an ASCII fallback',
      );
    }
    const pdf = await download(agent2, {
      categoryId: catalog.categoryId,
      contentId: String(catalog.contentId),
      fileName: nth(documents, 0).file_name,
    });
    t.equal(pdf.rawPayload.subarray(0, 8).toString('latin1'), '%PDF-1.4', 'a real PDF');
    t.match(pdf.rawPayload.subarray(-6).toString('latin1'), /%%EOF\n$/);
    const image = await download(agent2, {
      categoryId: catalog.categoryId,
      contentId: catalog.contentId,
      fileName: 'カタログ表紙.png',
    });
    t.equal(image.statusCode, 200, 'an image of the content can be downloaded by its name too');
    t.equal(image.headers['content-type'], 'image/png');
  });

  await t.test('all documents as one streamed ZIP', async (t) => {
    const res = await download(agent2, { categoryId: catalog.categoryId, contentId: catalog.contentId, fileName: '' });
    t.equal(res.statusCode, 200);
    t.equal(res.headers['content-type'], 'application/zip');
    t.equal(res.headers['content-length'], undefined, 'streamed, not buffered');
    t.equal(fileNameOf(res), `${T.catalog}.zip`);
    const entries = readZip(res.rawPayload);
    t.same(
      entries.map((e) => e.name),
      documents.map((d) => d.file_name),
      'every document, by name, in order',
    );
    for (const [i, e] of entries.entries()) {
      const bytes = await readAll(h.storage, nth(documents, i).stored_key);
      t.equal(e.size, nth(documents, i).file_size, `${e.name}: size in the central directory`);
      t.equal(e.crc, crc32(bytes), `${e.name}: CRC`);
      t.same(e.data, bytes, `${e.name}: content`);
    }
    const logs = (await operationLogsOf(h, agent2.userId)).filter((l) => l.operation_type === '05');
    t.same(
      logs.map((l) => l.action_detail),
      ['download', 'download', 'download', 'download', 'download', 'download all (3)'],
      'each download logged as type 05',
    );
    t.equal(nth(logs, 5).generic_field3, '(all)');
    t.equal(nth(logs, 5).from_screen_name, 'コンテンツ詳細');

    if (fs.existsSync('/usr/bin/unzip')) {
      // Another reader agrees: Info-ZIP tests the archive and lists the UTF-8 names.
      const file = path.join(os.tmpdir(), `portal-test-${process.pid}.zip`);
      fs.writeFileSync(file, res.rawPayload);
      const env = { ...process.env, LC_ALL: 'C.UTF-8' };
      t.match(execFileSync('/usr/bin/unzip', ['-t', file], { env }).toString(), /No errors detected/);
      t.same(
        execFileSync('/usr/bin/unzip', ['-Z1', file], { env }).toString().trim().split('\n'),
        documents.map((d) => d.file_name),
        'unzip reads the names',
      );
      fs.rmSync(file);
    }
  });

  await t.test('a ZIP keeps repeated names apart', async (t) => {
    await h.db
      .updateTable('content_files')
      .set({ file_name: '資料.pdf' })
      .where('content_id', '=', catalog.contentId)
      .where('kind', '=', 'file')
      .where('row_no', 'in', [1, 2])
      .execute();
    const entries = readZip(
      (await download(agent, { categoryId: catalog.categoryId, contentId: catalog.contentId, fileName: '' }))
        .rawPayload,
    );
    t.same(
      entries.map((e) => e.name),
      ['資料.pdf', '資料 (2).pdf', '注文書テンプレート.csv'],
    );
    await h.db
      .updateTable('content_files')
      .set({ file_name: nth(documents, 0).file_name })
      .where('content_id', '=', catalog.contentId)
      .where('kind', '=', 'file')
      .where('row_no', '=', 1)
      .execute();
    await h.db
      .updateTable('content_files')
      .set({ file_name: nth(documents, 1).file_name })
      .where('content_id', '=', catalog.contentId)
      .where('kind', '=', 'file')
      .where('row_no', '=', 2)
      .execute();
  });

  await t.test('not visible: 403 and a type 05 log row', async (t) => {
    const sakura = await contentByTitle(h, T.sakuraOnly);
    const before = (await operationLogsOf(h, agent2.userId)).length;
    const res = await download(agent2, {
      categoryId: sakura.categoryId,
      contentId: sakura.contentId,
      fileName: '特別取引条件書_さくら文具様.pdf',
    });
    t.equal(res.statusCode, 403);
    t.same(messageIds(res), ['ERR_0022']);
    t.notOk(res.headers['content-disposition']);
    const logs = await operationLogsOf(h, agent2.userId);
    t.equal(logs.length, before + 1);
    t.match(logs[logs.length - 1], {
      operation_type: '05',
      action_detail: 'refused: not visible',
      generic_field2: String(sakura.contentId),
      generic_field3: '特別取引条件書_さくら文具様.pdf',
      source: 'server',
    });
    t.equal(
      (
        await download(agent, {
          categoryId: sakura.categoryId,
          contentId: sakura.contentId,
          fileName: '特別取引条件書_さくら文具様.pdf',
        })
      ).statusCode,
      200,
      'A0000001 may',
    );

    const expiredWithFiles = await h.db
      .selectFrom('contents as c')
      .innerJoin('content_files as f', 'f.content_id', 'c.content_id')
      .select(['c.content_id', 'c.category_id', 'f.file_name'])
      .where('c.keisai_end', '<', TODAY)
      .where('f.kind', '=', 'file')
      .where('c.display_target', '=', '0')
      .executeTakeFirstOrThrow();
    t.equal(
      (
        await download(agent, {
          categoryId: expiredWithFiles.category_id,
          contentId: expiredWithFiles.content_id,
          fileName: expiredWithFiles.file_name,
        })
      ).statusCode,
      403,
      'out of period',
    );
    const scheduled = await contentByTitle(h, T.scheduled);
    t.equal(
      (
        await download(agent, {
          categoryId: scheduled.categoryId,
          contentId: scheduled.contentId,
          fileName: '',
          targetDate: slash(daysFromToday(10)),
        })
      ).statusCode,
      403,
      'scheduled, whatever date an agent sends',
    );
  });

  await t.test('other failures', async (t) => {
    const missing = await download(agent, {
      categoryId: catalog.categoryId,
      contentId: catalog.contentId,
      fileName: 'ない.pdf',
    });
    t.equal(missing.statusCode, 404);
    t.same(messageIds(missing), ['ERR_0009']);
    const faq = await h.db
      .selectFrom('contents')
      .select(['content_id', 'category_id'])
      .where('category_id', '=', 2)
      .where('display_target', '=', '0')
      .where('keisai_start', '<', TODAY)
      .executeTakeFirstOrThrow();
    t.equal(
      (await download(agent, { categoryId: faq.category_id, contentId: faq.content_id, fileName: '' })).statusCode,
      404,
      'no documents to pack',
    );
    t.equal(
      (await download(agent, { categoryId: catalog.categoryId, contentId: catalog.contentId })).statusCode,
      400,
      'fileName required',
    );
    t.equal(
      (await h.post('/api/download', { systemKbn: '01', categoryId: 1, contentId: catalog.contentId, fileName: '' }))
        .statusCode,
      401,
    );
    t.equal(
      (
        await download(agent, {
          pseudoUserId: agent2.userId,
          categoryId: 1,
          contentId: catalog.contentId,
          fileName: '',
        })
      ).statusCode,
      403,
      'pseudo ids of someone else',
    );
    const key = nth(documents, 2).stored_key;
    const saved = await readAll(h.storage, key);
    await h.storage.delete(key);
    const lost = await download(agent, { categoryId: catalog.categoryId, contentId: catalog.contentId, fileName: '' });
    t.equal(lost.statusCode, 404, 'a stored file gone missing: refused before the ZIP starts');
    await h.storage.put(key, saved);
  });

  await t.test('signed media addresses', async (t) => {
    const detail = (
      await agent.call('/api/ContentsDetail/getContentsDetail', {
        categoryId: catalog.categoryId,
        contentId: catalog.contentId,
      })
    ).json();
    const path: string = detail.contentsTempFileList[2].tempFilePath;
    const ok = await h.app.inject({ method: 'GET', url: path });
    t.equal(ok.statusCode, 200);
    t.equal(ok.headers['accept-ranges'], 'bytes');
    t.same(ok.rawPayload, await readAll(h.storage, nth(documents, 2).stored_key));
    t.equal(ok.headers['content-disposition'], contentDisposition('注文書テンプレート.csv', 'inline'));
    const ranged = await h.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=3-12' } });
    t.equal(ranged.statusCode, 206);
    t.equal(ranged.rawPayload.length, 10);
    t.same(ranged.rawPayload, ok.rawPayload.subarray(3, 13));
    const suffix = await h.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=-5' } });
    t.same(suffix.rawPayload, ok.rawPayload.subarray(-5));
    const bad = await h.app.inject({ method: 'GET', url: path, headers: { range: `bytes=${ok.rawPayload.length}-` } });
    t.equal(bad.statusCode, 416);
    const m = /^\/api\/media\/f(\d+)-(\d+)-(.+)$/.exec(path);
    t.ok(m, 'the address names the file row, its expiry and a signature');
    const otherFile = `/api/media/f${Number(m![1]) - 1}-${m![2]}-${m![3]}`;
    t.equal(
      (await h.app.inject({ method: 'GET', url: otherFile })).statusCode,
      403,
      'another file id under the same signature is refused',
    );
    const longer = `/api/media/f${m![1]}-${Number(m![2]) + 3600}-${m![3]}`;
    t.equal((await h.app.inject({ method: 'GET', url: longer })).statusCode, 403, 'a stretched expiry is refused');
    t.equal((await h.app.inject({ method: 'GET', url: '/api/media/nonsense' })).statusCode, 403);
    const banner = (await agent.call('/api/Banner/getBannerList', { bannerKbn: '02' })).json().bannerListData[0]
      .bannerImgFileName;
    t.equal((await h.app.inject({ method: 'GET', url: banner })).statusCode, 200);
    await h.db.updateTable('banners').set({ deleted_at: new Date() }).where('banner_kbn', '=', '02').execute();
    t.equal(
      (await h.app.inject({ method: 'GET', url: banner })).statusCode,
      404,
      'a removed banner is no longer served, even by a live address',
    );
    // The row behind an address is kept in memory (every page load asks for the same images):
    // a change of it, even in SQL, counts at once.
    const thumb = await h.db
      .selectFrom('thumbnails')
      .select('thumbnail_id')
      .orderBy('thumbnail_id')
      .executeTakeFirstOrThrow();
    const thumbPath = h.app.mediaUrls.pathFor({ kind: 'thumbnail', id: thumb.thumbnail_id });
    t.equal((await h.app.inject({ method: 'GET', url: thumbPath })).statusCode, 200);
    await h.db
      .updateTable('thumbnails')
      .set({ stored_key: 'gone/nowhere.png' })
      .where('thumbnail_id', '=', thumb.thumbnail_id)
      .execute();
    t.equal(
      (await h.app.inject({ method: 'GET', url: thumbPath })).statusCode,
      404,
      'a thumbnail row changed in SQL is read again',
    );
    await h.db.deleteFrom('content_files').where('stored_key', '=', nth(documents, 2).stored_key).execute();
    t.equal(
      (await h.app.inject({ method: 'GET', url: path })).statusCode,
      404,
      'a file removed from its content is no longer served',
    );
    h.clock.advance(3 * 3600_000);
    t.equal((await h.app.inject({ method: 'GET', url: path })).statusCode, 403, 'an address expires within two hours');
    h.clock.advance(-3 * 3600_000);
  });
});
