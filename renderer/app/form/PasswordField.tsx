// A password input with a show/hide toggle (a button with aria-pressed).
import { useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';
import styles from './Form.module.css';

type Props = Omit<TextFieldProps, 'type' | 'addon'>;

export function PasswordField(props: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      addon={
        <button
          type="button"
          className={styles.toggle}
          aria-label={visible ? '非表示' : '表示'}
          aria-pressed={visible}
          aria-controls={props.id}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
          <span aria-hidden="true">{visible ? '非表示' : '表示'}</span>
        </button>
      }
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z"
        fill="currentColor"
      />
      {crossed && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}
