// Resumable uploads at /api/files (tus) and attaching them to a record: the token and the
// metadata are checked, an interrupted upload resumes where it stopped, and the server refuses
// a forbidden extension, an oversize file, content that does not match its extension and a
// duplicate name even when the browser is bypassed.
import { createHash } from 'node:crypto';
import http from 'node:http';
import t from 'tap';
import { attachUploads, readUpload, saveWithUploads, type AttachRequest } from '../../api/files/attach';
import { readAll } from '../../api/files/storage';
import { resolveCaller } from '../../api/plugins/auth';
import type { FormDefinition } from '../../schemas/meta/types';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sample, tusCreate, tusHead, tusMetadata, tusPatch, tusUpload } from '../helpers/uploads';
import { nth } from '../helpers/indexing';

const msg = (messageId: string, ...args: string[]) => ({ messageId, args });
const messagesOf = (res: { json(): unknown }) => (res.json() as { messages: unknown[] }).messages;

/** A form with an attachment list, as content forms will have (spec 001 section 5). */
const ATTACHMENTS: FormDefinition = {
  id: 'test-attachments',
  title: '添付ファイル',
  permission: { categoryId: 103 },
  uiSchema: {},
  schema: {
    type: 'object',
    properties: {
      contentsTempFileList: { type: 'array', items: { type: 'object', properties: { fileName: { type: 'string' } } } },
    },
  },
  rules: [
    {
      rule: 'fileExtension',
      field: 'contentsTempFileList',
      extensions: ['pdf', 'docx', 'xlsx', 'txt', 'pptx'],
      message: 'ERR_0027',
    },
    { rule: 'fileSize', field: 'contentsTempFileList', message: 'ERR_0024', args: ['{maxFileSizeMB}'] },
    { rule: 'fileName', field: 'contentsTempFileList', message: 'ERR_0025', args: ['ファイル名'] },
    { rule: 'fileDuplicate', field: 'contentsTempFileList', message: 'ERR_0017', args: ['ファイル名'] },
  ],
};

