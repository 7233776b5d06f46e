// The category numbers are named once (schemas/categories.ts): every category the seeds write and
// every categoryId a form or list definition names is one of them, under the same name.
import path from 'node:path';
import t from 'tap';
import { allCategories, categoryIds, categoryName, isCategoryId } from '../../schemas/categories';
import { readDefinitionFiles } from '../../schemas/meta/load';
import { createTestApp } from '../helpers/test-app';

/** Every numeric `categoryId` in a definition, with where it is. */
function categoryIdsIn(value: unknown, at: string, out: { at: string; id: number }[] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => categoryIdsIn(v, `${at}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'categoryId' && typeof v === 'number') out.push({ at: `${at}.${k}`, id: v });
      else categoryIdsIn(v, `${at}.${k}`, out);
    }
  }
  return out;
}

t.test('the list itself: unique numbers and names', async (t) => {
  const all = allCategories();
  t.equal(new Set(categoryIds()).size, all.length, 'numbers are unique');
  t.equal(new Set(all.map((c) => c.name)).size, all.length, 'names are unique');
  t.equal(categoryName(101), 'AGセグメント登録');
  t.notOk(isCategoryId(121));
});

t.test('every categoryId of schemas/forms and schemas/lists is a known category', async (t) => {
  const found = readDefinitionFiles(path.resolve('schemas')).flatMap((f) => categoryIdsIn(f.data, f.file));
  t.ok(found.length >= 20, 'the definitions name their permission categories');
  for (const { at, id } of found) t.ok(isCategoryId(id), `${at}: ${id}`);
});

t.test('the seeded categories are exactly the list, under its names', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const rows = await h.db
    .selectFrom('categories')
    .select(['category_id', 'category_name'])
    .orderBy('category_id')
    .execute();
  t.same(
    rows.map((r) => [r.category_id, r.category_name]),
    allCategories()
      .map((c) => [c.id, c.name])
      .sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  const permissions = await h.db.selectFrom('role_permissions').select('category_id').distinct().execute();
  for (const p of permissions) t.ok(isCategoryId(p.category_id), `role_permissions names ${p.category_id}`);
});
