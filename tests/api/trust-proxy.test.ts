// The per-address sign-in limit keys on the socket address: a forged X-Forwarded-For does not
// give a client a fresh address unless TRUST_PROXY names the proxy in front.
import t from 'tap';
import { parseTrustProxy } from '../../api/config';
import { createTestApp } from '../helpers/test-app';

t.test('X-Forwarded-For from a client is not trusted by default', async (t) => {
  const h = await createTestApp({ authLimits: { maxFailuresPerIp: 3, maxFailuresPerLoginId: 100 } });
  t.teardown(h.close);
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/Auth/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
      payload: JSON.stringify({ systemKbn: '01', loginId: `nobody-${i}`, password: 'Wrong#Password1' }),
    });
    statuses.push(res.statusCode);
  }
  t.same(
    statuses,
    [401, 401, 401, 429, 429],
    'the fourth try from the same socket is refused whatever the header says',
  );
});

t.test('TRUST_PROXY values', async (t) => {
  t.equal(parseTrustProxy(undefined), false);
  t.equal(parseTrustProxy('false'), false);
  t.equal(parseTrustProxy('true'), true);
  t.equal(parseTrustProxy('10.0.0.1, 10.0.0.2'), '10.0.0.1, 10.0.0.2');
  t.equal(parseTrustProxy('loopback'), 'loopback');
  t.throws(() => parseTrustProxy('yes please'), /TRUST_PROXY/);
});
