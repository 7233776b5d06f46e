// Conditions of rules (`when`) and of list elements (`where`): a test on a record field (in the
// current row) or on the context.
import { valueAt } from './paths';
import { isFilled, type Condition, type RuleContext } from './engine-types';

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Forms hold "1" where the definition may say 1 (select values), and the other way round.
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  return scalar(a) && scalar(b) && String(a) === String(b);
}

/** Whether one condition holds for the record (row-bound) and context. */
export function holds(c: Condition, record: unknown, ctx: RuleContext, bound: readonly number[] = []): boolean {
  const v =
    c.context !== undefined ? ctx[c.context] : c.field !== undefined ? valueAt(record, c.field, bound) : undefined;
  let tested = false;
  if ('equals' in c) {
    tested = true;
    if (!same(v, c.equals)) return false;
  }
  if ('notEquals' in c) {
    tested = true;
    if (same(v, c.notEquals)) return false;
  }
  if (c.in !== undefined) {
    tested = true;
    if (!c.in.some((x) => same(v, x))) return false;
  }
  if (c.filled !== undefined) {
    tested = true;
    if (isFilled(v) !== c.filled) return false;
  }
  return tested || isFilled(v);
}

export function allHold(
  when: Condition | Condition[] | undefined,
  record: unknown,
  ctx: RuleContext,
  bound: readonly number[] = [],
): boolean {
  if (!when) return true;
  return [when].flat().every((c) => holds(c, record, ctx, bound));
}

/** The record fields a condition reads. */
export function conditionFields(when: Condition | Condition[] | undefined): string[] {
  return when ? [when].flat().flatMap((c) => (c.field !== undefined ? [c.field] : [])) : [];
}
