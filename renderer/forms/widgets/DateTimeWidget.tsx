// A date and time (yyyy-MM-ddTHH:mm), at most 9999-12-31T23:59 (spec 001 section 9).
import { memo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { storeOf, useFieldMessages } from '../use-form-store';
import styles from './Widgets.module.css';

export const MAX_DATE_TIME = '9999-12-31T23:59';

function DateTimeWidgetFn(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, registry, htmlName } = props;
  const store = storeOf(registry);
  const invalid = useFieldMessages(store, store ? store.pathOfId(id) : '').length > 0;
  const shown = typeof value === 'string' ? value.replace(/\//g, '-').replace(' ', 'T').slice(0, 16) : '';
  return (
    <input
      id={id}
      name={htmlName || id}
      type="datetime-local"
      step={60}
      className={`input ${styles.medium}`}
      max={MAX_DATE_TIME}
      value={shown}
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

export const DateTimeWidget = memo(DateTimeWidgetFn);
