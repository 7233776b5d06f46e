// Error messages above a form, one per line (docs/decisions.md section 6): announced to screen readers and
// scrolled into view when they appear.
import { useEffect, useRef } from 'react';
import styles from './Form.module.css';

interface Props {
  messages: string[];
}

export function FormErrors({ messages }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // The same text for two fields (new password and confirmation) is shown once.
  const lines = [...new Set(messages.flatMap((m) => m.split('\n')).filter((line) => line.trim() !== ''))];
  const signature = lines.join('\n');

  useEffect(() => {
    if (signature !== '') ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [signature]);

  return (
    <div ref={ref} role="alert" className={lines.length > 0 ? styles.errors : styles.errorsEmpty}>
      {lines.length > 0 && (
        <ul className={styles.errorList}>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
