// A screen that is one form definition (e.g. /aguser-reg = schemas/forms/ag-user.json).
import { FormView } from './FormView';

export function FormPage({ formId }: { formId: string }) {
  return <FormView formId={formId} display="page" />;
}
