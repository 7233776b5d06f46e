// Edit modes of a form (spec 000 section 4, spec 001 section 4): new, update, copy and preview,
// chosen from the page URL as the definition's `mode` says:
//   "update": "=query.contentsId"   an id in the URL means the record exists;
//   "editMode": "=query.editMode"   the spec's code (0 new, 1 update, 2 copy, 9 preview); an id
//                                   without a code is update, a code without an id is new;
//   "id": "contentsId"              the record's id field, also the key of the create answer;
//   "copyTo": "copyContentsId"      copy mode loads the record, blanks its id and keeps it here.
// The URLs of the modes are the page's own with those two parameters changed, so a form shared by
// several routes (/notification-reg, /kanrisya-notification-reg) stays on its route.
import { EDIT_MODE_CODES, type EditMode } from '../../schemas/meta/widgets';
import type { CallSpec, FormAction, MessageRef, ModeSpec } from '../../schemas/meta/types';
import { evaluate, isFilledValue, type Scope } from './expressions';

export type { EditMode };

/** The code of each mode in the URL (the inverse of EDIT_MODE_CODES). */
export const EDIT_MODE_CODE: Readonly<Record<EditMode, string>> = { new: '0', update: '1', copy: '2', preview: '9' };

export function resolveMode(spec: ModeSpec | undefined, scope: Scope): EditMode {
  if (!spec?.update || !isFilledValue(evaluate(spec.update, scope))) return 'new';
  const code = spec.editMode ? evaluate(spec.editMode, scope) : undefined;
  if (!isFilledValue(code)) return 'update';
  return EDIT_MODE_CODES[String(code)] ?? 'update';
}

/** Modes that show an existing record (and so load it). */
export function loadsRecord(mode: EditMode): boolean {
  return mode === 'update' || mode === 'copy';
}

/** Modes whose save is the create call. */
export function createsRecord(mode: EditMode): boolean {
  return mode === 'new' || mode === 'copy';
}

/** The query parameter an expression reads ("=query.contentsId" → "contentsId"). */
export function queryParamOf(expr: string | undefined): string | null {
  const m = expr ? /^=query\.([\w-]+)$/.exec(expr) : null;
  return m?.[1] ?? null;
}

/** The page's query for another mode: new drops the id and the code; the others set both. */
export function queryForMode(
  query: URLSearchParams,
  spec: ModeSpec | undefined,
  mode: EditMode,
  id?: unknown,
): URLSearchParams {
  const next = new URLSearchParams(query);
  const idParam = queryParamOf(spec?.update);
  const codeParam = queryParamOf(spec?.editMode);
  if (mode === 'new') {
    if (idParam) next.delete(idParam);
    if (codeParam) next.delete(codeParam);
    return next;
  }
  if (idParam && id !== undefined && id !== null && id !== '') next.set(idParam, String(id));
  if (codeParam) next.set(codeParam, EDIT_MODE_CODE[mode]);
  return next;
}

/** Copy mode: the loaded record without its id, which it keeps as the copy source. */
export function copiedRecord(record: Record<string, unknown>, spec: ModeSpec | undefined): Record<string, unknown> {
  if (!spec?.id) return record;
  const out: Record<string, unknown> = { ...record, [spec.id]: undefined };
  if (spec.copyTo) out[spec.copyTo] = record[spec.id];
  return out;
}

/**
 * The confirmation before a submit or delete: in update mode an action with a `guard` first makes
 * the guard's call; when its result is true (an event with applicants) the guard's message is
 * asked instead of the action's own (CNF_0008 before an update, CNF_0007 before a delete).
 * `fallback` is the action's own message (null: no confirmation). A failing call rejects.
 */
export async function confirmationFor(
  action: FormAction,
  mode: EditMode,
  fallback: MessageRef | null,
  check: (call: CallSpec) => Promise<unknown>,
): Promise<MessageRef | null> {
  if (action.guard && mode === 'update' && (await check(action.guard.call)) === true) return action.guard.confirm;
  return fallback;
}
