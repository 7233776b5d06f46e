import t from 'tap';
import { normalizeSearchKeyword, removeSpaces, validateSearchKeyword } from '../../schemas/rules/keyword';

const opts = { field: 'keyword', label: 'キーワード' };
const min = (label = 'キーワード', n = '2') => [{ field: 'keyword', messageId: 'ERR_0028', args: [label, n] }];

t.test('normalizeSearchKeyword converts the search syntax characters to full-width', async (t) => {
  t.equal(normalizeSearchKeyword('!=&|<>()[]{}~*"'), '！＝＆｜＜＞（）［］｛｝～＊＂');
  t.equal(normalizeSearchKeyword('研修 (新人) "OR" a*b'), '研修 （新人） ＂OR＂ a＊b');
  t.equal(normalizeSearchKeyword("abc-_.@#$%^'+,/:;?"), "abc-_.@#$%^'+,/:;?", 'other characters unchanged');
  t.equal(normalizeSearchKeyword(''), '');
});

t.test('removeSpaces removes half-width and full-width spaces', async (t) => {
  t.equal(removeSpaces(' 研\u3000修 '), '研修');
  t.equal(removeSpaces('\u3000\u3000'), '');
});

t.test('required', async (t) => {
  t.same(validateSearchKeyword('', opts), [{ field: 'keyword', messageId: 'ERR_0001', args: ['キーワード'] }]);
  t.same(validateSearchKeyword('', { ...opts, required: false }), []);
  t.same(validateSearchKeyword('\u3000 ', { ...opts, required: false }), [], 'optional: only spaces means no keyword');
});

t.test('minimum length after removing spaces', async (t) => {
  t.same(validateSearchKeyword('研', opts), min(), '1 character');
  t.same(validateSearchKeyword('研修', opts), [], '2 characters');
  t.same(validateSearchKeyword('研\u3000', opts), min(), 'full-width space does not count');
  t.same(validateSearchKeyword(' 研 ', opts), min(), 'half-width spaces do not count');
  t.same(validateSearchKeyword('研 修', opts), [], 'space between two characters');
  t.same(validateSearchKeyword('\u3000\u3000', opts), min(), 'required and only full-width spaces');
  t.same(validateSearchKeyword('𠮷', opts), min(), 'a surrogate pair is one character');
  t.same(validateSearchKeyword('𠮷野', opts), []);
  t.same(validateSearchKeyword('a', { ...opts, required: false }), min(), 'a single-character narrow keyword');
  t.same(validateSearchKeyword('abc', { ...opts, min: 4 }), min('キーワード', '4'), 'custom minimum');
});

t.test('maximum 50', async (t) => {
  t.same(validateSearchKeyword('あ'.repeat(50), opts), [], '50 characters');
  t.same(
    validateSearchKeyword('あ'.repeat(51), opts),
    [{ field: 'keyword', messageId: 'ERR_0025', args: ['キーワード'] }],
    '51',
  );
  t.same(validateSearchKeyword('𠮷'.repeat(50), opts), [], '50 surrogate pairs are 50 characters');
  t.same(
    validateSearchKeyword('ab', { ...opts, max: 1 }).map((r) => r.messageId),
    ['ERR_0025'],
    'custom maximum',
  );
});
