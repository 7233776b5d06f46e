// Issue 22 item 5: every route of renderer/app/routes.tsx opened as every role (agent, agent
// administrator, supplier staff, provider administrator), each signed in once. No visit may end on
// the unexpected-error path (ERR_SYS999, /error-page), in a blank page or with an uncaught error
// in the console; a screen that a role cannot use says ERR_0022 and one opened without the context
// it needs ERR_SYS998, each with a way back and without the 管理者モード bar of a usable admin screen.
import fs from 'node:fs';
import t from 'tap';
import type { Browser, Page, Request } from 'playwright-core';
import { tokyoDate } from '../../api/clock';
import { formatMessage } from '../../schemas/messages/format';
import { dismissAllPopups, newPage, screenshot, signIn, useE2e } from './harness';
import { present } from '../helpers/indexing';

const e2e = useE2e(t);

const ROLES = [
  { loginId: 'demo-agent', password: 'Agent#Demo20261' },
  { loginId: 'demo-agadmin', password: 'Agadmin#Demo2026' },
  { loginId: 'demo-staff', password: 'Staff#Demo202611' },
  { loginId: 'demo-provider', password: 'Provider#Demo2026' },
] as const;
type LoginId = (typeof ROLES)[number]['loginId'];

const NO_AUTHORITY = formatMessage('ERR_0022');
const NO_CONTEXT = formatMessage('ERR_SYS998');
const UNEXPECTED = formatMessage('ERR_SYS999');

