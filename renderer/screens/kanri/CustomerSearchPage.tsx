// /customer-serch (spec 001 "Registered company search"): schemas/forms/customer-serch.json.
import { FormScreen } from '../../forms/lazy';

export function CustomerSearchPage() {
  return <FormScreen formId="customer-serch" />;
}
