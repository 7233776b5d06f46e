// The token validity check that runs before downloads, favourite toggles, popup checks and
// other writes (spec 000 section 4 "Session expiry"): /api/auth/validate renews the token; an
// expired session logs the user out, shows ERR_USER001 and goes to /login.
import { formatMessage } from '../../schemas/messages/format';
import { apiPost, isApiError } from '../api/client';
import type { ValidateSessionResponse } from '../api/types';
import { alertMessage } from '../app/dialog';
import { alertApiError } from '../app/errors/alert-api-error';
import { loginPathFor } from '../app/guard';
import { currentAppPath, navigateTo } from '../app/navigation';
import { clearSession, getSession, updateSession } from '../app/session';

async function sessionExpired(): Promise<false> {
  const returnTo = currentAppPath();
  clearSession();
  await alertMessage(formatMessage('ERR_USER001'));
  navigateTo(loginPathFor(returnTo));
  return false;
}

/** True when the session is still valid (the renewed token is stored); otherwise the user is sent away. */
export async function ensureValidSession(): Promise<boolean> {
  const user = getSession().user;
  if (!user) return sessionExpired();
  try {
    const answer = await apiPost<ValidateSessionResponse>('/api/auth/validate', user.userId);
    if (answer?.isValid === false) return sessionExpired();
    if (answer?.token) updateSession({ token: answer.token });
    return true;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.kind === 'network')) return sessionExpired();
    await alertApiError(error);
    return false;
  }
}
