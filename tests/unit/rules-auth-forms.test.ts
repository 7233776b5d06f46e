import t from 'tap';
import {
  parseDate,
  validateBusinessDateForm,
  validateLoginForm,
  validateOtpForm,
  validatePseudoLoginForm,
  validateResetRequestForm,
} from '../../schemas/rules/auth-forms';

const r = (field: string, messageId: string, label: string) => ({ field, messageId, args: [label] });

t.test('login form', async (t) => {
  t.same(validateLoginForm({ loginId: 'demo-agent', password: 'Agent#Demo20261' }), []);
  t.same(validateLoginForm({ loginId: '', password: '' }), [
    r('loginId', 'ERR_0001', 'ログインID'),
    r('password', 'ERR_0001', 'パスワード'),
  ]);
  t.same(
    validateLoginForm({}),
    [r('loginId', 'ERR_0001', 'ログインID'), r('password', 'ERR_0001', 'パスワード')],
    'missing keys',
  );
  t.same(validateLoginForm({ loginId: 'a'.repeat(255), password: 'p'.repeat(255) }), [], '255');
  t.same(
    validateLoginForm({ loginId: 'a'.repeat(256), password: 'p'.repeat(256) }),
    [r('loginId', 'ERR_0025', 'ログインID'), r('password', 'ERR_0025', 'パスワード')],
    '256',
  );
});

t.test('one-time code form', async (t) => {
  t.same(validateOtpForm({ otp: 'A1b2C3' }), []);
  t.same(validateOtpForm({ otp: '12' }), [], 'shorter is accepted');
  t.same(validateOtpForm({ otp: '' }), [r('otp', 'ERR_0001', 'セキュリティコード')]);
  for (const bad of ['1234567', '12 345', '12-345', '１２３４５６', 'ａ']) {
    t.same(validateOtpForm({ otp: bad }), [r('otp', 'ERR_0025', 'セキュリティコード')], bad);
  }
});

t.test('password reset request form', async (t) => {
  const ok = { agCode: 'A0000001', emailAddress: 'agent@example.co.jp' };
  t.same(validateResetRequestForm(ok), []);
  t.same(validateResetRequestForm({ agCode: '', emailAddress: '' }), [
    r('agCode', 'ERR_0001', '代理店コード'),
    r('emailAddress', 'ERR_0001', 'メールアドレス'),
  ]);
  t.same(validateResetRequestForm({ ...ok, agCode: 'A'.repeat(20) }), [], 'agent code of 20');
  t.same(validateResetRequestForm({ ...ok, agCode: 'A'.repeat(21) }), [r('agCode', 'ERR_0025', '代理店コード')], '21');
  t.same(
    validateResetRequestForm({ ...ok, agCode: 'Ａ0000001' }),
    [r('agCode', 'ERR_0018', '代理店コード')],
    'full-width',
  );
  t.same(
    validateResetRequestForm({ ...ok, agCode: 'A-001' }),
    [r('agCode', 'ERR_0020', '代理店コード')],
    'half-width but a symbol: the format',
  );
  t.same(
    validateResetRequestForm({ ...ok, emailAddress: 'ａgent@example.co.jp' }),
    [r('emailAddress', 'ERR_0018', 'メールアドレス')],
    'full-width letter',
  );
  t.same(validateResetRequestForm({ ...ok, emailAddress: 'agent@例え.jp' }), [
    r('emailAddress', 'ERR_0018', 'メールアドレス'),
  ]);
  t.same(
    validateResetRequestForm({ ...ok, emailAddress: 'agent.example.co.jp' }),
    [r('emailAddress', 'ERR_0020', 'メールアドレス')],
    'no @',
  );
  t.same(
    validateResetRequestForm({ ...ok, emailAddress: 'agent@example' }),
    [r('emailAddress', 'ERR_0020', 'メールアドレス')],
    'no tld',
  );
  const long = 'a'.repeat(243) + '@example.com';
  t.equal(long.length, 255);
  t.same(validateResetRequestForm({ ...ok, emailAddress: long }), [], '255');
  t.same(
    validateResetRequestForm({ ...ok, emailAddress: 'a' + long }),
    [r('emailAddress', 'ERR_0025', 'メールアドレス')],
    '256',
  );
});

t.test('pseudo-login form', async (t) => {
  t.same(validatePseudoLoginForm({ agCode: 'A0000002' }), []);
  t.same(validatePseudoLoginForm({ agCode: '' }), [r('agCode', 'ERR_0001', '代理店コード')]);
  t.same(validatePseudoLoginForm({ agCode: 'A00000021' }), [r('agCode', 'ERR_0025', '代理店コード')], '9 characters');
  t.same(
    validatePseudoLoginForm({ agCode: 'A000 02' }),
    [r('agCode', 'ERR_0020', '代理店コード')],
    'a half-width space: the format',
  );
});

t.test('business date form', async (t) => {
  t.same(validateBusinessDateForm({ date: '2026-04-01' }), []);
  t.same(validateBusinessDateForm({ date: '2026/04/01' }), []);
  t.same(validateBusinessDateForm({ date: '9999-12-31' }), [], 'maximum date');
  t.same(validateBusinessDateForm({ date: '2024-02-29' }), [], 'leap day');
  t.same(validateBusinessDateForm({ date: '2000-02-29' }), [], 'leap day of a 400 year');
  t.same(validateBusinessDateForm({ date: '' }), [r('date', 'ERR_0001', '業務日付')]);
  for (const bad of [
    '2025-02-29',
    '1900-02-29',
    '2026-13-01',
    '2026-04-31',
    '2026-00-10',
    '2026-04-00',
    '0000-01-01',
    '2026-4-1',
    '2026/04-01',
    '20260401',
    '10000-01-01',
    '２０２６-04-01',
    '2026-04-01T00:00',
  ]) {
    t.same(validateBusinessDateForm({ date: bad }), [r('date', 'ERR_0020', '業務日付')], bad);
  }
  t.equal(parseDate('2026/04/01'), '2026-04-01');
  t.equal(parseDate('2026-02-30'), undefined);
});
