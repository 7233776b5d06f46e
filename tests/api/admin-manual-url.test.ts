// Issue 14 item 11: the header's 管理者マニュアル link is ADMIN_MANUAL_URL, served with the
// navigation to administrators (and to no one else), checked at start-up.
import t from 'tap';
import { DEFAULT_ADMIN_MANUAL_URL, loadConfig } from '../../api/config';
import { createTestApp } from '../helpers/test-app';
import type { GlobalNaviAnswer } from '../../schemas/wire/navigation';

t.test('ADMIN_MANUAL_URL: default, a URL, a path; anything else stops the start', async (t) => {
  t.equal(loadConfig({}).adminManualUrl, DEFAULT_ADMIN_MANUAL_URL);
  t.equal(
    DEFAULT_ADMIN_MANUAL_URL,
    `/with-ag/site-serch?keyWord=${encodeURIComponent('管理者向け')}&categoryId=5`,
    "the administrators' manuals",
  );
  t.equal(
    loadConfig({ ADMIN_MANUAL_URL: 'https://manual.example.jp/admin/' }).adminManualUrl,
    'https://manual.example.jp/admin/',
  );
  t.equal(
    loadConfig({ ADMIN_MANUAL_URL: '/with-ag/contents/categoryId/5/contentsId/12' }).adminManualUrl,
    '/with-ag/contents/categoryId/5/contentsId/12',
  );
  for (const bad of ['javascript:alert(1)', 'manual.example.jp', 'https://x y']) {
    t.throws(() => loadConfig({ ADMIN_MANUAL_URL: bad }), /ADMIN_MANUAL_URL must be/, bad);
  }
});

t.test('getGlobalNaviData carries adminManualUrl for administrators only', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const nav = async (loginId: string) => {
    const { token } = await h.signIn(loginId);
    const res = await h.post('/api/GlobalNavi/getGlobalNaviData', { systemKbn: '01' }, { token });
    t.equal(res.statusCode, 200, loginId);
    return res.json<GlobalNaviAnswer>();
  };
  t.equal((await nav('demo-provider')).adminManualUrl, DEFAULT_ADMIN_MANUAL_URL, 'provider administrator');
  t.equal((await nav('demo-agadmin')).adminManualUrl, DEFAULT_ADMIN_MANUAL_URL, 'agent administrator');
  t.equal((await nav('demo-agent')).adminManualUrl, '', 'an agent user gets none');
  t.equal((await nav('demo-staff')).adminManualUrl, '', 'supplier staff without isAdmin get none');
  h.app.config.adminManualUrl = 'https://manual.example.jp/admin/';
  t.equal((await nav('demo-provider')).adminManualUrl, 'https://manual.example.jp/admin/', 'the configured address');
});
