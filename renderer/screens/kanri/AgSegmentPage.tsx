// /agsegment-reg (spec 001 "Agent segment registration"): schemas/lists/ag-segment.json, with
// the new segment (schemas/forms/ag-segment.json) in a modal.
import { ListScreen } from '../../forms/lazy';

export function AgSegmentPage() {
  return <ListScreen listId="ag-segment" />;
}
