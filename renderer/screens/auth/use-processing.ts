// A processing flag that also blocks a second submit fired before React re-renders.
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
