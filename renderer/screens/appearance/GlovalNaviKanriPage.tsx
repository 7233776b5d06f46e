// /glovalnavi-kanri (spec 001 "Global navigation register or edit"): schemas/forms/glovalnavi-kanri.json,
// its current and scheduled lists drawn by the rowTable widget.
import { FormScreen } from '../../forms/lazy';

export function GlovalNaviKanriPage() {
  return <FormScreen formId="glovalnavi-kanri" />;
}