/** The paths of the route table, read from its source (the browser bundle's module cannot load in Node). */
function tablePaths(): string[] {
  const source = fs.readFileSync('renderer/app/routes.tsx', 'utf8');
  return [...source.matchAll(/^\s*(?:pub|page|admin)\('([^']+)'/gm)].map((m) => present(m[1], 'a route path'));
}

/** Seeded rows for the routes with parameters: a notice and an event everyone sees, a request of A0000001 past its draft. */
async function parameterValues() {
  const today = tokyoDate(e2e.portal.clock.now());
  const db = e2e.portal.db;
  const visible = db
    .selectFrom('contents')
    .select('content_id')
    .where('display_target', '=', '0')
    .where('deleted_at', 'is', null)
    .where('keisai_start', '<=', today)
    .where('keisai_end', '>=', today)
    .orderBy('content_id');
  const notice = await visible.where('category_id', '=', 1).executeTakeFirstOrThrow();
  const event = await visible.where('category_id', '=', 7).executeTakeFirstOrThrow();
  const request = await db
    .selectFrom('applications')
    .select('app_no')
    .where('ag_code', '=', 'A0000001')
    .where('status_kbn', '=', '20')
    .orderBy('app_no')
    .executeTakeFirstOrThrow();
  const navi = await db
    .selectFrom('global_navi_settings')
    .select('kanri_id')
    .orderBy('kanri_id')
    .executeTakeFirstOrThrow();
  const icons = await db
    .selectFrom('icon_menu_settings')
    .select('kanri_id')
    .orderBy('kanri_id')
    .executeTakeFirstOrThrow();
  return {
    '/site-serch/categoryId/:categoryId': '/site-serch/categoryId/2',
    '/contents/categoryId/:categoryId/contentsId/:contentsId': `/contents/categoryId/1/contentsId/${notice.content_id}`,
    '/contents/categoryId/:categoryId/contentsId/:contentsId/ismodal/:ismodal': `/contents/categoryId/1/contentsId/${notice.content_id}/ismodal/false`,
    '/skilup-event-detail/categoryId/:categoryId/contentsId/:contentsId': `/skilup-event-detail/categoryId/7/contentsId/${event.content_id}`,
    '/shinseiform-ag/appNo/:appNo': `/shinseiform-ag/appNo/${request.app_no}`,
    '/shinseiform-provider/appNo/:appNo': `/shinseiform-provider/appNo/${request.app_no}`,
    '/preview-globalnavi/glovalNaviKanriId/:glovalNaviKanriId/detailKbn/:detailKbn': `/preview-globalnavi/glovalNaviKanriId/${navi.kanri_id}/detailKbn/01`,
    '/preview-iconmenu/iconMenuKanriId/:iconMenuKanriId/detailKbn/:detailKbn': `/preview-iconmenu/iconMenuKanriId/${icons.kanri_id}/detailKbn/01`,
    '/password-update/token/:token': '/password-update/token/not-a-token',
  } as Record<string, string>;
}

// What the walk expects where a role meets a screen it cannot use, or one without its context
// (every other visit opens the screen). A provider administrator not acting as an agent cannot use
// the agent's request screens; agents and staff cannot use the administrator screens.
const ADMIN_SCREENS = [
  '/kanrisya-top',
  '/agsegment-reg',
  '/aguser-maintenance',
  '/aguser-reg',
  '/signin-history',
  '/notification-reg',
  '/kanrisya-notification-reg',
  '/event-touroku',
  '/login-popup-list',
  '/login-popup-reg',
  '/glovalnavi-kanri-list',
  '/glovalnavi-kanri',
  '/iconmenu-kanri-list',
  '/iconmenu-kanri',
  '/banner-touroku-list',
  '/banner-touroku',
  '/event-entry-dl',
  '/customer-serch',
  '/mail-error-list',
  '/kanri-audit',
  '/kanri-insight',
  '/one-stop-gide_kanri',
  '/preview-globalnavi',
  '/preview-iconmenu',
  '/skilup-touroku',
  '/incentive-jisseki-torikomi',
];
const AGENT_ADMIN_SCREENS = ['/kanrisya-top', '/aguser-maintenance', '/aguser-reg', '/signin-history'];
const STAFF_SCREENS = ['/incentive-jisseki-torikomi'];
const APPLICANT = ['/shinsei-kanri-ag', '/shinseiform-ag'];
const RECEIVER = ['/shinsei-kanri-provider', '/shinseiform-provider'];
/** Opened without the ?categoryId= or stored handoff they need (ERR_SYS998 for those who may use them). */
const WITHOUT_CONTEXT = ['/notification-reg', '/kanrisya-notification-reg', '/skilup-touroku', '/login-popup-reg'];

/** Refusals a person looks at (test-results/screens). */
const SHOTS: Array<[LoginId, string]> = [
  ['demo-agent', '/incentive-jisseki-torikomi'],
  ['demo-provider', '/shinseiform-ag'],
  ['demo-provider', '/notification-reg'],
  ['demo-provider', '/event-entry-dl'],
];

const startsWithAny = (path: string, prefixes: readonly string[]) =>
  prefixes.some((p) => path === p || path.startsWith(`${p}/`));

function expected(role: LoginId, path: string): 'opens' | 'ERR_0022' | 'ERR_SYS998' {
  const adminScreen = startsWithAny(path, ADMIN_SCREENS);
  const refused =
    (adminScreen &&
      (role === 'demo-agent' ||
        (role === 'demo-agadmin' && !startsWithAny(path, AGENT_ADMIN_SCREENS)) ||
        (role === 'demo-staff' && !startsWithAny(path, STAFF_SCREENS)))) ||
    (startsWithAny(path, APPLICANT) && (role === 'demo-staff' || role === 'demo-provider')) ||
    (startsWithAny(path, RECEIVER) && (role === 'demo-agent' || role === 'demo-agadmin')) ||
    (startsWithAny(path, ['/incentive', '/with-incentive']) && (role === 'demo-staff' || role === 'demo-provider'));
  if (refused) return 'ERR_0022';
  return WITHOUT_CONTEXT.includes(path) ? 'ERR_SYS998' : 'opens';
}

/** Waits until the page has no request in flight and no loading indicator for a moment. */
async function settle(page: Page, inFlight: () => number): Promise<void> {
  const busy = page.locator('[role=progressbar], [role=status]:has-text("読み込み中")');
  let quietSince = 0;
  for (let i = 0; i < 300; i++) {
    const quiet = inFlight() === 0 && (await busy.count()) === 0;
    if (!quiet) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 200) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`${page.url()} did not settle (${inFlight()} requests, ${await busy.count()} indicators)`);
}

interface Visit {
  path: string;
  problems: string[];
}

