// The text input of every text-like widget (text, email, number): the portal's input style,
// invalid state from the rule results, value changes without any validation (validation runs on
// blur and on submit), and the schema's maxLength as the input's maxlength, so typing stops at
// the limit the rules and the server hold (the maxLength rule still reports a longer stored value).
import { memo, useCallback, type ChangeEvent, type FocusEvent } from 'react';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { storeOf, useFieldMessages } from '../use-form-store';

function BaseInputTemplateFn(props: BaseInputTemplateProps) {
  const {
    id,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    onChangeOverride,
    options,
    schema,
    type,
    placeholder,
    registry,
    htmlName,
  } = props;
  const store = storeOf(registry);
  const invalid = useFieldMessages(store, store ? store.pathOfId(id) : '').length > 0;
  const inputProps = getInputProps(schema, type, options);
  const emptyValue = options.emptyValue;

  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? emptyValue : event.target.value),
    [onChange, emptyValue],
  );
  const handleBlur = useCallback((event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value), [onBlur, id]);
  const handleFocus = useCallback(
    (event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value),
    [onFocus, id],
  );

  return (
    <input
      id={id}
      name={htmlName || id}
      className="input"
      {...inputProps}
      maxLength={maxLengthOf(schema)}
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

/** The schema's maxLength (a whole number), else none. */
export function maxLengthOf(schema: { maxLength?: unknown }): number | undefined {
  return typeof schema.maxLength === 'number' && Number.isInteger(schema.maxLength) && schema.maxLength > 0
    ? schema.maxLength
    : undefined;
}

export const BaseInputTemplate = memo(BaseInputTemplateFn);
