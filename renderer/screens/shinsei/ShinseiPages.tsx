// The routes of request management (spec 002 section 2.6): one list and one form component per
// side, `{product}` being provider.
import { ShinseiFormPage } from './ShinseiFormPage';
import { ShinseiListPage } from './ShinseiListPage';

export const ShinseiKanriAgPage = () => <ShinseiListPage side="applicant" />;
export const ShinseiKanriProviderPage = () => <ShinseiListPage side="receiver" />;
export const ShinseiFormAgPage = () => <ShinseiFormPage side="applicant" />;
export const ShinseiFormProviderPage = () => <ShinseiFormPage side="receiver" />;
