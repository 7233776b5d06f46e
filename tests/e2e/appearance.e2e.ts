// Portal appearance administration (spec 001 "Global navigation list and edit", sections 3–5)
// clicked through in Chromium: the provider creates a navigation setting for one segment
// (rules answered on an empty save, nothing typed lost), adds a scheduled list by 下にコピー,
// previews both lists in new windows, and an agent of that segment sees the current list in its
// header at once while an agent of another segment keeps the default; acting as the segment's
// agent with the business date on the scheduled date, the provider sees the scheduled list.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import type { Locator, Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { tokyoDate } from '../../api/clock';
import { answerDialog, dismissAllPopups, newPage, screenshot, signIn, tokyoMorning, useE2e } from './harness';
import { nth } from '../helpers/indexing';

const e2e = useE2e(t);

const F = 'f-glovalnavi-kanri';
const field = (page: Page, name: string) => page.locator(`#${F}__${name}`);
const cell = (page: Page, list: string, row: number, key: string) => page.locator(`#${F}__${list}__${row}__${key}`);
const errorBox = (page: Page) => page.getByTestId('form-errors').first();
const headerNav = (page: Page) => page.getByRole('navigation', { name: 'グローバルナビゲーション', exact: true });

/** The header's top-level items by their names (without badges). */
const topItems = async (page: Page) =>
  (await headerNav(page).locator(':scope > ul > li').allInnerTexts()).map((s) => s.trim().split('\n')[0]);

// A preview tab closes itself on 閉じる (window.close()); the click may still be finishing when the
// page is gone, which Playwright reports as an error although the click did its job.
async function closeByButton(popup: Page): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name: '閉じる' })
    .click()
    .catch((err: unknown) => {
      if (!popup.isClosed()) throw err;
    });
  await closed;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Clicks 行追加 until row `row` of the list exists (at most three times): a click that lands
 * while the form re-renders after the previous input (the error box shrinking moves the
 * button) can miss, as a person's click would; a second click is safe because a row that
 * appeared is never added again.
 */
async function addRow(rowCell: Locator, page: Page): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: '行追加' }).click();
    try {
      await rowCell.waitFor({ timeout: 5000 });
      return;
    } catch {
      // the click missed: again
    }
  }
  throw new Error('行追加 added no row');
}

async function fillRow(
  page: Page,
  list: string,
  row: number,
  r: { categoryId: string; dispName: string; dispNo: string; url?: string; parent?: string },
) {
  if (r.parent) await cell(page, list, row, 'pairentId').selectOption(r.parent);
  await cell(page, list, row, 'categoryId').selectOption(r.categoryId);
  await cell(page, list, row, 'dispName').fill(r.dispName);
  await cell(page, list, row, 'dispNo').fill(r.dispNo);
  if (r.url !== undefined) await cell(page, list, row, 'url').fill(r.url);
}

