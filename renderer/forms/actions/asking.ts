// What an action asks before its call: the session check (which renews the token, or logs out
// with ERR_USER001) and its confirmation. A form checks the session first; a list asks first, so
// a declined confirmation checks nothing.
import { ensureValidSession } from '../../components/session-check';
import { confirmed } from './run';

/** A form's order: the session is checked, then the confirmation is asked. */
export const sessionThenConfirm = (text?: string) => async () =>
  (await ensureValidSession()) && (await confirmed(text));

/** A list's order: the confirmation is asked, then the session is checked. */
export const confirmThenSession = (text?: string) => async () =>
  (await confirmed(text)) && (await ensureValidSession());
