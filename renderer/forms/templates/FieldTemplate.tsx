// One field of a generic form: a label cell (with 必須 when a rule requires the field and it can
// be edited: a read-only form or preview asks nothing of the reader) and an
// input cell with the widget and the field's messages. Memoised: it re-renders only when its
// own props or its own messages change.
import { memo } from 'react';
import { getUiOptions, type FieldTemplateProps } from '@rjsf/utils';
import { storeOf, useFieldMessages } from '../use-form-store';
import styles from '../FormLayout.module.css';

/** A widget that edits a whole object or list (rjsf would not give those a label). */
export function isWidgetBacked(uiSchema: FieldTemplateProps['uiSchema']): boolean {
  return typeof uiSchema?.['ui:widget'] === 'string';
}

function FieldTemplateFn(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    hidden,
    disabled,
    readonly,
    displayLabel,
    uiSchema,
    fieldPathId,
    registry,
    rawDescription,
    rawHelp,
  } = props;
  const store = storeOf(registry);
  const path = fieldPathId.path.join('.');
  const messages = useFieldMessages(store, path, isWidgetBacked(uiSchema));

  if (hidden) return <div className={styles.hidden}>{children}</div>;
  // The root object: only its fields.
  if (path === '') return children;

  const options = getUiOptions(uiSchema);
  const showLabel = options.label !== false && (displayLabel || isWidgetBacked(uiSchema));
  // ui:options.wide: the label above and the widget across the whole form (a wide table).
  const wide = options.wide === true;
  const required = !disabled && !readonly && (store?.isRequired(path) ?? false);
  const errorId = `${id}-error`;

  return (
    <div
      className={`${styles.row} ${showLabel && !wide ? '' : styles.rowNoLabel} ${wide ? styles.rowWide : ''}`}
      data-field={path}
    >
      {showLabel && (
        <div className={styles.labelCell}>
          <label id={`${id}-label`} htmlFor={id}>
            {label}
          </label>
          {required && <span className={styles.required}>必須</span>}
        </div>
      )}
      <div className={styles.inputCell}>
        {children}
        {rawDescription && <p className={styles.help}>{rawDescription}</p>}
        {rawHelp && <p className={styles.help}>{rawHelp}</p>}
        {messages.length > 0 && (
          <ul id={errorId} className={styles.fieldErrors}>
            {messages.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export const FieldTemplate = memo(FieldTemplateFn);
