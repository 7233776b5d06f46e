// A declared list in Chromium, from its JSON alone (docs/forms.md, Lists): the portal reads a
// copy of the definitions where the agent user list and its form have one more column (the
// user's login id, an existing table column) and nothing else changes; the table draws it with
// the stored values. The same list is paged on the server (docs/forms.md, "Paged lists"): the
// pager counts every user of the agent, a page turn and a header click ask the server for the
// page (with the shown page's anchor, the sort) and draw what it answers. The selection for
// delete is of the result, not of the page: it holds across pages with its count shown, and the
// delete removes the rows chosen on every page.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { formatMessage } from '../../schemas/messages/format';
import type { FormDefinition, ListDefinition } from '../../schemas/meta/types';
import { answerDialog, launchBrowser, newPage, screenshot, signIn, startPortal, type Portal } from './harness';

let portal: Portal;
let schemasDir: string;
const browserPromise = launchBrowser();

interface ListBody {
  paging?: { page?: number; anchor?: { page?: number }; sort?: unknown };
}

async function editJson<T>(file: string, edit: (data: T) => void): Promise<void> {
  const data = JSON.parse(await fs.readFile(file, 'utf8')) as T;
  edit(data);
  await fs.writeFile(file, JSON.stringify(data, null, 2));
}

t.before(async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-e2e-schemas-'));
  schemasDir = path.join(root, 'schemas');
  await fs.cp(path.resolve('schemas'), schemasDir, { recursive: true });
  await editJson<FormDefinition>(path.join(schemasDir, 'forms/ag-user.json'), (form) => {
    form.schema.properties.loginId = { type: 'string', title: 'ログインID' };
    form.store!.columns.loginId = 'login_id';
  });
  await editJson<ListDefinition>(path.join(schemasDir, 'lists/ag-user.json'), (list) => {
    list.columns.push({ key: 'loginId', label: 'ログインID', kind: 'text' });
  });
  portal = await startPortal({ definitionsDir: schemasDir });
  // 20 more users of the agent: two pages of 15.
  await portal.db
    .insertInto('users')
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        user_id: `8${String(i).padStart(9, '0')}`,
        login_id: `e2e-page-${String(i).padStart(2, '0')}`,
        ag_code: 'A0000001',
        password_hash: 'x',
        email: `e2e-page-${i}@example.jp`,
        company_name: `株式会社ページ${String(i % 4)}`,
        section_name: '営業部',
        user_name: `利用者 ${i}`,
        role_id: '02',
      })),
    )
    .execute();
});
t.teardown(async () => {
  await (await browserPromise).close();
  await portal.close();
  await fs.rm(path.dirname(schemasDir), { recursive: true, force: true });
});

t.test('a column added in JSON is drawn, and the list is paged by the server', async (t) => {
  const page = await newPage(await browserPromise);
  const bodies: ListBody[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/AgUser/getAgUserList')) bodies.push(r.postDataJSON() as ListBody);
  });
  await signIn(portal, page, 'demo-agadmin', 'Agadmin#Demo2026');
  await page.goto(`${portal.url}/aguser-maintenance`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: '検索', exact: true }).click();
  await main.locator('tbody tr').first().waitFor();

  const stored = await portal.db
    .selectFrom('users')
    .select(['user_id', 'login_id'])
    .where('ag_code', '=', 'A0000001')
    .where('deleted_at', 'is', null)
    .orderBy('user_id')
    .execute();
  await t.resolves(main.getByRole('columnheader', { name: 'ログインID' }).waitFor(), 'the added column has its header');
  const headers = await main.getByRole('columnheader').allInnerTexts();
  const at = headers.findIndex((h) => h.includes('ログインID'));
  const firstCells = await main.locator(`tbody tr td:nth-child(${at + 1})`).allInnerTexts();
  t.same(
    firstCells,
    stored.slice(0, 15).map((s) => s.login_id),
    'its cells hold the stored login ids (page 1 in user id order)',
  );
  await t.resolves(main.getByText(`全${stored.length}件中 1〜15件を表示`).waitFor(), 'the pager counts every user');
  t.same(bodies.at(-1)?.paging, { page: 1, pageSize: 15 }, 'the first search asks for page 1');
  await screenshot(page, 'list-column-paged');

  await main.getByRole('button', { name: '2ページ目' }).click();
  await t.resolves(main.getByText(`全${stored.length}件中 16〜${stored.length}件を表示`).waitFor(), 'page 2');
  t.equal(bodies.at(-1)?.paging?.page, 2);
  t.equal(bodies.at(-1)?.paging?.anchor?.page, 1, 'asked after the page shown');
  t.same(
    await main.locator(`tbody tr td:nth-child(${at + 1})`).allInnerTexts(),
    stored.slice(15).map((s) => s.login_id),
    'the rest of the users on page 2',
  );

  await main.getByRole('button', { name: /会社名/ }).click();
  await t.resolves(main.getByText(`全${stored.length}件中 1〜15件を表示`).waitFor(), 'a sort goes back to page 1');
  t.same(bodies.at(-1)?.paging?.sort, { column: 'kaisyaName', direction: 'asc' }, 'the server sorts');
  const companies = await main.locator('tbody tr td', { hasText: /^株式会社/ }).allInnerTexts();
  t.same(companies, [...companies].sort(), 'rows in the order of the company');
  await page.context().close();
});

