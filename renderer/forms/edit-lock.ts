// The browser half of a form's optimistic check and edit locks (docs/forms.md "Workflow,
// optimistic check and edit locks"): the calls are the paths the form's `store.locks` declares,
// each with the record's key under `bodyKey`. The caller passes how to post and how to ask, so the
// steps read the same in the screen and in the unit tests.
import { isApiError } from '../api/client';
import type { FormDefinition } from '../../schemas/meta/types';

export type Post = (path: string, body: Record<string, unknown>) => Promise<unknown>;
export type Ask = (messageId: string) => Promise<boolean>;

type Locks = NonNullable<NonNullable<FormDefinition['store']>['locks']>;

export const locksOf = (definition: FormDefinition): Locks | undefined => definition.store?.locks;

/** The display time a load answered (`store.optimistic.field`), or undefined for a form without the check. */
export function displayTime(definition: FormDefinition, answer: Record<string, unknown>): string | undefined {
  const field = definition.store?.optimistic?.field;
  const value = field ? answer[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Before a save, submit, withdrawal or delete: true when nobody saved since `shown`. Otherwise
 * CNF_0009 is asked; its answer is `reload` (yes: load the form again) and the action stops.
 */
export async function stillFresh(
  locks: Locks,
  key: string,
  shown: string | undefined,
  post: Post,
  ask: Ask,
): Promise<{ fresh: true } | { fresh: false; reload: boolean }> {
  if (shown === undefined) return { fresh: true };
  const answer = (await post(locks.calls.latest, { [locks.bodyKey]: key })) as { latestUpdDate?: unknown } | undefined;
  if (answer?.latestUpdDate === shown) return { fresh: true };
  return { fresh: false, reload: await ask('CNF_0009') };
}

/** A save the server refused as stale (409 CNF_0009). */
export function isStaleError(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  const body = error.body as { messages?: { messageId?: string }[] } | undefined;
  return body?.messages?.some((m) => m.messageId === 'CNF_0009') ?? true;
}

/**
 * Opening an editable record: another user's live lock asks CNF_0011 first (no: open the preview
 * instead), then the lock is ours. Answers whether the screen holds the lock.
 */
export async function takeEditLock(locks: Locks, key: string, post: Post, ask: Ask): Promise<'locked' | 'preview'> {
  const answer = (await post(locks.calls.check, { [locks.bodyKey]: key })) as { checkResult?: unknown } | undefined;
  if (answer?.checkResult === true && !(await ask('CNF_0011'))) return 'preview';
  await post(locks.calls.set, { [locks.bodyKey]: key });
  return 'locked';
}

/** Leaving a record held for edit: CNF_0002, then the lock is given back (a failed release only lapses later). Answers whether to leave. */
export async function leaveEditLock(locks: Locks, key: string, post: Post, ask: Ask): Promise<boolean> {
  if (!(await ask('CNF_0002'))) return false;
  await releaseEditLock(locks, key, post);
  return true;
}

/**
 * Gives the lock back (戻る, leaving the screen, the page hidden: closing the tab). A release that
 * fails or never arrives only lapses later: the lock's expiry is the fallback.
 */
export async function releaseEditLock(locks: Locks, key: string, post: Post): Promise<void> {
  await post(locks.calls.release, { [locks.bodyKey]: key }).catch(() => undefined);
}
