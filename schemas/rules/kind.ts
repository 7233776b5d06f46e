// The contract between the engine and one rule kind (see engine.ts for how rules run).
import type { Resolved } from './paths';
import type { Rule, RuleContext } from './engine-types';

export interface Env {
  record: unknown;
  ctx: RuleContext;
  /** The row binding of this run: list indexes fixed by the rule's row pattern. */
  bound: readonly number[];
  /** The value at a pattern in the current row. */
  value(pattern: string): unknown;
  /** All values at a pattern (rows not bound by this run are expanded). */
  all(pattern: string): Resolved[];
  /**
   * Reports a failure on a concrete path: the rule's message and args unless told otherwise.
   * `row` fills {row} (default: the last list index of the path, 1-based).
   */
  emit(path: string, opts?: { messageId?: string; row?: number }): void;
}

export interface KindHandler<R extends Rule = Rule> {
  /** The pattern whose values the rule checks one by one (row by row for list fields). */
  each?: (rule: R) => string;
  /** Every pattern the rule reads: for on-blur validation and schemas:check. */
  fields: (rule: R) => string[];
  /** With `each`, called once per value (`target`); otherwise once for the record. */
  check: (rule: R, env: Env, target?: Resolved) => void;
}
