// The floating stack of the portal top (ページの先頭へ and the incentive panel) sits over the
// right edge of the page, where the side column's links are at 1366×768. Its height is kept in
// the CSS variable --floating-reserve while it is shown: the page leaves that much room below
// its content, so every link can be scrolled clear of the panel, and the document's
// scroll-padding-bottom keeps a link focused by keyboard from being hidden behind it
// (WCAG 2.2 SC 2.4.11 Focus Not Obscured).
import { useEffect, type RefObject } from 'react';

const VARIABLE = '--floating-reserve';
const MARGIN = 24;

export function useFloatingReserve(stack: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = stack.current;
    const root = document.documentElement;
    if (!element) return;
    const update = () => {
      const height = element.getBoundingClientRect().height;
      const bottom = window.innerHeight - element.getBoundingClientRect().bottom;
      root.style.setProperty(VARIABLE, height > 0 ? `${Math.ceil(height + bottom + MARGIN)}px` : '0px');
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(VARIABLE);
    };
  }, [stack]);
}
