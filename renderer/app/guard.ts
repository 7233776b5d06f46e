// Route guard (spec 000 section 4 "Route guard"), run as the loader of every guarded route, so
// nothing of a protected screen renders before both checks pass:
//   1. no stored session            -> /login?redirect=<path> (no message)
//   2. /api/System/checkOperationTime: false -> /out-of-operation; failure -> ERR_SYS999, /error-page
//   3. /api/auth/validate (the user id, sent as a JSON string): renewed token stored;
//      401 or no answer -> ERR_USER001, session cleared, /login?redirect=<path>;
//      other failures   -> ERR_SYS999 (ERR_SYS001 when the server stayed away through the
//      client's retries, renderer/api/server-away.ts), /error-page
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { formatMessage } from '../../schemas/messages/format';
import { apiPost, errorMessageText, isApiError } from '../api/client';
import type { OperationTimeResponse, ValidateSessionResponse } from '../api/types';
import { alertMessage } from './dialog';
import { stripBasePath } from './navigation';
import { clearSession, getSession, hasSignedInSession, updateSession } from './session';

export function loginPathFor(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}

type CheckResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

async function settle<T>(promise: Promise<T>): Promise<CheckResult<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

function isOutOfOperation(error: unknown): boolean {
  return isApiError(error) && error.outOfOperation;
}

/** ERR_SYS001 when the server stayed away through the client's retries; else ERR_SYS999. */
function failureText(error: unknown): string {
  return isApiError(error) && error.serverAway ? errorMessageText(error) : formatMessage('ERR_SYS999');
}

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const returnTo = stripBasePath(url.pathname) + url.search;
  const session = getSession();
  if (!hasSignedInSession(session) || !session.user) throw redirect(loginPathFor(returnTo));

  const options = { redirectOutOfOperation: false, signal: request.signal };
  const [hours, validation] = await Promise.all([
    settle(apiPost<OperationTimeResponse>('/api/System/checkOperationTime', {}, { ...options, auth: false })),
    settle(apiPost<ValidateSessionResponse>('/api/auth/validate', session.user.userId, options)),
  ]);
  // A newer navigation replaced this one: its own guard decides.
  if (request.signal.aborted) return null;

  if (!hours.ok) {
    if (isOutOfOperation(hours.error)) throw redirect('/out-of-operation');
    await alertMessage(failureText(hours.error));
    throw redirect('/error-page');
  }
  if (hours.value.isWithinOperationHours === false) throw redirect('/out-of-operation');

  if (!validation.ok) {
    const error = validation.error;
    if (isOutOfOperation(error)) throw redirect('/out-of-operation');
    const sessionGone = isApiError(error) && (error.kind === 'network' || error.status === 401);
    if (sessionGone) {
      await alertMessage(formatMessage('ERR_USER001'));
      clearSession();
      throw redirect(loginPathFor(returnTo));
    }
    await alertMessage(failureText(error));
    throw redirect('/error-page');
  }
  if (validation.value?.isValid === false) {
    await alertMessage(formatMessage('ERR_USER001'));
    clearSession();
    throw redirect(loginPathFor(returnTo));
  }
  if (validation.value?.token) updateSession({ token: validation.value.token });
  return null;
}
