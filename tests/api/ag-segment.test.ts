// Agent segments (spec 001 /agsegment-reg, /api/AgSegment/*): list, create and re-upload from
// CSV (multipart or a finished tus upload), download, rename, delete; each validation message,
// each authority refusal, the audit trail.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { postMultipart, sample, tusUpload } from '../helpers/uploads';
import { nth } from '../helpers/indexing';

const LIST = '/api/AgSegment/getAgSegmentList';
const CREATE = '/api/AgSegment/create/agSegment';
const UPLOAD = '/api/AgSegment/upload/agSegment';
const DOWNLOAD = '/api/AgSegment/download/agSegment';
const UPDATE = '/api/AgSegment/update/agSegment';
const DELETE = '/api/AgSegment/delete/agSegment';

const msg = (messageId: string, ...args: string[]) => ({ messageId, args });
const messagesOf = (res: { json(): unknown }) => (res.json() as { messages: unknown[] }).messages;

interface Segment {
  agSegmentId: number;
  agSegmentName: string;
  syozokuAgCnt: number;
  lastUploadDate: string;
  uploadFileName: string;
  uploadDataCnt: number;
}

t.test('agent segments', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  // Segments need provider staff (docs/decisions.md section 3): the provider administrator maintains them.
  const admin = (await h.signIn('demo-provider')).token; // 0000000001 of P0000001
  const agadmin = (await h.signIn('demo-agadmin')).token;
  const agent = (await h.signIn('demo-agent')).token;
  const staff = (await h.signIn('demo-staff')).token;
  const ids = { systemKbn: '01', userId: '0000000001', agCode: 'P0000001' };
  const list = async (token = admin) =>
    (await h.post(LIST, { systemKbn: '01', categoryId: 101 }, { token })).json().agSegmentDataList as Segment[];
  const create = (
    name: string,
    csv: string | Uint8Array | null,
    fileName = 'agents.csv',
    token = admin,
    fields: Record<string, string> = ids,
  ) =>
    postMultipart(
      h,
      CREATE,
      token,
      { ...fields, agSegmentData: JSON.stringify({ agSegmentName: name }) },
      csv === null ? undefined : { name: fileName, bytes: csv },
    );
  const audits = (entity: string) =>
    h.db.selectFrom('audit_logs').selectAll().where('entity', '=', entity).orderBy('audit_id').execute();

  t.test('the list: seeded segments with their affiliated agent counts', async (t) => {
    const res = await h.post(LIST, { ...ids, categoryId: 101 }, { token: admin });
    t.equal(res.statusCode, 200);
    const rows = res.json().agSegmentDataList as Segment[];
    t.same(
      rows.map((r) => r.agSegmentName),
      ['首都圏代理店', '関西・九州代理店'],
    );
    t.same(rows[0], {
      agSegmentId: nth(rows, 0).agSegmentId,
      agSegmentName: '首都圏代理店',
      syozokuAgCnt: 2,
      lastUploadDate: '2026/10/01 10:00:00',
      uploadFileName: 'segment.csv',
      uploadDataCnt: 2,
    });
  });

  t.test('authority: the permission of category 101, identity of the body', async (t) => {
    for (const [who, token] of [
      ['agent administrator (segments need provider staff)', agadmin],
      ['agent user', agent],
      ['supplier staff without the admin role', staff],
    ] as const) {
      for (const url of [LIST, DOWNLOAD, UPDATE, DELETE]) {
        const res = await h.post(
          url,
          { systemKbn: '01', agSegmentDataList: [], agSegmentData: { agSegmentId: 1 } },
          { token },
        );
        t.equal(res.statusCode, 403, `${who} ${url}`);
        t.same(messagesOf(res), [msg('ERR_0022')]);
      }
      t.equal((await create('x', 'A0000001', 'a.csv', token, { systemKbn: '01' })).statusCode, 403, `${who} create`);
      t.equal(
        (
          await postMultipart(
            h,
            UPLOAD,
            token,
            { systemKbn: '01', 'agSegmentData.agSegmentId': '1' },
            { name: 'a.csv', bytes: 'A0000001' },
          )
        ).statusCode,
        403,
        `${who} upload`,
      );
    }
    t.equal((await h.post(LIST, { systemKbn: '01' })).statusCode, 401, 'no token');
    t.equal(
      (await h.post(LIST, { systemKbn: '01', agCode: 'A0000002' }, { token: admin })).statusCode,
      403,
      'another agent code in the body',
    );
    t.equal(
      (await create('x', 'A0000001', 'a.csv', admin, { systemKbn: '01', userId: '0000000003' })).statusCode,
      403,
      'another user id in a multipart body',
    );
    t.equal(
      (await create('x', 'A0000001', 'a.csv', admin, { agCode: 'P0000001' })).statusCode,
      400,
      'no systemKbn in a multipart body',
    );
  });

  t.test('create from a CSV: non-blank lines counted, quotes stripped, registered agents counted', async (t) => {
    const csv = '\uFEFF"A0000002"\r\n\r\nA0000003,北斗オフィス販売\r\n  \r\n\'A0000004\'\r\nZ9999999\r\nA0000002\r\n';
    const res = await create('新規セグメント', csv, '対象代理店.csv');
    t.equal(res.statusCode, 200, res.body);
    const seg = res.json().agSegmentData as Segment;
    t.match(seg, {
      agSegmentName: '新規セグメント',
      uploadDataCnt: 5,
      syozokuAgCnt: 3,
      uploadFileName: '対象代理店.csv',
      lastUploadDate: '2026/11/20 10:00:00',
    });
    const members = await h.db
      .selectFrom('agent_segment_members')
      .select('ag_code')
      .where('ag_segment_id', '=', seg.agSegmentId)
      .orderBy('ag_code')
      .execute();
    t.same(
      members.map((m) => m.ag_code),
      ['A0000002', 'A0000003', 'A0000004', 'Z9999999'],
      'distinct codes, unknown ones kept',
    );
    t.ok((await list()).some((s) => s.agSegmentId === seg.agSegmentId));
    const audit = (await audits('agent_segment')).at(-1)!;
    t.match(audit, {
      action: 'create',
      actor_user_id: '0000000001',
      actor_ag_code: 'P0000001',
      entity_id: String(seg.agSegmentId),
      before_data: null,
    });
    t.match(audit.after_data, {
      agSegmentName: '新規セグメント',
      uploadDataCnt: 5,
      agCodes: ['A0000002', 'A0000003', 'A0000004', 'Z9999999'],
    });
  });

  t.test('a Shift_JIS CSV from Excel is read too', async (t) => {
    // "A0000005,九州" in Shift_JIS (九 = 8B E3, 州 = 8F 42)
    const bytes = Uint8Array.of(...new TextEncoder().encode('A0000005,'), 0x8b, 0xe3, 0x8f, 0x42, 0x0d, 0x0a);
    const res = await create('九州セグメント', bytes, 'sjis.csv');
    t.equal(res.statusCode, 200, res.body);
    t.match(res.json().agSegmentData, { uploadDataCnt: 1, syozokuAgCnt: 1 });
  });

  t.test('create: each validation message (the form ag-segment)', async (t) => {
    const cases: [string, string, string | Uint8Array | null, string, unknown[]][] = [
      [
        'name required, file required',
        '',
        null,
        'a.csv',
        [msg('ERR_0001', 'セグメント名'), msg('ERR_0003', 'アップロードファイル')],
      ],
      [
        'name of 255 characters is fine, 256 is not',
        'あ'.repeat(256),
        'A0000001',
        'a.csv',
        [msg('ERR_0025', 'セグメント名')],
      ],
      ['unusable characters in the name', 'セグメント😀', 'A0000001', 'a.csv', [msg('ERR_0026', 'セグメント名')]],
      ['a surrogate-pair kanji', '𠮷野家', 'A0000001', 'a.csv', [msg('ERR_0026', 'セグメント名')]],
      ['not a .csv', 'x1', 'A0000001', 'agents.txt', [msg('ERR_0010')]],
      ['a bad file name', 'x2', 'A0000001', 'a𠮷.csv', [msg('ERR_0025', 'ファイル名')]],
      ['an empty file', 'x3', '', 'a.csv', [msg('ERR_0011')]],
      ['only blank lines', 'x4', '\r\n \r\n""\r\n', 'a.csv', [msg('ERR_0011')]],
      ['a code longer than 8, on line 2', 'x5', 'A0000001\nA00000012', 'a.csv', [msg('ERR_0013', '2', '代理店コード')]],
      ['unusable characters on line 3', 'x6', 'A0000001\n\n😀', 'a.csv', [msg('ERR_0026', '3行目の代理店コード')]],
      ['content that is not text (a PNG named .csv)', 'x7', sample.png(), 'a.csv', [msg('ERR_0010')]],
      ['an existing name', '首都圏代理店', 'A0000001', 'a.csv', [msg('ERR_0017', 'セグメント名')]],
    ];
    for (const [label, name, csv, fileName, expected] of cases) {
      const res = await create(name, csv, fileName);
      t.equal(res.statusCode, 400, label);
      t.same(messagesOf(res), expected, label);
    }
    t.equal((await create('あ'.repeat(255), 'A0000001')).statusCode, 200, '255 characters');
    const before = (await list()).length;
    t.equal((await create('', null)).statusCode, 400);
    t.equal((await list()).length, before, 'nothing written on a refusal');
  });

  t.test('create: a file over MAX_FILE_SIZE is refused with ERR_0024 in MB', async (t) => {
    const max = h.app.config.maxFileSize;
    h.app.config.maxFileSize = 1024 * 1024; // 1 MB
    t.teardown(() => {
      h.app.config.maxFileSize = max;
    });
    const big = 'A0000001\r\n'.repeat(110_000); // 1.1 MB
    const res = await create('大きいファイル', big);
    t.equal(res.statusCode, 400);
    t.same(messagesOf(res), [msg('ERR_0024', '1')]);
  });

  t.test('create with the fields as agSegmentData.agSegmentName, and with a finished tus upload', async (t) => {
    const flat = await postMultipart(
      h,
      CREATE,
      admin,
      { ...ids, 'agSegmentData.agSegmentName': 'フラット' },
      { name: 'f.csv', bytes: 'A0000001' },
    );
    t.equal(flat.statusCode, 200, flat.body);
    const uploadId = await tusUpload(h, admin, 'tus.csv', 'A0000001\nA0000006\n', {
      agcode: 'P0000001',
      userid: '0000000001',
    });
    const res = await h.post(
      CREATE,
      { ...ids, agSegmentData: { agSegmentName: 'アップロード済み' }, uploadId },
      { token: admin },
    );
    t.equal(res.statusCode, 200, res.body);
    t.match(res.json().agSegmentData, { uploadFileName: 'tus.csv', uploadDataCnt: 2, syozokuAgCnt: 2 });
    t.notOk(await h.app.uploads.facts(uploadId), 'the upload is removed once used');
    const again = await h.post(
      CREATE,
      { ...ids, agSegmentData: { agSegmentName: 'もう一度' }, uploadId },
      { token: admin },
    );
    t.equal(again.statusCode, 400);
    t.same(messagesOf(again), [msg('ERR_SYS003', 'ファイルアップロード')], 'an upload is used once');
    const others = await tusUpload(h, agadmin, 'p.csv', 'A0000001', { agcode: 'A0000001', userid: '0000000002' });
    t.equal(
      (await h.post(CREATE, { ...ids, agSegmentData: { agSegmentName: '他人' }, uploadId: others }, { token: admin }))
        .statusCode,
      403,
      "someone else's upload",
    );
  });

  t.test('re-upload replaces the members', async (t) => {
    const seg = (await list()).find((s) => s.agSegmentName === '首都圏代理店')!;
    const res = await postMultipart(
      h,
      UPLOAD,
      admin,
      { ...ids, agSegmentData: JSON.stringify({ agSegmentId: seg.agSegmentId }) },
      { name: '首都圏.csv', bytes: 'A0000001\nA0000002\nA0000003\n' },
    );
    t.equal(res.statusCode, 200, res.body);
    t.match(res.json().agSegmentData, {
      agSegmentId: seg.agSegmentId,
      agSegmentName: '首都圏代理店',
      uploadDataCnt: 3,
      syozokuAgCnt: 3,
      uploadFileName: '首都圏.csv',
    });
    const audit = (await audits('agent_segment')).at(-1)!;
    t.match(audit, { action: 'upload', entity_id: String(seg.agSegmentId) });
    t.same((audit.before_data as { agCodes: string[] }).agCodes, ['A0000001', 'A0000006']);
    t.same((audit.after_data as { agCodes: string[] }).agCodes, ['A0000001', 'A0000002', 'A0000003']);

    const bad = await postMultipart(
      h,
      UPLOAD,
      admin,
      { ...ids, 'agSegmentData.agSegmentId': String(seg.agSegmentId) },
      { name: 'x.xlsx', bytes: sample.zip() },
    );
    t.same(messagesOf(bad), [msg('ERR_0010')], 'the file rules apply, the name rules do not');
    const none = await postMultipart(h, UPLOAD, admin, {
      ...ids,
      'agSegmentData.agSegmentId': String(seg.agSegmentId),
    });
    t.same(messagesOf(none), [msg('ERR_0003', 'アップロードファイル')]);
    const unknown = await postMultipart(
      h,
      UPLOAD,
      admin,
      { ...ids, 'agSegmentData.agSegmentId': '99999' },
      { name: 'a.csv', bytes: 'A0000001' },
    );
    t.same(messagesOf(unknown), [msg('ERR_0009', 'AGセグメント')]);
  });

  t.test('download: the members as CSV, formula-looking cells neutralised', async (t) => {
    const seg = (await list()).find((s) => s.agSegmentName === '関西・九州代理店')!;
    // Codes that could only arrive by another route than the import (which checks them).
    await h.db
      .insertInto('agent_segment_members')
      .values(
        ['=1+1', '+81', '-5', '@SUM', '\tA1', '\rA2'].map((ag_code) => ({ ag_segment_id: seg.agSegmentId, ag_code })),
      )
      .execute();
    const res = await h.post(DOWNLOAD, { ...ids, agSegmentData: { agSegmentId: seg.agSegmentId } }, { token: admin });
    t.equal(res.statusCode, 200);
    t.match(res.headers['content-type'], /^text\/csv/);
    t.match(res.headers['content-disposition'], /^attachment; filename="segment.csv"; filename\*=UTF-8''segment.csv$/);
    const text = res.rawPayload.toString('utf8');
    t.ok(text.startsWith('\uFEFF'), 'BOM');
    t.same(text.slice(1).split('\r\n'), [
      "'\tA1",
      '"\'\rA2"',
      "'+81",
      "'-5",
      "'=1+1",
      "'@SUM",
      'A0000004',
      'A0000005',
      '',
    ]);
    const japanese = (await list()).find((s) => s.uploadFileName === '対象代理店.csv')!;
    const jres = await h.post(
      DOWNLOAD,
      { ...ids, agSegmentData: { agSegmentId: String(japanese.agSegmentId) } },
      { token: admin },
    );
    t.match(
      jres.headers['content-disposition'],
      /filename="downloaded_file.csv"; filename\*=UTF-8''%E5%AF%BE%E8%B1%A1%E4%BB%A3%E7%90%86%E5%BA%97.csv/,
    );
    t.equal(
      jres.rawPayload.toString('utf8'),
      '\uFEFFA0000002\r\nA0000003\r\nA0000004\r\nZ9999999\r\n',
      'the download imports again as it is',
    );
    const missing = await h.post(DOWNLOAD, { ...ids, agSegmentData: { agSegmentId: 99999 } }, { token: admin });
    t.equal(missing.statusCode, 400);
    t.same(messagesOf(missing), [msg('ERR_0009', 'AGセグメント')]);
  });

  t.test('update: renames changed rows; nothing changed is ERR_0008', async (t) => {
    const rows = await list();
    const a = nth(rows, 0);
    const b = nth(rows, 1);
    const res = await h.post(
      UPDATE,
      {
        ...ids,
        agSegmentDataList: rows.map((r) => ({
          agSegmentId: r.agSegmentId,
          agSegmentName: r.agSegmentId === a.agSegmentId ? '首都圏（改）' : r.agSegmentName,
        })),
      },
      { token: admin },
    );
    t.equal(res.statusCode, 200, res.body);
    t.equal((await list()).find((r) => r.agSegmentId === a.agSegmentId)!.agSegmentName, '首都圏（改）');
    t.match((await audits('agent_segment')).at(-1), {
      action: 'update',
      before_data: { agSegmentName: '首都圏代理店' },
      after_data: { agSegmentName: '首都圏（改）' },
    });

    const same = await h.post(
      UPDATE,
      {
        ...ids,
        agSegmentDataList: (await list()).map((r) => ({ agSegmentId: r.agSegmentId, agSegmentName: r.agSegmentName })),
      },
      { token: admin },
    );
    t.equal(same.statusCode, 400);
    t.same(messagesOf(same), [msg('ERR_0008', 'セグメント名')]);
    t.same(
      messagesOf(await h.post(UPDATE, { ...ids, agSegmentDataList: [] }, { token: admin })),
      [msg('ERR_0008', 'セグメント名')],
      'no rows',
    );
    const cases: [string, unknown[], unknown[]][] = [
      [
        'empty names (one message for two rows)',
        [
          { agSegmentId: a.agSegmentId, agSegmentName: '' },
          { agSegmentId: b.agSegmentId, agSegmentName: '' },
        ],
        [msg('ERR_0001', 'セグメント名')],
      ],
      [
        'too long and unusable',
        [
          { agSegmentId: a.agSegmentId, agSegmentName: 'x'.repeat(256) },
          { agSegmentId: b.agSegmentId, agSegmentName: 'か\u3099' },
        ],
        [msg('ERR_0025', 'セグメント名'), msg('ERR_0026', 'セグメント名')],
      ],
      [
        "another segment's name",
        [{ agSegmentId: a.agSegmentId, agSegmentName: b.agSegmentName }],
        [msg('ERR_0017', 'セグメント名')],
      ],
      [
        'two rows renamed alike',
        [
          { agSegmentId: a.agSegmentId, agSegmentName: '同名' },
          { agSegmentId: b.agSegmentId, agSegmentName: '同名' },
        ],
        [msg('ERR_0017', 'セグメント名')],
      ],
      ['an unknown id', [{ agSegmentId: 99999, agSegmentName: '不明' }], [msg('ERR_0009', 'AGセグメント')]],
    ];
    for (const [label, body, expected] of cases) {
      const r = await h.post(UPDATE, { ...ids, agSegmentDataList: body }, { token: admin });
      t.equal(r.statusCode, 400, label);
      t.same(messagesOf(r), expected, label);
    }
    t.equal(
      (await list()).find((r) => r.agSegmentId === b.agSegmentId)!.agSegmentName,
      b.agSegmentName,
      'nothing written on a refusal',
    );
  });

  t.test('delete: a selection is needed; members go with the segment; segments in use stay', async (t) => {
    const empty = await h.post(DELETE, { ...ids, agSegmentDataList: [] }, { token: admin });
    t.equal(empty.statusCode, 400);
    t.same(messagesOf(empty), [msg('ERR_0003', '明細')]);
    const target = (await list()).find((s) => s.agSegmentName === '新規セグメント')!;
    const res = await h.post(
      DELETE,
      { ...ids, agSegmentDataList: [{ agSegmentId: target.agSegmentId }] },
      { token: admin },
    );
    t.equal(res.statusCode, 200, res.body);
    t.notOk((await list()).some((s) => s.agSegmentId === target.agSegmentId));
    t.equal(
      (
        await h.db
          .selectFrom('agent_segment_members')
          .select('ag_code')
          .where('ag_segment_id', '=', target.agSegmentId)
          .execute()
      ).length,
      0,
    );
    const audit = (await audits('agent_segment')).at(-1)!;
    t.match(audit, { action: 'delete', entity_id: String(target.agSegmentId), after_data: null });
    t.match(audit.before_data, {
      agSegmentName: '新規セグメント',
      agCodes: ['A0000002', 'A0000003', 'A0000004', 'Z9999999'],
    });

    t.same(
      messagesOf(await h.post(DELETE, { ...ids, agSegmentDataList: [{ agSegmentId: 99999 }] }, { token: admin })),
      [msg('ERR_0009', 'AGセグメント')],
    );
    const used = nth(await list(), 0);
    await h.db
      .insertInto('global_navi_settings')
      .values({
        setting_name: 'セグメント向け',
        target_kbn: '1',
        target_code: String(used.agSegmentId),
        reflection_date: '2026-04-01',
      })
      .execute();
    const inUse = await h.post(
      DELETE,
      { ...ids, agSegmentDataList: [{ agSegmentId: used.agSegmentId }] },
      { token: admin },
    );
    t.equal(inUse.statusCode, 400);
    t.same(messagesOf(inUse), [
      msg('ERR_0025', `削除対象（表示対象に設定されているAGセグメント「${used.agSegmentName}」）`),
    ]);
    t.ok(
      (await list()).some((s) => s.agSegmentId === used.agSegmentId),
      'kept',
    );
  });
});
