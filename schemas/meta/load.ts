// Reads the definition files from disk (Node only: the API and schemas:check; the renderer gets
// definitions from GET /api/forms/:id and GET /api/lists/:id).
import fs from 'node:fs';
import path from 'node:path';
import type { DefinitionFile } from './check-definitions';

/** schemas/forms/*.json and schemas/lists/*.json under `root` (the schemas directory). */
export function readDefinitionFiles(root: string): DefinitionFile[] {
  const out: DefinitionFile[] = [];
  for (const [kind, dir] of [['form', 'forms'], ['list', 'lists']] as const) {
    const full = path.join(root, dir);
    if (!fs.existsSync(full)) continue;
    for (const name of fs.readdirSync(full).filter((n) => n.endsWith('.json')).sort()) {
      const file = path.join('schemas', dir, name);
      const text = fs.readFileSync(path.join(full, name), 'utf8');
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (err) {
        data = { __invalidJson: (err as Error).message };
      }
      out.push({ kind, file, name: name.replace(/\.json$/, ''), data });
    }
  }
  return out;
}
