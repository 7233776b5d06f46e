// How a form and a list report a failed call: the rule messages of a 400 (the same rules as the
// browser's, plus the server's checks) above the screen, anything else in the dialog.
import { formatMessage } from '../../../schemas/messages/format';
import type { RuleResult } from '../../../schemas/rules/engine';
import { alertMessage } from '../../app/dialog';
import { errorMessageText, isApiError, type ErrorPolicy } from '../../api/client';
import type { FormStore } from '../form-store';

/** Load and save failures of agent-scoped forms: 403 is "agent not permitted". */
export const FORM_ERROR_POLICY: ErrorPolicy = { byStatus: { 403: 'ERR_SYS998' } };

/** Rule messages of a 400 answer (with their fields when the server gave them). */
export function resultsOfError(error: unknown): RuleResult[] | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const body = error.body as { messages?: { field?: string; messageId?: string; args?: unknown[] }[] } | undefined;
  if (!Array.isArray(body?.messages) || body.messages.length === 0) return null;
  return body.messages
    .filter((m): m is { field?: string; messageId: string; args?: unknown[] } => typeof m.messageId === 'string')
    .map((m) => ({
      field: typeof m.field === 'string' ? m.field : '',
      messageId: m.messageId,
      args: (m.args ?? []).map(String),
    }));
}

/** A form's failed call: its fields get the messages of a 400; a 403 reads ERR_SYS998. */
export const formFailure = (store: FormStore) => async (error: unknown) => {
  const results = resultsOfError(error);
  if (results) store.showResults(results);
  else await alertMessage(errorMessageText(error, FORM_ERROR_POLICY));
};

/**
 * A list's failed call: the messages of a 400 (and the 416 of too many results, after which
 * `onTooMany` empties the table) one per line above the table.
 */
export const listFailure = (show: (lines: string[]) => void, onTooMany: () => void) => async (error: unknown) => {
  if (isApiError(error) && (error.status === 400 || error.status === 416) && error.messages) {
    show(error.messages.map((m) => formatMessage(m.messageId, m.args)));
    if (error.status === 416) onTooMany();
    return;
  }
  await alertMessage(errorMessageText(error));
};