t.test('a selection holds across the server pages, is counted, and the delete takes every chosen row', async (t) => {
  const page = await newPage(await browserPromise);
  const deletes: { agUserDataList?: { agCode: string; userId: string }[] }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/AgUser/deleteAgUser')) deletes.push(r.postDataJSON() as (typeof deletes)[number]);
  });
  await signIn(portal, page, 'demo-agadmin', 'Agadmin#Demo2026');
  await page.goto(`${portal.url}/aguser-maintenance`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: '検索', exact: true }).click();
  await main.locator('tbody tr').first().waitFor();

  const ids = (
    await portal.db
      .selectFrom('users')
      .select('user_id')
      .where('ag_code', '=', 'A0000001')
      .where('deleted_at', 'is', null)
      .orderBy('user_id')
      .execute()
  ).map((u) => u.user_id);
  // One added user on page 1 and one on page 2 (user id order, 15 a page).
  const onFirst =
    ids
      .slice(0, 15)
      .filter((id) => id.startsWith('8'))
      .at(-1) ?? '';
  const onSecond = ids.at(-1) ?? '';
  t.ok(onFirst.startsWith('8') && onSecond.startsWith('8') && ids.length > 15, 'two pages with added users on both');
  const box = (userId: string) => main.locator(`tbody tr[data-row-key="${userId}"]`).getByRole('checkbox');
  const count = main.getByRole('status').filter({ hasText: /件選択中$/ });

  await box(onFirst).check();
  await t.resolves(count.getByText('1件選択中', { exact: true }).waitFor(), 'the count of the selection');
  await main.getByRole('button', { name: '2ページ目' }).click();
  await box(onSecond).waitFor();
  t.equal(await count.innerText(), '1件選択中', 'the row chosen on page 1 is still chosen on page 2');
  await box(onSecond).check();
  await t.resolves(count.getByText('2件選択中', { exact: true }).waitFor(), 'one more on page 2');
  await main.getByRole('button', { name: '1ページ目' }).click();
  await box(onFirst).waitFor();
  t.ok(await box(onFirst).isChecked(), 'back on page 1 its row is still ticked');
  await main.getByRole('button', { name: /会社名/ }).click();
  await t.resolves(main.getByText(/全\d+件中 1〜15件を表示/).waitFor(), 'sorted');
  t.equal(await count.innerText(), '2件選択中', 'a sort keeps the selection');
  await screenshot(page, 'list-selection-across-pages');

  await main.getByRole('button', { name: '削除', exact: true }).click();
  await answerDialog(page, formatMessage('CNF_0004'));
  await answerDialog(page, formatMessage('INF_0001', ['ユーザー', '削除']));
  t.same(
    deletes
      .at(-1)
      ?.agUserDataList?.map((u) => u.userId)
      .sort(),
    [onFirst, onSecond].sort(),
    'the delete names the rows of both pages',
  );
  const left = await portal.db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', 'in', [onFirst, onSecond])
    .where('deleted_at', 'is', null)
    .execute();
  t.same(left, [], 'both users are deleted');
  await t.resolves(main.getByText(`全${ids.length - 2}件中`, { exact: false }).waitFor(), 'the count after the delete');
  t.equal(await count.count(), 0, 'the selection ended with the delete');

  // 選択を解除 drops the whole selection.
  const another = (await main.locator('tbody tr[data-row-key^="8"]').first().getAttribute('data-row-key')) ?? '';
  await box(another).check();
  await count.getByText('1件選択中', { exact: true }).waitFor();
  await main.getByRole('button', { name: '選択を解除' }).click();
  t.notOk(await box(another).isChecked(), 'unticked');
  t.equal(await count.count(), 0, 'no count without a selection');
  await page.context().close();
});
