// A date (yyyy-MM-dd) with the calendar of the browser, at most 9999-12-31 (spec 001 section 9).
// A date outside the range or half typed is left to the rules (date, dateOrder …) on blur.
// A form in preview (disabled) shows the date as text, yyyy/MM/dd as the lists do, whatever the
// browser's language would make of a date input.
import { memo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { formatDate } from '../../app/format';
import { storeOf, useFieldMessages } from '../use-form-store';
import styles from './Widgets.module.css';

export const MAX_DATE = '9999-12-31';
export const MIN_DATE = '0001-01-01';

function DateWidgetFn(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, registry, htmlName } = props;
  const store = storeOf(registry);
  const invalid = useFieldMessages(store, store ? store.pathOfId(id) : '').length > 0;
  if (disabled)
    return (
      <input
        id={id}
        name={htmlName || id}
        type="text"
        className={`input ${styles.short}`}
        value={typeof value === 'string' ? formatDate(value) : ''}
        disabled
      />
    );
  return (
    <input
      id={id}
      name={htmlName || id}
      type="date"
      className={`input ${styles.short}`}
      min={MIN_DATE}
      max={MAX_DATE}
      value={typeof value === 'string' ? value.replace(/\//g, '-').slice(0, 10) : ''}
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

export const DateWidget = memo(DateWidgetFn);
