// The renderer's retry of reads while the server is away (renderer/api/server-away.ts, issue 22 item 3).
import t from 'tap';
import { isReadCall, MAX_READ_RETRIES, parseRetryAfter, retryDelayMs } from '../../renderer/api/server-away';

t.test(
  'reads are the spec’s get…, check… and narrow… calls and the session check; everything else may write',
  async (t) => {
    for (const path of [
      '/api/SiteSearch/getContentsList',
      '/api/AgUser/getAgUserList',
      '/api/ApplicationMgtAg/GetApplicationList',
      '/api/EventReg/checkEventApplied',
      '/api/SkilUp/narrowVideoList',
      '/api/auth/validate',
      '/api/Incentive/getIncentiveJisseki/shorei',
    ])
      t.ok(isReadCall('POST', path), path);
    for (const path of [
      '/api/FavoritPage/toggleFavoritePage',
      '/api/ApplicationMgtAg/regApplicationData',
      '/api/EventDetail/eventApplicationCancel',
      '/api/Auth/login',
      '/api/log',
      '/api/AgUser/createAgUser',
    ])
      t.notOk(isReadCall('POST', path), path);
    t.ok(isReadCall('GET', '/api/forms/ag-user'), 'a GET');
  },
);

t.test('the wait honours Retry-After and backs off to half a minute', async (t) => {
  t.equal(retryDelayMs(0, 5), 5_000, 'Retry-After 5 s over a 1 s backoff');
  t.equal(retryDelayMs(3, 5), 8_000, 'the backoff once it is longer');
  t.equal(retryDelayMs(10, 5), 30_000, 'capped at 30 s');
  t.equal(retryDelayMs(0, undefined), 1_000, 'without Retry-After the backoff alone');
  t.equal(retryDelayMs(0, 120), 120_000, 'a longer Retry-After is honoured');
  const total = Array.from({ length: MAX_READ_RETRIES }, (_, i) => retryDelayMs(i, 5)).reduce((a, b) => a + b, 0);
  t.ok(total >= 60_000 && total <= 180_000, `a read waits ${total / 1000} s in all before it gives up`);
});

t.test('Retry-After in seconds or as a date', async (t) => {
  t.equal(parseRetryAfter('5'), 5);
  t.equal(parseRetryAfter(null), undefined);
  t.equal(parseRetryAfter('soon'), undefined);
  const inTen = new Date(Date.now() + 10_000).toUTCString();
  t.ok((parseRetryAfter(inTen) ?? 0) >= 9, 'an HTTP date');
});
