// /skilup-touroku?categoryId=6 (spec 002 section 2.5 "Skill-up content registration"):
// schemas/forms/skilup-reg.json.
import { FormScreen } from '../../forms/lazy';

export function SkilupRegPage() {
  return <FormScreen formId="skilup-reg" />;
}
