// The routes of request management (spec 002 section 2.6): the lists are the generic list of
// schemas/lists/shinsei-kanri-{ag,provider}.json, the forms one component per side, `{product}`
// being provider.
import { ListScreen } from '../../forms/lazy';
import { ShinseiFormPage } from './ShinseiFormPage';

export const ShinseiKanriAgPage = () => <ListScreen listId="shinsei-kanri-ag" />;
export const ShinseiKanriProviderPage = () => <ListScreen listId="shinsei-kanri-provider" />;
export const ShinseiFormAgPage = () => <ShinseiFormPage side="applicant" />;
export const ShinseiFormProviderPage = () => <ShinseiFormPage side="receiver" />;
