// The operating hours as /api/System/checkOperationTime reports them, for the public pages that
// must say when the portal is closed and when it opens (the login page, /out-of-operation).
// The call is public and answers at any hour; a failure simply shows nothing.
import { useEffect, useState } from 'react';
import { apiPost } from '../api/client';
import type { OperationTimeResponse } from '../api/types';

export interface OperatingHoursInfo {
  open: boolean;
  /** "08:00-21:00", or "always". */
  hours: string;
  /** When a closed portal opens next, "yyyy/MM/dd HH:mm" Tokyo time; '' while open. */
  opensAt: string;
}

export function useOperatingHours(): OperatingHoursInfo | null {
  const [info, setInfo] = useState<OperatingHoursInfo | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiPost<OperationTimeResponse>(
      '/api/System/checkOperationTime',
      {},
      { auth: false, redirectOutOfOperation: false, signal: controller.signal },
    ).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setInfo({
          open: answer.isWithinOperationHours,
          hours: answer.operatingHours ?? '',
          opensAt: answer.opensAt ?? '',
        });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return info;
}

/** "08:00-21:00" as the screens write a range: "8:00〜21:00". */
export function hoursText(hours: string): string {
  const m = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(hours);
  return m ? `${Number(m[1])}:${m[2]}〜${Number(m[3])}:${m[4]}` : hours;
}

/** "2026/11/25 08:00" as "2026/11/25 8:00". */
export function opensAtText(opensAt: string): string {
  return opensAt.replace(/ 0(\d):/, ' $1:');
}
