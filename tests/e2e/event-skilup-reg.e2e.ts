// The event and skill-up registration forms in Chromium (spec 001 "Event registration", spec 002
// section 2.5): the browser half of their behaviour — the event date copied to the entry deadline,
// ERR_0035 for an event date that is not after the server date, CNF_0008 / CNF_0007 when the
// event has applicants (checkEventApplied), the phases of the chosen skill-up name, the record at
// the top of the save body. The form definitions come from the real API; the /api/EventReg/* and
// /api/SkilupReg/* calls are answered here in the spec's shapes, and every body the form sends
// is kept and checked.
import t from 'tap';
import type { Page, Route } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { dismissAllPopups, launchBrowser, newPage, screenshot, signIn, startPortal, type Portal } from './harness';

let portal: Portal;
const browserPromise = launchBrowser();

t.before(async () => {
  portal = await startPortal();
});
t.teardown(async () => {
  await (await browserPromise).close();
  await portal.close();
});

async function answer(page: Page, text: string, button: 'OK' | 'キャンセル' = 'OK') {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(text, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.getByText(text, { exact: true }).waitFor({ state: 'detached' });
}

const errorBox = (page: Page) => page.getByTestId('form-errors').first();

/** Tomorrow and today in Tokyo, yyyy-MM-dd (the portal's clock starts today at 10:00). */
function tokyoDay(offset: number): string {
  return new Date(portal.clock.now().getTime() + 9 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);
}

const tags = [
  { tagId: 1, tagName: '研修', categoryId: 7, categoryName: 'イベント', isChecked: false },
  { tagId: 2, tagName: 'セミナー', categoryId: 7, categoryName: 'イベント', isChecked: false },
];

function initialData(categoryName: string) {
  return {
    categoryName,
    subCategoryList: [{ subCategoryId: '71', subCategoryName: '商品説明会' }],
    agSegmentList: [{ agSegmentCode: '1', agSegmentName: '首都圏代理店' }],
    kensakuTagList: tags,
    keisaiKikanStart: tokyoDay(0),
    keisaiKikanEnd: '9999-12-31',
    lastUpdate: tokyoDay(0),
    defaultMailMessage: 'お申し込みありがとうございます。当日は受付でお名前をお伝えください。',
    maxFileSize: 10 * 1024 * 1024,
    thumbNailList: [],
    serverDate: tokyoDay(0),
    skilupNameList: [
      { skilupId: '1', skilupName: '提案営業の基本' },
      { skilupId: '2', skilupName: '複合機の商談' },
    ],
    phaseList: [
      { phaseId: '11', phaseName: 'フェーズ1 準備', skilupId: '1' },
      { phaseId: '12', phaseName: 'フェーズ2 提案', skilupId: '1' },
      { phaseId: '21', phaseName: 'フェーズ1 ヒアリング', skilupId: '2' },
    ],
  };
}

const savedEvent = {
  contentsId: '501',
  contentsCategoryId: '7',
  kaisaiDate: '2099-01-20T14:00',
  registrationEndDate: '2099-01-15T17:00',
  lastUpdate: '2099-01-01',
  title: '新製品説明会（東京会場）',
  subCategoryId: '71',
  hyojiTaisho: '0',
  body: '<p>新製品の説明会を開催します。</p>',
  contentsLinkList: [],
  kensakuTagList: tags.map((tag) => ({ ...tag, isChecked: tag.tagId === 1 })),
  mailMessage: 'お申し込みありがとうございます。',
};

/** Answers the calls of one area; `applied` is what checkEventApplied says. Returns the bodies sent, by call. */
async function serve(page: Page, area: 'EventReg' | 'SkilupReg', state: { applied: boolean }) {
  const sent: Record<string, Record<string, unknown>[]> = {};
  await page.route(`**/api/${area}/**`, async (route: Route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    const body = JSON.parse(route.request().postData() || '{}') as Record<string, unknown>;
    (sent[name] ??= []).push(body);
    const json: Record<string, unknown> =
      name === 'getInitialDisplayData'
        ? { initialDisplayData: initialData(area === 'EventReg' ? 'イベント' : 'スキルアップ') }
        : name === 'getContents'
          ? { contents: savedEvent }
          : name === 'checkEventApplied'
            ? { isEventApplied: state.applied }
            : name === 'RegContents'
              ? { contentsId: '502' }
              : {};
    await route.fulfill({ json });
  });
  return sent;
}

t.test('the event form: date rules, entry deadline, applicants', async (t) => {
  const page = await newPage(await browserPromise);
  await signIn(portal, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
  const state = { applied: false };
  const sent = await serve(page, 'EventReg', state);

  await page.goto(`${portal.url}/event-touroku?categoryId=7`);
  await page.getByRole('button', { name: '登録', exact: true }).waitFor();
  t.same(sent.getInitialDisplayData?.[0] && { categoryId: sent.getInitialDisplayData[0].categoryId, contentsCategoryId: sent.getInitialDisplayData[0].contentsCategoryId }, { categoryId: '7', contentsCategoryId: '7' }, 'initial data for the category of the URL');
  await t.resolves(page.getByText('イベントの掲載開始日は、登録日の翌日となります。').waitFor(), 'the note of the spec');
  t.equal(await page.locator('#f-event-reg__mailMessage').inputValue(), initialData('').defaultMailMessage, 'the default mail message');

  await page.getByRole('button', { name: '登録', exact: true }).click();
  const expected = [
    formatMessage('ERR_0001', ['開催日時']),
    formatMessage('ERR_0001', ['申込締切日時']),
    formatMessage('ERR_0001', ['タイトル']),
    formatMessage('ERR_0003', ['サブカテゴリ']),
    formatMessage('ERR_0001', ['本文']),
    formatMessage('ERR_0003', ['検索タグ']),
  ];
  await errorBox(page).getByText(expected[0]).waitFor();
  t.same((await errorBox(page).innerText()).split('\n').filter(Boolean), expected, 'every message of the event rules, one per line');
  await screenshot(page, 'event-reg-empty-submit');

  // The event date copies to the entry deadline; today is not after the server date.
  await page.locator('#f-event-reg__kaisaiDate').fill(`${tokyoDay(0)}T15:00`);
  await page.locator('#f-event-reg__kaisaiDate').blur();
  t.equal(await page.locator('#f-event-reg__registrationEndDate').inputValue(), `${tokyoDay(0)}T15:00`, 'the deadline follows the event date');
  await t.resolves(page.getByText(formatMessage('ERR_0035')).first().waitFor(), 'ERR_0035 for today');
  await page.locator('#f-event-reg__kaisaiDate').fill(`${tokyoDay(1)}T15:00`);
  await page.locator('#f-event-reg__kaisaiDate').blur();
  await t.resolves(page.getByText(formatMessage('ERR_0035')).first().waitFor({ state: 'detached' }), 'tomorrow is accepted');

  // Update of an event with applicants: CNF_0008; cancelled, nothing is saved.
  await page.goto(`${portal.url}/event-touroku?categoryId=7&contentsId=501&editMode=1`);
  await page.getByRole('heading', { name: 'イベント更新' }).waitFor();
  t.same(sent.getContents?.at(-1)?.contentsId, '501', 'getContents by the id of the URL');
  state.applied = true;
  await page.getByRole('button', { name: '更新', exact: true }).click();
  await answer(page, formatMessage('CNF_0008'), 'キャンセル');
  t.notOk(sent.UpdateContents, 'no update after cancelling CNF_0008');
  await page.getByRole('button', { name: '削除', exact: true }).click();
  await answer(page, formatMessage('CNF_0007'), 'キャンセル');
  t.notOk(sent.DeleteContents, 'no delete after cancelling CNF_0007');
  t.same(sent.checkEventApplied?.map((b) => b.contentsId), ['501', '501'], 'checkEventApplied before each');

  // Without applicants the usual confirmation, then the record at the top of the body.
  state.applied = false;
  await page.getByRole('button', { name: '更新', exact: true }).click();
  await answer(page, formatMessage('CNF_0001', ['イベント', '更新']));
  await answer(page, formatMessage('INF_0001', ['イベント', '更新']));
  const update = sent.UpdateContents?.[0] ?? {};
  t.match(update, { contentsId: '501', title: savedEvent.title, kaisaiDate: savedEvent.kaisaiDate, registrationEndDate: savedEvent.registrationEndDate, systemKbn: '01', agCode: 'P0000001' }, 'the whole record with the caller ids');
  await screenshot(page, 'event-reg-update');

  // Delete without applicants: CNF_0004, then a new form.
  await page.getByRole('button', { name: '削除', exact: true }).click();
  await answer(page, formatMessage('CNF_0004'));
  await answer(page, formatMessage('INF_0001', ['イベント', '削除']));
  await page.waitForURL(/\/event-touroku\?categoryId=7$/);
  t.same(sent.DeleteContents?.[0]?.contentsId, '501', 'DeleteContents {contentsId}');
});

t.test('the skill-up form: a skill-up name loads its phases', async (t) => {
  const page = await newPage(await browserPromise);
  await signIn(portal, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
  const sent = await serve(page, 'SkilupReg', { applied: false });
  await page.goto(`${portal.url}/skilup-touroku?categoryId=6`);
  await page.getByRole('button', { name: '登録', exact: true }).waitFor();
  t.equal(await page.getByRole('heading').first().innerText(), 'スキルアップ登録');
  const name = page.locator('#f-skilup-reg__skilupId');
  const phase = page.locator('#f-skilup-reg__phaseId');
  t.ok(await phase.isDisabled(), 'no phase before a skill-up name');
  await name.selectOption({ label: '複合機の商談' });
  t.same(await phase.locator('option').allTextContents(), ['選択してください', 'フェーズ1 ヒアリング'], 'only its phases');
  await phase.selectOption({ label: 'フェーズ1 ヒアリング' });
  await name.selectOption({ label: '提案営業の基本' });
  t.equal(await phase.inputValue(), '', 'another skill-up name clears the phase');
  t.same(await phase.locator('option').allTextContents(), ['選択してください', 'フェーズ1 準備', 'フェーズ2 提案']);
  await page.getByRole('button', { name: '登録', exact: true }).click();
  await t.resolves(errorBox(page).getByText(formatMessage('ERR_0003', ['フェーズ'])).waitFor(), 'the phase is required');
  await screenshot(page, 'skilup-reg-phases');

  // A full record reaches RegContents; CNF_0005 "no" → update mode on the created id.
  await phase.selectOption({ label: 'フェーズ2 提案' });
  await page.locator('#f-skilup-reg__subCategoryId').selectOption({ index: 1 });
  await page.locator('#f-skilup-reg__title').fill('提案書の組み立て方（動画）');
  await page.getByRole('textbox', { name: '本文' }).click();
  await page.getByRole('textbox', { name: '本文' }).pressSequentially('お客さまの課題から提案書を組み立てる手順を解説します。');
  await page.getByRole('button', { name: '検索タグを選択' }).click();
  await page.getByRole('dialog', { name: '検索タグを選択' }).getByRole('checkbox').first().check();
  await page.getByRole('dialog', { name: '検索タグを選択' }).getByRole('button', { name: '決定' }).click();
  await page.getByRole('button', { name: '登録', exact: true }).click();
  await answer(page, formatMessage('CNF_0001', ['スキルアップ', '登録']));
  await answer(page, formatMessage('INF_0001', ['スキルアップ', '登録']));
  await answer(page, formatMessage('CNF_0005'), 'キャンセル');
  await page.waitForURL(/contentsId=502&editMode=1/);
  await page.getByRole('heading', { name: 'スキルアップ更新' }).waitFor();
  t.match(sent.RegContents?.[0], { skilupId: '1', phaseId: '12', contentsCategoryId: '6', title: '提案書の組み立て方（動画）' }, 'the skill-up and phase are saved');
  t.same(sent.getContents?.at(-1), { agCode: 'P0000001', userId: sent.getContents?.at(-1)?.userId, categoryId: '6', contentsId: '502', contentsCategoryId: '6', systemKbn: '01' }, 'getContents {categoryId, contentsId, contentsCategoryId}');
});
