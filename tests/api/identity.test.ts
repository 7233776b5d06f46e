// The server never trusts the body (docs/decisions.md §3; docs/wire-contract.md "Requests"): identity comes
// from the token only, a body id that is not the caller's own (or its pseudo id) is 403
// ERR_0022 on every authenticated route, and a business date (targetDate) is honoured for
// provider administrators only.
import t from 'tap';
import { createTestApp } from '../helpers/test-app';
import { apiPostRoutes, probeAccess, registeredRoutes, urlOf, type Access } from '../helpers/api-probe';
import { signSessionToken } from '../../api/authority/session-token';
import type { GlobalNaviAnswer } from '../../schemas/wire/navigation';

type Who = 'demo-agent' | 'demo-agadmin' | 'demo-provider';

interface RouteCase {
  access: Access;
  /** Who calls it in the identity checks: someone the route's own permission check lets in (default demo-agent). */
  as?: Who;
  /** A body that the route accepts (200) for the caller, identity fields added by the test. */
  body?: Record<string, unknown>;
  /** Reads multipart/form-data (a file upload). */
  multipart?: boolean;
}

// Every POST route under /api of the app. A new route must be added here (the first test fails
// until it is), so nobody forgets to decide whether it needs a token.
const ROUTES: Record<string, RouteCase> = {
  '/api/Auth/login': { access: 'public' },
  '/api/Auth/OtpLogin': { access: 'public' },
  '/api/pwdReset/sendResetMail': { access: 'public' },
  '/api/pwdReset/ValidateOtu': { access: 'public' },
  '/api/pwdReset/PasswordUpdate': { access: 'public' },
  '/api/System/checkOperationTime': { access: 'public' },
  '/api/auth/validate': { access: 'auth', body: { systemKbn: '01' } },
  '/api/Auth/logout': { access: 'auth', body: { systemKbn: '01' } },
  '/api/GlobalNavi/getGlobalNaviData': { access: 'auth', body: { systemKbn: '01', pseudoLoginFlg: false } },
  '/api/GlobalNavi/getNotificationBadges': { access: 'auth', body: { systemKbn: '01' } },
  '/api/Parmition/getUserParmition': { access: 'auth', body: { systemKbn: '01' } },
  '/api/SiteSearch/getCategoryList': { access: 'auth', body: { systemKbn: '01' } },
  '/api/SiteSearch/getContentsList': { access: 'auth' },
  '/api/Incentive/getIncentiveInfo': { access: 'auth', body: { systemKbn: '01' } },
  '/api/log': { access: 'optionalAuth', body: { systemKbn: '01', operationType: '03', toScreenName: 'portal-top' } },
  '/api/errorlog': { access: 'optionalAuth', body: { message: 'TypeError: x is undefined', userAgent: 'tap' } },
  // Without a sample body the own-id check asserts "not 401/403": the identity check runs
  // before the body schema, so a 400 still proves the ids passed.
  '/api/Banner/getBannerList': { access: 'auth' },
  '/api/Breadcrumbs/getBreadcrumbs': { access: 'auth' },
  '/api/ContentsDetail/getContentsDetail': { access: 'auth' },
  '/api/FavoritPage/getFavoritePageList': { access: 'auth' },
  '/api/FavoritPage/toggleFavoritePage': { access: 'auth' },
  '/api/IconMenu/getIconMenuyList': { access: 'auth' },
  '/api/Incentive/getIncentiveFloating': { access: 'auth' },
  '/api/Info/getCategoryContentsList': { access: 'auth' },
  '/api/Info/getKanriInfo': { access: 'auth', as: 'demo-agadmin' },
  '/api/Info/getPortalTopInfo': { access: 'auth' },
  '/api/LoginPopup/GetPopupData': { access: 'auth' },
  '/api/LoginPopup/GetUserPopupList': { access: 'auth' },
  '/api/LoginPopup/RegPopupCheckHistory': { access: 'auth' },
  '/api/RecentlyViewed/regRecentlyViewedHistory': { access: 'auth' },
  '/api/SkilUp/GetWatchStatus': { access: 'auth' },
  '/api/SkilUp/skilupWatchHistoryReg': { access: 'auth' },
  '/api/SkilUp/getVideoList': { access: 'auth', body: { systemKbn: '01' } },
  '/api/SkilUp/narrowVideoList': { access: 'auth', body: { systemKbn: '01' } },
  '/api/SkilUp/getToranomaki': { access: 'auth', body: { systemKbn: '01', categoryId: 8 } },
  '/api/Event/getInitialDisplayEventList': { access: 'auth', body: { systemKbn: '01', categoryId: 7 } },
  '/api/Event/getSkilupEventList': { access: 'auth', body: { systemKbn: '01', categoryId: 7 } },
  '/api/Event/getSkilupHistoryEventList': { access: 'auth', body: { systemKbn: '01', categoryId: 7 } },
  '/api/EventDetail/getEventDetail': { access: 'auth' },
  '/api/EventDetail/eventApplication': { access: 'auth' },
  '/api/EventDetail/eventApplicationCancel': { access: 'auth' },
  '/api/download': { access: 'auth' },
  '/api/recentlyViewed/getRecentlyViewedPagesList': { access: 'auth' },
  // Uploads need the permission of a screen that uploads (an agent administrator has the users screen).
  '/api/files': { access: 'auth', as: 'demo-agadmin' },
  '/api/files/*': { access: 'auth', as: 'demo-agadmin' },
  '/api/KanriTop/getKanriCategory': { access: 'auth', as: 'demo-agadmin' },
  '/api/KanriTop/changeAgCode': { access: 'auth', as: 'demo-provider' },
  '/api/AgSegment/getAgSegmentList': { access: 'auth', as: 'demo-provider' },
  '/api/AgSegment/download/agSegment': { access: 'auth', as: 'demo-provider' },
  '/api/AgSegment/create/agSegment': { access: 'auth', as: 'demo-provider', multipart: true },
  '/api/AgSegment/upload/agSegment': { access: 'auth', as: 'demo-provider', multipart: true },
  '/api/AgSegment/update/agSegment': { access: 'auth', as: 'demo-provider' },
  '/api/AgSegment/delete/agSegment': { access: 'auth', as: 'demo-provider' },
  '/api/ContentsReg/getInitialDisplayData': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', contentsCategoryId: '1' },
  },
  '/api/ContentsReg/getContents': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', contentsCategoryId: '1', contentsId: '1' },
  },
  '/api/ContentsReg/RegContents': { access: 'auth', as: 'demo-provider' },
  '/api/ContentsReg/UpdateContents': { access: 'auth', as: 'demo-provider' },
  '/api/ContentsReg/DeleteContents': { access: 'auth', as: 'demo-provider' },
  '/api/ContentsReg/sendClickMailer': { access: 'auth', as: 'demo-provider' },
  '/api/GlovalNaviManegment/GetInitialDisplayData': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/GlovalNaviManegment/GetGlovalNaviData': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', glonaviKanriId: '1' },
  },
  '/api/GlovalNaviManegment/regGlobalNavi': { access: 'auth', as: 'demo-provider' },
  '/api/GlovalNaviManegment/updateGlobalNavi': { access: 'auth', as: 'demo-provider' },
  '/api/GlovalNaviManegment/getKanriDataList': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/GlovalNaviManegment/deleteKanriData': { access: 'auth', as: 'demo-provider' },
  '/api/GlovalNaviManegment/getPreviewData': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', GlonaviKanriId: '1', detailKbn: '01' },
  },
  '/api/IconMenuManegment/getInitialDisplayData': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/IconMenuManegment/GetIconMenuData': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', iconMenuKanriId: '1' },
  },
  '/api/IconMenuManegment/regIconMenu': { access: 'auth', as: 'demo-provider' },
  '/api/IconMenuManegment/updateIconMenu': { access: 'auth', as: 'demo-provider' },
  '/api/IconMenuManegment/getIconMenuDataList': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/IconMenuManegment/deleteKanriData': { access: 'auth', as: 'demo-provider' },
  '/api/IconMenuManegment/getPreviewData': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', iconMenuKanriId: '1', detailKbn: '01' },
  },
  '/api/download/iconMenu': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', fileName: 'icon-01.png', screenName: 'アイコンメニュー登録' },
  },
  '/api/EventReg/getInitialDisplayData': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', categoryId: '7', contentsCategoryId: '7' },
  },
  '/api/EventReg/getContents': { access: 'auth', as: 'demo-provider' },
  '/api/EventReg/RegContents': { access: 'auth', as: 'demo-provider' },
  '/api/EventReg/UpdateContents': { access: 'auth', as: 'demo-provider' },
  '/api/EventReg/DeleteContents': { access: 'auth', as: 'demo-provider' },
  '/api/EventReg/checkEventApplied': { access: 'auth', as: 'demo-provider' },
  '/api/SkilupReg/getInitialDisplayData': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', categoryId: '6', contentsCategoryId: '6' },
  },
  '/api/SkilupReg/getContents': { access: 'auth', as: 'demo-provider' },
  '/api/SkilupReg/RegContents': { access: 'auth', as: 'demo-provider' },
  '/api/SkilupReg/UpdateContents': { access: 'auth', as: 'demo-provider' },
  '/api/SkilupReg/DeleteContents': { access: 'auth', as: 'demo-provider' },
  '/api/LoginPopupReg/GetPopupList': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', categoryId: 15, isUnlimitDate: true },
  },
  '/api/LoginPopupReg/GetInitialDisplayData': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', categoryId: 15, contentsCategoryId: 15 },
  },
  '/api/LoginPopupReg/GetPopupData': { access: 'auth', as: 'demo-provider' },
  '/api/LoginPopupReg/RegPopupData': { access: 'auth', as: 'demo-provider' },
  '/api/LoginPopupReg/UpdatePopupData': { access: 'auth', as: 'demo-provider' },
  '/api/LoginPopupReg/DeletePopupData': { access: 'auth', as: 'demo-provider' },
  '/api/MailError/getMailErrorList': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/MailError/resendMail': { access: 'auth', as: 'demo-provider' },
  '/api/Audit/getAuditLogList': { access: 'auth', as: 'demo-provider' },
  '/api/Audit/downloadAuditLogCsv': { access: 'auth', as: 'demo-provider' },
  '/api/Audit/verifyChain': { access: 'auth', as: 'demo-provider' },
  '/api/KanriTop/changeBusinessDate': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', businessDate: '2026-11-20' },
  },
  '/api/Insight/reach': { access: 'auth', as: 'demo-provider' },
  '/api/Insight/reachUnopened': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01', contentId: 1 } },
  '/api/Insight/popups': { access: 'auth', as: 'demo-provider' },
  // No body that answers 200: the login popups' content ids depend on the seeds' order (insight.test.ts covers it).
  '/api/Insight/popupPending': { access: 'auth', as: 'demo-provider' },
  '/api/Insight/search': { access: 'auth', as: 'demo-provider' },
  '/api/Insight/skilup': { access: 'auth', as: 'demo-provider' },
  '/api/Insight/requests': { access: 'auth', as: 'demo-provider' },
  '/api/Insight/activity': { access: 'auth', as: 'demo-provider' },
  '/api/Insight/segments': { access: 'auth', as: 'demo-provider' },
  '/api/Insight/csv': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01', list: 'idle-agents' } },
  '/api/SiteSearch/openResult': { access: 'auth', body: { systemKbn: '01', keyword: '会議', contentId: 1 } },
  '/api/SignInHistory/list': {
    access: 'auth',
    as: 'demo-agadmin',
    body: { systemKbn: '01', targetAgCode: 'A0000001' },
  },
  '/api/SignInHistory/csv': { access: 'auth', as: 'demo-agadmin', body: { systemKbn: '01', targetAgCode: 'A0000001' } },
  '/api/OneStopGide/getOneStopGideList': { access: 'auth', body: { systemKbn: '01' } },
  '/api/OneStopGideKanri/getInitialData': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/OneStopGideKanri/getContentsList': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', categoryId: 2 },
  },
  '/api/OneStopGideKanri/getCategoryData': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', categoryId: '2' },
  },
  '/api/OneStopGideKanri/createDisplayTarget': { access: 'auth', as: 'demo-provider' },
  '/api/AgUser': { access: 'auth', as: 'demo-agadmin' },
  '/api/AgUser/getAgUser': { access: 'auth', as: 'demo-agadmin' },
  '/api/AgUser/getAgUserList': { access: 'auth', as: 'demo-agadmin' },
  '/api/AgUser/getKinouKengenList': { access: 'auth', as: 'demo-agadmin' },
  '/api/AgUser/createAgUser': { access: 'auth', as: 'demo-agadmin' },
  '/api/AgUser/updateAgUser': { access: 'auth', as: 'demo-agadmin' },
  '/api/AgUser/deleteAgUser': { access: 'auth', as: 'demo-agadmin' },
  // Incentive screen (issue 12): the tab's handoff exchange is public (the handoff token is the proof).
  '/api/Auth/RegRenkeiLogin': { access: 'auth', body: { systemKbn: '01' } },
  '/api/Auth/checkIncentiveDisplay': { access: 'public' },
  '/api/Incentive/getInitialDisplayData': { access: 'auth', body: { systemKbn: '01' } },
  '/api/Incentive/getIncentiveJisseki': {
    access: 'auth',
    body: { systemKbn: '01', targetSystem: '01', targetYear: '0' },
  },
  '/api/Incentive/getIncentiveJisseki/shorei': {
    access: 'auth',
    body: { systemKbn: '01', targetSystem: '01', targetYear: '0' },
  },
  '/api/download/incentive': { access: 'auth', body: { systemKbn: '01' } },
  '/api/IncentiveKanri/importJisseki': { access: 'auth', as: 'demo-provider', multipart: true },
  // Banner maintenance (issue 9): the list calls and the declared form banner-reg.
  '/api/BannerReg/getInitialData': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/BannerReg/getBannerList': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01', bannerKbn: '02' } },
  '/api/BannerReg/deleteBanner': { access: 'auth', as: 'demo-provider' },
  '/api/BannerReg/updateBunnerDispOrder': { access: 'auth', as: 'demo-provider' },
  '/api/BannerReg/getRegFormInitialData': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/BannerReg/getBannerData': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', bannerKbn: '02', bannerId: '8' },
  },
  '/api/BannerReg/createBanner': { access: 'auth', as: 'demo-provider' },
  '/api/BannerReg/updateBanner': { access: 'auth', as: 'demo-provider' },
  // Event entry download and registered company search (issue 10).
  '/api/EventEntryDownload/getInitialDisplayData': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/EventEntryDownload/getEntryFile': { access: 'auth', as: 'demo-provider' },
  '/api/CustomerSerch/getInitialDisplayData': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/CustomerSerch/getCustomerCount': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', customerName: 'さくら' },
  },
  // Request management (issue 13): the applicant side as demo-agent, the receiver side as staff.
  '/api/ApplicationMgtAg/getInitialData': { access: 'auth', body: { systemKbn: '01' } },
  '/api/ApplicationMgtAg/GetApplicationList': {
    access: 'auth',
    body: { systemKbn: '01', appDateFrom: '2026-08-01', appDateTo: '2026-11-20' },
  },
  '/api/ApplicationMgtAg/getAppFormInitialData': { access: 'auth', body: { systemKbn: '01' } },
  '/api/ApplicationMgtAg/regApplicationData': { access: 'auth' },
  '/api/ApplicationMgtAg/updApplicationData': { access: 'auth' },
  '/api/ApplicationMgtAg/cancelApplicationData': { access: 'auth' },
  '/api/ApplicationMgtCommon/checkEditing': { access: 'auth' },
  '/api/ApplicationMgtCommon/setEditing': { access: 'auth' },
  '/api/ApplicationMgtCommon/releseEditing': { access: 'auth' },
  '/api/ApplicationMgtCommon/getLatestUpdDate': { access: 'auth' },
  '/api/ApplicationMgtCommon/getAppCagetoryData': { access: 'auth', body: { systemKbn: '01', appCategoryId: 1 } },
  '/api/download/downloadKanrenFile': { access: 'auth' },
  '/api/download/downloadAppTempFile': { access: 'auth' },
  '/api/NotificationManagement/updNotification': { access: 'auth' },
  '/api/ApplicationMgtProvider/getInitialData': { access: 'auth', as: 'demo-provider', body: { systemKbn: '01' } },
  '/api/ApplicationMgtProvider/GetApplicationList': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', appDateFrom: '2026-08-01', appDateTo: '2026-11-20' },
  },
  '/api/ApplicationMgtProvider/getAppFormInitialData': { access: 'auth', as: 'demo-provider' },
  '/api/ApplicationMgtProvider/updApplicationData': { access: 'auth', as: 'demo-provider' },
  '/api/ApplicationMgtProvider/deleteApplicationData': { access: 'auth', as: 'demo-provider' },
  '/api/ApplicationMgtProvider/mailCheck': {
    access: 'auth',
    as: 'demo-provider',
    body: { systemKbn: '01', to: ['tanaka@sakura-bungu.example.jp'] },
  },
  '/api/ApplicationMgtProvider/sendMail': { access: 'auth', as: 'demo-provider' },
  '/api/ApplicationMgtProvider/getEscalationMailInfo': { access: 'auth', as: 'demo-provider' },
};

