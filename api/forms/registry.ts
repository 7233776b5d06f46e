// The form and list definitions of schemas/, read and checked once when the app is built: a
// broken definition stops the start with the same report as `npm run schemas:check`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDefinitionSet } from '../../schemas/meta/check-definitions';
import { readDefinitionFiles } from '../../schemas/meta/load';
import type { DefinitionSet, FormDefinition } from '../../schemas/meta/types';

export const SCHEMAS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas');

export function loadDefinitions(dir = SCHEMAS_DIR): DefinitionSet {
  return buildDefinitionSet(readDefinitionFiles(dir));
}

export function formOf(set: DefinitionSet, id: string): FormDefinition {
  const form = set.forms.get(id);
  if (!form) throw new Error(`no form definition "${id}" in schemas/forms`);
  return form;
}
