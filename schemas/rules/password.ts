// New password rules (spec 000 §5, §9): 14-20 characters, only A-Z a-z 0-9 and # - @ _ .,
// with at least one of each of the four kinds; confirmation must match.
import type { RuleResult } from './types';

export const PASSWORD_MIN_LENGTH = 14;
export const PASSWORD_MAX_LENGTH = 20;

const NEW_LABEL = '新しいパスワード';
const CONFIRM_LABEL = '新しいパスワード（確認）';

/** Only the allowed characters, and all four kinds present. */
export function hasPasswordComposition(s: string): boolean {
  return /^[A-Za-z0-9#\-@_.]+$/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s) && /[#\-@_.]/.test(s);
}

// Length and composition are independent rules; both are reported so the user sees the whole
// rule at once (ERR_0019 and ERR_0031 have no placeholders, so args stay empty).
function checkOne(field: string, label: string, value: string): RuleResult[] {
  if (value === '') return [{ field, messageId: 'ERR_0001', args: [label] }];
  const out: RuleResult[] = [];
  // All allowed characters are ASCII, so UTF-16 length is fine; longer text fails ERR_0031 anyway.
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) {
    out.push({ field, messageId: 'ERR_0019', args: [] });
  }
  if (!hasPasswordComposition(value)) out.push({ field, messageId: 'ERR_0031', args: [] });
  return out;
}

/**
 * confirmation === undefined: the server is checking the single submitted value only
 * (confirmation checks are skipped).
 */
export function validateNewPassword(newPassword: string, confirmation: string | undefined): RuleResult[] {
  const pw = newPassword ?? '';
  const out = checkOne('newPassword', NEW_LABEL, pw);
  if (confirmation === undefined) return out;
  const conf = confirmation ?? ''; // null from a JSON body counts as empty
  out.push(...checkOne('newPasswordConfirm', CONFIRM_LABEL, conf));
  if (pw !== '' && conf !== '' && pw !== conf) {
    out.push({ field: 'newPasswordConfirm', messageId: 'ERR_0007', args: [NEW_LABEL, CONFIRM_LABEL] });
  }
  return out;
}
