// Rule kinds about one value: required (requiredIf, requiredWith), maxLength, charset, email, digits.
import t from 'tap';
import { validateField, validateForm, type Rule } from '../../schemas/rules/engine';
import { nth } from '../helpers/indexing';

const run = (rules: Rule[], record: unknown, ctx = {}) => validateForm({ rules }, record, ctx);
const err = (field: string, messageId: string, ...args: string[]) => ({ field, messageId, args });

t.test('required: empty values and filled ones', async (t) => {
  const rules: Rule[] = [{ rule: 'required', field: 'name', message: 'ERR_0001', args: ['会社名'] }];
  for (const empty of [undefined, null, '', [], {}, { fileName: '' }]) {
    t.same(run(rules, { name: empty }), [err('name', 'ERR_0001', '会社名')], JSON.stringify(empty) ?? 'undefined');
  }
  t.same(run(rules, {}), [err('name', 'ERR_0001', '会社名')], 'missing key');
  t.same(run(rules, null), [err('name', 'ERR_0001', '会社名')], 'no record at all');
  for (const filled of ['a', ' ', '0', 0, false, ['x'], { fileName: 'a.csv' }, [{ fileName: 'a.pdf' }]]) {
    t.same(run(rules, { name: filled }), [], JSON.stringify(filled));
  }
  t.same(run(rules, { name: [{ fileName: '' }] }), [err('name', 'ERR_0001', '会社名')], 'a file list of empty rows');
});

t.test("required with html: the editor's empty paragraph counts as empty", async (t) => {
  const rules: Rule[] = [{ rule: 'required', field: 'body', html: true, message: 'ERR_0001', args: ['本文'] }];
  for (const empty of ['<p></p>', '<p><br></p>', '<p>&nbsp;</p>', '<p> \u3000</p>', '<p></p><p></p>']) {
    t.same(run(rules, { body: empty }), [err('body', 'ERR_0001', '本文')], empty);
  }
  for (const filled of ['<p>本文</p>', '<p><img src="a.png"></p>', '<p>&amp;</p>'])
    t.same(run(rules, { body: filled }), [], filled);
});

t.test('required for a select uses ERR_0003', async (t) => {
  const rules: Rule[] = [{ rule: 'required', field: 'roleId', message: 'ERR_0003', args: ['機能権限'] }];
  t.same(run(rules, { roleId: '' }), [err('roleId', 'ERR_0003', '機能権限')]);
});

t.test('requiredIf: only when the condition holds', async (t) => {
  const rules: Rule[] = [
    {
      rule: 'requiredIf',
      field: 'agSegmentId',
      when: { field: 'hyojiTaisho', equals: '1' },
      message: 'ERR_0003',
      args: ['AGセグメント'],
    },
    {
      rule: 'requiredIf',
      field: 'jyuyoKikanStart',
      when: { field: 'jyuyoFlg', equals: true },
      message: 'ERR_0001',
      args: ['重要期間From'],
    },
  ];
  t.same(run(rules, { hyojiTaisho: '0', jyuyoFlg: false }), []);
  t.same(run(rules, { hyojiTaisho: '1', jyuyoFlg: true }), [
    err('agSegmentId', 'ERR_0003', 'AGセグメント'),
    err('jyuyoKikanStart', 'ERR_0001', '重要期間From'),
  ]);
  t.same(run(rules, { hyojiTaisho: 1 }), [err('agSegmentId', 'ERR_0003', 'AGセグメント')], 'number 1 equals "1"');
  t.same(run(rules, { hyojiTaisho: '1', agSegmentId: 3 }), []);
});

t.test('conditions: in, notEquals, filled and the context', async (t) => {
  const base = { field: 'x', message: 'ERR_0001', args: ['X'] } as const;
  t.same(run([{ rule: 'required', ...base, when: { field: 'k', in: ['1', '2'] } }], { k: '2' }).length, 1);
  t.same(run([{ rule: 'required', ...base, when: { field: 'k', in: ['1', '2'] } }], { k: '0' }).length, 0);
  t.same(run([{ rule: 'required', ...base, when: { field: 'k', notEquals: '0' } }], { k: '0' }).length, 0);
  t.same(
    run([{ rule: 'required', ...base, when: { field: 'k' } }], { k: 'a' }).length,
    1,
    'a bare condition means filled',
  );
  t.same(run([{ rule: 'required', ...base, when: { field: 'k', filled: false } }], { k: '' }).length, 1);
  t.same(run([{ rule: 'required', ...base, when: { context: 'mode', equals: 'new' } }], {}, { mode: 'new' }).length, 1);
  t.same(
    run([{ rule: 'required', ...base, when: { context: 'mode', equals: 'new' } }], {}, { mode: 'update' }).length,
    0,
  );
  t.same(
    run(
      [
        {
          rule: 'required',
          ...base,
          when: [
            { field: 'a', equals: 1 },
            { field: 'b', equals: 2 },
          ],
        },
      ],
      { a: 1, b: 3 },
    ).length,
    0,
    'all conditions',
  );
});

