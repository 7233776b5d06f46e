// The steps after a successful sign-in (spec 000 section 4 "Login flow", steps 3 and 4), shared
// by /login and /login-otp: load navigation, permissions, site-search categories and incentive
// info in this order; the first failure stops and nothing of the session is kept.
import { formatMessage } from '../../../schemas/messages/format';
import { apiPost, errorMessageText } from '../../api/client';
import type { LoginResponse } from '../../api/types';
import type { IncentiveInfo, UserPermissionAnswer } from '../../../schemas/wire/auth';
import type { GlobalNaviAnswer, GlobalNaviRequest } from '../../../schemas/wire/navigation';
import type { SearchCategoryListAnswer } from '../../../schemas/wire/search';
import { removeSessionValues, updateSession } from '../../app/session';
import { markLoginPopupsDue } from '../portal/login-popups-due';

export type SignInOutcome = { ok: true } | { ok: false; message: string };

/** Remove what a previous sign-in left (step 1 of the login flow). */
export function clearSignInState(): void {
  removeSessionValues('token', 'systemDate', 'businessDate');
}

export async function completeSignIn(response: LoginResponse): Promise<SignInOutcome> {
  const user = response.user;
  if (!response.token || !user) return { ok: false, message: formatMessage('ERR_SYS999') };

  // The calls below need the bearer token; it is removed again if a step fails.
  updateSession({ token: response.token });
  const ids = { agCode: user.agCode, userId: user.userId };
  try {
    const navRequest: Omit<GlobalNaviRequest, 'systemKbn'> = { ...ids, pseudoLoginFlg: false };
    const nav = await apiPost<Partial<GlobalNaviAnswer>>('/api/GlobalNavi/getGlobalNaviData', navRequest);
    const permissions = await apiPost<Partial<UserPermissionAnswer>>('/api/Parmition/getUserParmition', ids);
    const categories = await apiPost<Partial<SearchCategoryListAnswer>>('/api/SiteSearch/getCategoryList', ids);
    const incentive = await apiPost<Partial<IncentiveInfo>>('/api/Incentive/getIncentiveInfo', ids);

    updateSession({
      user: { ...user, isLoggedIn: true },
      systemDate: response.systemDate,
      globalNav: nav?.globalNav ?? [],
      adminManualUrl: nav?.adminManualUrl ?? '',
      userParmition: permissions?.userParmition ?? [],
      categoryList: categories?.categoryListData ?? [],
      incentiveInfo: { isIncentiveEntry: Boolean(incentive?.isIncentiveEntry) },
    });
    markLoginPopupsDue();
    return { ok: true };
  } catch (error) {
    removeSessionValues('token');
    return { ok: false, message: errorMessageText(error) };
  }
}
