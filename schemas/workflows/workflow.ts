// A status workflow declared in JSON (schemas/workflows/*.json): which status each button sets,
// who may press it (the applicant or the receiver) and from which statuses. The API refuses any
// other transition and the renderer shows only the buttons this table allows, so both read the
// same table (docs/forms.md "Workflows").
import applicationWorkflow from './application.json';

export type Side = 'applicant' | 'receiver';
/** A stored status, or "new" for a record not saved yet. */
export type From = string;

export interface WorkflowAction {
  by: Side;
  label: string;
  from: readonly From[];
  to: readonly string[];
  /** Whether the action stores the side's fields too (false: the status alone changes). */
  fields: boolean;
}

export interface Workflow {
  id: string;
  title: string;
  statuses: readonly { value: string; text: string }[];
  finished: readonly string[];
  visibleTo: Record<Side, readonly string[]>;
  editable: Record<Side, readonly From[]>;
  actions: Record<string, WorkflowAction>;
}

export const APPLICATION_WORKFLOW: Workflow = applicationWorkflow as Workflow;

/** Every declared workflow by id: a form's `store.workflow.id` names one (schemas/check.ts checks it). */
export const WORKFLOWS: Record<string, Workflow> = { [APPLICATION_WORKFLOW.id]: APPLICATION_WORKFLOW };

export const statusText = (w: Workflow, code: string): string => w.statuses.find((s) => s.value === code)?.text ?? '';

/** The actions a side may take on a record in status `from` ("new" before the first save). */
export function actionsFor(w: Workflow, side: Side, from: From): string[] {
  return Object.entries(w.actions)
    .filter(([, a]) => a.by === side && a.from.includes(from))
    .map(([name]) => name);
}

/** The action that moves a record from `from` to `to` for the side, or undefined when none may. */
export function transition(
  w: Workflow,
  side: Side,
  from: From,
  to: string,
): { name: string; action: WorkflowAction } | undefined {
  for (const [name, a] of Object.entries(w.actions))
    if (a.by === side && a.from.includes(from) && a.to.includes(to)) return { name, action: a };
  return undefined;
}

export const isEditable = (w: Workflow, side: Side, from: From): boolean => w.editable[side].includes(from);
export const isVisibleTo = (w: Workflow, side: Side, status: string): boolean => w.visibleTo[side].includes(status);
