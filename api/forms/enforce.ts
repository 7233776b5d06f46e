// Enforcing a form's rules on the server (docs/decisions.md section 1): the write routes run the same
// rules the renderer ran, from the same definition, before anything is written, together with
// the checks only the server can make (existence, uniqueness, permission). Every failure is
// answered at once: 400 { messages: [{ messageId, args }] }.
import type { FastifyInstance } from 'fastify';
import { validateForm, ruleFields, type RuleContext, type RuleResult } from '../../schemas/rules/engine';
import { matchesPattern } from '../../schemas/rules/paths';
import type { FormDefinition } from '../../schemas/meta/types';
import { tokyoDate } from '../clock';
import { problem } from '../http/problems';
import { formOf } from './registry';

export interface EnforceOptions {
  /** Only the rules that read one of these fields (e.g. the file of a re-upload). */
  fields?: readonly string[];
  /** Edit mode and anything else the rules' conditions read. */
  context?: Partial<RuleContext>;
  /** Server-only checks; their messages join the rule messages. */
  serverChecks?: () => Promise<RuleResult[]> | RuleResult[];
}

/** The context the server runs rules with: today in Tokyo and MAX_FILE_SIZE. */
export function serverRuleContext(app: FastifyInstance, extra: Partial<RuleContext> = {}): RuleContext {
  return { serverDate: tokyoDate(app.clock.now()), maxFileSize: app.config.maxFileSize, ...extra };
}

/** The failures of the form's rules (optionally of some fields only) for a record. */
export function formFailures(
  app: FastifyInstance,
  form: Pick<FormDefinition, 'rules'> | string,
  record: unknown,
  opts: Omit<EnforceOptions, 'serverChecks'> = {},
): RuleResult[] {
  const def = typeof form === 'string' ? formOf(app.definitions, form) : form;
  const rules = opts.fields
    ? def.rules.filter((r) => ruleFields(r).some((p) => opts.fields!.some((f) => f === p || matchesPattern(f, p))))
    : def.rules;
  return validateForm({ rules }, record, serverRuleContext(app, opts.context));
}

/** A 400 with rule results (the wire drops `field`). */
export function invalid(...results: RuleResult[]) {
  return problem.validation(results);
}

/** Runs the rules and the server checks; throws 400 with all their messages when any fails. */
export async function enforceForm(
  app: FastifyInstance,
  form: Pick<FormDefinition, 'rules'> | string,
  record: unknown,
  opts: EnforceOptions = {},
): Promise<void> {
  const messages = [...formFailures(app, form, record, opts), ...((await opts.serverChecks?.()) ?? [])];
  if (messages.length) throw problem.validation(messages);
}
