// The definition playground (npm run dev only) in Chromium: the portal with DEV_MODE behind vite's
// dev server, as `npm run dev` runs them. A provider administrator opens the user registration's
// definition, sees its sample values and rules, empties 会社名 and sees the required rule fire
// with the catalogue's text — and no save call is made. The built bundle (npm run build) holds
// neither the playground nor its calls.
import fs from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { createServer, type ViteDevServer } from 'vite';
import { formatMessage } from '../../schemas/messages/format';
import { nth } from '../helpers/indexing';
import { dismissAllPopups, launchBrowser, newPage, type Portal, screenshot, signIn, startPortal } from './harness';

let portal: Portal;
let vite: ViteDevServer;
let viteUrl: string;
const browserPromise = launchBrowser();

t.before(async () => {
  portal = await startPortal({ env: { DEV_MODE: 'true' } });
  const api = new URL(portal.url).origin;
  vite = await createServer({
    configFile: path.resolve('renderer/vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    server: { port: 0, host: '127.0.0.1', proxy: { '/api': api } },
  });
  await vite.listen();
  viteUrl = `${nth(vite.resolvedUrls!.local, 0).replace(/\/$/, '')}`;
});
t.teardown(async () => {
  await (await browserPromise).close();
  await vite.close();
  await portal.close();
});

t.test('the playground draws a definition on sample values and runs its rules as one types', async (t) => {
  const page = await newPage(await browserPromise);
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/AgUser\//.test(r.url())) saves.push(r.url());
  });
  await signIn({ url: viteUrl, smtp: portal.smtp }, page, 'demo-provider', 'Provider#Demo2026');
  await dismissAllPopups(page);
  await page.goto(`${viteUrl}/dev/definitions?kind=forms&id=ag-user`);
  await page.getByRole('heading', { name: '定義プレイグラウンド' }).waitFor({ timeout: 60_000 });

  const companyName = page.locator('#playground__kaisyaName');
  await t.resolves(companyName.waitFor(), 'the form is drawn by the generic renderer');
  t.equal(await companyName.inputValue(), 'サンプル', 'filled with a sample value');
  await t.resolves(page.getByText('サンプルです。保存されず').waitFor(), 'labelled as sample values');
  await t.resolves(page.getByText('問題はありません。').waitFor(), 'the schema check of the file');
  t.match(await page.getByLabel('定義のJSON').textContent(), /"id": "ag-user"/, 'the JSON beside it');

  const required = formatMessage('ERR_0001', ['会社名']);
  const row = page.locator('tr[data-rule]').filter({ hasText: 'ERR_0001' }).filter({ hasText: required });
  t.equal(await row.getAttribute('data-fired'), 'false', 'the required rule of 会社名 is listed and quiet');

  await companyName.fill('');
  await t.resolves(
    page.getByTestId('form-errors').getByText(required).waitFor(),
    'typing runs the rules: the message shows',
  );
  t.equal(await row.getAttribute('data-fired'), 'true', 'the rule table marks it as firing');
  await screenshot(page, 'playground-ag-user');

  await companyName.fill('株式会社さくら文具');
  await t.resolves(
    page.getByTestId('form-errors').getByText(required).waitFor({ state: 'detached' }),
    'corrected: the message goes',
  );
  t.same(saves, [], 'no save call');
  await page.context().close();
});

t.test('the built screens have no playground', async (t) => {
  const assets = path.resolve('dist/renderer/assets');
  const files = (await fs.readdir(assets)).filter((f) => f.endsWith('.js'));
  t.ok(files.length > 0, 'npm run build made the bundle');
  const offenders: string[] = [];
  for (const f of files) {
    const text = await fs.readFile(path.join(assets, f), 'utf8');
    // The playground's calls and its screen name (the route is dropped with its code).
    if (text.includes('/api/dev/definitions') || text.includes('定義プレイグラウンド')) offenders.push(f);
  }
  t.same(offenders, [], 'no file of the bundle has the playground');
});
