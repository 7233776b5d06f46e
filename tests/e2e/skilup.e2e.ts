// The skill-up area in Chromium (spec 002 sections 2.2–2.4): an agent watches a video and marks
// it watched, narrows the hub to unwatched videos, opens a playbook chapter and its video modal,
// applies to an event and cancels it (and applies again), and after the event's date finds it in
// the attendance history; a provider administrator finds their own application in the history by
// switching the business date. Screenshots go to test-results/screens.
import t from 'tap';
import type { Page } from 'playwright-core';
import { addDays } from '../../seeds/seed-utils';
import { formatMessage } from '../../schemas/messages/format';
import { tokyoDate } from '../../api/clock';
import { expectNoA11yViolations } from './a11y';
import { answerDialog, dismissAllPopups, newPage, screenshot, signIn, tokyoMorning, useE2e } from './harness';

const e2e = useE2e(t, { portal: { operatingHours: 'always' } });

const OPEN_EVENT = '新商品説明会（東京会場）のご案内（第1回）';
const CLOSED_EVENT = '新商品説明会（広島会場）のご案内（第7回）';
const FIRST_VIDEO = '新人営業研修 第1回「オフィス用品業界の基礎知識」';

async function okAlert(page: Page, text: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(text).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

async function openEvent(page: Page, title: string) {
  await page.goto(`${e2e.portal.url}/skilup-event-list`);
  await page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: title }).locator('a').first().click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

