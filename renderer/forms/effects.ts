// Field effects of a definition (`effects`): when the value of `on` changes and `when` holds for
// the new record, the fields of `clear` are emptied and the fields of `copyTo` get the new value.
// Examples of spec 001 section 4: the important flag off clears the important period; the event
// date is copied to the entry deadline; another skill-up name clears the phase. The effects owned
// by one widget (a display target clears its segment and codes, a file list its explanation)
// stay in that widget.
import { allHold } from '../../schemas/rules/conditions';
import type { RuleContext } from '../../schemas/rules/engine';
import type { FieldEffect } from '../../schemas/meta/types';

type Rec = Record<string, unknown>;

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function get(record: Rec, path: string): unknown {
  let at: unknown = record;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Rec)[key];
  }
  return at;
}

function set(record: Rec, path: string, value: unknown): Rec {
  const [key = '', ...rest] = path.split('.');
  if (rest.length === 0) return { ...record, [key]: value };
  const inner = record[key] !== null && typeof record[key] === 'object' ? (record[key] as Rec) : {};
  return { ...record, [key]: set(inner, rest.join('.'), value) };
}

/** The record after the effects of the change from `before` to `after` (the same object when none applies). */
export function applyEffects(
  effects: readonly FieldEffect[] | undefined,
  before: Rec,
  after: Rec,
  context: RuleContext = {},
): Rec {
  let record = after;
  for (const effect of effects ?? []) {
    if (sameValue(get(before, effect.on), get(after, effect.on))) continue;
    if (!allHold(effect.when, record, context)) continue;
    const value = get(record, effect.on);
    for (const field of effect.clear ?? []) record = set(record, field, undefined);
    for (const field of effect.copyTo ?? []) record = set(record, field, value);
  }
  return record;
}
