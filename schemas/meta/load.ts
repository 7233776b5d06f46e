// Reads the definition files from disk (Node only: the API and schemas:check; the renderer gets
// definitions from GET /api/forms/:id and GET /api/lists/:id), with their references to
// schemas/fragments and their rule groups resolved (schemas/meta/resolve.ts): what every reader
// gets is the expanded definition.
import fs from 'node:fs';
import path from 'node:path';
import type { DefinitionFile } from './check-definitions';
import { ReuseError, resolveDefinition } from './resolve';

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return { __invalidJson: (err as Error).message };
  }
}

/** schemas/fragments/*.json under `root`, by name. */
function readFragments(root: string): Map<string, unknown> {
  const dir = path.join(root, 'fragments');
  const out = new Map<string, unknown>();
  if (!fs.existsSync(dir)) return out;
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort())
    out.set(name.replace(/\.json$/, ''), readJson(path.join(dir, name)));
  return out;
}

/** schemas/forms/*.json and schemas/lists/*.json under `root` (the schemas directory), resolved. */
export function readDefinitionFiles(root: string): DefinitionFile[] {
  const out: DefinitionFile[] = [];
  const fragments = readFragments(root);
  for (const [kind, dir] of [
    ['form', 'forms'],
    ['list', 'lists'],
  ] as const) {
    const full = path.join(root, dir);
    if (!fs.existsSync(full)) continue;
    for (const name of fs
      .readdirSync(full)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const file = path.join('schemas', dir, name);
      let data = readJson(path.join(full, name));
      try {
        data = resolveDefinition(data, fragments, file);
      } catch (err) {
        if (!(err instanceof ReuseError)) throw err;
        data = { __unresolved: err.message };
      }
      out.push({ kind, file, name: name.replace(/\.json$/, ''), data });
    }
  }
  return out;
}
