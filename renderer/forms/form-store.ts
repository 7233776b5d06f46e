// The state of one rendered form that lives outside rjsf, so that typing re-renders only the
// field being typed in (rjsf memoises fields on their props; the registry and the formContext
// stay the same object for the life of the form):
//  - rule results (shown one per line above the form and under each field), validated by the
//    shared rule engine on blur (one field) and on submit (the whole form);
//  - the current record, and patch() for widgets that set sibling fields (display target,
//    file explanations);
//  - the values the initial-data call provided (option lists, agent name, limits);
//  - uploads still running (a save waits for them).
// Widgets and templates reach it through registry.formContext.store and subscribe to the part
// they show with the hooks of use-form-store.ts.
import {
  ruleFields,
  ruleMessages,
  validateField,
  validateForm,
  type RuleContext,
  type RuleResult,
  type RuleSet,
} from '../../schemas/rules/engine';
import { formatMessage } from '../../schemas/messages/format';
import { indexesOf, matchesPattern } from '../../schemas/rules/paths';
import type { FieldEffect } from '../../schemas/meta/types';
import { applyEffects } from './effects';

export type FormRecord = Record<string, unknown>;

export interface FormStoreInit {
  /** Prefix of the element ids rjsf generates (idPrefix). */
  idPrefix: string;
  rules: RuleSet;
  context: RuleContext;
  record: FormRecord;
  /** Values of the initial-data call, by the names of `provides`. */
  data?: Record<string, unknown>;
  /** Field effects of the definition (effects.ts) and the context their conditions read. */
  effects?: readonly FieldEffect[];
  effectContext?: RuleContext;
}

export const ID_SEPARATOR = '__';

type Listener = () => void;

export class FormStore {
  readonly idPrefix: string;
  readonly rules: RuleSet;
  readonly context: RuleContext;
  readonly data: Record<string, unknown>;
  /** Fields a rule without condition requires (the 必須 mark): `required`, and `atLeastOne` over one list (search tags). */
  readonly requiredFields: ReadonlySet<string>;

  private record: FormRecord;
  private results: RuleResult[] = [];
  private scrollRequest = 0;
  private readonly listeners = new Set<Listener>();
  private readonly recordListeners = new Set<Listener>();
  private setter: ((record: FormRecord) => void) | null = null;
  private readonly uploads = new Set<Promise<unknown>>();
  private readonly effects: readonly FieldEffect[];
  private readonly effectContext: RuleContext;

  constructor(init: FormStoreInit) {
    this.effects = init.effects ?? [];
    this.effectContext = init.effectContext ?? init.context;
    this.idPrefix = init.idPrefix;
    this.rules = init.rules;
    this.context = init.context;
    this.data = init.data ?? {};
    this.record = init.record;
    this.requiredFields = new Set(
      init.rules.rules.flatMap((r) => {
        if (r.when) return [];
        if (r.rule === 'required') return [(r as { field: string }).field];
        const list = r.rule === 'atLeastOne' ? (r as { field?: string }).field : undefined;
        return list ? [list] : [];
      }),
    );
  }

  // ---- record ----

  getRecord(): FormRecord {
    return this.record;
  }

  /** The rendered form tells the store its data (on every change) and how to push new data. */
  attach(setter: (record: FormRecord) => void): void {
    this.setter = setter;
  }

  /** A changed record with the definition's field effects applied (the important flag off clears its period …). */
  withEffects(record: FormRecord): FormRecord {
    return applyEffects(this.effects, this.record, record, this.effectContext);
  }

  /** Called by the form on every change. */
  changed(record: FormRecord): void {
    this.record = record;
    this.emitRecord();
  }

  /** Set several fields at once (a widget that owns sibling fields). */
  patch(values: FormRecord): void {
    this.record = this.withEffects({ ...this.record, ...values });
    this.setter?.(this.record);
    this.emitRecord();
  }

  /** Replace the whole record (clear, reset after delete). */
  replace(record: FormRecord): void {
    this.record = record;
    this.setter?.(record);
    this.emitRecord();
  }

  /** The value at a path of the current record. */
  valueAt(path: string): unknown {
    let at: unknown = this.record;
    for (const key of path.split('.')) {
      if (at === null || typeof at !== 'object') return undefined;
      at = (at as Record<string, unknown>)[key];
    }
    return at;
  }

  subscribeRecord = (listener: Listener): (() => void) => {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  };

  private emitRecord(): void {
    for (const listener of this.recordListeners) listener();
  }

  // ---- ids and paths ----

  /** rjsf element id → field path: "f-ag-user__contentsLinkList__0__url" → "contentsLinkList.0.url". */
  pathOfId(id: string): string {
    const rest = id.startsWith(this.idPrefix) ? id.slice(this.idPrefix.length) : id;
    return rest.split(ID_SEPARATOR).filter(Boolean).join('.');
  }

  /** Element id of a path inside a widget (its own inputs), the inverse of pathOfId. */
  idOfPath(path: string): string {
    return [this.idPrefix, ...path.split('.')].join(ID_SEPARATOR);
  }

