import t from 'tap';
import {
  codePointLength,
  hasCombiningMark,
  hasForbiddenSymbols,
  hasSurrogatePair,
  isAlphanumeric,
  isEmailShape,
  isPrintableAscii,
  isShiftJisConvertible,
  isUsableText,
} from '../../schemas/rules/text';

t.test('codePointLength counts a surrogate pair as one character', async (t) => {
  t.equal(codePointLength(''), 0);
  t.equal(codePointLength('研修'), 2);
  t.equal(codePointLength('𠮷野家'), 3);
  t.equal('𠮷'.length, 2, 'UTF-16 length differs');
  t.equal(codePointLength('か\u3099'), 2, 'a combining mark is its own code point');
});

t.test('isPrintableAscii', async (t) => {
  t.ok(isPrintableAscii('a.b-c@example.co.jp ~'));
  t.ok(isPrintableAscii(''));
  t.notOk(isPrintableAscii('ａ'), 'full-width letter');
  t.notOk(isPrintableAscii('a\tb'), 'tab');
  t.notOk(isPrintableAscii('あ'));
});

t.test('isAlphanumeric accepts half-width letters and digits only', async (t) => {
  t.ok(isAlphanumeric('A0000001'));
  t.ok(isAlphanumeric('abcXYZ789'));
  t.notOk(isAlphanumeric('Ａ0000001'), 'full-width letter');
  t.notOk(isAlphanumeric('１２３'), 'full-width digits');
  t.notOk(isAlphanumeric('A-001'));
  t.notOk(isAlphanumeric('A 001'));
});

t.test('isEmailShape', async (t) => {
  t.ok(isEmailShape('taro.yamada@example.co.jp'));
  t.ok(isEmailShape('a+b@example.com'));
  t.notOk(isEmailShape(''));
  t.notOk(isEmailShape('taro@example'), 'no dot in the domain');
  t.notOk(isEmailShape('@example.com'));
  t.notOk(isEmailShape('taro@@example.com'));
  t.notOk(isEmailShape('taro @example.com'));
  t.notOk(isEmailShape('taro@example..com'), 'empty domain label');
  t.notOk(isEmailShape('taro@example.com.'));
});

t.test('hasSurrogatePair and hasCombiningMark', async (t) => {
  t.ok(hasSurrogatePair('𠮷'));
  t.ok(hasSurrogatePair('見積😀'));
  t.notOk(hasSurrogatePair('吉野家'));
  t.ok(hasCombiningMark('か\u3099'), 'combining voiced sound mark');
  t.ok(hasCombiningMark('e\u0301'));
  t.notOk(hasCombiningMark('が'), 'precomposed');
  t.notOk(hasCombiningMark('゛'), 'spacing voiced sound mark is not combining');
});

t.test('hasForbiddenSymbols: half-width quote < > & ( ) , { }', async (t) => {
  for (const ch of ["'", '<', '>', '&', '(', ')', ',', '{', '}']) t.ok(hasForbiddenSymbols(`a${ch}b`), ch);
  t.notOk(hasForbiddenSymbols('（株）、＆＜＞｛｝'), 'full-width forms are allowed');
  t.notOk(hasForbiddenSymbols('A-1_2.3@#!'));
});

// The accepted set is what TextDecoder('shift_jis') decodes (CP932 flavour), minus the
// user-defined area and control characters except TAB/CR/LF: see schemas/rules/text.ts.
t.test('isShiftJisConvertible', async (t) => {
  t.ok(isShiftJisConvertible(''));
  t.ok(isShiftJisConvertible('ABCabc012 !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'), 'printable ASCII');
  t.ok(isShiftJisConvertible('事務用品の提案書　ｱｲｳｴｵ'), 'kanji, kana, full-width space, half-width kana');
  t.ok(isShiftJisConvertible('①②Ⅰ㈱'), 'NEC special characters');
  t.ok(isShiftJisConvertible('髙﨑ⅰ'), 'NEC/IBM extension characters');
  t.ok(isShiftJisConvertible('行1\r\n行2\tx'), 'CR, LF and TAB');
  t.ok(isShiftJisConvertible('～'), 'FULLWIDTH TILDE (0x8160 in CP932)');
  t.notOk(isShiftJisConvertible('〜'), 'WAVE DASH U+301C is not in the CP932 mapping');
  t.notOk(isShiftJisConvertible('−'), 'MINUS SIGN U+2212');
  t.notOk(isShiftJisConvertible('😀'), 'emoji');
  t.notOk(isShiftJisConvertible('𠮷'), 'above U+FFFF');
  t.notOk(isShiftJisConvertible('©'));
  t.notOk(isShiftJisConvertible('€'));
  t.notOk(isShiftJisConvertible('한'), 'hangul');
  t.notOk(isShiftJisConvertible('\ue000'), 'private use (user-defined area)');
  t.notOk(isShiftJisConvertible('a\u0000b'), 'NUL');
  t.notOk(isShiftJisConvertible('\u007f'), 'DEL');
});

t.test('isUsableText is the ERR_0026 check', async (t) => {
  t.ok(isUsableText('オフィス用品カタログ2026（春）①'));
  t.notOk(isUsableText('𠮷野家'), 'surrogate pair');
  t.notOk(isUsableText('か\u3099'), 'combining mark');
  t.notOk(isUsableText('提案😀'), 'emoji');
  t.notOk(isUsableText('〜'), 'outside Shift_JIS');
});
