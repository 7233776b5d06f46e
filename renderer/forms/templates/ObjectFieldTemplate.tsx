// The fields of an object: the root record as the label / input grid, a nested object as a
// group with its title.
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import styles from '../FormLayout.module.css';

/** formContext.layout "columns": the search fields of a list, two per row. */
function layoutOf(formContext: unknown): string {
  return (formContext as { layout?: string } | undefined)?.layout ?? 'rows';
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, title, fieldPathId, registry } = props;
  const content = properties.filter((p) => !p.hidden).map((p) => p.content);
  const hidden = properties.filter((p) => p.hidden).map((p) => p.content);
  if (fieldPathId.path.length === 0) {
    return (
      <div className={layoutOf(registry.formContext) === 'columns' ? styles.gridColumns : styles.grid}>
        {content}
        {hidden}
      </div>
    );
  }
  return (
    <fieldset className={styles.fieldset}>
      {title && <legend className={styles.legend}>{title}</legend>}
      {content}
      {hidden}
    </fieldset>
  );
}
