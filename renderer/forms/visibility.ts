// What a definition shows in the current situation: fields hidden by `visibility` (one-stop-guide
// categories hide the important flag and period) and buttons limited by `modes` and `when` (the
// mail buttons: update mode only, not for one-stop-guide categories). Conditions are the rule
// engine's: `context` names a value of the initial data or "mode", `field` a field of the record.
import type { UiSchema } from '@rjsf/utils';
import { allHold } from '../../schemas/rules/conditions';
import type { RuleContext } from '../../schemas/rules/engine';
import type { EditMode, FormAction, VisibilityRule } from '../../schemas/meta/types';

/** The context conditions read: the edit mode and the initial data. */
export function viewContext(mode: EditMode, data: Record<string, unknown>): RuleContext {
  return { ...data, mode };
}

export function hiddenFields(
  rules: readonly VisibilityRule[] | undefined,
  record: unknown,
  context: RuleContext,
): string[] {
  return [...new Set((rules ?? []).filter((r) => allHold(r.when, record, context)).flatMap((r) => r.hide ?? []))];
}

/** Fields shown but not editable (the one-stop category once its result is shown). */
export function disabledFields(
  rules: readonly VisibilityRule[] | undefined,
  record: unknown,
  context: RuleContext,
): string[] {
  return [...new Set((rules ?? []).filter((r) => allHold(r.when, record, context)).flatMap((r) => r.disable ?? []))];
}

/** The uiSchema with those fields disabled. */
export function withDisabled(uiSchema: UiSchema, fields: readonly string[]): UiSchema {
  if (fields.length === 0) return uiSchema;
  const out: Record<string, unknown> = { ...uiSchema };
  for (const field of fields) {
    const own = out[field] !== null && typeof out[field] === 'object' ? (out[field] as Record<string, unknown>) : {};
    out[field] = { ...own, 'ui:disabled': true };
  }
  return out as UiSchema;
}

/** The uiSchema with those fields drawn as hidden inputs. */
export function withHidden(uiSchema: UiSchema, fields: readonly string[]): UiSchema {
  if (fields.length === 0) return uiSchema;
  const out: Record<string, unknown> = { ...uiSchema };
  for (const field of fields) {
    const own = out[field] !== null && typeof out[field] === 'object' ? (out[field] as Record<string, unknown>) : {};
    out[field] = { ...own, 'ui:widget': 'hidden' };
  }
  return out as UiSchema;
}

/** Whether an action's button is shown in this mode for this record and data. */
export function actionShown(
  action: FormAction | undefined,
  mode: EditMode,
  record: unknown,
  context: RuleContext,
): boolean {
  if (!action) return false;
  if (action.modes && !action.modes.includes(mode)) return false;
  return allHold(action.when, record, context);
}
