// What happens on an error nobody handled (spec 000 section 4): the user is told (ERR_SYS999),
// an error log goes to the server, and the app moves to /error-page.
import { formatMessage } from '../../../schemas/messages/format';
import { apiPost, isApiError } from '../../api/client';
import { alertMessage } from '../dialog';
import { navigateTo, stripBasePath } from '../navigation';
import type { ErrorLogRequest } from '../../../schemas/wire/logs';

let handling = false;

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}

/** Noise that is not an error of the app. */
function isIgnorable(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /^ResizeObserver loop/.test(message) || message === 'Script error.';
}

export function sendErrorLog(error: unknown, componentInfo: string): Promise<void> {
  const { message, stack } = describe(error);
  const report: Omit<ErrorLogRequest, 'systemKbn'> = {
    message: message.slice(0, 4000),
    stack: stack.slice(0, 20000),
    componentInfo: componentInfo.slice(0, 20000),
    userAgent: navigator.userAgent.slice(0, 512),
    url: window.location.href.slice(0, 2000),
  };
  return apiPost<unknown>('/api/errorlog', report).then(
    () => undefined,
    () => undefined,
  );
}

export async function handleUnexpectedError(error: unknown, componentInfo: string): Promise<void> {
  if (isIgnorable(error) || handling) return;
  // Out of operation hours is already being handled by the API client.
  if (isApiError(error) && error.outOfOperation) return;
  handling = true;
  try {
    console.error(error);
    void sendErrorLog(error, componentInfo);
    await alertMessage(formatMessage('ERR_SYS999'));
    if (stripBasePath(window.location.pathname) !== '/error-page') navigateTo('/error-page');
  } finally {
    handling = false;
  }
}

let installed = false;

/** window error / unhandledrejection listeners, installed once at start-up. */
export function installGlobalErrorHandlers(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    void handleUnexpectedError(
      event.error ?? event.message,
      `window.onerror ${event.filename ?? ''}:${event.lineno ?? ''}`,
    );
  });
  window.addEventListener('unhandledrejection', (event) => {
    void handleUnexpectedError(event.reason, 'unhandledrejection');
  });
}
