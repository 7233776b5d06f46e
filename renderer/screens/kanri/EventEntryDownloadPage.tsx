// /event-entry-dl (spec 001 "Event entry download"): schemas/forms/event-entry-dl.json.
import { FormScreen } from '../../forms/lazy';

export function EventEntryDownloadPage() {
  return <FormScreen formId="event-entry-dl" />;
}
