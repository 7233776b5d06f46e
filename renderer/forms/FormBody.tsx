// The rjsf form of a generic form or a list's search: the record of the form store, our widgets,
// fields and templates; rjsf's own validation and messages are off.
import { memo, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { formFields } from './fields/WidgetField';
import { FormStore, ID_SEPARATOR, type FormRecord } from './form-store';
import { formTemplates } from './templates';
import { translateString } from './translate';
import { formWidgets } from './widgets';
import { afterPointerRelease } from './after-pointer-release';

const DEFAULT_FORM_STATE = { emptyObjectFields: 'skipDefaults' as const };

interface FormBodyProps {
  store: FormStore;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  onSubmit: (record: FormRecord) => void;
  children: ReactNode;
  /** "columns": fields two per row (the search of a list). */
  layout?: 'rows' | 'columns';
  disabled?: boolean;
}

/**
 * The rjsf form, controlled by the record of the store. Everything handed to rjsf is stable
 * (widgets, fields, templates, formContext, callbacks), so a change re-renders the changed field
 * only; nothing is validated while typing.
 */
export const FormBody = memo(function FormBody({
  store,
  schema,
  uiSchema,
  onSubmit,
  children,
  layout = 'rows',
  disabled,
}: FormBodyProps) {
  const [formData, setFormData] = useState<FormRecord>(() => store.getRecord());
  const formContext = useMemo(() => ({ store, layout }), [store, layout]);
  useLayoutEffect(() => store.attach(setFormData), [store]);

  const onChange = useCallback(
    (event: IChangeEvent<FormRecord>, id?: string) => {
      // The definition's field effects (clearing the important period …) apply as the user changes a field.
      const record = store.withEffects(event.formData ?? {});
      store.changed(record);
      setFormData(record);
      // A field that shows a message is checked again as it is corrected (that field only).
      const path = id ? store.pathOfId(id) : '';
      if (path && store.hasResults(path)) store.validatePath(path, record);
    },
    [store],
  );
  // After the blur, rjsf has applied the last change (a widget may write and blur at once); and
  // after the click that moved the focus away, if any (after-pointer-release.ts says why).
  const onBlur = useCallback(
    (id: string) => afterPointerRelease(() => store.validatePath(store.pathOfId(id))),
    [store],
  );
  const handleSubmit = useCallback(
    (event: IChangeEvent<FormRecord>) => onSubmit(event.formData ?? store.getRecord()),
    [onSubmit, store],
  );

  return (
    <Form<FormRecord>
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      widgets={formWidgets}
      fields={formFields}
      templates={formTemplates}
      formContext={formContext}
      idPrefix={store.idPrefix}
      idSeparator={ID_SEPARATOR}
      translateString={translateString}
      disabled={disabled}
      noValidate
      noHtml5Validate
      showErrorList={false}
      experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
      onChange={onChange}
      onBlur={onBlur}
      onSubmit={handleSubmit}
    >
      {children}
    </Form>
  );
});
