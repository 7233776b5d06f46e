// Rule kinds about files and CSV lists: extension, size, name, duplicate, csvList (quoting,
// blank lines, line numbers), and the CSV helpers.
import t from 'tap';
import { validateForm, type Rule } from '../../schemas/rules/engine';
import { countCsvEntries, decodeText, parseCsvList } from '../../schemas/rules/csv';
import { extensionOf, isUsableFileName } from '../../schemas/rules/kinds-file';
import { formatMegabytes } from '../../schemas/rules/engine-types';

const run = (rules: Rule[], record: unknown, ctx = {}) => validateForm({ rules }, record, ctx);
const err = (field: string, messageId: string, ...args: string[]) => ({ field, messageId, args });

t.test('fileExtension: csv only (ERR_0010), attachments (ERR_0027); case-insensitive', async (t) => {
  const csv: Rule[] = [{ rule: 'fileExtension', field: 'f', extensions: ['csv'], message: 'ERR_0010' }];
  t.same(run(csv, { f: { fileName: 'list.csv' } }), []);
  t.same(run(csv, { f: { fileName: 'LIST.CSV' } }), []);
  for (const bad of ['list.txt', 'list.csv.exe', 'list', 'list.', 'csv'])
    t.same(run(csv, { f: { fileName: bad } }), [err('f', 'ERR_0010')], bad);
  t.same(run(csv, { f: null }), [], 'no file: required says it');
  const att: Rule[] = [
    { rule: 'fileExtension', field: 'files', extensions: ['pdf', 'docx', 'xlsx', 'txt', 'pptx'], message: 'ERR_0027' },
  ];
  t.same(run(att, { files: [{ fileName: 'a.pdf' }, { fileName: 'b.xlsx' }, { fileName: '' }] }), []);
  t.same(
    run(att, { files: [{ fileName: 'a.pdf' }, { fileName: 'b.exe' }, { fileName: 'c.js' }] }),
    [err('files', 'ERR_0027')],
    'one message for the list',
  );
});

t.test('fileSize: the server maxFileSize, ERR_0024 with MB', async (t) => {
  const rules: Rule[] = [{ rule: 'fileSize', field: 'f', message: 'ERR_0024', args: ['{maxFileSizeMB}'] }];
  const ctx = { maxFileSize: 20 * 1024 * 1024 };
  t.same(run(rules, { f: { fileName: 'a.pdf', size: 20 * 1024 * 1024 } }, ctx), [], 'exactly the limit');
  t.same(run(rules, { f: { fileName: 'a.pdf', size: 20 * 1024 * 1024 + 1 } }, ctx), [err('f', 'ERR_0024', '20')]);
  t.same(run(rules, { f: { fileName: 'a.pdf' } }, ctx), [], 'unknown size (a stored file)');
  t.same(run(rules, { f: { fileName: 'a.pdf', size: 10 } }, {}), [], 'no limit known');
  t.same(
    run([{ ...rules[0], max: 1572864 } as Rule], { f: { fileName: 'a', size: 1572865 } }),
    [err('f', 'ERR_0024', '1.5')],
    'own max',
  );
  t.equal(formatMegabytes(10 * 1024 * 1024), '10');
});

t.test('fileName: usable characters (ERR_0025)', async (t) => {
  const rules: Rule[] = [{ rule: 'fileName', field: 'f', message: 'ERR_0025', args: ['ファイル名'] }];
  for (const ok of ['代理店一覧.csv', 'ﾃｽﾄ (1).csv', 'a.b.csv', 'x'.repeat(251) + '.csv'])
    t.same(run(rules, { f: { fileName: ok } }), [], ok);
  for (const bad of [
    '𠮷野家.csv',
    'か\u3099.csv',
    'a/b.csv',
    'a\\b.csv',
    'a:b.csv',
    'a*.csv',
    'a?.csv',
    'a"b.csv',
    'a<b>.csv',
    'a|b.csv',
    'a\tb.csv',
    '.csv',
    'a.csv.',
    'a.csv ',
    ' a.csv',
    'x'.repeat(252) + '.csv',
    '〜.csv',
  ]) {
    t.same(run(rules, { f: { fileName: bad } }), [err('f', 'ERR_0025', 'ファイル名')], JSON.stringify(bad));
  }
  t.ok(isUsableFileName('a'));
  t.equal(extensionOf('a.tar.GZ'), 'gz');
  t.equal(extensionOf('.hidden'), '');
});

