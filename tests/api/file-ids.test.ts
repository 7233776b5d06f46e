// Stable file ids (issue 22 item 11): a save keeps stored files by their fileId, never by their
// place in the list. The screen renumbers rowNo when a file is removed, so removing the middle
// file of three must remove that file and keep the other two, with their names and bytes, in
// every file list of the engine (request attachments; a content's attachments, images, videos).
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sample, tusUpload } from '../helpers/uploads';
import { readAll } from '../../api/files/storage';
import { nth } from '../helpers/indexing';

const K = '01';
let h: TestApp;
let agent: string;
let provider: string;

t.before(async () => {
  h = await createTestApp();
  agent = (await h.signIn('demo-agent')).token;
  provider = (await h.signIn('demo-provider')).token;
});
t.teardown(() => h.close());

const withText = (bytes: Uint8Array, text: string) => Buffer.concat([Buffer.from(bytes), Buffer.from(text)]);
type Entry = { fileId?: number; rowNo: number; fileName: string; size?: number; uploadId?: string; isUpload?: boolean };
/** What the screen sends after removing the entry at `index`: the rest, renumbered. */
const withoutMiddle = (list: Entry[], index = 1) =>
  list.filter((_, i) => i !== index).map((e, i) => ({ ...e, rowNo: i + 1 }));

t.test('request attachments: removing the middle of three keeps the other two', async (t) => {
  const meta = { agcode: 'A0000001', userid: '0000000003' };
  const files = [
    ['manual.pdf', withText(sample.pdf(), 'manual')],
    ['依頼メモ.txt', Buffer.from('依頼メモの本文')],
    ['見積条件.xlsx', withText(sample.zip(), 'conditions')],
  ] as const;
  const list: Entry[] = [];
  for (const [name, bytes] of files)
    list.push({
      rowNo: list.length + 1,
      fileName: name,
      size: bytes.length,
      uploadId: await tusUpload(h, agent, name, bytes, meta),
      isUpload: true,
    });
  const draft = {
    systemKbn: K,
    appUser: '鈴木 一郎',
    appTitle: '添付の削除',
    wishDate: '2026-12-01',
    appCategoryId: '1',
    appMemo: '',
    targetAgCode: 'A0000001',
    targetCompanyId: 'C0001',
    appStatus: '10',
  };
  const created = await h.post(
    '/api/ApplicationMgtAg/regApplicationData',
    { ...draft, appTempFileList: list },
    { token: agent },
  );
  t.equal(created.statusCode, 200, created.body);
  const appNo = String(created.json().appNo);
  const load = async () =>
    (
      await h.post(
        '/api/ApplicationMgtAg/getAppFormInitialData',
        { systemKbn: K, applicationNo: appNo },
        { token: agent },
      )
    ).json();
  const loaded = await load();
  const saved = loaded.applicationData.appTempFileList as Entry[];
  t.same(
    saved.map((f) => f.fileName),
    files.map(([n]) => n),
  );
  t.ok(
    saved.every((f) => Number.isInteger(f.fileId)),
    'each stored file has its id',
  );

  const upd = await h.post(
    '/api/ApplicationMgtAg/updApplicationData',
    {
      ...draft,
      appNo,
      dispDateTime: loaded.dispDateTime,
      beforeAppStatus: '10',
      appTempFileList: withoutMiddle(saved),
    },
    { token: agent },
  );
  t.equal(upd.statusCode, 200, upd.body);
  const after = (await load()).applicationData.appTempFileList as Entry[];
  t.same(
    after.map((f) => f.fileName),
    ['manual.pdf', '見積条件.xlsx'],
    'the middle file is the one removed',
  );
  t.same(
    after.map((f) => f.fileId),
    [nth(saved, 0).fileId, nth(saved, 2).fileId],
    'the others keep their ids',
  );
  for (const [name, bytes] of [files[0], files[2]]) {
    const res = await h.post(
      '/api/download/downloadAppTempFile',
      { systemKbn: K, appNo, fileName: name },
      { token: agent },
    );
    t.equal(res.statusCode, 200);
    t.same(res.rawPayload, bytes, `${name}: its own bytes`);
  }
  // A stale or invented id keeps nothing it does not name.
  const again = await load();
  const stale = await h.post(
    '/api/ApplicationMgtAg/updApplicationData',
    {
      ...draft,
      appNo,
      dispDateTime: again.dispDateTime,
      beforeAppStatus: '10',
      appMemo: '添付なし',
      appTempFileList: [
        { rowNo: 1, fileId: nth(saved, 1).fileId, fileName: '依頼メモ.txt' },
        { rowNo: 2, fileName: 'manual.pdf' },
      ],
    },
    { token: agent },
  );
  t.equal(stale.statusCode, 200, stale.body);
  t.same((await load()).applicationData.appTempFileList, [], 'a removed id and an entry without an id keep no file');
});

