// The navigation of the session read again when the header mounts (each page load), for the
// caller's effective agent and target date: a navigation setting saved by the provider, or its
// scheduled list on the business date, shows at the next page load rather than at the next
// sign-in. A failing call keeps the navigation the session has.
import { useEffect } from 'react';
import { apiPost } from '../../api/client';
import type { GlobalNaviAnswer } from '../../../schemas/wire/navigation';
import { callerScope } from '../../components/data-scope';
import { getSession, isPseudoLogin, updateSession } from '../session';

export function useFreshGlobalNav(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    apiPost<Partial<GlobalNaviAnswer>>('/api/GlobalNavi/getGlobalNaviData', {
      ...callerScope(),
      pseudoLoginFlg: isPseudoLogin(),
    }).then(
      (answer) => {
        const fresh = answer?.globalNav;
        if (active && Array.isArray(fresh) && JSON.stringify(fresh) !== JSON.stringify(getSession().globalNav))
          updateSession({ globalNav: fresh });
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [enabled]);
}