t.test('requiredWith: a link caption without a URL, row by row', async (t) => {
  const rules: Rule[] = [
    {
      rule: 'requiredWith',
      field: 'links[].url',
      with: 'links[].caption',
      message: 'ERR_0002',
      args: ['リンク{row}のURL'],
    },
  ];
  const links = [
    { caption: '', url: '' },
    { caption: 'カタログ', url: '' },
    { caption: 'FAQ', url: 'https://example.jp/' },
    { caption: '', url: 'https://example.jp/x' },
  ];
  t.same(run(rules, { links }), [err('links.1.url', 'ERR_0002', 'リンク2のURL')]);
  t.same(run(rules, { links: [] }), [], 'no rows');
  t.same(run(rules, {}), [], 'no list');
});

t.test('maxLength counts characters (code points): 255 and 500 limits', async (t) => {
  const rules: Rule[] = [
    { rule: 'maxLength', field: 'title', max: 255, message: 'ERR_0025', args: ['タイトル'] },
    { rule: 'maxLength', field: 'kanriTag', max: 500, message: 'ERR_0025', args: ['管理タグ'] },
  ];
  t.same(run(rules, { title: 'あ'.repeat(255), kanriTag: 'a'.repeat(500) }), [], '255 full-width, 500');
  t.same(run(rules, { title: 'あ'.repeat(256), kanriTag: 'a'.repeat(501) }), [
    err('title', 'ERR_0025', 'タイトル'),
    err('kanriTag', 'ERR_0025', '管理タグ'),
  ]);
  t.same(run(rules, { title: '𠮷'.repeat(255) }), [], 'surrogate pairs count once (UTF-16 length 510)');
  t.same(run(rules, { title: '𠮷'.repeat(256) }), [err('title', 'ERR_0025', 'タイトル')]);
  t.same(
    run([{ rule: 'maxLength', field: 'n', max: 3, message: 'ERR_0025', args: ['{max}文字'] }], { n: 12345 }),
    [err('n', 'ERR_0025', '3文字')],
    'numbers as text, {max}',
  );
  t.same(
    run([{ rule: 'maxLength', field: 'b', max: 3, html: true, message: 'ERR_0025' }], {
      b: '<p><strong>abc</strong></p>',
    }),
    [],
    'html: tags do not count',
  );
});

t.test('charset usable (ERR_0026): Shift_JIS convertible, no combining marks, nothing above U+FFFF', async (t) => {
  const rules: Rule[] = [{ rule: 'charset', field: 'v', set: 'usable', message: 'ERR_0026', args: ['会社名'] }];
  const ok = ['株式会社さくら文具', 'ＡＢＣ１２３', 'ｶﾀｶﾅ', '①②Ⅲ㈱', '髙橋', '～', 'abc-_.@', '改行\r\nタブ\t', ''];
  for (const s of ok) t.same(run(rules, { v: s }), [], `accepts ${JSON.stringify(s)}`);
  const bad = ['𠮷野家', '見積😀', 'か\u3099', 'e\u0301', '〜', '−', '\u{E000}', '한국어', 'Ω\u0000'];
  for (const s of bad) t.same(run(rules, { v: s }), [err('v', 'ERR_0026', '会社名')], `refuses ${JSON.stringify(s)}`);
  const symbols: Rule[] = [
    { rule: 'charset', field: 'v', set: 'usable', forbidSymbols: true, message: 'ERR_0026', args: ['X'] },
  ];
  for (const s of ["O'Neil", '<b>', 'A&B', '(株)', 'a,b', '{x}'])
    t.same(run(symbols, { v: s }).length, 1, `forbidSymbols refuses ${s}`);
  t.same(run(symbols, { v: '（株）' }), [], 'full-width brackets are fine');
  t.same(run(rules, { v: ['タグ1', 'タグ😀'] }), [err('v', 'ERR_0026', '会社名')], 'each string of a list');
});