t.test('an agent: hub, watched mark, unwatched narrowing, playbook, events', async (t) => {
  const browser = await e2e.browser();
  const page = await newPage(browser);
  await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(page);

  // The hub: new videos, phases, thumbnails taken at 1 s by the browser.
  await page.goto(`${e2e.portal.url}/skilup-video-list`);
  await page.getByRole('heading', { name: '新着動画' }).waitFor();
  await page.getByRole('heading', { name: /STEP1 新人基礎/ }).waitFor();
  await t.resolves(
    page.locator('img[data-frame-at="1"]').first().waitFor({ timeout: 20_000 }),
    'a video frame at 1 s is drawn as the thumbnail',
  );
  t.equal(
    await page.getByRole('list', { name: '新着動画' }).getByRole('listitem').count(),
    4,
    'newVideoListDispNum from the server',
  );
  t.equal(
    await page.getByRole('list', { name: 'STEP2 商品知識' }).getByRole('listitem').count(),
    3,
    'videoListDispNum per phase',
  );
  await page.getByRole('button', { name: /STEP2 商品知識.*もっと見る/ }).click();
  t.ok((await page.getByRole('list', { name: 'STEP2 商品知識' }).getByRole('listitem').count()) > 3, 'a phase expands');
  t.equal(await page.locator('a[aria-label$="を編集"]').count(), 0, 'no edit icons for an agent');
  await screenshot(page, 'skilup-hub');
  await expectNoA11yViolations(t, page, 'hub');

  // Watch a video and mark it watched on its detail page.
  await page.getByRole('list', { name: 'STEP1 新人基礎' }).getByRole('link', { name: /第1回/ }).click();
  await page.getByRole('heading', { level: 1, name: FIRST_VIDEO }).waitFor();
  const video = page.locator('video').first();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await page.waitForTimeout(800);
  t.ok(await video.evaluate((v: HTMLVideoElement) => v.currentTime > 0), 'the video plays');
  await page.getByLabel('視聴完了').check();
  await page.getByText('視聴済みとして記録されています').waitFor();

  await page.goto(`${e2e.portal.url}/skilup-video-list`);
  const firstCard = page
    .getByRole('list', { name: 'STEP1 新人基礎' })
    .getByRole('listitem')
    .filter({ hasText: '第1回' });
  await t.resolves(firstCard.getByText('視聴済み').waitFor(), 'the hub shows the watched mark');

  // Narrow to unwatched videos: the watched one is gone; results page by 10.
  const panel = page.getByRole('complementary', { name: '検索・バナー' });
  await page.getByLabel('未視聴のみ').check();
  await panel.getByRole('button', { name: '検索', exact: true }).click();
  await page.getByRole('heading', { name: /検索結果/ }).waitFor();
  t.equal(
    await page.getByRole('list', { name: '検索結果' }).getByText(FIRST_VIDEO).count(),
    0,
    'the watched video is not among unwatched ones',
  );
  t.equal(await page.getByRole('list', { name: '検索結果' }).getByRole('listitem').count(), 10, '10 per page');
  await page.getByText(/全\d+件中 1〜10件を表示/).waitFor();
  await screenshot(page, 'skilup-unwatched');
  await panel.getByLabel('キーワード').fill('研');
  await panel.getByRole('button', { name: '検索', exact: true }).click();
  await okAlert(page, formatMessage('ERR_0028', ['キーワード', '2']));
  await page.getByRole('button', { name: '初期表示に戻る' }).click();
  await page.getByRole('heading', { name: '新着動画' }).waitFor();
  t.notOk(await panel.getByLabel('未視聴のみ').isChecked(), 'back to the initial view clears the flags');
  t.equal(await panel.getByLabel('キーワード').inputValue(), '', 'and the keyword');

  // The playbook: pick a chapter, open its video modal, mark it watched (saved).
  await page.goto(`${e2e.portal.url}/skilup-toranomaki`);
  await page.getByRole('button', { name: /第2章/ }).click();
  await page.getByRole('heading', { level: 2, name: '見積は3案で出す' }).waitFor();
  t.equal(
    await page.getByRole('button', { name: /第2章/ }).getAttribute('aria-pressed'),
    'true',
    'the chapter is active',
  );
  await page.getByRole('button', { name: '動画を見る' }).click();
  const modal = page.getByRole('dialog', { name: /第2章/ });
  await t.resolves(modal.locator('video').waitFor(), 'the video modal plays the linked training video');
  await screenshot(page, 'playbook-modal');
  await modal.getByRole('button', { name: '閉じる' }).last().click();
  await page.getByLabel('視聴完了').check();
  await page.getByRole('button', { name: /第2章/ }).getByText('視聴済み').waitFor();
  await page.reload();
  await page.getByRole('button', { name: /第2章/ }).getByText('視聴済み').waitFor();
  t.pass('the chapter stays watched after a reload');
  await screenshot(page, 'playbook');
  await expectNoA11yViolations(t, page, 'playbook');

  // Events: apply, cancel, apply again; the modals and the mail.
  await openEvent(page, OPEN_EVENT);
  await page.getByText(/\d{4}\.\d{2}\.\d{2}（[日月火水木金土]） 14:00〜16:00/).waitFor();
  await expectNoA11yViolations(t, page, 'event detail');
  const mails = e2e.portal.smtp.mails.length;
  await page.getByRole('button', { name: 'お申し込み', exact: true }).click();
  const applied = page.getByRole('dialog', { name: 'イベントのお申し込みを受付ました' });
  await applied.getByText('イベントのお申し込みを受付しました。').waitFor();
  await screenshot(page, 'event-applied');
  await applied.getByRole('button', { name: '閉じる' }).last().click();
  await page.getByText('お申し込み済みです。').waitFor();
  t.equal(e2e.portal.smtp.mails.length, mails + 1, 'a confirmation mail');
  t.match(
    e2e.portal.smtp.latestTo('demo-agent@portal.example.jp')?.text,
    new RegExp(`イベント：${OPEN_EVENT.replace(/[()（）]/g, '.')}`),
  );
  // The cancellation asks first (issue 22): declined, nothing changes.
  const question = formatMessage('CNF_0001', ['イベントのお申し込み', 'キャンセル']);
  await page.getByRole('button', { name: 'お申し込みをキャンセル' }).click();
  await screenshot(page, 'event-cancel-question');
  await answerDialog(page, question, 'キャンセル');
  t.ok(await page.getByText('お申し込み済みです。').isVisible(), 'declined: still applied');
  await page.getByRole('button', { name: 'お申し込みをキャンセル' }).click();
  await answerDialog(page, question, 'OK');
  const cancelled = page.getByRole('dialog', { name: 'イベントのお申し込みをキャンセルしました' });
  await cancelled.getByText('イベントのお申し込みをキャンセルしました。').waitFor();
  await cancelled.getByRole('button', { name: '閉じる' }).last().click();
  await page.getByRole('button', { name: 'お申し込み', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'イベントのお申し込みを受付ました' })
    .getByRole('button', { name: '閉じる' })
    .last()
    .click();
  await page.getByText('お申し込み済みです。').waitFor();

  await page.goto(`${e2e.portal.url}/skilup-event-list`);
  await t.resolves(
    page.getByRole('list', { name: 'お申し込み済みのイベント' }).getByText(OPEN_EVENT).waitFor(),
    'listed among applied events',
  );
  await screenshot(page, 'event-list');
  await expectNoA11yViolations(t, page, 'event list');

  await openEvent(page, CLOSED_EVENT);
  await t.resolves(page.getByText('お申し込み受付を終了いたしました。').waitFor(), 'a closed event says so');
  t.equal(await page.getByRole('button', { name: 'お申し込み', exact: true }).count(), 0);
  await page.context().close();
});

