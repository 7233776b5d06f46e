// Site-search and narrowing keywords (spec 000 §5, §9): spaces do not count towards the
// minimum length, and the search syntax characters are made harmless by full-width forms.
import { codePointLength } from './text';
import type { RuleResult } from './types';

export const KEYWORD_MIN_LENGTH = 2;
export const KEYWORD_MAX_LENGTH = 50;

// ! = & | < > ( ) [ ] { } ~ * " → ！＝＆｜＜＞（）［］｛｝～＊＂ (ASCII + 0xFEE0 is the full-width form).
const SPECIAL = /[!=&|<>()[\]{}~*"]/g;

export function normalizeSearchKeyword(s: string): string {
  return s.replace(SPECIAL, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
}

/** Removes half-width spaces and full-width spaces (U+3000). */
export function removeSpaces(s: string): string {
  return s.replace(/[ \u3000]/g, '');
}

export function validateSearchKeyword(
  value: string,
  opts: { field: string; label: string; required?: boolean; min?: number; max?: number },
): RuleResult[] {
  const { field, label, required = true, min = KEYWORD_MIN_LENGTH, max = KEYWORD_MAX_LENGTH } = opts;
  const v = value ?? '';
  const compact = removeSpaces(v);
  if (v === '') return required ? [{ field, messageId: 'ERR_0001', args: [label] }] : [];
  // An optional keyword made only of spaces means "no keyword"; a required one fails the minimum.
  if (!required && compact === '') return [];
  if (codePointLength(compact) < min) return [{ field, messageId: 'ERR_0028', args: [label, String(min)] }];
  // The input has maxLength, so only API callers get here.
  if (codePointLength(v) > max) return [{ field, messageId: 'ERR_0025', args: [label] }];
  return [];
}
