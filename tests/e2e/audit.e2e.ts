// The audit viewer (監査ログ, docs/audit.md) clicked through in Chromium: a provider administrator
// changes a notice's display target on お知らせ登録, follows its 変更履歴 link and finds the change
// with before and after under the form's own titles and choice labels; after a row is edited in
// SQL, 再確認 shows the chain's warning banner naming that row.
import { sql } from 'kysely';
import t from 'tap';
import { formatMessage } from '../../schemas/messages/format';
import { expectNoA11yViolations } from './a11y';
import { answerDialog, dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';

const e2e = useE2e(t);

t.test("a notice's display target change is found in the viewer, labelled by the form", async (t) => {
  // A seeded notice shown to every agent that has a search tag (the form requires one).
  const notice = await sql<{ content_id: number; title: string }>`
    select c.content_id, c.title from contents c
    where c.category_id = 1 and c.deleted_at is null and c.display_target = '0'
      and exists (select 1 from content_tags ct where ct.content_id = c.content_id)
    order by c.content_id limit 1`
    .execute(e2e.portal.db)
    .then((r) => r.rows[0]);
  t.ok(notice, 'a seeded notice for all agents');
  const id = String(notice!.content_id);

  const page = await newPage(await e2e.browser());
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
  await page.goto(`${e2e.portal.url}/notification-reg?categoryId=1&contentsId=${id}&editMode=1`);
  await page.getByRole('heading', { name: 'お知らせ更新' }).waitFor();
  const history = page.getByRole('link', { name: '変更履歴' });
  await history.waitFor();

  await page.getByRole('radio', { name: '代理店コード' }).check();
  await page.getByLabel('対象の代理店コード').first().fill('A0000002');
  await page.getByRole('button', { name: '更新', exact: true }).click();
  await answerDialog(page, formatMessage('CNF_0001', ['お知らせ', '更新']));
  await answerDialog(page, formatMessage('INF_0001', ['お知らせ', '更新']));
  await page.getByRole('heading', { name: 'お知らせ更新' }).waitFor();

  await history.click();
  await page.waitForURL(/\/kanri-audit\?entity=content&id=\d+$/);
  await page.getByRole('heading', { name: '監査ログ' }).waitFor();
  const entry = page.getByRole('article').filter({ hasText: '更新' }).first();
  await entry.waitFor();
  t.match(await entry.getByRole('banner').or(entry.locator('header')).first().innerText(), /お知らせ登録[\s\S]*ID \d+/);
  const target = entry.getByRole('row', { name: /^表示対象 / });
  t.same(
    await target.getByRole('cell').allInnerTexts(),
    ['全代理店', '代理店コード'],
    'before and after by the choice labels, under the form title 表示対象',
  );
  t.equal(await page.getByRole('status').filter({ hasText: '改ざん検知' }).count(), 1, 'the chain is intact');
  t.equal(await page.getByLabel('対象ID').inputValue(), id, 'filtered by id');
  await screenshot(page, 'audit-viewer');
  await expectNoA11yViolations(t, page, 'audit viewer');

  // An edit in SQL: 再確認 walks the chain again and the banner names the row.
  const row = await e2e.portal.db
    .selectFrom('audit_logs')
    .select('audit_id')
    .where('entity', '=', 'content')
    .where('entity_id', '=', id)
    .orderBy('audit_id', 'desc')
    .executeTakeFirstOrThrow();
  await sql`update audit_logs set actor_user_id = '0000000099' where audit_id = ${row.audit_id}`.execute(e2e.portal.db);
  await page.getByRole('button', { name: '再確認' }).click();
  const banner = page.getByRole('alert').filter({ hasText: '改ざんの可能性' });
  await banner.waitFor();
  t.match(await banner.innerText(), new RegExp(`記録番号 ${row.audit_id}：記録後に内容が変更されています`));
  await screenshot(page, 'audit-viewer-broken');
  await expectNoA11yViolations(t, page, 'audit viewer with the broken-chain banner');
  await page.context().close();
});