t.test('another agent never sees that application', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-agent2', 'Agent2#Demo2026');
  await dismissAllPopups(page);
  await page.goto(`${e2e.portal.url}/skilup-event-list`);
  await page.getByRole('heading', { name: /お申し込み済みのイベント/ }).waitFor();
  t.equal(await page.getByRole('list', { name: 'お申し込み済みのイベント' }).getByText(OPEN_EVENT).count(), 0);
  await page.context().close();
});

t.test('after the event date: the agent finds it in the attendance history', async (t) => {
  const eventDay = addDays(tokyoDate(tokyoMorning()), 7);
  e2e.portal.clock.set(new Date(`${addDays(eventDay, 1)}T10:00:00+09:00`));
  t.teardown(() => e2e.portal.clock.set(tokyoMorning()));
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-agent', 'Agent#Demo20261');
  await dismissAllPopups(page);
  await page.goto(`${e2e.portal.url}/skilup-event-list`);
  await page.getByRole('tab', { name: /参加履歴/ }).click();
  await t.resolves(page.getByRole('tabpanel').getByText(OPEN_EVENT).waitFor(), 'held: in the history');
  await screenshot(page, 'event-history');
  await page.getByRole('tab', { name: /イベント一覧/ }).click();
  t.equal(await page.getByRole('tabpanel').getByText(OPEN_EVENT).count(), 0, 'no longer in the event list');
  await page.context().close();
});

t.test('a provider administrator checks the history by switching the business date', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(e2e.portal, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
  await openEvent(page, OPEN_EVENT);
  t.ok(
    await page
      .getByRole('link', { name: 'コピーして新規' })
      .getAttribute('href')
      .then((h) => /\/event-touroku\?categoryId=7&contentsId=\d+&editMode=2/.test(h ?? '')),
    'copy as new',
  );
  t.ok(
    await page
      .getByRole('link', { name: '編集' })
      .getAttribute('href')
      .then((h) => /\/event-touroku\?categoryId=7&contentsId=\d+&editMode=1/.test(h ?? '')),
    'edit',
  );
  await page.getByRole('button', { name: 'お申し込み', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'イベントのお申し込みを受付ました' })
    .getByRole('button', { name: '閉じる' })
    .last()
    .click();
  await page.getByText('お申し込み済みです。').waitFor();

  // Preview: no header, footer or breadcrumb.
  await page.goto(`${page.url()}?isPreview=true`);
  await page.getByRole('heading', { level: 1, name: OPEN_EVENT }).waitFor();
  t.equal(await page.getByRole('button', { name: 'ログアウト' }).count(), 0, 'no global header in the preview');
  t.equal(await page.getByRole('contentinfo').count(), 0, 'no footer');
  t.equal(await page.getByRole('navigation', { name: /パンくず/ }).count(), 0, 'no breadcrumb');
  await screenshot(page, 'event-preview');

  const after = addDays(addDays(tokyoDate(tokyoMorning()), 7), 1);
  await page.goto(`${e2e.portal.url}/kanrisya-top`);
  await page.getByRole('textbox', { name: '業務日付' }).fill(after);
  // The switch reloads the page once the server has recorded it: wait for that reload.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: '切替' }).click();
  await reloaded;
  await page.goto(`${e2e.portal.url}/skilup-event-list`);
  await page.getByRole('tab', { name: /参加履歴/ }).click();
  await t.resolves(
    page.getByRole('tabpanel').getByText(OPEN_EVENT).waitFor(),
    'in the history on the business date after the event',
  );
  t.ok((await page.locator('a[aria-label$="を編集"]').count()) > 0, 'edit icons for a provider administrator');
  await page.context().close();
});
