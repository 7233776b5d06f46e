// Engine options of a stored form for records that move through a status workflow
// (docs/forms.md, "Workflow, optimistic check and edit locks"):
//   workflow    the action for (the form's side, the stored status, the requested status) from
//               schemas/workflows/<id>.json; any other transition is 403; fields are stored only
//               when the action says `fields: true` and the side may edit in the stored status
//   optimistic  the body's display time against the stored update time (and the status the
//               screen showed): 409 CNF_0009; the write is conditional on the stored time, so
//               two racing saves never both win; update times strictly increase
//   locks       advisory edit locks that lapse `minutes` after the holder's last activity
import type { Kysely } from 'kysely';
import {
  isEditable,
  transition,
  WORKFLOWS,
  type Side,
  type Workflow,
  type WorkflowAction,
} from '../../schemas/workflows/workflow';
import type { FormDefinition, StoreSpec } from '../../schemas/meta/types';
import type { Database } from '../db/schema';
import { HttpProblem, messagesBody, problem } from '../http/problems';

const blank = (v: unknown) => v === undefined || v === null || v === '';

export interface Step {
  name: string;
  action: WorkflowAction;
  /** The stored status ("new" before the first save) and the one the action sets (undefined: delete). */
  from: string;
  to: string | undefined;
  /** Whether the save stores the form's fields (false: the status alone changes). */
  storesFields: boolean;
}

export function workflowOf(
  form: FormDefinition,
): { w: Workflow; side: Side; spec: NonNullable<StoreSpec['workflow']> } | undefined {
  const spec = form.store?.workflow;
  if (!spec) return undefined;
  const w = WORKFLOWS[spec.id];
  if (!w) throw new Error(`form ${form.id}: no workflow "${spec.id}"`);
  return { w, side: spec.side as Side, spec };
}

/**
 * The step a save takes: `requested` is the body's status (blank keeps the stored one; a new
 * record must name one), `forced` the status a call of `workflow.calls` sets. 403 for any
 * transition the table does not list for this side.
 */
export function saveStep(
  form: FormDefinition,
  from: string,
  requested: unknown,
  forcedAction?: string,
): Step | undefined {
  const wf = workflowOf(form);
  if (!wf) return undefined;
  let to: string;
  if (forcedAction) to = wf.w.actions[forcedAction]?.to[0] ?? '';
  else if (blank(requested)) {
    if (from === 'new') throw problem.validation([{ messageId: 'ERR_0001', args: ['ステータス'] }]);
    to = from;
  } else to = String(requested);
  const t = transition(wf.w, wf.side, from, to);
  if (!t || (forcedAction && t.name !== forcedAction)) throw problem.forbidden();
  return { name: t.name, action: t.action, from, to, storesFields: t.action.fields && isEditable(wf.w, wf.side, from) };
}

/** The delete step: the side's action with no target status, from the stored one; else 403. */
export function deleteStep(form: FormDefinition, from: string): Step | undefined {
  const wf = workflowOf(form);
  if (!wf) return undefined;
  const found = Object.entries(wf.w.actions).find(
    ([, a]) => a.by === wf.side && a.to.length === 0 && a.from.includes(from),
  );
  if (!found) throw problem.forbidden();
  return { name: found[0], action: found[1], from, to: undefined, storesFields: false };
}

/** Whether the form's side may still edit in this status (a lock is kept, not given back). */
export function editableAfter(form: FormDefinition, status: string): boolean {
  const wf = workflowOf(form);
  return wf ? isEditable(wf.w, wf.side, status) : true;
}

export const staleRecord = () => new HttpProblem(409, messagesBody([{ messageId: 'CNF_0009' }]));

export const isoOf = (d: unknown): string => new Date(d as string).toISOString();

/** 409 CNF_0009 when the body's display time or shown status is not the stored one (blank: not checked). */
export function checkFresh(form: FormDefinition, row: Record<string, unknown>, body: Record<string, unknown>): void {
  const o = form.store?.optimistic;
  if (!o) return;
  const statusColumn = form.store?.workflow?.status.column;
  if (o.status && statusColumn && !blank(body[o.status]) && String(body[o.status]) !== String(row[statusColumn]))
    throw staleRecord();
  const shown = body[o.field];
  if (!blank(shown)) {
    const t = new Date(String(shown)).getTime();
    if (Number.isNaN(t) || t !== new Date(row[o.column] as string).getTime()) throw staleRecord();
  }
}

/** The update time of a change: now, but always after the previous one (the check compares them). */
export function nextStamp(now: Date, previous?: unknown): Date {
  if (previous === undefined || previous === null) return now;
  const before = new Date(previous as string).getTime();
  return now.getTime() <= before ? new Date(before + 1) : now;
}

// ---- edit locks ------------------------------------------------------------------------------
// The lock table has the record's key column, user_id, locked_at and expires_at (one lock per record).

type Locks = NonNullable<StoreSpec['locks']>;
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- table names come from definitions
const anyDb = (db: Kysely<Database>) => db as unknown as AnyDb;
const expiry = (l: Locks, now: Date) => new Date(now.getTime() + l.minutes * 60_000);

/** Whether another user holds a live lock on the record. */
export async function lockedByOther(
  db: Kysely<Database>,
  l: Locks,
  id: unknown,
  userId: string,
  now: Date,
): Promise<boolean> {
  const row = await anyDb(db)
    .selectFrom(l.table)
    .select('user_id')
    .where(l.key, '=', id)
    .where('user_id', '!=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return !!row;
}

export async function takeLock(db: Kysely<Database>, l: Locks, id: unknown, userId: string, now: Date): Promise<void> {
  const expires = expiry(l, now);
  await anyDb(db)
    .insertInto(l.table)
    .values({ [l.key]: id, user_id: userId, locked_at: now, expires_at: expires })
    .onConflict((oc) => oc.column(l.key).doUpdateSet({ user_id: userId, locked_at: now, expires_at: expires }))
    .execute();
}

/** Activity of the holder keeps its live lock for another `minutes`. */
export async function touchLock(db: Kysely<Database>, l: Locks, id: unknown, userId: string, now: Date): Promise<void> {
  await anyDb(db)
    .updateTable(l.table)
    .set({ expires_at: expiry(l, now) })
    .where(l.key, '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .execute();
}

export async function releaseLock(db: Kysely<Database>, l: Locks, id: unknown, userId?: string): Promise<void> {
  let q = anyDb(db).deleteFrom(l.table).where(l.key, '=', id);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  await q.execute();
}
