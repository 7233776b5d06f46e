// The normalisation shared by indexing and searching (api/search/normalise.ts, docs/search.md).
import t from 'tap';
import {
  bigramKey,
  bigramKeys,
  codePoints,
  containsPattern,
  documentKeys,
  htmlToText,
  indexIsExact,
  keysLiteral,
  normalizeText,
  searchTerms,
} from '../../api/search/normalise';

t.test('normalizeText: NFKC, case, width, dashes, spaces', async (t) => {
  t.equal(normalizeText('ＱＲコード２０２６'), 'qrコード2026', 'full-width alphanumerics → half-width, lower case');
  t.equal(normalizeText('ﾛｼﾞｽﾃｨｸｽ'), 'ロジスティクス', 'half-width katakana (with voiced marks) → full-width');
  t.equal(normalizeText('ロジスティクス'), 'ロジスティクス');
  t.equal(normalizeText('ろじすてぃくす'), 'ろじすてぃくす', 'hiragana is not folded into katakana');
  t.equal(normalizeText('PDF Pdf ｐｄｆ'), 'pdf pdf pdf');
  t.equal(normalizeText('Ａ－１００ A‐100 A−100 A–100'), 'a-100 a-100 a-100 a-100', 'hyphen look-alikes → -');
  t.equal(normalizeText('9:00〜18:00 9:00～18:00'), '9:00~18:00 9:00~18:00', 'wave dashes → ~');
  t.equal(
    normalizeText('  新人\u3000\u3000研修\n\t第1回 '),
    '新人 研修 第1回',
    'white space runs → one space, trimmed',
  );
  t.equal(normalizeText('㈱さくら文具'), '(株)さくら文具', 'compatibility characters decomposed');
  t.equal(
    normalizeText('Ａ＆Ｂ！'),
    'a&b!',
    'the full-width special characters of the keyword rule read as their ASCII form',
  );
  t.equal(normalizeText('ー'), 'ー', 'the long vowel mark stays');
});

t.test('htmlToText: only the visible text', async (t) => {
  t.equal(
    htmlToText('<p>新人<strong>研修</strong>のご案内</p>'),
    '\n新人研修のご案内\n',
    'inline tags join, block tags end a line',
  );
  t.equal(normalizeText(htmlToText('<p>研</p><p>修</p>')), '研 修', 'paragraphs never join into one word');
  t.equal(normalizeText(htmlToText('<ul><li>配送</li><li>在庫</li></ul>')), '配送 在庫');
  t.equal(normalizeText(htmlToText('前<br>後')), '前 後');
  t.equal(
    normalizeText(htmlToText('<a href="/kenshu/研修" title="研修資料">リンク</a>')),
    'リンク',
    'attribute values are not text',
  );
  t.equal(normalizeText(htmlToText('<img alt="研修" src="x.png">写真')), '写真');
  t.equal(
    normalizeText(htmlToText('<a title="a>b 研修">x</a>y')),
    'xy',
    'a > inside a quoted attribute does not end the tag',
  );
  t.equal(normalizeText(htmlToText("<span data-x='研修>'>z</span>")), 'z');
  t.equal(normalizeText(htmlToText('本文<!-- 研修 -->です')), '本文です', 'comments dropped');
  t.equal(
    normalizeText(htmlToText('a<script>var k = "研修";</script>b<style>.x{}</style>c')),
    'abc',
    'script and style content dropped',
  );
  t.equal(
    normalizeText(htmlToText('A&amp;B &lt;研修&gt; &quot;x&quot; &#30740;&#x4FEE; &nbsp;&yen;100 &unknown;')),
    'a&b <研修> "x" 研修 ¥100 &unknown;',
    'entities decoded',
  );
  t.equal(normalizeText(htmlToText('1 < 2 かつ 3 > 2')), '1 < 2 かつ 3 > 2', 'a < that opens no tag is text');
  t.equal(normalizeText(htmlToText('<!DOCTYPE html><p>x</p>')), 'x');
  t.equal(normalizeText(htmlToText('本文<p class="x"')), '本文', 'an unterminated tag ends the text');
  t.equal(htmlToText(''), '');
});

t.test('searchTerms: normalised, split at spaces, single characters joined when alone', async (t) => {
  t.same(searchTerms('新人\u3000研修'), ['新人', '研修']);
  t.same(searchTerms('ＰＤＦ 研修 pdf'), ['pdf', '研修'], 'duplicates after normalisation removed');
  t.same(searchTerms('研 修'), ['研修'], 'only single characters: one term');
  t.same(searchTerms('A4 紙'), ['a4', '紙'], 'a single character beside a longer term stays a term');
  t.same(searchTerms('   '), []);
  t.same(searchTerms('\u200b'), [], 'invisible characters normalise to nothing');
});

t.test('bigram keys', async (t) => {
  const k = (s: string) => bigramKey(s.codePointAt(0)!, s.codePointAt(1)!);
  t.same(bigramKeys('研修'), [k('研修')]);
  t.same(
    bigramKeys('新商品の'),
    [k('新商'), k('商品'), k('品の')].sort((a, b) => a - b),
    'each adjacent pair once, ascending',
  );
  t.same(bigramKeys('ああああ'), [k('ああ')], 'distinct');
  t.same(bigramKeys('a b'), [], 'no pair with a space');
  t.same(
    documentKeys(['ab', 'cd']),
    [k('ab'), k('cd')].sort((a, b) => a - b),
    'no pair across two fields',
  );
  t.same(documentKeys([]), []);
  // Every BMP pair has its own key; keys fit an int4.
  const seen = new Map<number, string>();
  for (const pair of [
    '研修',
    '修研',
    'ab',
    'ba',
    '\u0000\u0000',
    '\uffff\uffff',
    '\uffff\u0000',
    '\u0000\uffff',
    'ｱｲ',
  ]) {
    const key = k(pair);
    t.ok(Number.isInteger(key) && key >= -(2 ** 31) && key < 2 ** 31, `${JSON.stringify(pair)} fits an int4`);
    t.notOk(seen.has(key), `${JSON.stringify(pair)} has its own key`);
    seen.set(key, pair);
  }
  // A pair with a character beyond U+FFFF lands in the lone-surrogate range, away from BMP pairs.
  const astral = bigramKey(0x20bb7, '野'.codePointAt(0)!);
  t.ok(astral >= (0xd800 - 32768) * 65536 && astral < (0xe000 - 32768) * 65536, '𠮷野 is in the surrogate range');
  t.same(codePoints('𠮷野'), [0x20bb7, 0x91ce]);
  t.same(bigramKeys('𠮷野'), [astral], 'surrogate pairs are one character');
  t.equal(keysLiteral([3, -1, 2]), '{3,-1,2}');
});

t.test('indexIsExact and containsPattern', async (t) => {
  t.ok(indexIsExact('研修'));
  t.notOk(indexIsExact('提案書'), 'three characters: rechecked');
  t.notOk(indexIsExact('紙'), 'one character: rechecked');
  t.notOk(indexIsExact('𠮷野'), 'beyond the BMP: rechecked');
  t.equal(containsPattern('10%'), '%10\\%%');
  t.equal(containsPattern('a_b\\c'), '%a\\_b\\\\c%');
});