// Routes of other methods that answer without a token (signed media addresses carry their own proof).
const PUBLIC_OTHER_METHODS = ['GET /api/media/:token'];

// The callers' own ids, and a colleague of the same agent (still someone else).
const IDS: Record<Who, { own: Record<string, string>; colleague: string }> = {
  'demo-agent': {
    own: {
      userId: '0000000003',
      agCode: 'A0000001',
      daihyoCode: 'A0000001',
      parsedUserId: '0000000003',
      parsedAgCode: 'A0000001',
    },
    colleague: '0000000002',
  },
  'demo-agadmin': {
    own: {
      userId: '0000000002',
      agCode: 'A0000001',
      daihyoCode: 'A0000001',
      parsedUserId: '0000000002',
      parsedAgCode: 'A0000001',
    },
    colleague: '0000000003',
  },
  'demo-provider': {
    own: {
      userId: '0000000001',
      agCode: 'P0000001',
      daihyoCode: 'P0000001',
      parsedUserId: '0000000001',
      parsedAgCode: 'P0000001',
    },
    colleague: '0000000005',
  },
};
const someoneElse = (who: Who): Array<[field: string, value: string]> => [
  ['userId', '0000000004'],
  ['userId', IDS[who].colleague],
  ['agCode', 'A0000002'],
  ['agCode', 'A0000006'], // a sub-agent of A0000001 is another agent
  ['daihyoCode', 'A0000002'],
  ['parsedUserId', '0000000013'],
  ['parsedAgCode', 'A0000003'],
  ['pseudoUserId', '0000000004'],
  ['pseudoAgCode', 'A0000002'],
];
const FORBIDDEN = { messages: [{ messageId: 'ERR_0022', args: [] }] };

