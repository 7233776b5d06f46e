// /event-touroku?categoryId=7 (spec 001 "Event registration"): schemas/forms/event-reg.json.
import { FormScreen } from '../../forms/lazy';

export function EventRegPage() {
  return <FormScreen formId="event-reg" />;
}
