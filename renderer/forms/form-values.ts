// Values a generic form derives from its definition and record: the fields clear empties, the
// record as compared by the leave guard, an empty answer, the created id, the preview's target.
import type { UiSchema } from '@rjsf/utils';
import type { FormAction } from './definitions';
import { evaluate, type Scope } from './expressions';
import type { PreviewTarget } from './previews';

/** The id a create answered (the key `mode.id` of its answer). */
export const createdIdOf = (idField: string | undefined, after: Scope) =>
  idField ? evaluate(`=result.${idField}`, after) : undefined;

/** Fields of the record the user edits (not hidden, not read-only): what clear empties. */
export function editableFields(uiSchema: UiSchema, fields: string[]): string[] {
  return fields.filter((f) => {
    const ui = (uiSchema as Record<string, Record<string, unknown> | undefined>)[f];
    const widget = ui?.['ui:widget'];
    return (
      widget !== 'hidden' && widget !== 'readOnlyText' && ui?.['ui:readonly'] !== true && ui?.['ui:disabled'] !== true
    );
  });
}

/**
 * A record as text for "was anything changed": empty values ('' / null / undefined / empty
 * objects and lists) are left out, so a field typed into and emptied again, or a default rjsf
 * filled in, does not count as a change.
 */
export function comparable(record: unknown): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const items = value.map(strip);
      return items.every((i) => i === undefined) ? undefined : items;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => [k, strip(v)] as const)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return entries.length === 0 ? undefined : Object.fromEntries(entries);
    }
    return value === '' || value === null ? undefined : value;
  };
  return JSON.stringify(strip(record) ?? null);
}

/** An answer with nothing in it: a 204 file, or a result of 0, '', [] or none. */
export function isEmptyAnswer(value: unknown, response: 'json' | 'file' | undefined): boolean {
  if (response === 'file') return false;
  return (
    value === undefined || value === null || value === '' || value === 0 || (Array.isArray(value) && value.length === 0)
  );
}

/** A text of the definition's content preview (its expressions evaluated). */
export function previewTarget(action: FormAction | undefined, s: Scope): PreviewTarget | null {
  if (!action?.content) return null;
  const categoryId = evaluate(action.content.categoryId, s);
  const contentsId = evaluate(action.content.contentsId, s);
  if (
    categoryId === undefined ||
    categoryId === null ||
    contentsId === undefined ||
    contentsId === null ||
    contentsId === ''
  )
    return null;
  return { categoryId: String(categoryId), contentsId: String(contentsId), page: action.content.page ?? 'content' };
}
