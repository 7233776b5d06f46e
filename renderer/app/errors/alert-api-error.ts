// Show the catalogue text of a failed call in the dialog (spec 000 section 8). Nothing is shown
// for 503 outOfOperation: the API client has already moved the app to /out-of-operation.
import { errorMessageText, isApiError, type ErrorPolicy } from '../../api/client';
import { alertMessage } from '../dialog';

export async function alertApiError(error: unknown, policy?: ErrorPolicy): Promise<void> {
  if (isApiError(error) && error.outOfOperation) return;
  await alertMessage(errorMessageText(error, policy));
}