async function walk(browser: Browser, role: (typeof ROLES)[number], paths: string[]): Promise<Visit[]> {
  const page = await newPage(browser);
  await signIn(e2e.portal, page, role.loginId, role.password);
  await dismissAllPopups(page);
  const inFlight = new Set<Request>();
  let consoleErrors: string[] = [];
  page.on('request', (request) => void inFlight.add(request));
  page.on('requestfinished', (request) => void inFlight.delete(request));
  page.on('requestfailed', (request) => void inFlight.delete(request));
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    // The browser's own line for a refused call (4xx) is the answer the screen handles, not an error of the app.
    if (
      message.type() === 'error' &&
      !/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())
    )
      consoleErrors.push(message.text());
  });

  const visits: Visit[] = [];
  const started = Date.now();
  for (const path of paths) {
    consoleErrors = [];
    const problems: string[] = [];
    // Inside the app, as its own links navigate (the router hears popstate): one page load per role.
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/with-ag${path}`);
    await settle(page, () => inFlight.size);
    const dialogTexts = await page.getByRole('alertdialog').allInnerTexts();
    const bodyText = (await page.locator('body').innerText()).trim();
    const landed = new URL(page.url()).pathname.replace(/^\/with-ag/, '');
    const want = expected(role.loginId, path);

    if (path !== '/error-page' && landed === '/error-page') problems.push('went to /error-page');
    if (bodyText.includes(UNEXPECTED) && path !== '/error-page') problems.push('shows ERR_SYS999');
    if (dialogTexts.some((d) => d.includes(UNEXPECTED))) problems.push('dialog ERR_SYS999');
    if (path !== '/error-page' && want !== 'ERR_SYS998' && bodyText.includes('予期しないエラー'))
      problems.push('shows 予期しないエラー');
    if (bodyText.length < 20) problems.push(`blank page (${JSON.stringify(bodyText)})`);
    for (const e of consoleErrors) problems.push(`console: ${e.slice(0, 160)}`);
    if (want !== 'opens') {
      const message = want === 'ERR_0022' ? NO_AUTHORITY : NO_CONTEXT;
      if (!bodyText.includes(message)) problems.push(`expected ${want}, saw ${JSON.stringify(bodyText.slice(0, 120))}`);
      else if (
        (await page.getByRole('link', { name: /(管理者TOP|ポータルトップ)へ戻る/ }).count()) === 0 &&
        !startsWithAny(path, ['/incentive', '/with-incentive'])
      )
        problems.push(`${want} without a way back`);
      if (want === 'ERR_0022' && (await page.getByText('管理者モード').count()))
        problems.push('ERR_0022 under the 管理者モード bar');
    } else if (bodyText.includes(NO_AUTHORITY) || bodyText.includes(NO_CONTEXT)) {
      problems.push(`refused: ${JSON.stringify(bodyText.slice(0, 120))}`);
    }
    if (SHOTS.some(([r, p]) => r === role.loginId && p === path))
      await screenshot(page, `route-walk-${role.loginId}${path.replaceAll('/', '-')}`);
    visits.push({ path, problems });
    // Answer what the screen asked (an edit lock's CNF_0011, a refusal's alert) before the next visit.
    for (let i = 0; i < 3 && (await page.getByRole('alertdialog').count()); i++) {
      await page.getByRole('alertdialog').getByRole('button').first().click();
    }
  }
  console.log(`# ${role.loginId}: ${paths.length} routes in ${Date.now() - started} ms`);
  await page.context().close();
  return visits;
}

t.test(
  'every route as every role: the screen, or ERR_0022 / ERR_SYS998 with a way back; never the unexpected error',
  { timeout: 600_000 },
  async (t) => {
    const values = await parameterValues();
    // The sign-in pages and /logout end or replace the session: visited last.
    const last = ['/login', '/login-otp', '/logout'];
    const paths = tablePaths().map((p) => values[p] ?? p);
    t.same(
      paths.filter((p) => p.includes(':')),
      [],
      'every parameter is filled',
    );
    const ordered = [...paths.filter((p) => !last.includes(p)), ...last];
    const browser = await e2e.browser();
    // Two roles at a time: the machine is shared.
    const results: Array<[LoginId, Visit[]]> = [];
    for (let i = 0; i < ROLES.length; i += 2) {
      const pair = ROLES.slice(i, i + 2);
      const done = await Promise.all(
        pair.map(async (role) => [role.loginId, await walk(browser, role, ordered)] as [LoginId, Visit[]]),
      );
      results.push(...done);
    }
    for (const [role, visits] of results) {
      t.equal(visits.length, ordered.length, `${role}: ${visits.length} routes`);
      for (const visit of visits) t.same(visit.problems, [], `${role} ${visit.path}`);
    }
  },
);
