// npm run schemas:check — validates every form and list definition (schemas/forms, schemas/lists)
// against the meta-schemas and the rule engine; prints each problem and exits 1 when there is one.
// `tsx schemas/check.ts <dir>` checks another schemas directory (with forms/ and lists/).
// It also fails when the committed JSON meta-schemas (schemas/meta/*.schema.json) differ from
// what their TypeBox source gives (npm run schemas:meta writes them).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { categoryIds } from './categories';
import { checkDefinitions } from './meta/check-definitions';
import { metaSchemaFiles } from './meta/language/meta-schemas';
import { readDefinitionFiles } from './meta/load';

// The schemas directory: this file's, or the one given (tests check broken copies).
const root = process.argv[2] ? path.resolve(process.argv[2]) : path.dirname(fileURLToPath(import.meta.url));
const files = readDefinitionFiles(root);
const metaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'meta');
const stale = Object.entries(metaSchemaFiles())
  .filter(
    ([name, text]) =>
      !fs.existsSync(path.join(metaDir, name)) || fs.readFileSync(path.join(metaDir, name), 'utf8') !== text,
  )
  .map(([name]) => ({
    file: `schemas/meta/${name}`,
    message: 'out of date with its TypeBox source (schemas/meta/language): run npm run schemas:meta',
  }));
const problems = [...stale, ...checkDefinitions(files, { categoryIds: categoryIds() })];
const forms = files.filter((f) => f.kind === 'form').length;
const lists = files.length - forms;

if (problems.length) {
  for (const p of problems) console.error(`${p.file}: ${p.message}`);
  console.error(
    `\nschemas:check: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${forms} forms and ${lists} lists`,
  );
  process.exit(1);
}
console.log(`schemas:check: ${forms} forms and ${lists} lists, no problems`);
