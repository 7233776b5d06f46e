// /skilup-touroku?categoryId=6 (spec 002 section 2.5 "Skill-up content registration"):
// schemas/forms/skilup-reg.json.
import { FormScreen } from '../../forms/lazy';
import { registerContentPreviews } from '../contents/ContentPreview';

// Its preview action and editMode 9 draw the agent's page (the definition names it).
registerContentPreviews();

export function SkilupRegPage() {
  return <FormScreen formId="skilup-reg" />;
}