t.test('fileDuplicate: no two files with one name in a field (ERR_0017)', async (t) => {
  const rules: Rule[] = [{ rule: 'fileDuplicate', field: 'files', message: 'ERR_0017', args: ['ファイル名'] }];
  t.same(run(rules, { files: [{ fileName: 'a.pdf' }, { fileName: 'b.pdf' }] }), []);
  t.same(
    run(rules, { files: [{ fileName: 'a.pdf' }, { fileName: 'A.PDF' }] }),
    [err('files', 'ERR_0017', 'ファイル名')],
    'case-insensitive',
  );
  t.same(run(rules, { files: [{ fileName: 'が.pdf' }, { fileName: 'か\u3099.pdf' }] }).length, 1, 'NFC');
});

t.test('parseCsvList: blank lines dropped, quotes stripped, line numbers kept', async (t) => {
  t.same(parseCsvList('A0000001\nA0000002\n'), [
    { line: 1, value: 'A0000001' },
    { line: 2, value: 'A0000002' },
  ]);
  t.same(
    parseCsvList('\uFEFF"A0000001"\r\n\r\n  \r\n"A0000002",株式会社\r\n'),
    [
      { line: 1, value: 'A0000001' },
      { line: 4, value: 'A0000002' },
    ],
    'BOM, CRLF, blank and space-only lines, second column',
  );
  t.same(
    parseCsvList("'A0000001'\r'A0000002'"),
    [
      { line: 1, value: 'A0000001' },
      { line: 2, value: 'A0000002' },
    ],
    'single quotes, CR line ends',
  );
  t.same(
    parseCsvList('"A00""01"\n"A0001,x",y\n"unterminated\n""\n,A0000009'),
    [
      { line: 1, value: 'A00"01' },
      { line: 2, value: 'A0001,x' },
      { line: 3, value: 'unterminated' },
    ],
    'doubled quotes, commas inside quotes; an empty first column is blank',
  );
  t.same(parseCsvList(' " A0000001 " '), [{ line: 1, value: 'A0000001' }], 'spaces inside and outside quotes');
  t.equal(countCsvEntries(''), 0);
  t.equal(countCsvEntries('\n\n \u3000\n'), 0, 'only blank lines');
  t.equal(countCsvEntries('A\nA\nB'), 3, 'the import count counts repeats');
});

t.test('decodeText: UTF-8 or Shift_JIS', async (t) => {
  t.equal(decodeText(new TextEncoder().encode('\uFEFFコード')), 'コード', 'UTF-8 BOM removed');
  t.equal(decodeText(Uint8Array.of(0x83, 0x52, 0x81, 0x5b, 0x83, 0x68)), 'コード', 'Shift_JIS');
});

t.test('csvList checks: notEmpty (ERR_0011), maxLength (ERR_0013 with the line), charset, unique', async (t) => {
  const rules: Rule[] = [
    { rule: 'csvList', field: 'uploadFile', check: 'notEmpty', message: 'ERR_0011' },
    {
      rule: 'csvList',
      field: 'uploadFile',
      check: 'maxLength',
      max: 8,
      message: 'ERR_0013',
      args: ['{row}', '代理店コード'],
    },
    {
      rule: 'csvList',
      field: 'uploadFile',
      check: 'charset',
      set: 'alphanumeric',
      message: 'ERR_0026',
      args: ['{row}行目の代理店コード'],
    },
  ];
  const file = (text: string) => ({ uploadFile: { fileName: 'a.csv', size: text.length, text } });
  t.same(run(rules, file('A0000001\n"A0000002"\n')), []);
  t.same(run(rules, file('')), [err('uploadFile', 'ERR_0011')], 'empty file');
  t.same(run(rules, file('\r\n\r\n')), [err('uploadFile', 'ERR_0011')], 'only blank lines');
  t.same(run(rules, file('A0000001\n\nA00000021\nＡ0000001')), [
    err('uploadFile', 'ERR_0013', '3', '代理店コード'),
    err('uploadFile', 'ERR_0026', '4行目の代理店コード'),
  ]);
  t.same(run(rules, { uploadFile: { fileName: 'a.csv', size: 3 } }), [], 'text not read: nothing to check');
  t.same(run(rules, { uploadFile: null }), []);
  const many = Array.from({ length: 30 }, () => 'TOO-LONG-CODE').join('\n');
  t.equal(
    run(rules, file(many)).filter((r) => r.messageId === 'ERR_0013').length,
    20,
    'at most 20 lines reported per rule',
  );
  const text: Rule[] = [
    { rule: 'csvList', field: 'agCodeList', check: 'unique', message: 'ERR_0014', args: ['{row}', '代理店コード'] },
    {
      rule: 'csvList',
      field: 'agCodeList',
      check: 'maxLength',
      max: 8,
      message: 'ERR_0013',
      args: ['{row}', '代理店コード'],
    },
  ];
  t.same(
    run(text, { agCodeList: 'A1\nA2\n"A1"' }),
    [err('agCodeList', 'ERR_0014', '3', '代理店コード')],
    'a plain text list',
  );
  t.same(run(text, { agCodeList: '' }), [], 'empty text');
});
