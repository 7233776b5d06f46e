// A labelled text input.
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, ReactNode } from 'react';
import styles from './Form.module.css';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  type?: HTMLInputTypeAttribute;
  maxLength?: number;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'numeric' | 'url';
  invalid?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  required?: boolean;
  hint?: ReactNode;
  /** Extra content placed inside the input frame (the show/hide toggle of a password). */
  addon?: ReactNode;
  spellCheck?: boolean;
  autoCapitalize?: string;
  pattern?: string;
}

export function TextField(props: TextFieldProps) {
  const { id, label, value, onChange, type = 'text', invalid, hint, addon, required, ...rest } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && <span className={styles.requiredMark}>必須</span>}
      </label>
      <div className={addon ? styles.withAddon : undefined}>
        <input
          id={id}
          name={id}
          className="input"
          type={type}
          value={value}
          onChange={onChange ? (event) => onChange(event.target.value) : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={hintId}
          {...rest}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
