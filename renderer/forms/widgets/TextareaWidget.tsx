// Several lines of text (completion message, mail message …).
import { memo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { storeOf, useFieldMessages } from '../use-form-store';
import { maxLengthOf } from '../templates/BaseInputTemplate';
import styles from './Widgets.module.css';

function TextareaWidgetFn(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, onFocus, registry, htmlName, placeholder, schema } =
    props;
  const store = storeOf(registry);
  const invalid = useFieldMessages(store, store ? store.pathOfId(id) : '').length > 0;
  return (
    <textarea
      id={id}
      name={htmlName || id}
      className={styles.textarea}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      maxLength={maxLengthOf(schema)}
      value={value === undefined || value === null ? '' : String(value)}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readonly}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export const TextareaWidget = memo(TextareaWidgetFn);
