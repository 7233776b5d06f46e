// The templates of every generic form (one object, shared, so rjsf's registry never changes).
import type { TemplatesType } from '@rjsf/utils';
import { BaseInputTemplate } from './BaseInputTemplate';
import { FieldTemplate } from './FieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';

/** rjsf's own error list and per-field error texts are replaced by ours (catalogue messages). */
function Nothing() {
  return null;
}

export const formTemplates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  BaseInputTemplate,
  ErrorListTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  DescriptionFieldTemplate: Nothing,
};
