// The routes of request management (spec 002 section 2.6): the lists are the generic list of
// schemas/lists/shinsei-kanri-{ag,provider}.json, the forms the generic form of
// schemas/forms/shinseiform-{ag,provider}.json, `{product}` being provider.
import { FormScreen, ListScreen } from '../../forms/lazy';

export const ShinseiKanriAgPage = () => <ListScreen listId="shinsei-kanri-ag" />;
export const ShinseiKanriProviderPage = () => <ListScreen listId="shinsei-kanri-provider" />;
export const ShinseiFormAgPage = () => <FormScreen formId="shinseiform-ag" />;
export const ShinseiFormProviderPage = () => <FormScreen formId="shinseiform-provider" />;
