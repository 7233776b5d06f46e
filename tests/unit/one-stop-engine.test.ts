// The engine pieces the one-stop guide top management is declared with: a list of the record sent
// with some keys only (browser and server read the same template), the items of a provided list
// by a condition and an order, the checks of a custom button that only moves on (`to`), of
// `validate` naming fields, of `visibility.disable` and of the row table's sibling fields.
import path from 'node:path';
import t from 'tap';
import { checkDefinitions } from '../../schemas/meta/check-definitions';
import { readDefinitionFiles } from '../../schemas/meta/load';
import type { FormDefinition } from '../../schemas/meta/types';
import { categories } from '../../seeds/platform';
import { evaluate } from '../../renderer/forms/expressions';
import { providedValue } from '../../renderer/forms/form-setup';
import { fieldsAt, recordFromBody } from '../../api/forms/wire-record';
import { nth, present } from '../helpers/indexing';

const real = readDefinitionFiles(path.resolve('schemas'));
const categoryIds = categories.map((c) => c.id);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
const oneStop = () => clone(real.find((f) => f.kind === 'form' && f.name === 'one-stop-gide-kanri')!);
const messages = (file: ReturnType<typeof oneStop>) =>
  checkDefinitions([...real.filter((f) => f.name !== file.name || f.kind !== file.kind), file], { categoryIds }).map(
    (p) => p.message,
  );
const def = (file: ReturnType<typeof oneStop>) => file.data as FormDefinition;

t.test('a list of the record with some keys, read back by the server as that field', async (t) => {
  const record = {
    contentsList: [
      { categoryId: 2, contentsId: 5, title: 'A', subCategoryName: 'x' },
      { categoryId: 2, contentsId: 7, title: 'B' },
    ],
  };
  const template = { contentsList: '=record.contentsList{categoryId,contentsId}' };
  const body = evaluate(template, { record });
  t.same(body, {
    contentsList: [
      { categoryId: 2, contentsId: 5 },
      { categoryId: 2, contentsId: 7 },
    ],
  });
  t.same(evaluate('=record.missing{a}', { record }), [], 'no list: an empty one');
  const form = def(oneStop());
  t.same(recordFromBody(form, template, body), body, 'the server takes the field');
  t.same(fieldsAt(template, body), body);
});

t.test('the items of a provided list by a condition, in an order', async (t) => {
  const answer = {
    list: [
      { id: 1, on: false, n: 0 },
      { id: 2, on: true, n: 3 },
      { id: 3, on: true, n: 1 },
    ],
  };
  t.same(providedValue(answer, 'list'), answer.list, 'a key: the value as it is');
  t.same(providedValue(answer, { key: 'list', where: { field: 'on', equals: true }, orderBy: 'n' }), [
    answer.list[2],
    answer.list[1],
  ]);
  t.same(providedValue(answer, { key: 'list' }), answer.list);
  t.equal(providedValue(null, 'list'), undefined);
});

t.test('the one-stop definition passes; a broken one is reported', async (t) => {
  t.same(messages(oneStop()), []);
  const f = oneStop();
  const d = f.data as {
    actions: Record<string, Record<string, unknown>>;
    visibility: Record<string, unknown>[];
    uiSchema: Record<string, { 'ui:options': Record<string, unknown> }>;
  };
  delete present(d.actions.search, 'd.actions.search').to;
  present(d.actions.search, 'd.actions.search').validate = ['categoryID'];
  nth(d.visibility, 1).disable = ['category'];
  present(d.uiSchema.candidates, 'd.uiSchema.candidates')['ui:options'].transferTo = 'contentList';
  present(d.uiSchema.candidates, 'd.uiSchema.candidates')['ui:options'].filterBy = 'keywords';
  const got = messages(f);
  for (const m of [
    'actions.search: unknown action',
    'actions.search.validate: field "categoryID" is not in the schema',
    'visibility[1]: field "category" is not in the schema',
    'ui:options.transferTo "contentList" is not in the schema',
    'ui:options.filterBy "keywords" is not in the schema',
  ])
    t.ok(
      got.some((g) => g.includes(m)),
      `${m}\n${got.join('\n')}`,
    );
});
