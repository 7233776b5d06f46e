// Error messages above a form, one per line (DESIGN 8). Announced to screen readers.
import { forwardRef } from 'react';
import styles from './Form.module.css';

interface Props {
  messages: string[];
}

export const FormErrors = forwardRef<HTMLDivElement, Props>(function FormErrors({ messages }, ref) {
  // The same text for two fields (new password and confirmation) is shown once.
  const lines = [...new Set(messages.flatMap((m) => m.split('\n')).filter((line) => line.trim() !== ''))];
  return (
    <div ref={ref} role="alert" className={lines.length > 0 ? styles.errors : styles.errorsEmpty} tabIndex={-1}>
      {lines.length > 0 && (
        <ul className={styles.errorList}>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
});
