// The lines of a form's read-only summary (the definition's `summary`): a value is an expression
// (=record.appNo) or a template naming values in braces; an empty one is left out.
import type { FormDefinition } from '../../schemas/meta/types';
import { formatDate } from '../app/format';
import { evaluate, type Scope } from './expressions';
import type { EditMode } from './modes';

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The lines the summary shows in a mode (none outside its modes, default update). */
export function summaryLines(
  summary: FormDefinition['summary'],
  mode: EditMode,
  scope: Scope,
): { label: string; value: string }[] {
  if (!summary || !(summary.modes ?? ['update']).includes(mode)) return [];
  return summary.items
    .map((item) => {
      const value = item.value.startsWith('=')
        ? text(evaluate(item.value, scope))
        : item.value.replace(/\{([A-Za-z_][\w.]*)\}/g, (_m, ref: string) => text(evaluate(`=${ref}`, scope))).trim();
      return { label: item.label, value: item.format === 'date' ? formatDate(value) : value };
    })
    .filter((line) => line.value !== '');
}
