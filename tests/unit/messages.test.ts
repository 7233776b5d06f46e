import t from 'tap';
import { formatMessage, formatMessages, hasMessage, messageCatalogue } from '../../schemas/messages/format';

// Every code of spec 000 section 8, written out so that a missing one is a visible failure.
const CODES = [
  'ERR_0001',
  'ERR_0002',
  'ERR_0003',
  'ERR_0004',
  'ERR_0005',
  'ERR_0006',
  'ERR_0007',
  'ERR_0008',
  'ERR_0009',
  'ERR_0010',
  'ERR_0011',
  'ERR_0012',
  'ERR_0013',
  'ERR_0014',
  'ERR_0015',
  'ERR_0016',
  'ERR_0017',
  'ERR_0018',
  'ERR_0019',
  'ERR_0020',
  'ERR_0021',
  'ERR_0022',
  'ERR_0023',
  'ERR_0024',
  'ERR_0025',
  'ERR_0026',
  'ERR_0027',
  'ERR_0028',
  'ERR_0029',
  'ERR_0030',
  'ERR_0031',
  'ERR_0032',
  'ERR_0033',
  'ERR_0034',
  'ERR_0035',
  'ERR_0036',
  'ERR_0037',
  'ERR_0038',
  'ERR_0039',
  'ERR_0040',
  'WRN_0001',
  'WRN_0002',
  'WRN_0003',
  'CNF_0001',
  'CNF_0002',
  'CNF_0003',
  'CNF_0004',
  'CNF_0005',
  'CNF_0006',
  'CNF_0007',
  'CNF_0008',
  'CNF_0009',
  'CNF_0010',
  'CNF_0011',
  'INF_0001',
  'ERR_USER001',
  'ERR_USER002',
  'ERR_USER003',
  'ERR_USER004',
  'ERR_USER005',
  'ERR_USER006',
  'ERR_SYS001',
  'ERR_SYS002',
  'ERR_SYS003',
  'ERR_SYS998',
  'ERR_SYS999',
];

// Codes the portal adds where the spec's catalogue has none (said in the docs that use them).
const ADDED = [
  'INF_0002', // an upload waiting for the network (docs/requests.md)
  'INF_0003', // an event mail sent later by the outbox (docs/operations.md, "Mail")
  'INF_SYS001', // a screen waiting for the server to come back (docs/operations.md, "Database restarts")
  'ERR_0041', // a user over a per-minute limit of the expensive calls (docs/operations.md, "Rate limits")
];

t.test('the catalogue holds every code of section 8 and nothing unexpected', async (t) => {
  for (const code of CODES) {
    t.ok(hasMessage(code), `${code} present`);
    t.match(messageCatalogue[code], /[ぁ-んァ-ヶ一-龠]/, `${code} is Japanese text`);
  }
  for (const code of ADDED) t.match(messageCatalogue[code], /[ぁ-んァ-ヶ一-龠]/, `${code} is Japanese text`);
  const extra = Object.keys(messageCatalogue).filter(
    (k) => !CODES.includes(k) && !ADDED.includes(k) && !k.startsWith('LBL_'),
  );
  t.same(extra, [], 'no keys outside section 8 (and LBL_)');
  t.notOk(hasMessage('toString'), 'prototype names are not codes');
});

t.test('placeholders are formatted', async (t) => {
  t.equal(formatMessage('ERR_0001', ['ログインID']), 'ログインIDは必須項目です。');
  t.equal(
    formatMessage('ERR_0005', ['掲載期間From', '掲載期間To']),
    '掲載期間Fromは掲載期間To以前の日付を入力してください。',
  );
  t.equal(
    formatMessage('ERR_0007', ['パスワード', 'パスワード（確認）']),
    'パスワードとパスワード（確認）が一致しません。',
  );
  t.equal(formatMessage('ERR_0028', ['キーワード', '2']), 'キーワードは2文字以上で入力してください。');
  t.equal(formatMessage('ERR_0024', [10]), 'ファイルサイズが10MBを超えています。', 'numbers are accepted');
  t.equal(formatMessage('CNF_0001', ['コンテンツ', '登録']), 'コンテンツを登録します。よろしいですか？');
  t.equal(formatMessage('INF_0001', ['コンテンツ', '削除']), 'コンテンツを削除しました。');
  t.equal(formatMessage('CNF_0006'), 'ログアウトしますか？');
  t.match(formatMessage('ERR_SYS003', ['お知らせの取得']), /^お知らせの取得に失敗しました。/);
  t.match(formatMessage('ERR_0019'), /14文字以上20文字以下/);
  t.match(formatMessage('ERR_0031'), /# - @ _ \./);
});

t.test('missing arguments become empty, extra ones are ignored', async (t) => {
  t.equal(formatMessage('ERR_0001'), 'は必須項目です。');
  t.equal(formatMessage('ERR_0028', ['キーワード']), 'キーワードは文字以上で入力してください。');
  t.equal(formatMessage('CNF_0006', ['x']), 'ログアウトしますか？');
  t.equal(formatMessage('ERR_0001', ['$&$1']), '$&$1は必須項目です。', 'replacement patterns are literal');
});

t.test('an unknown code falls back to ERR_SYS999', async (t) => {
  t.equal(formatMessage('ERR_9999', ['x']), messageCatalogue.ERR_SYS999);
  t.equal(formatMessage(''), messageCatalogue.ERR_SYS999);
  t.notOk(hasMessage('ERR_9999'));
});

t.test('formatMessages joins one per line', async (t) => {
  t.equal(
    formatMessages([
      { messageId: 'ERR_0001', args: ['ログインID'] },
      { messageId: 'ERR_0001', args: ['パスワード'] },
    ]),
    'ログインIDは必須項目です。\nパスワードは必須項目です。',
  );
  t.equal(formatMessages([]), '');
  t.equal(formatMessages([{ messageId: 'CNF_0006' }]), 'ログアウトしますか？');
});

t.test('the catalogue is frozen', async (t) => {
  t.ok(Object.isFrozen(messageCatalogue));
});
