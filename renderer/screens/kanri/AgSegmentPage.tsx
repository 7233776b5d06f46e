// /agsegment-reg (spec 001 "Agent segment registration"): schemas/lists/ag-segment.json, with
// the new segment (schemas/forms/ag-segment.json) in a modal.
import { ListPage } from '../../forms/list/ListPage';

export function AgSegmentPage() {
  return <ListPage listId="ag-segment" />;
}
