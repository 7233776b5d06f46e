// /aguser-maintenance (spec 001 "Agent user maintenance"): schemas/lists/ag-user.json.
import { ListScreen } from '../../forms/lazy';

export function AgUserMaintenancePage() {
  return <ListScreen listId="ag-user" />;
}
