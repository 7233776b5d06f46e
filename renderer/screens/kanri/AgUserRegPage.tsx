// /aguser-reg (spec 001 "Agent user edit"): schemas/forms/ag-user.json.
import { FormScreen } from '../../forms/lazy';

export function AgUserRegPage() {
  return <FormScreen formId="ag-user" />;
}
