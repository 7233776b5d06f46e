// A value shown, not edited (the agent code of a user, with the agent name beside it:
// ui:options.suffixField names a field of the record or of the initial data).
import { memo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { storeOf } from '../form-store';
import styles from './Widgets.module.css';

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function ReadOnlyTextWidgetFn(props: WidgetProps) {
  const { id, value, options, registry } = props;
  const store = storeOf(registry);
  const suffixField = typeof options.suffixField === 'string' ? options.suffixField : '';
  const suffix = suffixField ? text(store?.getRecord()[suffixField] ?? store?.data[suffixField]) : '';
  return (
    <output id={id} className={styles.readOnly}>
      <span>{text(value) || '－'}</span>
      {suffix && <span className={styles.readOnlySuffix}>{suffix}</span>}
    </output>
  );
}

export const ReadOnlyTextWidget = memo(ReadOnlyTextWidgetFn);
