// The width a chart draws at: its box's, followed as the window or the layout changes (phones,
// a side panel). One hook for every chart (incentive, insight).
import { useLayoutEffect, useRef, useState } from 'react';

/** A ref for the box and its width in whole pixels, never under 240; `initial` until measured. */
export function useElementWidth(initial: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.floor(el.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
