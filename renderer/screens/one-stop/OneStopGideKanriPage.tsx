// One-stop guide top management /one-stop-gide_kanri (spec 001 section 5): drawn by the form
// engine from schemas/forms/one-stop-gide-kanri.json (search mode, then result mode on
// ?categoryId=…: the candidates and the display targets as row tables).
import { FormScreen } from '../../forms/lazy';

export function OneStopGideKanriPage() {
  return <FormScreen formId="one-stop-gide-kanri" />;
}
