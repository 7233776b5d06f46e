// /aguser-reg (spec 001 "Agent user edit"): schemas/forms/ag-user.json.
import { FormPage } from '../../forms/FormPage';

export function AgUserRegPage() {
  return <FormPage formId="ag-user" />;
}