t.test('charset ascii, alphanumeric, numeric', async (t) => {
  const r = (set: 'ascii' | 'alphanumeric' | 'numeric'): Rule[] => [
    { rule: 'charset', field: 'v', set, message: 'ERR_0018', args: ['X'] },
  ];
  t.same(run(r('ascii'), { v: 'a b~' }), []);
  t.same(run(r('ascii'), { v: 'ａ' }).length, 1);
  t.same(run(r('alphanumeric'), { v: 'A0000001' }), []);
  t.same(run(r('alphanumeric'), { v: 'Ａ0000001' }).length, 1, 'full-width letter');
  t.same(run(r('alphanumeric'), { v: 'A-1' }).length, 1);
  t.same(run(r('numeric'), { v: '007' }), []);
  t.same(run(r('numeric'), { v: '１' }).length, 1, 'full-width digit');
});

t.test('email: half-width first (ERR_0018), then the shape (ERR_0020)', async (t) => {
  const rules: Rule[] = [{ rule: 'email', field: 'email', message: 'ERR_0020', args: ['メールアドレス'] }];
  t.same(run(rules, { email: 'taro.yamada@example.co.jp' }), []);
  t.same(run(rules, { email: '' }), [], 'empty: required says it');
  t.same(run(rules, { email: 'ｔaro@example.jp' }), [err('email', 'ERR_0018', 'メールアドレス')]);
  t.same(run(rules, { email: 'taro@例え.jp' }), [err('email', 'ERR_0018', 'メールアドレス')]);
  for (const bad of ['taro', 'taro@example', 'taro@@example.jp', 'taro @example.jp', 'taro@example..jp']) {
    t.same(run(rules, { email: bad }), [err('email', 'ERR_0020', 'メールアドレス')], bad);
  }
  t.same(
    nth(run([{ ...rules[0], asciiMessage: 'ERR_0026' } as Rule], { email: 'あ@example.jp' }), 0).messageId,
    'ERR_0026',
    'asciiMessage',
  );
});

t.test('digits: display order, numeric only, at most 3 digits', async (t) => {
  const rules: Rule[] = [
    { rule: 'digits', field: 'rows[].dispNo', max: 3, message: 'ERR_0025', args: ['{row}行目の表示順'] },
  ];
  t.same(run(rules, { rows: [{ dispNo: '1' }, { dispNo: 999 }, { dispNo: '' }, { dispNo: '007' }] }), []);
  t.same(
    run(rules, { rows: [{ dispNo: '1000' }, { dispNo: '1.5' }, { dispNo: '-1' }, { dispNo: '１' }, { dispNo: '1' }] }),
    [
      err('rows.0.dispNo', 'ERR_0025', '1行目の表示順'),
      err('rows.1.dispNo', 'ERR_0025', '2行目の表示順'),
      err('rows.2.dispNo', 'ERR_0025', '3行目の表示順'),
      err('rows.3.dispNo', 'ERR_0025', '4行目の表示順'),
    ],
  );
  t.same(
    run([{ rule: 'digits', field: 'code', max: 8, min: 8, message: 'ERR_0025' }], { code: '1234567' }).length,
    1,
    'min',
  );
});

t.test('several rules on one field are all reported, identical results once', async (t) => {
  const rules: Rule[] = [
    { rule: 'maxLength', field: 'v', max: 3, message: 'ERR_0025', args: ['X'] },
    { rule: 'charset', field: 'v', set: 'usable', message: 'ERR_0026', args: ['X'] },
    { rule: 'charset', field: 'v', set: 'usable', message: 'ERR_0026', args: ['X'] },
  ];
  t.same(run(rules, { v: '😀😀😀😀' }), [err('v', 'ERR_0025', 'X'), err('v', 'ERR_0026', 'X')]);
});

t.test('validateField runs the rules of one field, in its row', async (t) => {
  const def = {
    rules: [
      { rule: 'required', field: 'name', message: 'ERR_0001', args: ['名前'] },
      { rule: 'required', field: 'mail', message: 'ERR_0001', args: ['メール'] },
      { rule: 'requiredWith', field: 'links[].url', with: 'links[].caption', message: 'ERR_0002', args: ['URL{row}'] },
    ] as Rule[],
  };
  const record = {
    name: '',
    mail: '',
    links: [
      { caption: 'a', url: '' },
      { caption: 'b', url: '' },
    ],
  };
  t.same(validateField(def, record, 'name'), [err('name', 'ERR_0001', '名前')]);
  t.same(validateField(def, record, 'links.1.url'), [err('links.1.url', 'ERR_0002', 'URL2')]);
  t.same(
    validateField(def, record, 'links.0.caption'),
    [err('links.0.url', 'ERR_0002', 'URL1')],
    'the caption of row 1 concerns the url of row 1',
  );
  t.same(validateField(def, record, 'other'), []);
});
