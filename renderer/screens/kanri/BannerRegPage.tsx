// /banner-touroku (spec 001 "Banner register/edit"): schemas/forms/banner-reg.json.
import { FormScreen } from '../../forms/lazy';

export function BannerRegPage() {
  return <FormScreen formId="banner-reg" />;
}
