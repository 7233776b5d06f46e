// A dropdown. Its choices come from the definition's `options` (filled from the initial-data
// call or a call of their own) as ui:options.choices, or from a schema enum.
// ui:options.enabledWhen "severalOptionsInSearchMode": disabled unless there are two choices or
// more (the agent code of the user search; the list disables the whole search in result mode).
// ui:options.dependsOn (written by form-setup from the definition's options): a field of the
// record; only the choices whose parent is its value are offered (the phases of the chosen
// skill-up), and the select is disabled while it is empty.
// ui:options.related: the related information of the chosen value drawn under it (RelatedInfo.tsx).
import { memo, type ChangeEvent, type FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { storeOf, useFieldMessages, useRecordValue } from '../use-form-store';
import { isRelatedSpec, RelatedInfo } from './RelatedInfo';

export interface Choice {
  value: string;
  label: string;
  /** Dependent options: the value of the parent field this choice belongs to. */
  parent?: string;
}

export function choicesOf(options: WidgetProps['options']): Choice[] {
  if (Array.isArray(options.choices)) return options.choices as Choice[];
  return (options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: String(o.label) }));
}

function SelectWidgetFn(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, onFocus, placeholder, registry, htmlName } = props;
  const store = storeOf(registry);
  const invalid = useFieldMessages(store, store ? store.pathOfId(id) : '').length > 0;
  const dependsOn = typeof options.dependsOn === 'string' ? options.dependsOn : '';
  const parentValue = useRecordValue(store, dependsOn);
  const parent = parentValue === undefined || parentValue === null ? '' : String(parentValue);
  const choices = dependsOn ? choicesOf(options).filter((c) => c.parent === parent) : choicesOf(options);
  const current = value === undefined || value === null ? '' : String(value);
  const lonely =
    (options.enabledWhen === 'severalOptionsInSearchMode' && choices.length < 2) || (dependsOn !== '' && parent === '');
  const showEmpty = Boolean(placeholder) || current === '' || !choices.some((c) => c.value === current);

  const related = isRelatedSpec(options.related) ? options.related : undefined;

  const select = (
    <select
      id={id}
      name={htmlName || id}
      className="input"
      style={{ maxWidth: 360 }}
      value={current}
      disabled={disabled || readonly || lonely}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      onChange={(event: ChangeEvent<HTMLSelectElement>) =>
        onChange(event.target.value === '' ? undefined : event.target.value)
      }
      onBlur={(event: FocusEvent<HTMLSelectElement>) => onBlur(id, event.target.value)}
      onFocus={(event: FocusEvent<HTMLSelectElement>) => onFocus(id, event.target.value)}
    >
      {showEmpty && <option value="">{placeholder || ''}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
  if (!related) return select;
  return (
    <>
      {select}
      <RelatedInfo spec={related} value={current} store={store} />
    </>
  );
}

export const SelectWidget = memo(SelectWidgetFn);
