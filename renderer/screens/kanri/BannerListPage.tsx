// /banner-touroku-list (spec 001 "Banner maintenance list"): schemas/lists/banner-reg.json.
import { ListScreen } from '../../forms/lazy';

export function BannerListPage() {
  return <ListScreen listId="banner-reg" />;
}