t.test('a provider sets the global navigation of one segment, with a scheduled list and previews', async (t) => {
  const browser = await e2e.browser();
  const today = tokyoDate(tokyoMorning());
  const scheduled = addDays(today, 7);
  const admin = await newPage(browser);
  await signIn(e2e.portal, admin, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(admin);
  await admin.goto(`${e2e.portal.url}/kanrisya-top`);
  await admin.getByRole('link', { name: /グローバルナビ管理/ }).click();
  await admin.waitForURL(/\/glovalnavi-kanri-list$/);
  await admin.getByRole('cell', { name: '標準グローバルナビ', exact: true }).waitFor();
  t.ok(await admin.getByRole('cell', { name: 'デフォルト', exact: true }).count(), 'the target kind reads as text');
  await screenshot(admin, 'glovalnavi-list');

  // Delete with nothing selected: ERR_0003 明細.
  await admin.getByRole('button', { name: '削除', exact: true }).click();
  await t.resolves(
    admin
      .getByText(formatMessage('ERR_0003', ['明細']))
      .first()
      .waitFor(),
    'delete needs a selection',
  );

  await admin.getByRole('button', { name: '新規登録' }).click();
  await admin.waitForURL(/\/glovalnavi-kanri$/);
  await admin.getByRole('heading', { name: 'グローバルナビ登録' }).waitFor();
  t.ok(
    await admin.locator(`#${F}__settingTargetKbn-0`).isDisabled(),
    'the default radio is disabled: a default exists',
  );
  t.ok(await admin.locator(`#${F}__settingTargetKbn-1`).isChecked(), 'new settings start on segment');
  t.equal(await field(admin, 'reflectionDate').inputValue(), today, 'the effective date starts today');

  // An empty save: every message, nothing typed lost.
  await field(admin, 'settingName').fill('首都圏向けナビ');
  await addRow(cell(admin, 'nowSettingList', 0, 'dispName'), admin);
  await cell(admin, 'nowSettingList', 0, 'dispName').fill('お知らせ');
  await admin.getByRole('button', { name: '登録', exact: true }).click();
  await errorBox(admin).waitFor();
  const lines = (await errorBox(admin).innerText()).split('\n').filter(Boolean);
  t.same(
    lines,
    [formatMessage('ERR_0003', ['AGセグメント']), formatMessage('ERR_0003', ['現在の設定1行目のカテゴリ'])],
    'the rules answer their codes',
  );
  t.equal(await cell(admin, 'nowSettingList', 0, 'dispName').inputValue(), 'お知らせ', 'what was typed stays');

  // Choosing a category fills its URL; only その他 may be typed.
  await field(admin, 'settingTargetCode').selectOption({ label: '首都圏代理店' });
  await fillRow(admin, 'nowSettingList', 0, { categoryId: '1', dispName: '首都圏のお知らせ', dispNo: '1' });
  t.equal(await cell(admin, 'nowSettingList', 0, 'url').inputValue(), '/news', 'the category fills the URL');
  t.ok(
    (await cell(admin, 'nowSettingList', 0, 'url').getAttribute('readonly')) !== null,
    'a category URL is not typed',
  );
  await addRow(cell(admin, 'nowSettingList', 1, 'categoryId'), admin);
  await fillRow(admin, 'nowSettingList', 1, { categoryId: '2', dispName: 'よくある質問', dispNo: '1' });
  await addRow(cell(admin, 'nowSettingList', 2, 'categoryId'), admin);
  await fillRow(admin, 'nowSettingList', 2, {
    categoryId: '999',
    dispName: '首都圏特設',
    dispNo: '3',
    url: 'https://tokyo.example.jp/',
  });
  await admin.getByRole('button', { name: '登録', exact: true }).click();
  await t.resolves(
    errorBox(admin)
      .getByText(formatMessage('ERR_0017', ['現在の設定の表示順']))
      .waitFor(),
    'display orders unique (ERR_0017)',
  );
  await cell(admin, 'nowSettingList', 1, 'dispNo').fill('2');
  await screenshot(admin, 'glovalnavi-new');

  await admin.getByRole('button', { name: '登録', exact: true }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['グローバルナビ', '登録']));
  await answerDialog(admin, formatMessage('INF_0001', ['グローバルナビ', '登録']));
  await answerDialog(admin, formatMessage('CNF_0005'), 'キャンセル');
  await admin.waitForURL(/glovalNaviKanriId=\d+/);
  const id = new URL(admin.url()).searchParams.get('glovalNaviKanriId')!;
  await admin.getByRole('heading', { name: 'グローバルナビ編集' }).waitFor();
  t.equal(
    await cell(admin, 'nowSettingList', 2, 'url').inputValue(),
    'https://tokyo.example.jp/',
    'the saved rows are loaded',
  );

  // The scheduled list: copy-down from the current list, then edit it.
  await admin.getByRole('button', { name: '下にコピー' }).click();
  t.equal(await cell(admin, 'scheduleSettingList', 2, 'dispName').inputValue(), '首都圏特設', 'copied down');
  await admin.getByRole('button', { name: '下にコピー' }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['予約設定', '下にコピー']), 'キャンセル');
  await cell(admin, 'scheduleSettingList', 0, 'dispName').fill('年末のお知らせ');
  await cell(admin, 'scheduleSettingList', 1, 'selection').check();
  await admin.getByRole('button', { name: '選択行削除' }).last().click();
  t.equal(
    await cell(admin, 'scheduleSettingList', 1, 'dispName').inputValue(),
    '首都圏特設',
    'the selected row is removed',
  );
  await field(admin, 'scheduledDate').fill(addDays(today, -1));
  await admin.getByRole('button', { name: '更新', exact: true }).click();
  await t.resolves(
    errorBox(admin).getByText(formatMessage('ERR_0034')).waitFor(),
    'the scheduled date after the current one (ERR_0034)',
  );
  await field(admin, 'scheduledDate').fill(scheduled);
  await admin.getByRole('button', { name: '更新', exact: true }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['グローバルナビ', '更新']));
  await answerDialog(admin, formatMessage('INF_0001', ['グローバルナビ', '更新']));
  await cell(admin, 'scheduleSettingList', 0, 'dispName').waitFor();
  t.equal(
    await cell(admin, 'scheduleSettingList', 0, 'dispName').inputValue(),
    '年末のお知らせ',
    'the scheduled list is stored',
  );
  await admin.evaluate(() => window.scrollTo(0, 0));
  await screenshot(admin, 'glovalnavi-edit');
  await admin
    .getByRole('heading', { name: '予約設定' })
    .or(admin.getByText('予約設定', { exact: true }))
    .first()
    .scrollIntoViewIfNeeded();
  await screenshot(admin, 'glovalnavi-edit-scheduled');

  // Previews of both lists, in new windows; 閉じる closes them.
  for (const [index, kbn, expected] of [
    [0, '01', ['首都圏のお知らせ', 'よくある質問', '首都圏特設']],
    [1, '02', ['年末のお知らせ', '首都圏特設']],
  ] as const) {
    const [popup] = await Promise.all([
      admin.context().waitForEvent('page'),
      admin.getByRole('button', { name: 'プレビュー' }).nth(index).click(),
    ]);
    await popup.waitForURL(new RegExp(`/preview-globalnavi/glovalNaviKanriId/${id}/detailKbn/${kbn}$`));
    const nav = popup.getByRole('navigation', { name: 'グローバルナビゲーション（プレビュー）' });
    await nav.waitFor();
    t.same(
      (await nav.locator(':scope > ul > li').allInnerTexts()).map((s) => s.trim()),
      expected,
      `preview ${kbn}`,
    );
    await screenshot(popup, `glovalnavi-preview-${kbn}`);
    await closeByButton(popup);
  }

  // The agent of the segment sees the current list at its next page load; an agent of no segment keeps the default.
  const agent = await newPage(browser);
  await signIn(e2e.portal, agent, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(agent);
  await headerNav(agent).waitFor();
  t.same(
    await topItems(agent),
    ['首都圏のお知らせ', 'よくある質問', '首都圏特設'],
    'the segment agent: the current list',
  );
  await screenshot(agent, 'glovalnavi-agent-current');
  const agent2 = await newPage(browser);
  await signIn(e2e.portal, agent2, 'demo-agent2', 'Agent2#Demo2026');
  await dismissAllPopups(agent2);
  await headerNav(agent2).waitFor();
  t.ok((await headerNav(agent2).innerText()).includes('営業支援'), 'another agent keeps the default');
  t.notOk((await headerNav(agent2).innerText()).includes('首都圏'), 'and does not see the segment list');

  // Acting as the segment's agent on the scheduled date, the provider sees the scheduled list.
  await admin.goto(`${e2e.portal.url}/kanrisya-top`);
  const main = admin.getByRole('main');
  await main.getByLabel('代理店コード', { exact: true }).fill('A0000001');
  await main.getByRole('button', { name: '代行ログイン' }).click();
  await admin.getByRole('banner').first().getByText('代行中').waitFor();
  await main.getByRole('textbox', { name: '業務日付' }).fill(scheduled);
  // The switch reloads the page once the server has recorded it: wait for that reload.
  const reloaded = admin.waitForEvent('load');
  await main.getByRole('button', { name: '切替' }).click();
  await reloaded;
  await admin.goto(`${e2e.portal.url}/portal-top`);
  await dismissAllPopups(admin);
  await headerNav(admin).waitFor();
  t.same(await topItems(admin), ['年末のお知らせ', '首都圏特設'], 'on the business date: the scheduled list');
  await screenshot(admin, 'glovalnavi-agent-scheduled');

  await agent.context().close();
  await agent2.context().close();
  await admin.context().close();
});

