// Sign-in, one-time code, header, logout, wrong password, password reset and the operating
// hours, clicked through in Chromium as a user would.
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatMessage } from '../../schemas/messages/format';
import { oneTimeCodeIn, resetTokenIn } from '../helpers/smtp-capture';
import { dismissAllPopups, newPage, screenshot, useE2e } from './harness';

const e2e = useE2e(t);

async function signIn(page: Page, loginId: string, password: string, shots = false) {
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  if (shots) await screenshot(page, 'login');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL(/\/login-otp/);
  const code = oneTimeCodeIn(e2e.portal.smtp.latestTo(`${loginId}@portal.example.jp`));
  await page.getByLabel('セキュリティコード').fill(code);
  if (shots) await screenshot(page, 'login-otp');
  await page.getByRole('button', { name: '認証' }).click();
}

t.test('an agent signs in with the mailed code, sees the header and navigation, and logs out', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(page, 'demo-agent', 'Agent#Demo20261', true);
  await page.waitForURL(/\/portal-top$/);
  await dismissAllPopups(page);
  const header = page.getByRole('banner').first();
  await t.resolves(header.getByText('A0000001').first().waitFor(), 'agent code in the header');
  await t.resolves(header.getByText('株式会社さくら文具').first().waitFor(), 'agent name in the header');
  const nav = page.getByRole('navigation').first();
  await t.resolves(nav.getByText('お知らせ').first().waitFor(), 'navigation item');
  await nav
    .getByRole('button', { name: /営業支援/ })
    .first()
    .click();
  await t.resolves(page.getByRole('link', { name: 'FAQ' }).first().waitFor(), 'child item in the dropdown');
  await screenshot(page, 'portal-header');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'ログアウト' }).first().click();
  const dialog = page.getByRole('alertdialog');
  await t.resolves(dialog.getByText(formatMessage('CNF_0006')).waitFor(), 'logout asks CNF_0006');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(/\/logout$/);

  // The revoked session no longer opens a guarded page.
  await page.goto(`${e2e.portal.url}/portal-top`);
  await page.waitForURL(/\/login\?redirect=/);
  t.pass('guarded page after logout goes to the sign-in page');
  await page.context().close();
});

t.test('a remembered browser signs in without a code and honours only in-app redirects', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(page, 'demo-agent2', 'Agent2#Demo2026');
  await page.waitForURL(/\/portal-top$/);
  await dismissAllPopups(page);
  await page.getByRole('button', { name: 'ログアウト' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(/\/logout$/);

  await page.goto(`${e2e.portal.url}/login?redirect=${encodeURIComponent('//evil.example.com/x')}`);
  await page.getByLabel('ログインID').fill('demo-agent2');
  await page.getByLabel('パスワード', { exact: true }).fill('Agent2#Demo2026');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL(/\/portal-top$/);
  t.equal(new URL(page.url()).host, new URL(e2e.portal.url).host, 'protocol-relative redirect ignored');

  await page.goto(`${e2e.portal.url}/login?redirect=${encodeURIComponent('/news')}`);
  await page.getByLabel('ログインID').fill('demo-agent2');
  await page.getByLabel('パスワード', { exact: true }).fill('Agent2#Demo2026');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL(/\/news$/);
  t.pass('in-app redirect honoured');
  await page.context().close();
});

t.test('a wrong password shows ERR_USER002 and keeps what was typed', async (t) => {
  const page = await newPage(await e2e.browser());
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await t.resolves(
    page
      .getByText(formatMessage('ERR_0001', ['ログインID']))
      .first()
      .waitFor(),
    'empty submit: ERR_0001',
  );
  await page.getByLabel('ログインID').fill('demo-agent');
  await page.getByLabel('パスワード', { exact: true }).fill('Wrong#Password1');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await t.resolves(page.getByText(formatMessage('ERR_USER002')).first().waitFor(), 'ERR_USER002 shown');
  t.equal(await page.getByLabel('ログインID').inputValue(), 'demo-agent', 'login id kept');
  await screenshot(page, 'login-error');
  await page.context().close();
});

t.test('password reset by mail, end to end', async (t) => {
  const page = await newPage(await e2e.browser());
  await page.goto(`${e2e.portal.url}/login`);
  await page.getByRole('link', { name: /パスワードをお忘れ/ }).click();
  await page.waitForURL(/\/password-reset$/);
  await page.getByLabel('代理店コード').fill('A0000001');
  await page.getByLabel('メールアドレス').fill('demo-agadmin@portal.example.jp');
  await screenshot(page, 'password-reset');
  await page.getByRole('button', { name: '送信' }).click();
  await t.resolves(
    page
      .getByText(/メールを送信しました/)
      .first()
      .waitFor(),
    'sent confirmation',
  );

  const token = resetTokenIn(e2e.portal.smtp.latestTo('demo-agadmin@portal.example.jp'));
  await page.goto(`${e2e.portal.url}/password-update/token/${token}`);
  await page.getByLabel('ログインID').waitFor();
  t.equal(await page.getByLabel('ログインID').inputValue(), 'demo-agadmin', 'login id shown read-only');
  t.ok((await page.getByLabel('ログインID').getAttribute('readonly')) !== null, 'login id is read-only');
  await page.getByLabel('新しいパスワード', { exact: true }).fill('short');
  await page.getByLabel('新しいパスワード（確認）').fill('short');
  await page.getByRole('button', { name: '変更' }).click();
  await t.resolves(page.getByText(formatMessage('ERR_0019')).first().waitFor(), 'ERR_0019 for a short password');
  await page.getByLabel('新しいパスワード', { exact: true }).fill('Changed#Pass2026');
  await page.getByLabel('新しいパスワード（確認）').fill('Changed#Pass2026');
  await screenshot(page, 'password-update');
  await page.getByRole('button', { name: '変更' }).click();
  await t.resolves(
    page
      .getByText(/変更しました|完了/)
      .first()
      .waitFor(),
    'completion message',
  );

  // The link is single use.
  await page.goto(`${e2e.portal.url}/password-update/token/${token}`);
  await t.resolves(page.getByText(formatMessage('ERR_USER005')).first().waitFor(), 'used link shows ERR_USER005');

  await signIn(page, 'demo-agadmin', 'Changed#Pass2026');
  await page.waitForURL(/\/portal-top$/);
  t.pass('signed in with the new password');
  await page.context().close();
});

t.test('outside operating hours a guarded page lands on /out-of-operation', async (t) => {
  const page = await newPage(await e2e.browser());
  await signIn(page, 'demo-provider', 'Provider#Demo2026');
  await page.waitForURL(/\/portal-top$/);
  const now = e2e.portal.clock.now();
  e2e.portal.clock.set(new Date(now.getTime() + 12 * 3600_000)); // 22:00 Tokyo
  try {
    await page.goto(`${e2e.portal.url}/news`);
    await page.waitForURL(/\/out-of-operation$/);
    await t.resolves(
      page
        .getByText(/8:00|08:00/)
        .first()
        .waitFor(),
      'the hours are shown',
    );
    await screenshot(page, 'out-of-operation');
  } finally {
    e2e.portal.clock.set(now);
  }
  await page.context().close();
});
