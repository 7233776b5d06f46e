// /iconmenu-kanri-list (spec 001 "Icon menu list"): schemas/lists/iconmenu-kanri.json.
import { ListScreen } from '../../forms/lazy';

export function IconMenuKanriListPage() {
  return <ListScreen listId="iconmenu-kanri" />;
}
