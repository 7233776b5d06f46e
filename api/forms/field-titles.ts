// The label a person sees for a field of a declared form: a schema-shape failure of the body
// (too long, wrong type) names the field by its title ("備考1が正しくありません。"), not by the
// wire path ("agUserData.bikou1"). A route names its form with `config: { form: 'ag-user' }`;
// the titles come from that form's schema, or the search schema of the list of the same id.
import type { DefinitionSet } from '../../schemas/meta/types';

type Properties = Record<string, { title?: unknown } | undefined> | undefined;

function titleIn(properties: Properties, field: string): string {
  const title = properties?.[field]?.title;
  return typeof title === 'string' ? title : '';
}

/** The title of the field at a wire path ("agUserData.bikou1", "agUserSearchCond.email"); '' when none. */
export function fieldTitle(set: DefinitionSet, formId: string | undefined, path: string): string {
  if (!formId) return '';
  const field =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? '';
  const form = set.forms.get(formId);
  const list = set.lists.get(formId);
  return titleIn(form?.schema.properties, field) || titleIn(list?.search?.schema.properties, field);
}
