// What the content calls of the portal send about the caller: the effective ids (the pseudo ids
// while a provider administrator acts as an agent), the target date (the business date, which
// only provider administrators may switch, otherwise the system date) and the per-category
// permission flags of the session.
import { effectiveIds, getSession, isProviderAdmin, type SessionSnapshot } from '../app/session';

/** yyyy/MM/dd: the business date of a provider administrator when set, else the system date. */
export function dataTargetDate(session: SessionSnapshot = getSession()): string {
  return isProviderAdmin(session) && session.businessDate ? session.businessDate : session.systemDate;
}

/** userId, agCode and targetDate of a content call. */
export function callerScope(session: SessionSnapshot = getSession()): {
  userId: string;
  agCode: string;
  targetDate: string;
} {
  const { userId, agCode } = effectiveIds(session);
  return { userId, agCode, targetDate: dataTargetDate(session) };
}

/** The user holds the permission of a category (userParmition parmitionFlg "1"). */
export function hasCategoryPermission(categoryId: number, session: SessionSnapshot = getSession()): boolean {
  return session.userParmition.some((p) => p.categoryId === categoryId && p.parmitionFlg === '1');
}

/** Category ids of spec 000 that screens refer to. */
export const CATEGORY = {
  news: 1,
  faq: 2,
  applicationForm: 3,
  proposal: 4,
  manual: 5,
  skilup: 6,
  event: 7,
  oneStop: 9,
  incentive: 11,
  adminNotice: 12,
  loginPopup: 15,
} as const;
