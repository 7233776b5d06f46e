// /event-touroku?categoryId=7 (spec 001 "Event registration"): schemas/forms/event-reg.json.
import { FormScreen } from '../../forms/lazy';
import { registerContentPreviews } from '../contents/ContentPreview';

// Its preview action and editMode 9 draw the agent's page (the definition names it).
registerContentPreviews();

export function EventRegPage() {
  return <FormScreen formId="event-reg" />;
}
