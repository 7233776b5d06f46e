// The messages above a form or list, one per line, read out when they change; the view scrolls
// to them when a submit (or an action) found errors, not while the user moves between fields.
import { useEffect, useRef } from 'react';
import styles from './FormLayout.module.css';

interface Props {
  lines: string[];
  /** Scroll into view whenever this changes (and there are lines). */
  scrollRequest: number;
  /** "start": the top of the view (forms); "nearest": only as far as needed (small boxes). */
  scrollBlock?: ScrollLogicalPosition;
}

export function ErrorList({ lines, scrollRequest, scrollBlock = 'start' }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const hasLines = lines.length > 0;
  useEffect(() => {
    if (scrollRequest > 0 && hasLines) {
      ref.current?.scrollIntoView?.({ block: scrollBlock, behavior: 'smooth' });
      ref.current?.focus({ preventScroll: true });
    }
  }, [scrollRequest, hasLines, scrollBlock]);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className={hasLines ? styles.errors : styles.errorsEmpty}
      data-testid="form-errors"
    >
      {hasLines && (
        <ul>
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
