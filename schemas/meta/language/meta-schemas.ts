// The JSON meta-schemas as files (schemas/meta/*.schema.json): written by `npm run schemas:meta`,
// compared with the committed files by `npm run schemas:check`.
import { COMMON_DEFINITIONS } from './build';
import { FormDefinition } from './form';
import { ListDefinition } from './list';

const DRAFT = 'http://json-schema.org/draft-07/schema#';

/** Key order of a written schema: what it is first, then its body (TypeBox's symbols are dropped by JSON). */
function document(schema: object): string {
  const { $id, title, ...rest } = schema as Record<string, unknown>;
  return `${JSON.stringify({ $schema: DRAFT, $id, title, ...rest }, null, 2)}\n`;
}

/** File name (in schemas/meta) → its text. */
export function metaSchemaFiles(): Record<string, string> {
  const form = document(FormDefinition);
  const list = document(ListDefinition);
  // Both documents above are built by now, so every shared piece has been declared.
  const common = document({
    $id: 'https://portal.example.jp/schemas/meta/common.schema.json',
    title:
      'Pieces shared by form and list definitions: rules, conditions, calls, messages, widget options (generated from schemas/meta/language: npm run schemas:meta)',
    definitions: COMMON_DEFINITIONS,
  });
  return { 'common.schema.json': common, 'form.schema.json': form, 'list.schema.json': list };
}
