// Fidelity at 1366 px (issue 22, items 6, 7 and part of 12), clicked through in Chromium: the live
// global navigation saved as it is, the icon menu and request-management tables within their
// cards, request forms in preview, the login popup registration without console errors, the
// incentive import's file picker and the sticky header's text uncut.
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { answerDialog, dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';
import { nth } from '../helpers/indexing';

const e2e = useE2e(t);

let providerPage: Page | undefined;
/** One signed-in provider administrator for the admin screens (sign-in mails a code each time). */
async function provider(): Promise<Page> {
  if (providerPage) return providerPage;
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
  providerPage = page;
  return page;
}

t.test('item 6: an administrator saves the live 標準グローバルナビ unchanged', async (t) => {
  const admin = await provider();
  const { kanri_id } = await e2e.portal.db
    .selectFrom('global_navi_settings')
    .select('kanri_id')
    .where('setting_name', '=', '標準グローバルナビ')
    .executeTakeFirstOrThrow();
  await admin.goto(`${e2e.portal.url}/glovalnavi-kanri?glovalNaviKanriId=${kanri_id}`);
  await admin.getByRole('heading', { name: 'グローバルナビ編集' }).waitFor();
  await admin.locator('#f-glovalnavi-kanri__nowSettingList__0__dispName').waitFor();
  await admin.getByRole('button', { name: '更新', exact: true }).click();
  await answerDialog(admin, formatMessage('CNF_0001', ['グローバルナビ', '更新']));
  await answerDialog(admin, formatMessage('INF_0001', ['グローバルナビ', '更新']));
  t.equal((await admin.getByTestId('form-errors').allTextContents()).join('').trim(), '', 'no message on the form');
  await screenshot(admin, 'fidelity-glovalnavi-saved');
});

/** How a table sits in its scrolling box: widths, the first rows' heights, inputs whose text is cut. */
async function tableFit(page: Page, table: string) {
  return page
    .locator(table)
    .first()
    .evaluate((el) => {
      const box = el.parentElement!;
      const cut = [
        ...el.querySelectorAll<HTMLInputElement | HTMLSelectElement>('tbody input.input, tbody select.input'),
      ]
        .filter((i) => {
          if (i instanceof HTMLSelectElement) {
            // A select shows its chosen option: measured as text in the select's font.
            const probe = document.createElement('span');
            probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(i).font}`;
            probe.textContent = i.selectedOptions[0]?.text ?? '';
            document.body.append(probe);
            const needed = probe.getBoundingClientRect().width + 40; // the arrow and padding
            probe.remove();
            return needed > i.clientWidth;
          }
          return i.scrollWidth > i.clientWidth + 1;
        })
        .map((i) => i.id);
      return {
        tableWidth: el.scrollWidth,
        boxWidth: box.clientWidth,
        rowHeights: [...el.querySelectorAll('tbody tr')]
          .slice(0, 3)
          .map((r) => Math.round(r.getBoundingClientRect().height)),
        cut,
      };
    });
}

t.test('item 12: the icon menu rows are 120 px, every column within the card, inputs uncut', async (t) => {
  const admin = await provider();
  await admin.goto(`${e2e.portal.url}/iconmenu-kanri?iconMenuKanriId=1`);
  await admin.locator('#f-iconmenu-kanri__nowSettingList__0__iconMenuName').waitFor();
  await admin.locator('main form table img').first().waitFor();
  const fit = await tableFit(admin, 'main form table[aria-label="現在の設定"]');
  t.ok(
    fit.tableWidth <= fit.boxWidth,
    `the table (${fit.tableWidth} px) fits its card (${fit.boxWidth} px): 表示順 and 別タブ without a scroll`,
  );
  t.same(fit.rowHeights, [120, 120, 120], 'rows as the spec draws them');
  t.same(fit.cut, [], 'no input cuts its text');
  await screenshot(admin, 'fidelity-iconmenu');
});

t.test(
  "item 12: the receiver's request list stays within its card at 1366 px (最終更新日時 without a scroll)",
  async (t) => {
    const staff = await newPage(await e2e.browser());
    await signIn(e2e.portal, staff, 'demo-staff', 'Staff#Demo202611');
    await dismissAllPopups(staff);
    await staff.goto(`${e2e.portal.url}/shinsei-kanri-provider`);
    await staff.locator('main').getByRole('button', { name: '検索', exact: true }).click();
    await staff.locator('main table tbody tr').first().waitFor();
    const fit = await tableFit(staff, 'main table');
    t.ok(fit.tableWidth <= fit.boxWidth, `the table (${fit.tableWidth} px) fits its card (${fit.boxWidth} px)`);
    const last = staff.locator('main table thead th').last();
    t.match(await last.innerText(), /最終更新日時/, 'the last column');
    const box = await staff
      .locator('main table')
      .first()
      .evaluate((el) => el.parentElement!.getBoundingClientRect().right);
    t.ok((await last.boundingBox())!.x + (await last.boundingBox())!.width <= box + 0.5, '最終更新日時 is in view');
    await staff.locator('main table').first().scrollIntoViewIfNeeded();
    await screenshot(staff, 'fidelity-shinsei-kanri-provider');
    await staff.context().close();
  },
);

/** Texts the sticky header copy cuts: the company name, the category box, the search placeholder. */
async function compactHeaderCuts(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 900));
  const copy = page.getByRole('navigation', { name: 'グローバルナビゲーション（固定ヘッダー）' });
  await copy.waitFor();
  return copy.evaluate((nav) => {
    const bar = nav.closest('div[class]')!.parentElement!;
    // Text widths measured in the element's font (no named helper: the page runs this as is).
    const probe = document.createElement('span');
    document.body.append(probe);
    const cuts: string[] = [];
    const name = bar.querySelector<HTMLElement>('dl dd[title]');
    if (!name || name.scrollWidth > name.clientWidth) cuts.push(`company name ${name?.textContent}`);
    const select = bar.querySelector('select') as HTMLSelectElement;
    const selectStyle = getComputedStyle(select);
    const selectRoom =
      select.clientWidth - parseFloat(selectStyle.paddingLeft) - parseFloat(selectStyle.paddingRight) - 20; // the arrow
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${selectStyle.font}`;
    probe.textContent = select.selectedOptions[0]?.text ?? '';
    if (probe.getBoundingClientRect().width > selectRoom)
      cuts.push(`category ${select.selectedOptions[0]?.text ?? ''}`);
    const input = bar.querySelector('input[type="search"], input[placeholder]') as HTMLInputElement;
    const inputStyle = getComputedStyle(input);
    const inputRoom = input.clientWidth - parseFloat(inputStyle.paddingLeft) - parseFloat(inputStyle.paddingRight);
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${inputStyle.font}`;
    probe.textContent = input.placeholder;
    if (probe.getBoundingClientRect().width > inputRoom) cuts.push(`placeholder ${input.placeholder}`);
    probe.remove();
    const barBox = bar.getBoundingClientRect();
    for (const el of bar.querySelectorAll('a, button, select, input')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > barBox.right + 0.5 || r.left < barBox.left - 0.5))
        cuts.push(`outside the bar: ${el.textContent || el.getAttribute('aria-label')}`);
    }
    return cuts;
  });
}

t.test(
  'item 12: the sticky header shows the company name, the category box and the search placeholder whole at 1366 px',
  async (t) => {
    const admin = await provider();
    await admin.goto(`${e2e.portal.url}/shinsei-kanri-provider`);
    await admin.locator('main h1').waitFor();
    await admin.setViewportSize({ width: 1366, height: 500 });
    await admin.evaluate(() => {
      document.body.style.minHeight = '3000px';
    });
    t.same(await compactHeaderCuts(admin), [], 'provider administrator (オフィスサプライ株式会社)');
    await screenshot(admin, 'fidelity-sticky-header-provider');
    await admin.setViewportSize({ width: 1366, height: 768 });

    const agent = await newPage(await e2e.browser());
    await signIn(e2e.portal, agent, 'demo-agent', 'Agent#Demo20261');
    await dismissAllPopups(agent);
    t.same(await compactHeaderCuts(agent), [], 'agent (株式会社さくら文具)');
    await screenshot(agent, 'fidelity-sticky-header-agent');
    await agent.context().close();
  },
);

t.test('item 12: /login-popup-reg loads without console errors and spaces its check-pattern radios', async (t) => {
  const admin = await provider();
  const errors: string[] = [];
  const listen = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error') errors.push(m.text().slice(0, 120));
  };
  admin.on('console', listen);
  await admin.goto(`${e2e.portal.url}/login-popup-list`);
  await admin.locator('main table').waitFor();
  await admin.getByRole('button', { name: '新規登録' }).click();
  const group = admin.getByRole('radiogroup').filter({ has: admin.getByRole('radio', { name: '次回から表示しない' }) });
  await group.waitFor();
  t.ok(await admin.getByRole('radio', { name: '次回から表示しない' }).isChecked(), 'the default pattern is chosen');
  const boxes = await group.locator('label').evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect()));
  const first = nth(boxes, 0);
  const second = nth(boxes, 1);
  t.ok(second.left - first.right >= 16, `the options stand apart (${Math.round(second.left - first.right)} px)`);
  const radio = await group
    .locator('input[type="radio"]')
    .first()
    .evaluate((r) => {
      const text = r.nextElementSibling!.getBoundingClientRect();
      return text.left - r.getBoundingClientRect().right;
    });
  t.ok(radio >= 4, `each button apart from its text (${Math.round(radio)} px)`);
  await group.scrollIntoViewIfNeeded();
  await screenshot(admin, 'fidelity-login-popup-reg');
  admin.off('console', listen);
  t.same(
    errors.filter((e) => /schema/i.test(e)),
    [],
    'no 「Error compiling schema」',
  );
  t.same(errors, [], 'no console error at all');
});

t.test(
  'item 12: an upload cut by the network says it waits, then finishes; an empty attachment is refused',
  async (t) => {
    const agent = await newPage(await e2e.browser());
    await signIn(e2e.portal, agent, 'demo-agent', 'Agent#Demo20261');
    await dismissAllPopups(agent);
    await agent.goto(`${e2e.portal.url}/shinseiform-ag`);
    const picker = agent.locator('#f-shinseiform-ag__appTempFileList');
    await picker.waitFor({ state: 'attached' });

    // Every PATCH fails as a dropped connection would, until the message is seen.
    const cut = (route: { abort(reason: string): Promise<void> }) => route.abort('internetdisconnected');
    const uploadUrl = (url: URL) => url.pathname.startsWith('/api/files/');
    await agent.route(uploadUrl, async (route) =>
      route.request().method() === 'PATCH' ? cut(route) : route.continue(),
    );
    await picker.setInputFiles({
      name: '見積依頼メモ.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('コピー用紙 A4 20箱の見積をお願いします。\n'.repeat(50)),
    });
    const waiting = agent.getByRole('status').filter({ hasText: formatMessage('INF_0002') });
    await t.resolves(waiting.waitFor({ timeout: 20_000 }), 'the upload says it waits for the network');
    await screenshot(agent, 'fidelity-upload-waiting');
    await agent.unroute(uploadUrl);
    await agent.locator('main').getByText('見積依頼メモ.txt').first().waitFor({ timeout: 30_000 });
    await agent.getByRole('button', { name: '見積依頼メモ.txt を削除' }).waitFor({ timeout: 30_000 });
    t.equal(await waiting.count(), 0, 'and finishes when the network is back');

    await picker.setInputFiles({ name: '空のファイル.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
    await t.resolves(
      agent.locator('main').getByText(formatMessage('ERR_0011')).first().waitFor({ timeout: 20_000 }),
      "an empty file: the catalogue's empty-file message",
    );
    t.equal(await agent.getByRole('button', { name: '空のファイル.txt を削除' }).count(), 0, 'and it is not listed');
    await agent.context().close();
  },
);

t.test('item 12: a request form in preview: read-only text areas, no ファイルを追加, dates yyyy/MM/dd', async (t) => {
  const agent = await newPage(await e2e.browser());
  await signIn(e2e.portal, agent, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(agent);
  const app = await e2e.portal.db
    .selectFrom('applications')
    .select(['app_no', 'wish_date'])
    .where('ag_code', '=', 'A0000001')
    .where('status_kbn', '=', '20')
    .where('wish_date', 'is not', null)
    .orderBy('app_no')
    .executeTakeFirstOrThrow();
  await agent.goto(`${e2e.portal.url}/shinseiform-ag/appNo/${app.app_no}?preview=1`);
  await agent.getByRole('button', { name: '編集する' }).waitFor();
  const memo = agent.locator('#f-shinseiform-ag__appMemo');
  const title = agent.locator('#f-shinseiform-ag__appTitle');
  const look = (el: Element) => ({
    background: getComputedStyle(el).backgroundColor,
    resize: getComputedStyle(el).resize,
  });
  t.equal(
    (await memo.evaluate(look)).background,
    (await title.evaluate(look)).background,
    'the text area is greyed like the other fields',
  );
  t.equal((await memo.evaluate(look)).resize, 'none', 'and cannot be resized');
  t.equal(await agent.getByRole('button', { name: 'ファイルを追加' }).count(), 0, 'no ファイルを追加');
  const wish = String(app.wish_date).replaceAll('-', '/');
  t.equal(
    await agent.locator('#f-shinseiform-ag__wishDate').inputValue(),
    wish,
    `the date as the list shows it (${wish})`,
  );
  await screenshot(agent, 'fidelity-shinseiform-preview');
  await agent.context().close();
});
