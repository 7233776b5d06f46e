// A yes/no field (the important flag). With "ui:widget": "checkbox" the field row carries the label
// (重要) and the box its own text from ui:options.checkboxLabel (重要なお知らせとして表示する), so
// the label is not said twice; without a widget name rjsf draws no label cell and the box shows
// the field's title beside it.
import { memo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import styles from './Widgets.module.css';

function CheckboxWidgetFn(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, onFocus, label, uiSchema, htmlName } = props;
  const named = typeof uiSchema?.['ui:widget'] === 'string';
  const text = typeof options.checkboxLabel === 'string' ? options.checkboxLabel : named ? '' : label;
  return (
    <label className={styles.radio}>
      <input
        type="checkbox"
        id={id}
        name={htmlName || id}
        checked={value === true}
        disabled={disabled || readonly}
        aria-label={text ? undefined : label}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value === true)}
        onFocus={() => onFocus(id, value === true)}
      />
      {text}
    </label>
  );
}

export const CheckboxWidget = memo(CheckboxWidgetFn);
