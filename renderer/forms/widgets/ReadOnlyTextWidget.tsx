// A value shown, not edited (the agent code of a user, with the agent name beside it:
// ui:options.suffixField names a field of the record or of the initial data; ui:options.unit is
// written after a value that is there: 12件).
import { memo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { storeOf } from '../use-form-store';
import styles from './Widgets.module.css';

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function ReadOnlyTextWidgetFn(props: WidgetProps) {
  const { id, value, options, registry } = props;
  const store = storeOf(registry);
  const suffixField = typeof options.suffixField === 'string' ? options.suffixField : '';
  const suffix = suffixField ? text(store?.getRecord()[suffixField] ?? store?.data[suffixField]) : '';
  const unit = typeof options.unit === 'string' && text(value) !== '' ? options.unit : '';
  return (
    <output id={id} className={styles.readOnly}>
      <span>{text(value) ? `${text(value)}${unit}` : '－'}</span>
      {suffix && <span className={styles.readOnlySuffix}>{suffix}</span>}
    </output>
  );
}

export const ReadOnlyTextWidget = memo(ReadOnlyTextWidgetFn);
