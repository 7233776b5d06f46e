// The one rule engine: runs the declarative rules of a form definition (schemas/forms/*.json)
// over a record and answers catalogue messages {field, messageId, args}. The renderer runs it on
// blur (validateField) and on submit (validateForm); the API runs it again on every write
// (api/forms/enforce.ts), so both show the same messages. Pure TypeScript: no DOM, no Node.
//
// A rule: { "rule": "<kind>", "field": "<path>", "message": "ERR_0001", "args": ["会社名"], "when"?: … }
// Paths use dots, and [] for "each element of a list" (see paths.ts). Rules about list fields run
// row by row; `{row}` in args is the 1-based row (for CSV lists: the line number).
import { allHold, conditionFields } from './conditions';
import { formatMegabytes, type Rule, type RuleContext, type RuleKind } from './engine-types';
import type { Env, KindHandler } from './kind';
import { afterServerDate, date, dateOrder, notPast } from './kinds-date';
import { csvList, fileDuplicate, fileExtension, fileName, fileSize } from './kinds-file';
import { atLeastOne, differentFrom, maxItems, unique } from './kinds-list';
import { charset, digits, email, maxLength, required, requiredIf, requiredWith } from './kinds-text';
import { indexesOf, matchesPattern, resolve } from './paths';
import type { RuleResult } from './types';

export type { Condition, FileEntry, Rule, RuleContext, RuleKind } from './engine-types';
export type { RuleResult } from './types';

const KINDS: { [K in RuleKind]: KindHandler<Extract<Rule, { rule: K }>> } = {
  required,
  requiredIf,
  requiredWith,
  maxLength,
  charset,
  email,
  digits,
  date,
  dateOrder,
  notPast,
  afterServerDate,
  atLeastOne,
  unique,
  maxItems,
  differentFrom,
  fileExtension,
  fileSize,
  fileName,
  fileDuplicate,
  csvList,
};

/** Every rule kind the engine knows (schemas:check refuses others). */
export const RULE_KINDS = Object.keys(KINDS) as RuleKind[];

export function isRuleKind(kind: unknown): kind is RuleKind {
  return typeof kind === 'string' && Object.hasOwn(KINDS, kind);
}

/** What the engine needs of a form definition. */
export interface RuleSet {
  rules: readonly Rule[];
}

const handlerOf = (rule: Rule) => KINDS[rule.rule] as KindHandler;

/** Every path a rule reads, its `when` included. */
export function ruleFields(rule: Rule): string[] {
  return [...handlerOf(rule).fields(rule), ...conditionFields(rule.when)];
}

/** The message codes a rule can answer. */
export function ruleMessages(rule: Rule): string[] {
  return rule.rule === 'email' ? [rule.message, rule.asciiMessage ?? 'ERR_0018'] : [rule.message];
}

function fillArgs(rule: Rule, ctx: RuleContext, row: number | undefined): string[] {
  const max =
    'max' in rule && typeof rule.max === 'number' ? rule.max : rule.rule === 'fileSize' ? ctx.maxFileSize : undefined;
  const vars: Record<string, string> = {
    row: row === undefined ? '' : String(row),
    max: max === undefined ? '' : String(max),
    maxFileSizeMB:
      typeof max === 'number' && rule.rule === 'fileSize'
        ? formatMegabytes(max)
        : typeof ctx.maxFileSize === 'number'
          ? formatMegabytes(ctx.maxFileSize)
          : '',
  };
  return (rule.args ?? []).map((a) => a.replace(/\{(row|max|maxFileSizeMB)\}/g, (_m, k: string) => vars[k] ?? ''));
}

function runRule(rule: Rule, record: unknown, ctx: RuleContext, out: RuleResult[]): void {
  const handler = handlerOf(rule);
  const run = (bound: readonly number[], target?: ReturnType<typeof resolve>[number]) => {
    if (!allHold(rule.when, record, ctx, bound)) return;
    const env: Env = {
      record,
      ctx,
      bound,
      value: (p) => resolve(record, p, bound)[0]?.value,
      all: (p) => resolve(record, p, bound),
      emit: (path, opts = {}) => {
        const idx = indexesOf(path);
        const lastIndex = idx.at(-1);
        const row = opts.row ?? (lastIndex === undefined ? undefined : lastIndex + 1);
        out.push({ field: path, messageId: opts.messageId ?? rule.message, args: fillArgs(rule, ctx, row) });
      },
    };
    handler.check(rule, env, target);
  };
  const each = handler.each?.(rule);
  if (each === undefined) run([]);
  else for (const target of resolve(record, each)) run(target.indexes, target);
}

function dedupe(results: RuleResult[]): RuleResult[] {
  const seen = new Set<string>();
  return results.filter((r) => {
    const key = JSON.stringify([r.field, r.messageId, r.args]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every failure of every rule, in the order of the rules (and rows). */
export function validateForm(definition: RuleSet, record: unknown, context: RuleContext = {}): RuleResult[] {
  const out: RuleResult[] = [];
  for (const rule of definition.rules) runRule(rule, record, context, out);
  return dedupe(out);
}

/** Whether two concrete paths are in the same row (their common list indexes agree). */
function sameRow(a: string, b: string): boolean {
  const x = indexesOf(a);
  const y = indexesOf(b);
  const n = Math.min(x.length, y.length);
  return x.slice(0, n).every((v, i) => v === y[i]);
}

/**
 * On-blur validation of one field (a concrete path such as `kaisyaName` or
 * `contentsLinkList.1.url`): the failures of every rule that reads the field, in its row. A rule
 * across fields (dateOrder) may report on the other field of the pair.
 */
export function validateField(
  definition: RuleSet,
  record: unknown,
  field: string,
  context: RuleContext = {},
): RuleResult[] {
  const rules = definition.rules.filter((r) => ruleFields(r).some((p) => matchesPattern(field, p)));
  return validateForm({ rules }, record, context).filter((r) => sameRow(r.field, field));
}
