// The one-stop guide (spec 000 /one-stop-gide, spec 001 "One-stop guide top management") clicked
// through in Chromium on the form engine's screen: the provider picks a FAQ block's display
// targets (category required ERR_0001, result mode on ?categoryId=2, nothing selected ERR_0003
// 表示候補, keyword narrowing, add, reorder, remove, 確定 with CNF_0001 / INF_0001 and the saved
// order loaded again, none left ERR_0004, クリア back to search mode) and the block's text; an agent opens the guide from the global navigation and sees the blocks
// with their images and the chosen contents in the chosen order, searches by keyword and tag and
// goes back to the initial display.
import t from 'tap';
import { formatMessage } from '../../schemas/messages/format';
import { answerDialog, dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';

const e2e = useE2e(t);

const CHOSEN = 'Q. シュレッダーの標準納期を教えてください。';
const BLOCK_TEXT = 'ご注文とお支払いのよくある質問です';

t.test('the provider chooses the FAQ block; an agent sees it on the one-stop guide', async (t) => {
  const browser = await e2e.browser();
  const admin = await newPage(browser);
  await signIn(e2e.portal, admin, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(admin);
  await admin.goto(`${e2e.portal.url}/one-stop-gide_kanri`);
  await admin.getByRole('heading', { name: 'ワンストップガイドTOP管理' }).waitFor();
  const errors = admin.getByTestId('form-errors').first();
  const main = admin.locator('main');
  const category = main.getByLabel('カテゴリ', { exact: true });
  const targets = main.getByRole('table', { name: '表示対象' });
  const candidates = main.getByRole('table', { name: '表示候補' });
  t.equal(await targets.count(), 0, 'search mode: no tables');
  t.equal(await main.getByRole('button', { name: '確定' }).count(), 0, 'search mode: nothing to confirm');

  await main.getByRole('button', { name: '検索', exact: true }).click();
  await t.resolves(errors.getByText(formatMessage('ERR_0001', ['カテゴリ'])).waitFor(), 'category required');
  await category.selectOption({ label: 'FAQ' });
  await main.getByRole('button', { name: '検索', exact: true }).click();
  await admin.waitForURL(/\/one-stop-gide_kanri\?categoryId=2$/);
  await targets.getByRole('row').nth(1).waitFor();
  t.ok(await category.isDisabled(), 'result mode: the category is fixed until クリア');
  const before = await targets.getByRole('row').count();

  await main.getByRole('button', { name: '表示対象に追加' }).click();
  await t.resolves(errors.getByText(formatMessage('ERR_0003', ['表示候補'])).waitFor(), 'nothing selected');
  await main.getByLabel('キーワード').fill('シュレッダー');
  await candidates.getByRole('checkbox', { name: `${CHOSEN}を選択` }).check();
  t.equal(await candidates.getByRole('row').count(), 2, 'the keyword narrows the candidates');
  await main.getByRole('button', { name: '表示対象に追加' }).click();
  t.equal(await targets.getByRole('row').count(), before + 1, 'added to the display targets');
  t.equal(await candidates.getByRole('row').filter({ hasText: CHOSEN }).count(), 0, 'no longer a candidate');
  // Up to the top of the block, then the former last one removed.
  for (let i = 0; i < 10; i++) {
    const up = targets.getByRole('button', { name: `${CHOSEN}を上へ` });
    if (await up.isDisabled()) break;
    await up.click();
  }
  t.match(await targets.getByRole('row').nth(1).textContent(), /シュレッダー/, 'moved to the top');
  const lastTitle = (await targets.getByRole('row').last().getByRole('cell').nth(3).textContent()) ?? '';
  await targets.getByRole('button', { name: `${lastTitle}を除外` }).click();
  await main.getByLabel('キーワード').fill('');
  t.equal(await candidates.getByRole('row').filter({ hasText: lastTitle }).count(), 1, 'back among the candidates');
  // The block's explanatory text is edited on the same screen.
  await main.getByLabel('カテゴリの説明文').fill(BLOCK_TEXT);
  await screenshot(admin, 'one-stop-kanri');
  await main.getByRole('button', { name: '確定' }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['表示対象', '登録']));
  await answerDialog(admin, formatMessage('INF_0001', ['表示対象', '登録']));
  // Loaded again from the server: the saved order.
  await targets.getByRole('row').nth(1).waitFor();
  t.match(await targets.getByRole('row').nth(1).textContent(), /シュレッダー/, 'saved: first after the reload');
  t.equal(
    await targets.getByRole('row').filter({ hasText: lastTitle }).count(),
    0,
    'saved: the removed one is not a target',
  );

  // Every target removed: 確定 refuses (ERR_0004) and nothing is sent.
  while ((await targets.getByRole('button', { name: /を除外$/ }).count()) > 0)
    await targets
      .getByRole('button', { name: /を除外$/ })
      .first()
      .click();
  await main.getByRole('button', { name: '確定' }).click();
  await t.resolves(errors.getByText(formatMessage('ERR_0004', ['表示対象'])).waitFor(), 'at least one display target');

  // クリア in result mode goes back to search mode (the removals above were never confirmed).
  await main.getByRole('button', { name: 'クリア' }).click();
  await admin.waitForURL(/\/one-stop-gide_kanri$/);
  await main.getByRole('button', { name: '検索', exact: true }).waitFor();
  t.notOk(await category.isDisabled(), 'search mode again');
  t.equal(await targets.count(), 0, 'no tables in search mode');

  // The agent, from the global navigation.
  const agent = await newPage(browser);
  await signIn(e2e.portal, agent, 'demo-agent2', 'Agent2#Demo2026');
  await dismissAllPopups(agent);
  await agent.getByRole('navigation').getByRole('link', { name: 'ワンストップガイド', exact: true }).first().click();
  await agent.waitForURL(/\/one-stop-gide$/);
  await agent.getByRole('heading', { name: 'ワンストップガイド', level: 1 }).waitFor();
  const blocks = agent.getByRole('list', { name: 'カテゴリ' });
  for (const name of ['FAQ', '申請フォーム', '提案書', 'マニュアル'])
    await t.resolves(blocks.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor(), `block ${name}`);
  const faq = agent.getByRole('region', { name: /^FAQ/ });
  await t.resolves(
    faq.getByRole('listitem').first().getByRole('link', { name: CHOSEN }).waitFor(),
    'the chosen content first in its block',
  );
  await t.resolves(blocks.getByText(BLOCK_TEXT).waitFor(), "the block's new text");
  t.equal(await faq.getByRole('link', { name: lastTitle, exact: true }).count(), 0, 'the removed one is gone');
  await agent.waitForFunction(() =>
    [...document.querySelectorAll('main img')].some((i) => (i as HTMLImageElement).naturalWidth > 0),
  );
  await screenshot(agent, 'one-stop-agent');

  // Search by keyword, then by tag, then back to the initial display.
  await agent.locator('main').getByLabel('キーワード').fill('納期');
  await agent.locator('main').getByRole('button', { name: '検索', exact: true }).click();
  const results = agent.getByRole('region', { name: /^検索結果/ });
  await results.getByRole('link', { name: CHOSEN }).waitFor();
  t.equal(await blocks.count(), 0, 'the results replace the blocks');
  await agent.getByRole('button', { name: '初期表示に戻る' }).click();
  await blocks.waitFor();
  t.equal(await agent.locator('main').getByLabel('キーワード').inputValue(), '', 'the search panel is cleared');
  await agent.getByRole('checkbox', { name: '申請書' }).check();
  await agent.locator('main').getByRole('button', { name: '検索', exact: true }).click();
  await t.resolves(results.getByRole('link', { name: '見積依頼書' }).waitFor(), 'the tag finds the application forms');
});
