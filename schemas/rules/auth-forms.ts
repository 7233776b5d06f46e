// Rules of the hand-written authentication and kanri forms (spec 000 §5, limits of §9).
// One message per field: the first failing rule wins. Values may be missing when an API
// caller omits them, so undefined/null count as ''.
import { codePointLength, isAlphanumeric, isEmailShape, isPrintableAscii } from './text';
import type { RuleResult } from './types';

type Input = string | null | undefined;

// Each check returns a [messageId, args] failure or undefined.
type Check = (v: string) => [string, string[]] | undefined;

function field(name: string, value: Input, checks: Check[]): RuleResult[] {
  const v = value ?? '';
  for (const check of checks) {
    const failed = check(v);
    if (failed) return [{ field: name, messageId: failed[0], args: failed[1] }];
  }
  return [];
}

const required =
  (label: string): Check =>
  (v) =>
    v === '' ? ['ERR_0001', [label]] : undefined;
const maxLength =
  (label: string, max: number): Check =>
  (v) =>
    codePointLength(v) > max ? ['ERR_0025', [label]] : undefined;
/**
 * Letters and digits only: a full-width or other non-ASCII character is "enter it half-width"
 * (ERR_0018); a half-width symbol ("A-000001") is already half-width, so it is "the format is
 * wrong" (ERR_0020), the message the rule means.
 */
const alphanumeric =
  (label: string): Check =>
  (v) => {
    if (isAlphanumeric(v)) return undefined;
    return isPrintableAscii(v) ? ['ERR_0020', [label]] : ['ERR_0018', [label]];
  };

export function validateLoginForm(input: { loginId?: Input; password?: Input }): RuleResult[] {
  return [
    ...field('loginId', input.loginId, [required('ログインID'), maxLength('ログインID', 255)]),
    ...field('password', input.password, [required('パスワード'), maxLength('パスワード', 255)]),
  ];
}

export function validateOtpForm(input: { otp?: Input }): RuleResult[] {
  const label = 'セキュリティコード';
  return field('otp', input.otp, [
    required(label),
    (v) => (/^[A-Za-z0-9]{1,6}$/.test(v) ? undefined : ['ERR_0025', [label]]),
  ]);
}

export function validateResetRequestForm(input: { agCode?: Input; emailAddress?: Input }): RuleResult[] {
  const ag = '代理店コード';
  const mail = 'メールアドレス';
  return [
    ...field('agCode', input.agCode, [required(ag), maxLength(ag, 20), alphanumeric(ag)]),
    ...field('emailAddress', input.emailAddress, [
      required(mail),
      maxLength(mail, 255),
      (v) => (isPrintableAscii(v) ? undefined : ['ERR_0018', [mail]]),
      (v) => (isEmailShape(v) ? undefined : ['ERR_0020', [mail]]),
    ]),
  ];
}

export function validatePseudoLoginForm(input: { agCode?: Input }): RuleResult[] {
  const ag = '代理店コード';
  return field('agCode', input.agCode, [required(ag), maxLength(ag, 8), alphanumeric(ag)]);
}

export const MAX_DATE = '9999-12-31';

/** yyyy-MM-dd or yyyy/MM/dd (one separator throughout) that is a real calendar date; returns yyyy-MM-dd. */
export function parseDate(s: string): string | undefined {
  const m = /^(\d{4})([-/])(\d{2})\2(\d{2})$/.exec(s);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[3]), Number(m[4])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return undefined;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] ?? 0;
  if (d > days) return undefined;
  return `${m[1]}-${m[3]}-${m[4]}`;
}

export function validateBusinessDateForm(input: { date?: Input }): RuleResult[] {
  const label = '業務日付';
  return field('date', input.date, [
    required(label),
    (v) => (parseDate(v) ? undefined : ['ERR_0020', [label]]),
    // Unreachable with a four-digit year, kept so the limit of §9 is stated where it applies.
    (v) => (parseDate(v)! > MAX_DATE ? ['ERR_0025', [label]] : undefined),
  ]);
}
