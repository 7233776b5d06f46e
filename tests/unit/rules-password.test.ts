import t from 'tap';
import { hasPasswordComposition, validateNewPassword } from '../../schemas/rules/password';

const ids = (rs: { field: string; messageId: string }[]) => rs.map((r) => `${r.field}:${r.messageId}`);
// Builds a valid-composition password of n characters: upper, lower, digit, symbol, then lower case.
const pw = (n: number) => ('Ab1#' + 'x'.repeat(n)).slice(0, n);

t.test('valid passwords', async (t) => {
  t.same(validateNewPassword('Provider#Demo2026', 'Provider#Demo2026'), []);
  for (const sym of ['#', '-', '@', '_', '.']) {
    const p = `Abcdefgh1234${sym}x`;
    t.same(validateNewPassword(p, p), [], `symbol ${sym}`);
  }
});

t.test('both required', async (t) => {
  t.same(validateNewPassword('', ''), [
    { field: 'newPassword', messageId: 'ERR_0001', args: ['新しいパスワード'] },
    { field: 'newPasswordConfirm', messageId: 'ERR_0001', args: ['新しいパスワード（確認）'] },
  ]);
  t.same(ids(validateNewPassword(pw(14), '')), ['newPasswordConfirm:ERR_0001'], 'no mismatch on an empty confirmation');
});

t.test('length 14 to 20', async (t) => {
  t.same(ids(validateNewPassword(pw(13), pw(13))), ['newPassword:ERR_0019', 'newPasswordConfirm:ERR_0019'], '13');
  t.same(validateNewPassword(pw(14), pw(14)), [], '14');
  t.same(validateNewPassword(pw(20), pw(20)), [], '20');
  t.same(ids(validateNewPassword(pw(21), pw(21))), ['newPassword:ERR_0019', 'newPasswordConfirm:ERR_0019'], '21');
  t.same(validateNewPassword(pw(13), undefined)[0], { field: 'newPassword', messageId: 'ERR_0019', args: [] });
});

t.test('composition (ERR_0031)', async (t) => {
  const cases: [string, string][] = [
    ['Abcdefgh123456', 'missing symbol'],
    ['abcdefgh12345#', 'missing upper case'],
    ['ABCDEFGH12345#', 'missing lower case'],
    ['Abcdefghijklm#', 'missing digit'],
    ['Abcdefgh1234!x', "forbidden symbol '!'"],
    ['Abcdefgh1234#!', "allowed and forbidden symbol '!'"],
    ['Abcdefgh1234# x', 'space'],
    ['Ａbcdefgh1234#x', 'full-width letter'],
  ];
  for (const [p, why] of cases) {
    t.same(validateNewPassword(p, undefined), [{ field: 'newPassword', messageId: 'ERR_0031', args: [] }], why);
  }
  t.same(
    ids(validateNewPassword('abc', undefined)),
    ['newPassword:ERR_0019', 'newPassword:ERR_0031'],
    'both rules reported',
  );
  t.ok(hasPasswordComposition('Ab1#'));
  t.notOk(hasPasswordComposition(''));
});

t.test('confirmation must match', async (t) => {
  t.same(validateNewPassword(pw(14), pw(15)), [
    { field: 'newPasswordConfirm', messageId: 'ERR_0007', args: ['新しいパスワード', '新しいパスワード（確認）'] },
  ]);
  t.same(ids(validateNewPassword('Abcdefgh1234#x', 'abcdefgh1234#x')), [
    'newPasswordConfirm:ERR_0031',
    'newPasswordConfirm:ERR_0007',
  ]);
});

t.test('confirmation undefined: the server checks the single value only', async (t) => {
  t.same(validateNewPassword(pw(14), undefined), []);
  t.same(ids(validateNewPassword('', undefined)), ['newPassword:ERR_0001']);
});
