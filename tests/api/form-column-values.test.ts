// A declared form's value that its column cannot hold (issue 22 item 1; docs/forms.md "What the
// engine checks against the columns"): a number that is not a safe integer, or one past the
// column's range, in a field stored in an integer column, an impossible date or timestamp, a
// flag that is not one, text past the column's length — a 400 naming the field by its title
// before any SQL, never a 500. On every path the issue lists, on PGlite and PostgreSQL.
import t from 'tap';
import { columnCatalogue } from '../../api/db/column-catalogue';
import { columnFailures } from '../../api/forms/column-values';
import { storeShape } from '../../api/forms/record-store';
import { formOf } from '../../api/forms/registry';
import { createTestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/portal';

type Res = { statusCode: number; json(): unknown; body: string };
const messagesOf = (res: Res) => (res.json() as { messages?: { messageId: string; args: string[] }[] }).messages ?? [];

/** Not safe integers, and one past the range of an int4 column. */
const NOT_INTEGERS: unknown[] = [1.5, 1e308, 1.2345678901234568e29, '1.5', '1e308', 2147483648, '99999999999999999999'];

t.test('values a column cannot hold are a labelled 400 before any SQL', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const provider = await signInAs(h, 'demo-provider');
  const errorLogs = async () =>
    Number(
      (
        await h.db
          .selectFrom('error_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const notice = await h.db
    .selectFrom('contents')
    .select('content_id')
    .where('category_id', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('content_id')
    .executeTakeFirstOrThrow();
  const navi = await h.db
    .selectFrom('global_navi_settings')
    .select('kanri_id')
    .orderBy('kanri_id')
    .executeTakeFirstOrThrow();
  const menu = await h.db
    .selectFrom('icon_menu_settings')
    .select('kanri_id')
    .orderBy('kanri_id')
    .executeTakeFirstOrThrow();
  const rows = { nowSettingList: [{ categoryId: '1', dispName: 'お知らせ', iconMenuName: 'お知らせ', dispNo: '1' }] };

  // The paths, each with the field it named and the title the answer must carry.
  const cases: { path: string; field: string; title: string; body: Record<string, unknown> }[] = [
    {
      path: '/api/ContentsReg/RegContents',
      field: 'copyContentsId',
      title: 'コピー元ID',
      body: { contentsCategoryId: '1' },
    },
    {
      path: '/api/ContentsReg/RegContents',
      field: 'subCategoryId',
      title: 'サブカテゴリ',
      body: { contentsCategoryId: '1' },
    },
    {
      path: '/api/ContentsReg/UpdateContents',
      field: 'copyContentsId',
      title: 'コピー元ID',
      body: { contentsCategoryId: '1', contentsId: String(notice.content_id) },
    },
    {
      path: '/api/ContentsReg/UpdateContents',
      field: 'subCategoryId',
      title: 'サブカテゴリ',
      body: { contentsCategoryId: '1', contentsId: String(notice.content_id) },
    },
    {
      path: '/api/EventReg/RegContents',
      field: 'copyContentsId',
      title: 'コピー元ID',
      body: { contentsCategoryId: '7' },
    },
    {
      path: '/api/SkilupReg/RegContents',
      field: 'subCategoryId',
      title: 'サブカテゴリ',
      body: { contentsCategoryId: '6' },
    },
    {
      path: '/api/GlovalNaviManegment/regGlobalNavi',
      field: 'settingTargetCode',
      title: '',
      body: { settingName: 'x', settingTargetKbn: '1', reflectionDate: '2026-12-01', ...rows },
    },
    {
      path: '/api/GlovalNaviManegment/updateGlobalNavi',
      field: 'settingTargetCode',
      title: '',
      body: {
        glonaviKanriId: String(navi.kanri_id),
        settingName: 'x',
        settingTargetKbn: '1',
        reflectionDate: '2026-12-01',
        ...rows,
      },
    },
    {
      path: '/api/IconMenuManegment/regIconMenu',
      field: 'settingTargetCode',
      title: '',
      body: { settingName: 'x', settingTargetKbn: '1', reflectionDate: '2026-12-01', ...rows },
    },
    {
      path: '/api/IconMenuManegment/updateIconMenu',
      field: 'settingTargetCode',
      title: '',
      body: {
        iconMenuKanriId: String(menu.kanri_id),
        settingName: 'x',
        settingTargetKbn: '1',
        reflectionDate: '2026-12-01',
        ...rows,
      },
    },
  ];

  t.test('the issue’s fields and numbers', async (t) => {
    const before = await errorLogs();
    for (const c of cases) {
      for (const value of NOT_INTEGERS) {
        const res = await provider.call(c.path, { ...c.body, [c.field]: value });
        t.equal(res.statusCode, 400, `${c.path} ${c.field}=${String(value)}: ${res.body}`);
        // The target code is a segment id or an agent code (a text column): not a segment there is.
        if (c.title)
          t.ok(
            messagesOf(res).some((m) => m.messageId === 'ERR_0025' && m.args[0] === c.title),
            `${c.path} ${c.field}=${String(value)} names ${c.title}: ${res.body}`,
          );
      }
    }
    t.equal(await errorLogs(), before, 'no error was logged');
  });

  t.test('every column type: integer range, dates, timestamps, flags, text length, child rows', async (t) => {
    const notices = [
      ['agSegmentId', { hyojiTaisho: '1', agSegmentId: -2147483649 }, 'AGセグメント'],
      ['keisaiKikanStart', { keisaiKikanStart: '2026-02-30' }, '掲載期間From'],
      ['keisaiKikanEnd', { keisaiKikanEnd: '0000/01/01' }, '掲載期間To'],
      ['lastUpdate', { lastUpdate: 20261120 }, '最終更新日'],
      ['jyuyoFlg', { jyuyoFlg: 'yes' }, '重要'],
    ] as const;
    for (const [field, extra, title] of notices) {
      const res = await provider.call('/api/ContentsReg/RegContents', { contentsCategoryId: '1', ...extra });
      t.equal(res.statusCode, 400, `${field}: ${res.body}`);
      // The form's own rule for the field speaks where it has one (a date's format: ERR_0020), else ERR_0025.
      t.ok(
        messagesOf(res).some((m) => ['ERR_0025', 'ERR_0020'].includes(m.messageId) && m.args[0] === title),
        `${field} names ${title}: ${res.body}`,
      );
    }
    // An event's date and time live in a one-to-one table (timestamp columns).
    for (const kaisaiDate of ['2027-02-29T10:00', '2027-01-15T25:00', 'x']) {
      const res = await provider.call('/api/EventReg/RegContents', { contentsCategoryId: '7', kaisaiDate });
      t.equal(res.statusCode, 400, `kaisaiDate ${kaisaiDate}: ${res.body}`);
      t.ok(
        messagesOf(res).some((m) => ['ERR_0025', 'ERR_0020'].includes(m.messageId) && m.args[0] === '開催日時'),
        `kaisaiDate ${kaisaiDate}: ${res.body}`,
      );
    }
    // A child row's integer column: the form's row rule names the row and the column; without one, the list's title.
    const res = await provider.call('/api/GlovalNaviManegment/regGlobalNavi', {
      settingName: 'x',
      settingTargetKbn: '0',
      reflectionDate: '2026-12-01',
      nowSettingList: [{ categoryId: '1', dispName: 'x', dispNo: 1.5 }],
    });
    t.equal(res.statusCode, 400, res.body);
    t.ok(
      messagesOf(res).some((m) => m.messageId === 'ERR_0025' && m.args[0] === '現在の設定1行目の表示順'),
      res.body,
    );
    const category = await provider.call('/api/GlovalNaviManegment/regGlobalNavi', {
      settingName: 'x',
      settingTargetKbn: '0',
      reflectionDate: '2026-12-01',
      nowSettingList: [{ categoryId: 1e308, dispName: 'x', dispNo: '1' }],
    });
    t.equal(category.statusCode, 400, category.body);
  });

  t.test('the checker itself, against the database’s own column types', async (t) => {
    const catalogue = await columnCatalogue(h.db);
    t.match(catalogue.get('contents.sub_category_id'), { kind: 'integer', max: 2147483647 });
    t.match(catalogue.get('contents.title'), { kind: 'text', maxLength: 255 });
    t.match(catalogue.get('contents.keisai_start'), { kind: 'date' });
    t.match(catalogue.get('events.kaisai_at'), { kind: 'timestamp' });
    t.match(catalogue.get('contents.jyuyo_flg'), { kind: 'boolean' });
    const declared = formOf(h.app.definitions, 'notification-reg');
    const shape = storeShape(declared);
    // The form's own maxLength rule on the title speaks first (its message, as the browser shows it).
    t.same(
      columnFailures(catalogue, declared, shape, { title: 'あ'.repeat(256) }),
      [],
      'a length the rules limit is left to them',
    );
    // Text past the column's length where no rule limits it.
    const form = { ...declared, rules: [] };
    const record: Record<string, unknown> = {
      title: 'あ'.repeat(256),
      subCategoryId: '12',
      agSegmentId: ' 3 ',
      keisaiKikanStart: '2026/11/01',
      jyuyoFlg: 'true',
      copyContentsId: 5,
    };
    t.same(columnFailures(catalogue, form, shape, record), [
      { field: 'title', messageId: 'ERR_0025', args: ['タイトル'] },
    ]);
    t.same(
      columnFailures(catalogue, form, shape, { title: '𠮷'.repeat(255) }),
      [],
      'characters are counted, not UTF-16 units',
    );
    t.notOk('title' in record, 'the value that does not fit is dropped: no hook sees it');
    t.same(
      record,
      { subCategoryId: '12', agSegmentId: ' 3 ', keisaiKikanStart: '2026/11/01', jyuyoFlg: 'true', copyContentsId: 5 },
      'values that fit are kept as sent',
    );
  });

  t.test('a valid save still saves (digits as strings and as numbers)', async (t) => {
    const sub = await h.db
      .selectFrom('sub_categories')
      .select('sub_category_id')
      .where('category_id', '=', 1)
      .orderBy('sub_category_id')
      .executeTakeFirstOrThrow();
    const tag = await h.db
      .selectFrom('tags')
      .select(['tag_id', 'tag_name'])
      .orderBy('tag_id')
      .executeTakeFirstOrThrow();
    const res = await provider.call('/api/ContentsReg/RegContents', {
      contentsCategoryId: '1',
      subCategoryId: sub.sub_category_id,
      keisaiKikanStart: '2026/11/01',
      keisaiKikanEnd: '9999-12-31',
      jyuyoFlg: false,
      lastUpdate: '2026-11-20',
      title: '列の型の確認',
      hyojiTaisho: '0',
      body: '<p>本文</p>',
      kensakuTagList: [{ tagId: tag.tag_id, tagName: tag.tag_name, isChecked: true }],
    });
    t.equal(res.statusCode, 200, res.body);
  });
});
