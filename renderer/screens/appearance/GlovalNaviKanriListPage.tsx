// /glovalnavi-kanri-list (spec 001 "Global navigation list"): schemas/lists/glovalnavi-kanri.json.
import { ListScreen } from '../../forms/lazy';

export function GlovalNaviKanriListPage() {
  return <ListScreen listId="glovalnavi-kanri" />;
}