t.test(
  'a provider sets the icon menu of one agent with uploaded images, previews it, and the agent sees it',
  async (t) => {
    const browser = await e2e.browser();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-appearance-e2e-'));
    t.teardown(() => fs.rm(dir, { recursive: true, force: true }));
    // Two real 16×16 PNGs (blue, orange) so the icons draw.
    const PNGS = [
      'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mPQT91AEmIY1TCqYfhqAAC/EUQQRG422QAAAABJRU5ErkJggg==',
      'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mN4VqFBEmIY1TCqYfhqAAAUGoYQF80ydwAAAABJRU5ErkJggg==',
    ];
    const png = async (name: string, i = 0) => {
      const file = path.join(dir, name);
      await fs.writeFile(file, Buffer.from(nth(PNGS, i), 'base64'));
      return file;
    };
    const I = 'f-iconmenu-kanri';
    const icell = (page: Page, row: number, key: string) => page.locator(`#${I}__nowSettingList__${row}__${key}`);
    const admin = await newPage(browser);
    await signIn(e2e.portal, admin, 'demo-provider', 'Provider#Demo2026');
    await dismissAllPopups(admin);
    await admin.goto(`${e2e.portal.url}/iconmenu-kanri-list`);
    await admin.getByRole('cell', { name: '標準アイコンメニュー', exact: true }).waitFor();
    await screenshot(admin, 'iconmenu-list');
    await admin.getByRole('button', { name: '新規登録' }).click();
    await admin.getByRole('heading', { name: 'アイコンメニュー登録' }).waitFor();

    await admin.locator(`#${I}__settingName`).fill('みなと事務機 専用メニュー');
    await admin.locator(`#${I}__settingTargetKbn-2`).check();
    await admin.locator(`#${I}__settingTargetCode`).fill('A0000002');
    await addRow(icell(admin, 0, 'categoryId'), admin);
    await icell(admin, 0, 'categoryId').selectOption('1');
    await icell(admin, 0, 'iconMenuName').fill('みなとのお知らせ');
    await icell(admin, 0, 'dispNo').fill('1');
    // A wrong type is refused before any upload; nothing typed is lost.
    const gif = path.join(dir, 'icon.gif');
    await fs.writeFile(gif, 'GIF89a');
    await icell(admin, 0, 'imgPathNomal').setInputFiles(gif);
    await t.resolves(admin.getByText(formatMessage('ERR_0027')).first().waitFor(), 'ERR_0027 for a .gif');
    await icell(admin, 0, 'imgPathNomal').setInputFiles(await png('minato.png'));
    await admin.getByText('minato.png').waitFor();
    await icell(admin, 0, 'imgPathHover').setInputFiles(await png('minato-over.png', 1));
    await admin.getByText('minato-over.png').waitFor();
    t.equal(await icell(admin, 0, 'iconMenuName').inputValue(), 'みなとのお知らせ');
    await admin.getByRole('button', { name: '登録', exact: true }).click();
    await answerDialog(admin, formatMessage('CNF_0001', ['アイコンメニュー', '登録']));
    await answerDialog(admin, formatMessage('INF_0001', ['アイコンメニュー', '登録']));
    await answerDialog(admin, formatMessage('CNF_0005'), 'キャンセル');
    await admin.waitForURL(/iconMenuKanriId=\d+/);
    await admin.getByRole('heading', { name: 'アイコンメニュー編集' }).waitFor();
    await t.resolves(
      admin.getByRole('img', { name: '1行目の通常画像のプレビュー' }).first().waitFor(),
      'the stored image is shown',
    );
    await admin.getByRole('button', { name: '下にコピー' }).click();
    await admin.locator(`#${I}__scheduledSettingList__0__iconMenuName`).waitFor();
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'iconmenu-edit');

    const [popup] = await Promise.all([
      admin.context().waitForEvent('page'),
      admin.getByRole('button', { name: 'プレビュー' }).first().click(),
    ]);
    await popup.getByRole('list', { name: 'アイコンメニュー（プレビュー）' }).getByText('みなとのお知らせ').waitFor();
    await screenshot(popup, 'iconmenu-preview-01');
    await closeByButton(popup);

    const agent2 = await newPage(browser);
    await signIn(e2e.portal, agent2, 'demo-agent2', 'Agent2#Demo2026');
    await dismissAllPopups(agent2);
    await t.resolves(
      agent2.getByRole('main').getByText('みなとのお知らせ').waitFor(),
      'the agent sees its menu on the portal top',
    );
    const icons = agent2
      .getByRole('main')
      .locator('ul', { has: agent2.getByText('みなとのお知らせ') })
      .first();
    t.equal(await icons.locator(':scope > li').count(), 1, 'its own menu instead of the default one');
    await screenshot(agent2, 'iconmenu-agent');
    await agent2.context().close();
    await admin.context().close();
  },
);
