// Event entry download (spec 001 イベント申込ダウンロード; issue 10): the events list, the entry file
// (named by the event's CSV file name; UTF-8 with BOM, header, cancelled rows marked, Japanese
// text intact, a formula cell neutralised), 204 when nobody applied, ERR_0003 without an event,
// 403 for everyone without permission 114 (agents, agent administrators, staff without it), and
// the audit record of each download.
import t from 'tap';
import { parseCsvRecords } from '../../schemas/rules/csv-records';
import { ENTRY_FILE_HEADER } from '../../api/resources/event-entry/entry-file';
import { slashDateTime } from '../../api/resources/content/wire';
import { messageIds } from '../helpers/api-probe';
import { actingAs, signInAs } from '../helpers/portal';
import { createTestApp } from '../helpers/test-app';
import { nth } from '../helpers/indexing';

const INIT = '/api/EventEntryDownload/getInitialDisplayData';
const FILE = '/api/EventEntryDownload/getEntryFile';

t.test('event entry download', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const provider = await signInAs(h, 'demo-provider');
  const events = await h.db
    .selectFrom('contents as c')
    .innerJoin('events as e', 'e.content_id', 'c.content_id')
    .select(['c.content_id', 'c.title', 'e.csv_file_name'])
    .where('c.category_id', '=', 7)
    .orderBy('c.content_id')
    .execute();
  const first = nth(events, 0);

  await t.test('the events dropdown: every posted event with its file name and date, newest event first', async (t) => {
    const res = await provider.call(INIT, { targetDate: '' });
    t.equal(res.statusCode, 200);
    const list = res.json().eventListData as {
      eventId: number;
      eventName: string;
      eventCsvFileName: string;
      eventDate: string;
    }[];
    t.equal(list.length, events.length);
    const dates = await h.db.selectFrom('events').select(['content_id', 'kaisai_at']).execute();
    const at = new Map(dates.map((d) => [d.content_id, new Date(d.kaisai_at).getTime()]));
    const item = list.find((e) => e.eventId === first.content_id)!;
    t.same(
      item,
      {
        eventId: first.content_id,
        eventName: first.title,
        eventCsvFileName: first.csv_file_name,
        eventDate: slashDateTime(new Date(at.get(first.content_id)!)),
      },
      'with the date it is held (issue 22: the titles do not follow the dates)',
    );
    t.ok(
      list.every((e) => /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/.test(e.eventDate)),
      'yyyy/MM/dd HH:mm',
    );
    t.ok(
      list.every((e, i) => i === 0 || at.get(nth(list, i - 1).eventId)! >= at.get(e.eventId)!),
      'ordered by event date, newest first',
    );
    t.ok(
      list.every((e, i) => i === 0 || nth(list, i - 1).eventDate >= e.eventDate),
      'as the dates shown say',
    );

    // An event registered today is posted from tomorrow: not listed yet on today's date.
    await h.db
      .updateTable('contents')
      .set({ keisai_start: '2026-11-21' })
      .where('content_id', '=', first.content_id)
      .execute();
    t.notOk(
      (await provider.call(INIT, {}))
        .json()
        .eventListData.some((e: { eventId: number }) => e.eventId === first.content_id),
    );
    t.ok(
      (await provider.call(INIT, { targetDate: '2026/11/21' }))
        .json()
        .eventListData.some((e: { eventId: number }) => e.eventId === first.content_id),
      "the provider administrator's business date decides",
    );
    await h.db
      .updateTable('contents')
      .set({ keisai_start: '2026-10-01' })
      .where('content_id', '=', first.content_id)
      .execute();
  });

  await t.test(
    'the entry file: BOM, header, rows in order, cancelled marked, Japanese intact, formula neutralised',
    async (t) => {
      // An applicant whose department starts with "=": a spreadsheet would run it as a formula.
      await h.db
        .updateTable('users')
        .set({ section_name: '=HYPERLINK("http://evil.example/","開く")' })
        .where('user_id', '=', '0000000015')
        .execute();
      const res = await provider.call(FILE, { eventId: String(first.content_id) });
      t.equal(res.statusCode, 200);
      t.match(res.headers['content-type'], /^text\/csv; charset=utf-8/);
      t.equal(
        res.headers['content-disposition'],
        `attachment; filename="downloaded_file.csv"; filename*=UTF-8''${encodeURIComponent(first.csv_file_name)}`,
        "saved under the event's CSV file name",
      );
      const bytes = res.rawPayload;
      t.same([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark (Excel reads Japanese text)');
      const text = bytes.toString('utf8');
      t.ok(text.endsWith('\r\n') && !/[^\r]\n/.test(text), 'CRLF line ends');
      const records = parseCsvRecords(text);
      t.same(nth(records, 0).cells, [...ENTRY_FILE_HEADER]);
      const rows = records.slice(1).map((r) => Object.fromEntries(ENTRY_FILE_HEADER.map((k, i) => [k, r.cells[i]])));
      t.equal(rows.length, 3, 'every application of the event, the cancelled one included');
      t.same(
        rows.map((r) => r['ユーザーID']),
        ['0000000012', '0000000011', '0000000015'],
        'in the order they applied',
      );
      t.same(
        rows.map((r) => r['状態']),
        ['キャンセル', '申込', '申込'],
      );
      t.match(nth(rows, 0)['キャンセル日時'], /^\d{4}\/\d{2}\/\d{2} 09:15$/);
      t.equal(nth(rows, 1)['氏名'], '山本 直樹');
      t.equal(nth(rows, 1)['代理店名'], '株式会社さくら文具');
      t.equal(nth(rows, 2)['代理店名'], '株式会社なにわ商会');
      t.equal(
        nth(rows, 2)['部署名'],
        `'=HYPERLINK("http://evil.example/","開く")`,
        'the formula cell starts with an apostrophe',
      );
      t.ok(text.includes(`"'=HYPERLINK(""http://evil.example/"",""開く"")"`), 'and is quoted as CSV');

      const audit = await h.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('entity', '=', 'event_entries')
        .where('entity_id', '=', String(first.content_id))
        .execute();
      t.equal(audit.length, 1, 'the download is audited');
      t.equal(nth(audit, 0).action, 'download');
      t.equal(nth(audit, 0).actor_user_id, provider.userId);
      t.same(nth(audit, 0).after_data, { fileName: first.csv_file_name, rowCount: 3, liveCount: 2 });
    },
  );

  await t.test(
    'an applied event registered on the form: its own file name; pseudo-login applications name the operator',
    async (t) => {
      const ev = nth(events, 1);
      const pseudo = actingAs(h, provider, { userId: '0000000004', agCode: 'A0000002' });
      await h.db
        .insertInto('event_entries')
        .values({ content_id: ev.content_id, user_id: '0000000004', ag_code: 'A0000002', applied_by: provider.userId })
        .execute();
      // Admin screens stay the provider's own during pseudo-login (permissions are the signed-in user's); the audit names both.
      const res = await pseudo.call(FILE, { eventId: ev.content_id });
      t.equal(res.statusCode, 200);
      const rows = parseCsvRecords(res.rawPayload.toString('utf8')).slice(1);
      const mine = rows.find((r) => r.cells[6] === '0000000004')!;
      t.equal(mine.cells[11], provider.userId, '申込操作者 is the provider who applied for the agent');
      t.equal(rows.find((r) => r.cells[6] === '0000000003')!.cells[11], '', 'empty when the applicant applied');
      const audit = await h.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('entity', '=', 'event_entries')
        .where('entity_id', '=', String(ev.content_id))
        .executeTakeFirstOrThrow();
      t.equal(audit.actor_user_id, provider.userId);
      t.equal(audit.pseudo_user_id, '0000000004');
    },
  );

  await t.test('an event nobody applied for: 204 and no file', async (t) => {
    const applied = new Set(
      (await h.db.selectFrom('event_entries').select('content_id').execute()).map((r) => r.content_id),
    );
    const empty = events.find((e) => !applied.has(e.content_id))!;
    const res = await provider.call(FILE, { eventId: empty.content_id });
    t.equal(res.statusCode, 204);
    t.equal(res.rawPayload.length, 0);
    t.notOk(res.headers['content-disposition']);
  });

  await t.test('the rules: an event must be chosen (ERR_0003); an unknown or deleted event is ERR_0009', async (t) => {
    for (const body of [{}, { eventId: '' }]) {
      const res = await provider.call(FILE, body);
      t.equal(res.statusCode, 400);
      t.same(res.json().messages, [{ messageId: 'ERR_0003', args: ['イベント'] }]);
    }
    const unknown = await provider.call(FILE, { eventId: 999999 });
    t.equal(unknown.statusCode, 400);
    t.same(unknown.json().messages, [{ messageId: 'ERR_0009', args: ['イベント'] }]);
    const notice = await h.db
      .selectFrom('contents')
      .select('content_id')
      .where('category_id', '=', 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    t.same(
      messageIds(await provider.call(FILE, { eventId: notice.content_id })),
      ['ERR_0009'],
      'a notice is not an event',
    );
    t.equal((await provider.call(FILE, { eventId: 'abc' })).statusCode, 400);
  });

  await t.test('403 for everyone without permission 114', async (t) => {
    for (const who of ['demo-agent', 'demo-agent2', 'demo-agadmin', 'demo-staff'] as const) {
      const s = await signInAs(h, who);
      for (const [path, body] of [
        [INIT, {}],
        [FILE, { eventId: first.content_id }],
      ] as const) {
        const res = await s.call(path, body);
        t.equal(res.statusCode, 403, `${who} ${path}`);
        t.same(messageIds(res), ['ERR_0022']);
      }
    }
    t.equal((await h.post(FILE, { systemKbn: '01', eventId: first.content_id })).statusCode, 401, 'no token');
    const audit = await h.db
      .selectFrom('audit_logs')
      .select('audit_id')
      .where('entity', '=', 'event_entries')
      .execute();
    t.equal(audit.length, 2, 'refused calls leave no download in the audit (two downloads above)');
  });
});