t.test('resumable uploads', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const admin = (await h.signIn('demo-agadmin')).token; // 0000000002 of A0000001
  const agent = (await h.signIn('demo-agent')).token; // 0000000003 of A0000001
  const provider = (await h.signIn('demo-provider')).token;
  const own = { agcode: 'A0000001', userid: '0000000002' };
  const meta = (filename: string) => ({ filename, filetype: 'application/pdf', ...own });

  t.test('a token is needed for every tus request', async (t) => {
    const res = await tusCreate(h, null, 10, meta('a.pdf'));
    t.equal(res.statusCode, 401);
    t.same(messagesOf(res), [msg('ERR_USER001')]);
    for (const method of ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      t.equal(
        (
          await h.app.inject({
            method,
            url: '/api/files/0123456789abcdef0123456789abcdef',
            headers: { 'tus-resumable': '1.0.0' },
          })
        ).statusCode,
        401,
        method,
      );
    }
    t.equal((await tusCreate(h, 'not-a-token', 10, meta('a.pdf'))).statusCode, 401);
  });

  t.test("metadata agcode and userid must be the caller's", async (t) => {
    // A plain agent uploads request attachments (申請管理 13; who may upload at all: tests/api/upload-permissions.test.ts).
    t.equal(
      (await tusCreate(h, agent, 10, { filename: 'a.pdf', agcode: 'A0000001', userid: '0000000003' })).statusCode,
      201,
      'an agent with its own ids',
    );
    t.equal(
      (await tusCreate(h, agent, 10, { filename: 'a.pdf', agcode: 'A0000001', userid: '0000000002' })).statusCode,
      403,
      'an agent naming its administrator',
    );
    t.equal(
      (await tusCreate(h, agent, 10, { filename: 'a.pdf', agcode: 'A0000002', userid: '0000000003' })).statusCode,
      403,
      'an agent naming another agent',
    );
    t.equal((await tusCreate(h, admin, 10, { ...meta('a.pdf'), userid: '0000000003' })).statusCode, 403, 'a colleague');
    t.equal((await tusCreate(h, admin, 10, { ...meta('a.pdf'), agcode: 'A0000002' })).statusCode, 403, 'another agent');
    const pseudo = (
      await h.post(
        '/api/KanriTop/changeAgCode',
        { systemKbn: '01', pseudoLoginAgCode: 'A0000002' },
        { token: provider },
      )
    ).json().token;
    t.equal(
      (await tusCreate(h, pseudo, 10, { filename: 'a.pdf', agcode: 'A0000002', userid: '0000000004' })).statusCode,
      201,
      'the pseudo ids of a provider administrator',
    );
    const filled = await tusCreate(h, admin, 10, { filename: 'a.pdf', owner: '0000000003' });
    t.equal(filled.statusCode, 201, "missing ids are the caller's");
    const facts = await h.app.uploads.facts(String(filled.headers.location).split('/').pop()!);
    t.match(
      facts,
      {
        fileName: 'a.pdf',
        agCode: 'A0000001',
        userId: '0000000002',
        owner: '0000000002',
        size: 10,
        offset: 0,
        complete: false,
      },
      'the owner comes from the token, not the metadata',
    );
  });

  t.test('creation refuses a forbidden extension, a bad name, an oversize file (before any byte)', async (t) => {
    const cases: [string, number, unknown[]][] = [
      ['tool.exe', 10, [msg('ERR_0027')]],
      ['script.js', 10, [msg('ERR_0027')]],
      ['noextension', 10, [msg('ERR_0027')]],
      ['a*b.pdf', 10, [msg('ERR_0025', 'ファイル名')]],
      ['𠮷.pdf', 10, [msg('ERR_0025', 'ファイル名')]],
      ['', 10, [msg('ERR_0025', 'ファイル名'), msg('ERR_0027')]],
      ['big.mp4', 20 * 1024 * 1024 + 1, [msg('ERR_0024', '20')]],
      // An empty attachment: the catalogue's empty-file message (spec 001 and 002: an empty file, ERR_0011).
      ['empty.pdf', 0, [msg('ERR_0011')]],
      ['空のメモ.txt', 0, [msg('ERR_0011')]],
    ];
    for (const [name, size, expected] of cases) {
      const res = await tusCreate(h, admin, size, meta(name));
      t.equal(res.statusCode, 400, name);
      t.same(messagesOf(res), expected, name);
    }
    t.equal((await tusCreate(h, admin, 20 * 1024 * 1024, meta('max.mp4'))).statusCode, 201, 'exactly MAX_FILE_SIZE');
    const deferred = await h.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: {
        authorization: `Bearer ${admin}`,
        'tus-resumable': '1.0.0',
        'upload-defer-length': '1',
        'upload-metadata': tusMetadata(meta('a.pdf')),
      },
    });
    t.equal(deferred.statusCode, 400, 'the length must be declared');
    const badMeta = await h.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: {
        authorization: `Bearer ${admin}`,
        'tus-resumable': '1.0.0',
        'upload-length': '3',
        'upload-metadata': 'filename not base64!',
      },
    });
    t.equal(badMeta.statusCode, 400);
  });

  t.test('an upload in parts; only its owner may see or continue it; GET serves nothing', async (t) => {
    const bytes = sample.pdf();
    const created = await tusCreate(h, admin, bytes.length, meta('見積書.pdf'));
    t.equal(created.statusCode, 201);
    const location = String(created.headers.location);
    t.match(location, /^\/api\/files\/[0-9a-f]{32}$/);
    t.equal((await tusPatch(h, admin, location, 0, bytes.subarray(0, 10))).statusCode, 204);
    const head = await tusHead(h, admin, location);
    t.equal(head.headers['upload-offset'], '10');
    t.equal(head.headers['upload-length'], String(bytes.length));
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const res = await h.app.inject({
        method,
        url: location,
        headers: {
          authorization: `Bearer ${provider}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '10',
          'content-type': 'application/offset+octet-stream',
        },
        payload: method === 'PATCH' ? Buffer.from('x') : undefined,
      });
      t.equal(res.statusCode, 403, `${method} by someone else`);
    }
    t.equal((await tusPatch(h, admin, location, 5, bytes.subarray(5))).statusCode, 409, 'a wrong offset');
    const done = await tusPatch(h, admin, location, 10, bytes.subarray(10));
    t.equal(done.statusCode, 204);
    t.equal(done.headers['upload-offset'], String(bytes.length));
    const id = location.split('/').pop()!;
    t.match(await h.app.uploads.facts(id), { fileName: '見積書.pdf', complete: true });
    const get = await h.app.inject({ method: 'GET', url: location, headers: { authorization: `Bearer ${admin}` } });
    t.equal(get.statusCode, 404, 'files leave only through download calls');
    t.equal(
      (
        await h.app.inject({
          method: 'HEAD',
          url: '/api/files/../../etc/passwd',
          headers: { authorization: `Bearer ${admin}`, 'tus-resumable': '1.0.0' },
        })
      ).statusCode,
      404,
    );
  });

  t.test('the last byte of a file whose content does not match its extension is answered 400', async (t) => {
    const exe = sample.exe();
    const created = await tusCreate(h, admin, exe.length, meta('report.pdf'));
    const res = await tusPatch(h, admin, String(created.headers.location), 0, exe);
    t.equal(res.statusCode, 400);
    t.same(messagesOf(res), [msg('ERR_0027')]);
  });

  t.test('an interrupted upload resumes from where it stopped (real HTTP, the client keeps the URL)', async (t) => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const size = 5 * 1024 * 1024;
    const data = Buffer.alloc(size);
    for (let i = 0; i < size; i++) data[i] = (i * 7 + (i >> 11)) & 0xff;
    data.write('%PDF-1.7\n', 0, 'latin1');
    const auth = { authorization: `Bearer ${admin}`, 'tus-resumable': '1.0.0' };

    const created = await fetch(`${base}/api/files`, {
      method: 'POST',
      headers: { ...auth, 'upload-length': String(size), 'upload-metadata': tusMetadata(meta('カタログ.pdf')) },
    });
    t.equal(created.status, 201);
    const url = `${base}${created.headers.get('location')}`;

    // Send 2 MB of a 5 MB body, then the connection drops.
    const cut = 2 * 1024 * 1024;
    await new Promise<void>((resolve) => {
      const req = http.request(url, {
        method: 'PATCH',
        headers: {
          ...auth,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(size),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(data.subarray(0, cut), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300),
      );
    });

    let offset = -1;
    for (let i = 0; i < 50; i++) {
      const head = await fetch(url, { method: 'HEAD', headers: auth });
      const now = Number(head.headers.get('upload-offset'));
      if (now === offset && now > 0) break;
      offset = now;
      await new Promise((r) => setTimeout(r, 100));
    }
    t.ok(offset > 0 && offset <= cut, `the server kept what arrived (${offset} bytes)`);
    t.ok(offset < size);

    const resumed = await fetch(url, {
      method: 'PATCH',
      headers: { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: data.subarray(offset),
    });
    t.equal(resumed.status, 204);
    t.equal(resumed.headers.get('upload-offset'), String(size));
    const id = url.split('/').pop()!;
    const stored = await readUpload(h.app, (await h.app.uploads.facts(id))!);
    t.equal(
      createHash('sha256').update(stored).digest('hex'),
      createHash('sha256').update(data).digest('hex'),
      'the same bytes',
    );
  });

  t.test('attaching uploads to a record', async (t) => {
    const caller = (await resolveCaller(h.app, admin))!;
    const up = (name: string, bytes: Uint8Array | string, token = admin, ids = own) =>
      tusUpload(h, token, name, bytes, ids);
    const request = (uploadIds: string[], existingNames: string[] = []): AttachRequest => ({
      form: ATTACHMENTS,
      field: 'contentsTempFileList',
      uploadIds,
      existingNames,
      keyPrefix: 'test/attachments',
    });
    const attach = (req: AttachRequest) => saveWithUploads(h.app, caller, async (_trx, a) => a(req));
    const failure = async (req: AttachRequest) => {
      try {
        await attach(req);
        return null;
      } catch (err) {
        return err as { statusCode: number; body: { messages: unknown[] } };
      }
    };

    t.test('stored under a generated key, claimed once, the upload removed', async (t) => {
      const pdf = sample.pdf();
      const ids = [await up('提案書.pdf', pdf), await up('memo.txt', '議事録\r\n')];
      const files = await attach(request(ids));
      t.same(
        files.map((f) => [f.fileName, f.contentType, f.size]),
        [
          ['提案書.pdf', 'application/pdf', pdf.length],
          ['memo.txt', 'text/plain', 11],
        ],
      );
      t.equal(nth(files, 0).storageKey, `test/attachments/${ids[0]}.pdf`);
      t.same(await readAll(h.app.storage, nth(files, 0).storageKey), Buffer.from(pdf));
      t.equal(
        (await h.db.selectFrom('upload_claims').select('upload_id').where('upload_id', 'in', ids).execute()).length,
        2,
      );
      t.notOk(await h.app.uploads.facts(nth(ids, 0)), 'the upload is gone');
      const again = await failure(request(ids));
      t.same(again?.body.messages, [msg('ERR_SYS003', 'ファイルアップロード')], 'an upload is attached once');
    });

    t.test('refused even when the browser is bypassed', async (t) => {
      const video = await up('説明.mp4', Uint8Array.of(0, 0, 0, 0x18, ...new TextEncoder().encode('ftypmp42')));
      t.same(
        (await failure(request([video])))?.body.messages,
        [msg('ERR_0027')],
        'an extension the portal accepts but this field does not',
      );

      // The last PATCH already answered 400 (see above); a client that ignores it and saves anyway:
      const refusedAtFinish = async (name: string, bytes: Uint8Array) => {
        const location = String((await tusCreate(h, admin, bytes.length, meta(name))).headers.location);
        t.equal((await tusPatch(h, admin, location, 0, bytes)).statusCode, 400);
        return location.split('/').pop()!;
      };
      const exe = await refusedAtFinish('invoice.pdf', sample.exe());
      t.same((await failure(request([exe])))?.body.messages, [msg('ERR_0027')], 'content that is not a PDF');
      const png = await refusedAtFinish('table.docx', sample.png());
      t.same((await failure(request([png])))?.body.messages, [msg('ERR_0027')], 'a PNG named .docx');

      const a = await up('議事録.pdf', sample.pdf());
      const b = await up('議事録.PDF', sample.pdf());
      t.same(
        (await failure(request([a, b])))?.body.messages,
        [msg('ERR_0017', 'ファイル名')],
        'two files with one name',
      );
      t.same(
        (await failure(request([a], ['議事録.pdf'])))?.body.messages,
        [msg('ERR_0017', 'ファイル名')],
        'a name the record already has',
      );

      const large = await up('large.pdf', new Uint8Array([...sample.pdf(), ...new Uint8Array(2 * 1024 * 1024)]));
      const max = h.app.config.maxFileSize;
      h.app.config.maxFileSize = 1024 * 1024;
      const over = await failure(request([large]));
      h.app.config.maxFileSize = max;
      t.same(over?.body.messages, [msg('ERR_0024', '1')], 'over MAX_FILE_SIZE');

      const theirs = await up('other.pdf', sample.pdf(), provider, { agcode: 'P0000001', userid: '0000000001' });
      t.equal((await failure(request([theirs])))?.statusCode, 403, "someone else's upload");
      const partial = String((await tusCreate(h, admin, 100, meta('partial.pdf'))).headers.location)
        .split('/')
        .pop()!;
      t.same(
        (await failure(request([partial])))?.body.messages,
        [msg('ERR_SYS003', 'ファイルアップロード')],
        'an unfinished upload',
      );
      t.same(
        (await failure(request(['0123456789abcdef0123456789abcdef'])))?.body.messages,
        [msg('ERR_SYS003', 'ファイルアップロード')],
        'an unknown upload',
      );
      for (const id of [a, b, exe]) t.ok(await h.app.uploads.facts(id), 'refused uploads stay for another try');
    });

    t.test("when the record's transaction fails, the stored copy is deleted and the upload kept", async (t) => {
      const id = await up('rollback.pdf', sample.pdf());
      let key = '';
      await t.rejects(
        saveWithUploads(h.app, caller, async (trx, a) => {
          key = nth(await a(request([id])), 0).storageKey;
          throw new Error('the record could not be written');
        }),
        /could not be written/,
      );
      t.equal(await h.app.storage.size(key), null, 'no orphan in storage');
      t.equal(
        (await h.db.selectFrom('upload_claims').select('upload_id').where('upload_id', '=', id).execute()).length,
        0,
        'the claim rolled back',
      );
      t.ok(await h.app.uploads.facts(id), 'the upload can be attached again');
      const files = await h.db.transaction().execute((trx) => attachUploads(h.app, trx, caller, request([id])));
      t.equal(files.length, 1);
    });
  });
});
