// rjsf draws objects and lists field by field and ignores ui:widget on them. Our widgets for
// composite values (a CSV file entry, the file lists, the link rows, the tag list) are named in
// the uiSchema like any other widget, so ObjectField and ArrayField are wrapped: with a
// ui:widget of our registry they render that widget for the whole value, otherwise rjsf's own.
import { memo, useCallback, type ComponentType } from 'react';
import { getUiOptions, type FieldProps, type WidgetProps } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';

const defaults = getDefaultRegistry().fields;

function widgetNameOf(props: FieldProps): string | null {
  const name = props.uiSchema?.['ui:widget'];
  return typeof name === 'string' && name in props.registry.widgets ? name : null;
}

function CompositeWidget(props: FieldProps & { widgetName: string }) {
  const {
    widgetName,
    fieldPathId,
    onChange,
    registry,
    schema,
    uiSchema,
    formData,
    name,
    disabled,
    readonly,
    required,
    onBlur,
    onFocus,
    rawErrors,
  } = props;
  const Widget = registry.widgets[widgetName] as ComponentType<WidgetProps>;
  const path = fieldPathId.path;
  const handleChange = useCallback((value: unknown) => onChange(value as never, path), [onChange, path]);
  const options = getUiOptions(uiSchema);
  return (
    <Widget
      id={fieldPathId.$id}
      name={name}
      label={typeof options.title === 'string' ? options.title : (schema.title ?? name)}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
      value={formData}
      options={options}
      required={required}
      disabled={disabled}
      readonly={readonly}
      rawErrors={rawErrors}
      placeholder={typeof uiSchema?.['ui:placeholder'] === 'string' ? uiSchema['ui:placeholder'] : ''}
      onChange={handleChange}
      onBlur={onBlur}
      onFocus={onFocus}
    />
  );
}

const MemoCompositeWidget = memo(CompositeWidget);

export function ObjectField(props: FieldProps) {
  const widgetName = widgetNameOf(props);
  if (widgetName) return <MemoCompositeWidget {...props} widgetName={widgetName} />;
  const Default = defaults.ObjectField!;
  return <Default {...props} />;
}

export function ArrayField(props: FieldProps) {
  const widgetName = widgetNameOf(props);
  // rjsf's own array widgets (checkboxes, select) stay with rjsf.
  if (widgetName && !['checkboxes', 'select', 'hidden'].includes(widgetName)) {
    return <MemoCompositeWidget {...props} widgetName={widgetName} />;
  }
  const Default = defaults.ArrayField!;
  return <Default {...props} />;
}

export const formFields = { ObjectField, ArrayField };
