// /login-popup-reg (spec 001 "Login popup management"): schemas/forms/login-popup-reg.json. The
// context (category, popup id) comes from session storage, written by the list; without it the
// page shows ERR_SYS998. After a register the form switches to update mode and loads again.
import { FormScreen } from '../../forms/lazy';

export function LoginPopupRegPage() {
  return <FormScreen formId="login-popup-reg" />;
}