  /** The record with one value replaced (to check a value before rjsf has applied it). */
  recordWith(path: string, value: unknown): FormRecord {
    return setPath(this.record, path.split('.'), value) as FormRecord;
  }

  isRequired(path: string): boolean {
    return this.requiredFields.has(path);
  }

  // ---- rule results ----

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  getResults = (): RuleResult[] => this.results;
  getScrollRequest = (): number => this.scrollRequest;

  /** Adds results for one field without a whole-form check (a refused upload). */
  addResults(results: RuleResult[]): void {
    this.results = [...this.results, ...results];
    this.emit();
  }

  /** Results of a whole-form check (submit): shown above the form, which scrolls to them. */
  showResults(results: RuleResult[], scroll = true): void {
    this.results = results;
    if (scroll && results.length > 0) this.scrollRequest++;
    this.emit();
  }

  /** Messages without fields (a failed call): shown above the form like rule results. */
  showMessages(messages: { messageId: string; args?: readonly (string | number)[] }[]): void {
    this.showResults(messages.map((m) => ({ field: '', messageId: m.messageId, args: (m.args ?? []).map(String) })));
  }

  clearResults(): void {
    this.showResults([], false);
  }

  /** Runs the whole form's rules (submit). */
  validateAll(): RuleResult[] {
    return validateForm(this.rules, this.record, this.context);
  }

  /**
   * On-blur check of one field: its earlier results are replaced by the engine's answer for it
   * (without scrolling). `record` lets a widget check a value before it is set (a picked file).
   */
  validatePath(path: string, record: FormRecord = this.record): RuleResult[] {
    if (path === '') return [];
    const found = validateField(this.rules, record, path, this.context);
    // The earlier answers of the rules that read this field are replaced, wherever they were
    // reported (a date order reported on the other date of the pair), in this row only.
    const related = this.rules.rules.filter((rule) => ruleFields(rule).some((p) => matchesPattern(path, p)));
    const stale = (r: RuleResult) =>
      r.field === path ||
      r.field.startsWith(`${path}.`) ||
      (sameRow(r.field, path) &&
        related.some(
          (rule) =>
            ruleMessages(rule).includes(r.messageId) && ruleFields(rule).some((p) => matchesPattern(r.field, p)),
        ));
    this.results = this.inRuleOrder([...this.results.filter((r) => !stale(r)), ...found]);
    this.emit();
    return found;
  }

  /**
   * Results in the order a whole-form check gives them (the order of the rules, then the rows),
   * so a field checked again on blur keeps its line where it was instead of moving to the end.
   * Messages no rule gives (the server's) keep their places at the top.
   */
  private inRuleOrder(results: RuleResult[]): RuleResult[] {
    const rules = this.rules.rules;
    const rank = (r: RuleResult) => {
      const i = rules.findIndex(
        (rule) => ruleMessages(rule).includes(r.messageId) && ruleFields(rule).some((p) => matchesPattern(r.field, p)),
      );
      return i === -1 ? -1 : i;
    };
    return results
      .map((r, index) => ({ r, index, rank: rank(r), rows: indexesOf(r.field) }))
      .sort((a, b) => a.rank - b.rank || compareRows(a.rows, b.rows) || a.index - b.index)
      .map((e) => e.r);
  }

  hasResults(path: string): boolean {
    return this.results.some((r) => r.field === path);
  }

  /** Messages of one field (deep: and of the fields inside it), joined by line breaks (a stable snapshot for React). */
  fieldMessages(path: string, deep = false): string {
    return this.results
      .filter((r) => r.field === path || (deep && r.field.startsWith(`${path}.`)))
      .map((r) => formatMessage(r.messageId, r.args))
      .join('\n');
  }

  // ---- uploads ----

  trackUpload(promise: Promise<unknown>): void {
    this.uploads.add(promise);
    const done = () => this.uploads.delete(promise);
    promise.then(done, done);
  }

  /** Waits for every running upload (a save sends upload ids, so they must be finished). */
  async uploadsSettled(): Promise<void> {
    while (this.uploads.size > 0) await Promise.allSettled([...this.uploads]);
  }
}

function compareRows(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return a.length - b.length;
}

/** Whether two concrete paths are in the same row of their common lists. */
function sameRow(a: string, b: string): boolean {
  const x = indexesOf(a);
  const y = indexesOf(b);
  return x.slice(0, Math.min(x.length, y.length)).every((v, i) => v === y[i]);
}

function setPath(target: unknown, keys: string[], value: unknown): unknown {
  if (keys.length === 0) return value;
  const [key = '', ...rest] = keys;
  if (Array.isArray(target) || (target === undefined && /^\d+$/.test(key))) {
    const copy = Array.isArray(target) ? [...target] : [];
    copy[Number(key)] = setPath(copy[Number(key)], rest, value);
    return copy;
  }
  const base = target !== null && typeof target === 'object' ? (target as Record<string, unknown>) : {};
  return { ...base, [key]: setPath(base[key], rest, value) };
}
