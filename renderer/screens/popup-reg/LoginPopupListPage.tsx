// /login-popup-list (spec 001 "Login popup management"): schemas/lists/login-popup-list.json. Its
// edit and new buttons hand the registration its context in session storage (handoff).
import { ListScreen } from '../../forms/lazy';

export function LoginPopupListPage() {
  return <ListScreen listId="login-popup-list" />;
}
