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

/**
 * Dev mode (api/dev/definition-reload.ts): the files read and checked again, then written into
 * `set` in place — each kept definition object is refilled rather than replaced, so the routes
 * built from it at start-up serve the edit too. Throws, leaving `set` as it was, when they have problems.
 */
export function reloadDefinitionsInto(set: DefinitionSet, dir = SCHEMAS_DIR): void {
  const next = loadDefinitions(dir);
  for (const kind of ['forms', 'lists'] as const) {
    const target = set[kind] as Map<string, object>;
    for (const id of [...target.keys()]) if (!next[kind].has(id)) target.delete(id);
    for (const [id, definition] of next[kind] as Map<string, object>) {
      const kept = target.get(id) as Record<string, unknown> | undefined;
      if (!kept) target.set(id, definition);
      else {
        for (const key of Object.keys(kept)) delete kept[key];
        Object.assign(kept, definition);
      }
    }
  }
}
