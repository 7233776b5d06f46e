// The custom-button options the search and download forms use (primary, validate, assign, the
// clear action's clears) are checked like every other name in a definition: a field they name
// must exist, and they belong only where they mean something.
import path from 'node:path';
import t from 'tap';
import { checkDefinitions } from '../../schemas/meta/check-definitions';
import { readDefinitionFiles } from '../../schemas/meta/load';
import { categories } from '../../seeds/platform';
import { present } from '../helpers/indexing';

const real = readDefinitionFiles(path.resolve('schemas'));
const categoryIds = categories.map((c) => c.id);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
const form = (name: string) => clone(real.find((f) => f.kind === 'form' && f.name === name)!);
const messages = (file: ReturnType<typeof form>) =>
  checkDefinitions([...real.filter((f) => f.name !== file.name || f.kind !== file.kind), file], { categoryIds }).map(
    (p) => p.message,
  );

t.test('the search and download forms pass as they are', async (t) => {
  t.same(checkDefinitions(real, { categoryIds }), []);
});

t.test('assign and clears name fields of the schema', async (t) => {
  const f = form('customer-serch');
  const actions = (f.data as { actions: Record<string, Record<string, unknown>> }).actions;
  present(actions.search, 'actions.search').assign = { customerCnt: '=result.customerCount' };
  present(actions.clear, 'actions.clear').clears = ['customerCnt'];
  const got = messages(f);
  t.ok(
    got.some((m) => m.includes('actions.search: field "customerCnt" is not in the schema')),
    got.join('\n'),
  );
  t.ok(
    got.some((m) => m.includes('actions.clear: field "customerCnt" is not in the schema')),
    got.join('\n'),
  );
});

t.test('custom-button options on a built-in action, clears on another action', async (t) => {
  const f = form('event-entry-dl');
  const actions = (f.data as { actions: Record<string, Record<string, unknown>> }).actions;
  present(actions.back, 'actions.back').primary = true;
  present(actions.download, 'actions.download').clears = ['eventId'];
  const got = messages(f);
  t.ok(
    got.some((m) => m.includes('actions.back: primary, validate and assign belong to custom buttons')),
    got.join('\n'),
  );
  t.ok(
    got.some((m) => m.includes('actions.download: only the clear action takes "clears"')),
    got.join('\n'),
  );
});

t.test('a misspelt option is refused by the meta-schema', async (t) => {
  const f = form('event-entry-dl');
  present(
    (f.data as { actions: Record<string, Record<string, unknown>> }).actions.download,
    '(f.data as { actions: Record<string, Record<string, unknown>> }).actions.download',
  ).validates = true;
  t.ok(messages(f).length > 0);
});
