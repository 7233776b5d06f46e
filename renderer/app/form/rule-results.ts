import { formatMessage } from '../../../schemas/messages/format';
import type { RuleResult } from '../../../schemas/rules/types';

/** Catalogue text of each failed rule, in order. */
export function messagesOf(results: readonly RuleResult[]): string[] {
  return results.map((r) => formatMessage(r.messageId, r.args));
}

/** The fields that failed a rule (for aria-invalid). */
export function fieldsOf(results: readonly RuleResult[]): Set<string> {
  return new Set(results.map((r) => r.field));
}
