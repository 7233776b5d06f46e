// /iconmenu-kanri (spec 001 "Icon menu register or edit"): schemas/forms/iconmenu-kanri.json, its
// current and scheduled lists drawn by the rowTable widget with a normal and a hover image per row.
import { FormScreen } from '../../forms/lazy';

export function IconMenuKanriPage() {
  return <FormScreen formId="iconmenu-kanri" />;
}
