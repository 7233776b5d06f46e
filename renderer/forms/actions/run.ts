// The steps every action of a form or a list runs through: what it asks first (the session check
// and its confirmation, in the order of its screen), the call, a failure reported by the screen
// (messages above it, else the dialog), then the message after the call (`done`). What follows
// (navigate, reload, the next mode) is the caller's.
import { formatMessage } from '../../../schemas/messages/format';
// The dialog store alone (not its component): the runner loads without the page's styles.
import { alertMessage, confirmMessage } from '../../app/dialog/dialog-store';
import type { MessageRef } from '../definitions';
import { messageArgs, type Scope } from '../expressions';

/** A message of a definition, its arguments evaluated in `scope`. */
export const messageText = (ref: MessageRef, scope: Scope) => formatMessage(ref.message, messageArgs(ref.args, scope));

/** Yes to the confirmation `text`; no confirmation counts as yes. */
export async function confirmed(text: string | undefined): Promise<boolean> {
  return text === undefined || (await confirmMessage(text));
}

export interface ActionRun<T> {
  /** Asked before the call (asking.ts: the session and the confirmation); false stops the action quietly. */
  before?: () => Promise<boolean>;
  /** The call (none: the action stops after `before`). */
  call: (() => Promise<T>) | undefined;
  /** A failed call, reported by the screen. */
  failed: (error: unknown) => Promise<void>;
  /** The message shown after a successful call, if any. */
  done?: (answer: T) => string | undefined;
}

/** Runs an action's steps; the answer of its call, or null when it stopped or failed. */
export async function runAction<T>({ before, call, failed, done }: ActionRun<T>): Promise<{ answer: T } | null> {
  if (before && !(await before())) return null;
  if (!call) return null;
  let answer: T;
  try {
    answer = await call();
  } catch (error) {
    await failed(error);
    return null;
  }
  const message = done?.(answer);
  if (message) await alertMessage(message);
  return { answer };
}
