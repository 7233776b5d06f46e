// Small pieces the widget option schemas share.
import { Type } from '@sinclair/typebox';

/** An option naming a field of the record (schemas:check finds it in the schema: FORM_WIDGETS). */
export const FieldName = (description: string) =>
  Type.String({ minLength: 1, description: `A field of the record: ${description}` });

/** A key of the initial data (the answer of the form's data call). */
export const DataKey = (description: string) =>
  Type.String({ minLength: 1, description: `A name of the initial data: ${description}` });
