// /aguser-maintenance (spec 001 "Agent user maintenance"): schemas/lists/ag-user.json.
import { ListPage } from '../../forms/list/ListPage';

export function AgUserMaintenancePage() {
  return <ListPage listId="ag-user" />;
}
