// The search conditions of a list call: read from the body where the call's template puts them,
// checked on the server by the list definition's own search rules (the browser runs the same
// ones) and by the declared `where` (scalar values, allowed values), all messages in one 400.
import type { FastifyInstance } from 'fastify';
import { validateForm, type RuleResult } from '../../../schemas/rules/engine';
import type { ConditionMatch, ListCallSpec, ListCondition } from '../../../schemas/meta/types';
import { serverRuleContext } from '../enforce';
import { problem } from '../../http/problems';
import type { FormRecord } from '../record-store';
import { fieldsAt } from '../wire-record';

/** The longest condition text read (a rule may allow less). */
const MAX_TEXT = 1000;

export interface Condition {
  match: ConditionMatch;
  column?: string;
  values?: string[];
}

export const conditionOf = (c: ListCondition): Condition => (typeof c === 'string' ? { match: c } : c);

/** The conditions a body names: a text (a number as its digits) or true/false each; anything else is no condition. */
export function readConditions(call: ListCallSpec, body: unknown): FormRecord {
  const out: FormRecord = {};
  for (const [field, value] of Object.entries(fieldsAt(call.body, body))) {
    if (typeof value === 'string' || typeof value === 'boolean') out[field] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) out[field] = String(value);
  }
  return out;
}

/**
 * The list's search rules and the declared values; 400 with every message. A `scope` condition
 * left blank is the caller's own (the hook's scope), so its `required` rule is the browser's only.
 */
export function checkConditions(
  app: FastifyInstance,
  call: ListCallSpec,
  conditions: FormRecord,
  extra: RuleResult[] = [],
): void {
  const where = Object.entries(call.where ?? {}).map(([field, c]) => [field, conditionOf(c)] as const);
  const scoped = new Set(where.filter(([, c]) => c.match === 'scope').map(([field]) => field));
  const search = call.search === undefined ? undefined : app.definitions.lists.get(call.search)?.search;
  const rules = (search?.rules ?? []).filter(
    (r) => !(r.rule === 'required' && 'field' in r && scoped.has(String(r.field))),
  );
  const messages = [...validateForm({ rules }, conditions, serverRuleContext(app)), ...extra];
  const titles = (search?.schema.properties ?? {}) as Record<string, { title?: unknown } | undefined>;
  const titleOf = (field: string) => {
    const t = titles[field]?.title;
    return typeof t === 'string' ? t : field;
  };
  for (const [field, value] of Object.entries(conditions)) {
    if (typeof value === 'string' && value.length > MAX_TEXT)
      messages.push({ field, messageId: 'ERR_0025', args: [titleOf(field)] });
  }
  for (const [field, c] of where) {
    const value = conditions[field];
    // A value the screen does not offer reads as no choice made.
    if (c.values && value !== undefined && value !== '' && !c.values.includes(String(value)))
      messages.push({ field, messageId: 'ERR_0003', args: [titleOf(field)] });
  }
  if (messages.length) throw problem.validation(messages);
}
