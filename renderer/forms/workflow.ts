// The browser half of a form's status workflow (docs/forms.md "Workflow, optimistic check and edit
// locks"): which buttons a form with `store.workflow` draws, which statuses its caller may pick and
// whether its fields are editable, all read from the same schemas/workflows/<id>.json the API
// enforces. A button's look, confirmation and completion come from the form's `actions` entry of
// the same name (label falls back to the workflow's); the call it makes is the workflow's own path
// (`store.workflow.calls`), the delete call for an action without a target status, else the
// form's create (new) or update call.
import {
  actionsFor,
  isEditable,
  statusText,
  WORKFLOWS,
  type Side,
  type Workflow,
} from '../../schemas/workflows/workflow';
import type { FormAction, FormDefinition, MessageRef, StoreWorkflow } from '../../schemas/meta/types';

export type WorkflowButtonKind = 'primary' | 'secondary' | 'danger';

export interface WorkflowButton {
  name: string;
  label: string;
  kind: WorkflowButtonKind;
  /** The status it sets (the picked one when `choices` has several), none for a delete. */
  status?: string;
  /** Whether it stores the side's fields (false: the status alone changes; the rules are not checked). */
  fields: boolean;
  /** Which call it makes: the form's save, the workflow's own path, or the delete call. */
  call: { kind: 'save' } | { kind: 'path'; path: string } | { kind: 'delete' };
  confirm?: MessageRef;
  done?: MessageRef;
  /** The form's `to` after it (a delete that leaves the record). */
  to?: string;
}

export interface WorkflowState {
  workflow: Workflow;
  side: Side;
  /** The stored status ("new" before the first save). */
  from: string;
  /** Whether the caller may edit the side's fields (never in preview). */
  editable: boolean;
  /** Whether opening the record for edit takes the edit lock (an existing record the side may edit). */
  locks: boolean;
  buttons: WorkflowButton[];
  /** The statuses the caller may set (the stored one first), shown as a choice when more than one. */
  choices: { value: string; text: string }[];
}

/** The form's workflow declaration, or undefined for a form without one. */
export function workflowOf(definition: FormDefinition): { spec: StoreWorkflow; workflow: Workflow } | undefined {
  const spec = definition.store?.workflow;
  const workflow = spec ? WORKFLOWS[spec.id] : undefined;
  return spec && workflow ? { spec, workflow } : undefined;
}

/** The stored status of a loaded record: `status.current` (the load's code field) or the status field; "new" without a key. */
export function storedStatus(spec: StoreWorkflow, record: Record<string, unknown>, hasKey: boolean): string {
  if (!hasKey) return 'new';
  const value = record[spec.status.current ?? spec.status.field];
  return value === undefined || value === null || value === '' ? 'new' : String(value);
}

function kindOf(name: string, action: FormAction | undefined, deletes: boolean): WorkflowButtonKind {
  if (deletes || action?.danger) return 'danger';
  return action?.primary ? 'primary' : 'secondary';
}

/**
 * The workflow of a form as the screen draws it for a record in status `from`. In preview nothing
 * is editable and no button shows (the lists' title link opens it read-only).
 */
export function workflowState(definition: FormDefinition, from: string, preview: boolean): WorkflowState | undefined {
  const found = workflowOf(definition);
  if (!found) return undefined;
  const { spec, workflow } = found;
  const side = spec.side as Side;
  const editable = !preview && isEditable(workflow, side, from);
  const names = preview ? [] : actionsFor(workflow, side, from);
  const choiceSet = new Set<string>(from === 'new' ? [] : [from]);
  const buttons = names.map((name): WorkflowButton => {
    // Names come from the workflow's own actions.
    const step = workflow.actions[name]!;
    const own = definition.actions?.[name];
    const deletes = step.to.length === 0;
    if (editable && step.to.length > 1) for (const s of step.to) choiceSet.add(s);
    const path = spec.calls?.[name];
    return {
      name,
      label: own?.label ?? step.label,
      kind: kindOf(name, own, deletes),
      status: deletes ? undefined : step.to.length > 1 && from !== 'new' && step.to.includes(from) ? from : step.to[0],
      fields: step.fields,
      call: deletes ? { kind: 'delete' } : path ? { kind: 'path', path } : { kind: 'save' },
      confirm: own?.confirm ?? (deletes ? { message: 'CNF_0004' } : undefined),
      done: own?.done,
      to: own?.to,
    };
  });
  const choices = [...choiceSet]
    .filter((s) => s !== 'new')
    .map((value) => ({ value, text: statusText(workflow, value) }));
  return { workflow, side, from, editable, locks: editable && from !== 'new', buttons, choices };
}

/** The body a workflow button sends beside the record: the requested status and the stored one (for the optimistic check). */
export function workflowBody(
  definition: FormDefinition,
  state: WorkflowState,
  status: string | undefined,
): Record<string, unknown> {
  const spec = definition.store?.workflow;
  const optimistic = definition.store?.optimistic;
  const body: Record<string, unknown> = {};
  if (spec && status !== undefined) body[spec.status.field] = status;
  if (optimistic?.status && state.from !== 'new') body[optimistic.status] = state.from;
  return body;
}