/** A multipart/form-data body of text fields and one small CSV file. */
function multipart(fields: Record<string, string>) {
  const boundary = '----portal-identity-test';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="uploadFile"; filename="members.csv"\r\nContent-Type: text/csv\r\n\r\nA0000001\r\n`,
  );
  return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

t.test('identity and authority', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const tokens = {} as Record<Who, string>;
  for (const who of Object.keys(IDS) as Who[]) tokens[who] = (await h.signIn(who)).token;
  const agent = { token: tokens['demo-agent'] };
  // The routes the checks below run on: every registered one (a route missing from ROUTES is
  // still checked, as demo-agent, with the access it really has) and every listed one.
  const guarded: Array<[string, RouteCase]> = [];
  for (const path of [...new Set([...apiPostRoutes(h.app), ...Object.keys(ROUTES)])].sort()) {
    const r = ROUTES[path] ?? { access: await probeAccess(h, path, agent.token) };
    if (r.access !== 'public') guarded.push([path, r]);
  }
  const stillWorks = async (token: string) =>
    (await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token })).statusCode === 200;

  t.test(
    'the route list of this test is every POST /api route of the app, each with the access it really has',
    async (t) => {
      t.same(apiPostRoutes(h.app), Object.keys(ROUTES).sort(), 'registered routes = the list');
      for (const [path, r] of Object.entries(ROUTES))
        t.equal(await probeAccess(h, path, agent.token), r.access, `${path} is ${r.access}`);
    },
  );

  t.test('the API routes of other methods (forms, lists, uploads …) need a token too', async (t) => {
    const others = registeredRoutes(h.app).filter(
      (r) => r.path.startsWith('/api/') && r.method !== 'POST' && r.method !== 'HEAD',
    );
    t.ok(others.length > 0, `${others.length} routes`);
    for (const r of others) {
      const res = await h.app.inject({ method: r.method as 'GET', url: urlOf(r.path) });
      if (PUBLIC_OTHER_METHODS.includes(`${r.method} ${r.path}`))
        t.not(res.statusCode, 401, `${r.method} ${r.path} is public`);
      else t.equal(res.statusCode, 401, `${r.method} ${r.path} without a token`);
    }
  });

  t.test('no token: 401 ERR_USER001 on every route that needs one', async (t) => {
    for (const [path, r] of guarded) {
      const res = await h.post(urlOf(path), { ...r.body, ...IDS['demo-agent'].own });
      if (r.access === 'auth') {
        t.equal(res.statusCode, 401, path);
        t.same(res.json(), { messages: [{ messageId: 'ERR_USER001', args: [] }] }, path);
      } else {
        t.equal(res.statusCode, 200, `${path} takes no token (before sign-in)`);
      }
      // A token that does not verify is refused where a token is needed; the logs take the entry
      // as anonymous (a session that just expired must not lose its error report).
      const bad = await h.post(urlOf(path), { ...r.body }, { token: `${agent.token}x` });
      if (r.access === 'auth') t.equal(bad.statusCode, 401, `${path} refuses a bad token`);
      else t.equal(bad.statusCode, 200, `${path} takes a bad token as no token`);
    }
  });

  t.test("a body id that is not the caller's own: 403 ERR_0022 on every authenticated route", async (t) => {
    for (const [path, r] of guarded) {
      const who = r.as ?? 'demo-agent';
      for (const [field, value] of someoneElse(who)) {
        const res = await h.post(urlOf(path), { ...r.body, ...IDS[who].own, [field]: value }, { token: tokens[who] });
        t.equal(res.statusCode, 403, `${path} as ${who}: ${field}=${value}`);
        t.same(res.json(), FORBIDDEN);
      }
    }
    for (const who of Object.keys(IDS) as Who[])
      t.ok(await stillWorks(tokens[who]), `${who}: a refused logout did not end the session`);
  });

  t.test(
    'a multipart body naming someone else: 403 on the upload routes; every other route refuses multipart',
    async (t) => {
      const before = await h.db
        .selectFrom('agent_segment_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      for (const [path, r] of guarded) {
        const who = r.as ?? 'demo-agent';
        for (const [field, value] of someoneElse(who)) {
          const { payload, contentType } = multipart({
            systemKbn: '01',
            ...IDS[who].own,
            [field]: value,
            agSegmentData: JSON.stringify({ agSegmentName: 'テスト', agSegmentId: 1 }),
          });
          const res = await h.app.inject({
            method: 'POST',
            url: urlOf(path),
            payload,
            headers: { 'content-type': contentType, authorization: `Bearer ${tokens[who]}` },
          });
          if (r.multipart) {
            t.equal(res.statusCode, 403, `${path} as ${who}: ${field}=${value}`);
            t.same(res.json(), FORBIDDEN);
          } else {
            t.ok(
              res.statusCode === 400 || res.statusCode === 415,
              `${path} as ${who}: multipart refused (${res.statusCode})`,
            );
          }
        }
      }
      t.same(
        await h.db
          .selectFrom('agent_segments')
          .select('ag_segment_name')
          .where('ag_segment_name', '=', 'テスト')
          .execute(),
        [],
        'no segment was created',
      );
      const after = await h.db
        .selectFrom('agent_segment_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      t.equal(Number(after.n), Number(before.n), 'no members were replaced');

      t.teardown(() => h.db.deleteFrom('agent_segments').where('ag_segment_name', '=', 'テスト本人').execute());
      for (const [path, r] of guarded.filter(([, r]) => r.multipart)) {
        const who = r.as ?? 'demo-agent';
        const { payload, contentType } = multipart({
          systemKbn: '01',
          ...IDS[who].own,
          agSegmentData: JSON.stringify({ agSegmentName: 'テスト本人', agSegmentId: 99999 }),
        });
        const res = await h.app.inject({
          method: 'POST',
          url: urlOf(path),
          payload,
          headers: { 'content-type': contentType, authorization: `Bearer ${tokens[who]}` },
        });
        t.notOk(
          res.statusCode === 401 || res.statusCode === 403,
          `${path} as ${who} with the own ids passes the identity check (${res.statusCode})`,
        );
      }
    },
  );

  t.test("the caller's own ids (or none, or empty ones) pass on every authenticated route", async (t) => {
    const passes = (path: string, r: RouteCase, status: number, what: string) =>
      r.body
        ? t.equal(status, 200, `${path} ${what}`)
        : t.notOk(status === 401 || status === 403, `${path} ${what} (${status})`);
    for (const [path, r] of guarded) {
      const who = r.as ?? 'demo-agent';
      const body = r.body ?? { systemKbn: '01' };
      const token = path === '/api/Auth/logout' ? (await h.signIn(who)).token : tokens[who];
      passes(
        path,
        r,
        (await h.post(urlOf(path), { ...body, ...IDS[who].own }, { token })).statusCode,
        `as ${who} with the own ids`,
      );
      if (path === '/api/Auth/logout') continue;
      passes(path, r, (await h.post(urlOf(path), body, { token })).statusCode, `as ${who} without ids`);
      passes(
        path,
        r,
        (await h.post(urlOf(path), { ...body, userId: '', agCode: '', daihyoCode: '' }, { token })).statusCode,
        `as ${who} with empty ids (treated as absent)`,
      );
    }
  });

  t.test('a body naming another user never changes whose data is answered', async (t) => {
    // Without a token the log routes record the anonymous ids, whatever the body claims.
    const res = await h.post('/api/log', {
      systemKbn: '01',
      operationType: '03',
      userId: '0000000004',
      agCode: 'A0000002',
      controlName: 'identity-claim',
    });
    t.equal(res.statusCode, 200);
    const row = await h.db
      .selectFrom('operation_logs')
      .select(['user_id', 'ag_code'])
      .where('control_name', '=', 'identity-claim')
      .executeTakeFirstOrThrow();
    t.same(row, { user_id: '0000000000', ag_code: '00000000' });
  });

  t.test(
    'a provider administrator acting as an agent (pseudo ids in the token) may name itself or that agent, nobody else',
    async (t) => {
      const provider = await h.signIn('demo-provider');
      const claims = h.app.jwt.decode<{ sid: string }>(provider.token)!;
      const pseudo = signSessionToken(h.app, {
        sessionId: claims.sid,
        userId: '0000000001',
        agCode: 'P0000001',
        pseudo: { userId: '0000000003', agCode: 'A0000001' },
      });
      const incentive = (body: Record<string, unknown>, token = pseudo) =>
        h.post('/api/Incentive/getIncentiveInfo', { systemKbn: '01', ...body }, { token });

      const asAgent = await incentive({
        userId: '0000000003',
        agCode: 'A0000001',
        daihyoCode: 'A0000001',
        pseudoUserId: '0000000003',
        pseudoAgCode: 'A0000001',
      });
      t.equal(asAgent.statusCode, 200, 'the pseudo ids pass');
      t.same(asAgent.json(), { isIncentiveEntry: true }, "and the answer is the pseudo agent's");
      t.equal((await incentive({ userId: '0000000001', agCode: 'P0000001' })).statusCode, 200, 'the own ids pass');
      t.same(
        (await incentive({}, provider.token)).json(),
        { isIncentiveEntry: false },
        "without pseudo ids the answer is the provider's",
      );
      for (const body of [
        { agCode: 'A0000002' },
        { userId: '0000000004' },
        { pseudoAgCode: 'A0000002' },
        { daihyoCode: 'A0000002' },
      ]) {
        const res = await incentive(body);
        t.equal(res.statusCode, 403, JSON.stringify(body));
      }

      const agadmin = await h.signIn('demo-agadmin');
      const agadminSid = h.app.jwt.decode<{ sid: string }>(agadmin.token)!.sid;
      const forgedPseudo = signSessionToken(h.app, {
        sessionId: agadminSid,
        userId: '0000000002',
        agCode: 'A0000001',
        pseudo: { userId: '0000000004', agCode: 'A0000002' },
      });
      t.equal(
        (await incentive({}, forgedPseudo)).statusCode,
        401,
        'pseudo claims on a token of someone who is not a provider administrator end the session',
      );
      const mismatched = signSessionToken(h.app, {
        sessionId: claims.sid,
        userId: '0000000001',
        agCode: 'P0000001',
        pseudo: { userId: '0000000004', agCode: 'A0000001' },
      });
      t.equal(
        (await incentive({}, mismatched)).statusCode,
        401,
        'a pseudo user who is not of the pseudo agent is refused',
      );
      const otherSession = signSessionToken(h.app, { sessionId: agadminSid, userId: '0000000001', agCode: 'P0000001' });
      t.equal((await incentive({}, otherSession)).statusCode, 401, "a token naming another user's session is refused");
    },
  );

  t.test('targetDate is honoured for provider administrators only', async (t) => {
    const setting = await h.db
      .selectFrom('global_navi_settings')
      .select('kanri_id')
      .where('target_kbn', '=', '0')
      .executeTakeFirstOrThrow();
    await h.db
      .updateTable('global_navi_settings')
      .set({ scheduled_date: '2026-12-01' })
      .where('kanri_id', '=', setting.kanri_id)
      .execute();
    await h.db
      .insertInto('global_navi_rows')
      .values([
        {
          kanri_id: setting.kanri_id,
          detail_kbn: '02',
          parent_id: null,
          category_id: 1,
          disp_name: 'お知らせ（新）',
          url: '/news',
          disp_no: 1,
        },
        {
          kanri_id: setting.kanri_id,
          detail_kbn: '02',
          parent_id: null,
          category_id: 5,
          disp_name: 'マニュアル（新）',
          url: '/manual',
          disp_no: 2,
        },
        {
          kanri_id: setting.kanri_id,
          detail_kbn: '02',
          parent_id: null,
          category_id: 999,
          disp_name: '新サイト',
          url: 'https://new.example.jp/',
          disp_no: 3,
          is_separate_tab: true,
        },
      ])
      .execute();
    t.teardown(async () => {
      await h.db
        .deleteFrom('global_navi_rows')
        .where('kanri_id', '=', setting.kanri_id)
        .where('detail_kbn', '=', '02')
        .execute();
      await h.db
        .updateTable('global_navi_settings')
        .set({ scheduled_date: null })
        .where('kanri_id', '=', setting.kanri_id)
        .execute();
    });
    const names = async (token: string, targetDate?: string) => {
      const res = await h.post(
        '/api/GlobalNavi/getGlobalNaviData',
        { systemKbn: '01', ...(targetDate ? { targetDate } : {}) },
        { token },
      );
      t.equal(res.statusCode, 200);
      return res.json<GlobalNaviAnswer>().globalNav.map((n) => n.categoryName);
    };

    const provider = await h.signIn('demo-provider');
    t.same(
      await names(provider.token, '2026/12/01'),
      ['お知らせ（新）', 'マニュアル（新）', '新サイト'],
      'the provider administrator sees the scheduled list on its date',
    );
    t.same(
      await names(provider.token, '2026-12-01'),
      ['お知らせ（新）', 'マニュアル（新）', '新サイト'],
      'either date format',
    );
    t.notOk((await names(provider.token)).includes('お知らせ（新）'), "and today's list without a business date");
    t.notOk(
      (await names(provider.token, '2026/11/30')).includes('お知らせ（新）'),
      'and the current list the day before',
    );
    t.notOk(
      (await names(provider.token, '2026/13/01')).includes('お知らせ（新）'),
      'an impossible date counts as today',
    );

    for (const loginId of ['demo-agent', 'demo-agadmin', 'demo-staff']) {
      const { token } = loginId === 'demo-agent' ? agent : await h.signIn(loginId);
      const today = await names(token);
      t.same(await names(token, '2026/12/01'), today, `${loginId}: a future targetDate answers today's list`);
      t.notOk(today.includes('お知らせ（新）'), `${loginId} does not see the scheduled list`);
    }
  });
});
