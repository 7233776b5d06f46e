// The processing flag of a screen (spec 001 section 4: every action is ignored while it is set).
// The ref blocks a second click fired before React re-renders the disabled buttons.
import { useCallback, useRef, useState } from 'react';

export function useProcessing() {
  const busy = useRef(false);
  const [processing, setProcessing] = useState(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setProcessing(true);
    try {
      await task();
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  }, []);
  return { processing, run };
}
