import t from 'tap';
import { createTestApp } from '../helpers/test-app';

t.test('an agent signs in with the mailed code and gets the navigation', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const { token, user } = await h.signIn('demo-agent');
  t.equal(user.agCode, 'A0000001');
  const nav = await h.post(
    '/api/GlobalNavi/getGlobalNaviData',
    { systemKbn: '01', userId: '0000000003', agCode: 'A0000001' },
    { token },
  );
  t.equal(nav.statusCode, 200);
  t.ok(nav.json().globalNav.length > 5);
});
