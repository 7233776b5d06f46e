// The text input of every text-like widget (text, email, number): the portal's input style,
// invalid state from the rule results, value changes without any validation (validation runs on
// blur and on submit), no maxLength truncation (the rule reports a too long value instead, so
// nothing typed or pasted is cut off silently).
import { memo, useCallback, type ChangeEvent, type FocusEvent } from 'react';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { storeOf, useFieldMessages } from '../form-store';

function BaseInputTemplateFn(props: BaseInputTemplateProps) {
  const { id, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, type, placeholder, registry, htmlName } = props;
  const store = storeOf(registry);
  const invalid = useFieldMessages(store, store ? store.pathOfId(id) : '').length > 0;
  const inputProps = getInputProps(schema, type, options);
  const emptyValue = options.emptyValue;

  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? emptyValue : event.target.value),
    [onChange, emptyValue],
  );
  const handleBlur = useCallback((event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value), [onBlur, id]);
  const handleFocus = useCallback((event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value), [onFocus, id]);

  return (
    <input
      id={id}
      name={htmlName || id}
      className="input"
      {...inputProps}
      value={value === undefined || value === null ? '' : String(value)}
      placeholder={placeholder}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'off'}
      onChange={onChangeOverride ?? handleChange}
      onBlur={handleBlur}
      onFocus={handleFocus}
    />
  );
}

export const BaseInputTemplate = memo(BaseInputTemplateFn);