t.test('content files, images and videos: removing the middle of three keeps the other two', async (t) => {
  const meta = { agcode: 'P0000001', userid: '0000000001' };
  const init = (
    await h.post(
      '/api/ContentsReg/getInitialDisplayData',
      { systemKbn: K, contentsCategoryId: '1' },
      { token: provider },
    )
  ).json().initialDisplayData;
  const kinds = {
    contentsTempFileList: ['a.pdf', 'b.pdf', 'c.pdf'].map((n) => [n, withText(sample.pdf(), n)] as const),
    contentsImgList: ['a.png', 'b.png', 'c.png'].map((n) => [n, withText(sample.png(), n)] as const),
    contentsVideoList: ['a.mp4', 'b.mp4', 'c.mp4'].map(
      (n) => [n, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from(n)])] as const,
    ),
  };
  const record: Record<string, unknown> = {
    systemKbn: K,
    contentsCategoryId: '1',
    subCategoryId: init.subCategoryList[0].subCategoryId,
    keisaiKikanStart: '2026-11-01',
    keisaiKikanEnd: '9999-12-31',
    title: 'ファイルの削除',
    lastUpdate: '2026-11-20',
    hyojiTaisho: '1',
    agSegmentId: init.agSegmentList[0].agSegmentCode,
    kensakuTagList: [{ ...init.kensakuTagList[0], isChecked: true }],
    body: '<p>本文</p>',
    contentsLinkList: [],
  };
  for (const [field, files] of Object.entries(kinds)) {
    const list: Entry[] = [];
    for (const [name, bytes] of files)
      list.push({
        rowNo: list.length + 1,
        fileName: name,
        size: bytes.length,
        uploadId: await tusUpload(h, provider, name, bytes, meta),
        isUpload: true,
      });
    record[field] = list;
  }
  const created = await h.post('/api/ContentsReg/RegContents', record, { token: provider });
  t.equal(created.statusCode, 200, created.body);
  const contentsId = String(created.json().contentsId);
  const load = async () =>
    (
      await h.post(
        '/api/ContentsReg/getContents',
        { systemKbn: K, contentsId, contentsCategoryId: '1' },
        { token: provider },
      )
    ).json().contents;
  const c = await load();
  const update: Record<string, unknown> = { ...c, systemKbn: K };
  for (const field of Object.keys(kinds)) update[field] = withoutMiddle(c[field]);
  const upd = await h.post('/api/ContentsReg/UpdateContents', update, { token: provider });
  t.equal(upd.statusCode, 200, upd.body);
  const after = await load();
  for (const [field, files] of Object.entries(kinds)) {
    t.ok(
      (c[field] as Entry[]).every((f) => Number.isInteger(f.fileId)),
      `${field}: each stored file has its id`,
    );
    const kept = after[field] as Entry[];
    t.same(
      kept.map((f) => f.fileName),
      [nth(files, 0)[0], nth(files, 2)[0]],
      `${field}: the middle file is the one removed`,
    );
    t.same(
      kept.map((f) => f.fileId),
      [c[field][0].fileId, c[field][2].fileId],
      `${field}: the others keep their ids`,
    );
    for (const [i, f] of kept.entries()) {
      const row = await h.db
        .selectFrom('content_files')
        .select('stored_key')
        .where('file_id', '=', Number(f.fileId))
        .executeTakeFirstOrThrow();
      t.same(
        await readAll(h.storage, row.stored_key),
        nth([nth(files, 0), nth(files, 2)], i)[1],
        `${f.fileName}: its own bytes`,
      );
    }
  }
});
