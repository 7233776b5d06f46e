// npm run schemas:meta — writes the JSON meta-schemas (common, form, list .schema.json) from their
// TypeBox source in schemas/meta/language and schemas/meta/widget-options. The files are
// committed so that editors check definition files through their "$schema".
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { metaSchemaFiles } from './language/meta-schemas';

const dir = path.dirname(fileURLToPath(import.meta.url));
for (const [name, text] of Object.entries(metaSchemaFiles())) {
  const file = path.join(dir, name);
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (before !== text) fs.writeFileSync(file, text);
  console.log(`${before === text ? 'unchanged' : 'written  '} schemas/meta/${name}`);
}
