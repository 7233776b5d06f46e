// Notification counts of the navigation, fetched once when the header mounts. A failing call
// only hides the badges.
import { useEffect, useState } from 'react';
import { apiPost } from '../../api/client';
import type { BadgesAnswer } from '../../../schemas/wire/navigation';
import { effectiveIds } from '../session';
import { badgeCounts } from './nav-tree';

const EMPTY = new Map<string, number>();

export function useNotificationBadges(enabled: boolean): ReadonlyMap<string, number> {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(EMPTY);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const { userId, agCode } = effectiveIds();
    apiPost<Partial<BadgesAnswer>>('/api/GlobalNavi/getNotificationBadges', {
      userId,
      agCode,
    }).then(
      (answer) => {
        if (active) setCounts(badgeCounts(answer?.notificationList ?? []));
      },
      () => {
        if (active) setCounts(EMPTY);
      },
    );
    return () => {
      active = false;
    };
  }, [enabled]);

  return counts;
}
