// Rule kinds about one value: required (and requiredIf / requiredWith), maxLength, charset,
// email, digits. They build on the character helpers of text.ts.
import {
  codePointLength,
  hasForbiddenSymbols,
  isAlphanumeric,
  isEmailShape,
  isPrintableAscii,
  isUsableText,
} from './text';
import { htmlText, isFilled, toText } from './engine-types';
import type {
  CharsetRule,
  DigitsRule,
  EmailRule,
  MaxLengthRule,
  RequiredIfRule,
  RequiredRule,
  RequiredWithRule,
} from './engine-types';
import type { KindHandler } from './kind';

/** Whether every character of s belongs to the set (empty text always does). */
export function inCharset(s: string, set: CharsetRule['set'], forbidSymbols = false): boolean {
  if (forbidSymbols && hasForbiddenSymbols(s)) return false;
  switch (set) {
    case 'usable':
      return isUsableText(s);
    case 'ascii':
      return isPrintableAscii(s);
    case 'alphanumeric':
      return isAlphanumeric(s);
    case 'numeric':
      return /^[0-9]*$/.test(s);
  }
}

/** The strings a text rule looks at: the value itself, or each string of a list (tags…). */
function texts(v: unknown, html = false): string[] {
  const list = Array.isArray(v) ? v : [v];
  return list.map((e) => toText(e)).map((s) => (html ? htmlText(s) : s));
}

export const required: KindHandler<RequiredRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (r, env, t) => {
    if (!isFilled(t!.value, r.html)) env.emit(t!.path);
  },
};

export const requiredIf: KindHandler<RequiredIfRule> = required as unknown as KindHandler<RequiredIfRule>;

export const requiredWith: KindHandler<RequiredWithRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field, ...[r.with].flat()],
  check: (r, env, t) => {
    const others = [r.with].flat();
    if (others.some((o) => isFilled(env.value(o))) && !isFilled(t!.value, r.html)) env.emit(t!.path);
  },
};

export const maxLength: KindHandler<MaxLengthRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (r, env, t) => {
    if (texts(t!.value, r.html).some((s) => codePointLength(s) > r.max)) env.emit(t!.path);
  },
};

export const charset: KindHandler<CharsetRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (r, env, t) => {
    if (texts(t!.value, r.html).some((s) => !inCharset(s, r.set, r.forbidSymbols))) env.emit(t!.path);
  },
};

export const email: KindHandler<EmailRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (r, env, t) => {
    const s = toText(t!.value);
    if (s === '') return;
    if (!isPrintableAscii(s)) env.emit(t!.path, { messageId: r.asciiMessage ?? 'ERR_0018' });
    else if (!isEmailShape(s)) env.emit(t!.path);
  },
};

export const digits: KindHandler<DigitsRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (r, env, t) => {
    const s = toText(t!.value);
    if (s === '') return;
    if (!/^[0-9]+$/.test(s) || s.length > r.max || s.length < (r.min ?? 1)) env.emit(t!.path);
  },
};
