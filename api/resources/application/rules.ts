// Rules of requests that the forms' hook and the request routes both apply: the two sides, the
// category data and options, the largest list answered.
import { type Caller } from '../../authority/caller';
import { can } from '../../authority/permissions';
import type { HookContext } from '../../forms/hook';
import { CATEGORY } from '../../../schemas/categories';
import * as repo from './repository';
import { categoryWire } from './wire';

/** Whether the caller is of the applicant side (the holder of a pseudo-login is the agent it acts as). */
export async function isApplicant(db: HookContext['app']['db'], caller: Caller): Promise<boolean> {
  const holder = caller.pseudo ?? caller;
  return !holder.isProvider && (await can(db, holder, CATEGORY.APPLICATIONS_AGENT));
}

export async function isStaff(db: HookContext['app']['db'], caller: Caller): Promise<boolean> {
  return !caller.pseudo && caller.isProvider && (await can(db, caller, CATEGORY.APPLICATIONS_PROVIDER));
}

export async function categoryData(db: HookContext['app']['db'], categoryId: number | null) {
  if (categoryId === null) return categoryWire(undefined, []);
  return categoryWire(await repo.category(db, categoryId), await repo.categoryFiles(db, categoryId));
}

export const categoryOptions = async (db: HookContext['app']['db']) =>
  (await repo.categories(db)).map((c) => ({ value: String(c.app_category_id), text: c.category_name }));

/** The largest request list answered; more is 416 ERR_0023 (calls.list.max names it). Tests lower it. */
export const applicationListSettings = { maxResults: 1000 };
