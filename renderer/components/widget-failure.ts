// A part of a screen whose call failed (spec 000 section 8): ERR_SYS003 naming the part, shown
// in the dialog; the rest of the screen keeps working. Nothing is shown for a request made
// outside operating hours (the API client has already moved to /out-of-operation).
import { formatMessage } from '../../schemas/messages/format';
import { isApiError } from '../api/client';
import { alertMessage } from '../app/dialog';

/** The SYS003 text for a part of a screen. */
export function widgetFailureText(partName: string): string {
  return formatMessage('ERR_SYS003', [partName]);
}

/** Tells the user that a part failed; resolves with the text for an inline notice. */
export function reportWidgetFailure(partName: string, error: unknown): string {
  const text = widgetFailureText(partName);
  if (!(isApiError(error) && error.outOfOperation)) void alertMessage(text);
  return text;
}
