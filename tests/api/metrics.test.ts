// GET /metrics (api/metrics): off without METRICS_TOKEN and METRICS_ALLOW; with them only for
// the token (401 without one, 403 for a wrong one) or a listed address; the counters move with
// requests, cache lookups, the change feed, uploads and mails; labels carry no user data.
import { sql } from 'kysely';
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sample, tusCreate, tusPatch } from '../helpers/uploads';
import { nth } from '../helpers/indexing';

const TOKEN = 'metrics-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of Prometheus' text format. */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[nth(l, 1)] = nth(l, 2);
    out.push({ name: nth(m, 1), labels, value: Number(m[3]) });
  }
  return out;
}

async function scrape(h: TestApp): Promise<Sample[]> {
  const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  if (res.statusCode !== 200) throw new Error(`metrics ${res.statusCode}`);
  return parse(res.body);
}

/** The value of one sample (0 when it has not appeared yet). */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

t.test('metrics are off (404) unless METRICS_TOKEN or METRICS_ALLOW is set', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  t.equal(res.statusCode, 404);
  t.notMatch(res.body, /portal_/, 'nothing of the metrics');
});

t.test('METRICS_TOKEN: the bearer token, compared whole', async (t) => {
  const h = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  t.teardown(h.close);
  const get = (authorization?: string, remoteAddress?: string) =>
    h.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  const missing = await get();
  t.equal(missing.statusCode, 401, 'no token: 401');
  t.match(missing.headers['www-authenticate'], /^Bearer/);
  t.notMatch(missing.body, /portal_/);
  for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer x', `Basic ${TOKEN}`, TOKEN]) {
    const res = await get(wrong);
    t.equal(res.statusCode, 403, `${wrong.slice(0, 12)}…: 403`);
    t.notMatch(res.body, /portal_/);
  }
  const right = await get(`Bearer ${TOKEN}`);
  t.equal(right.statusCode, 200, 'the token: 200');
  t.match(right.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  t.equal(right.headers['cache-control'], 'no-store');
  t.match(right.body, /# TYPE portal_http_requests_total counter/);
  t.equal((await get(undefined, '127.0.0.1')).statusCode, 401, 'no address is allowed without METRICS_ALLOW');

  // Outside operating hours, the API is closed; the metrics are not.
  h.clock.set('2026-11-20T15:00:00Z'); // 00:00 in Tokyo
  t.equal((await get(`Bearer ${TOKEN}`)).statusCode, 200, 'answered outside operating hours');
});

t.test('METRICS_ALLOW: listed addresses and ranges without a token, others refused', async (t) => {
  const h = await createTestApp({ env: { METRICS_ALLOW: '10.20.0.0/16, 192.0.2.7, ::1' } });
  t.teardown(h.close);
  const from = (remoteAddress: string, authorization?: string) =>
    h.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });
  t.equal((await from('10.20.3.4')).statusCode, 200, 'an address inside the range');
  t.equal((await from('::ffff:10.20.3.4')).statusCode, 200, 'the same address on a dual-stack socket');
  t.equal((await from('192.0.2.7')).statusCode, 200, 'a listed address');
  t.equal((await from('::1')).statusCode, 200, 'a listed IPv6 address');
  t.equal((await from('10.21.0.1')).statusCode, 403, 'outside the range');
  t.equal((await from('192.0.2.8')).statusCode, 403, 'next to a listed address');
  t.equal(
    (await from('10.21.0.1', `Bearer ${TOKEN}`)).statusCode,
    403,
    'a token, where none is configured, opens nothing',
  );
});

t.test(
  'counters move with requests, cache lookups, the change feed, uploads and mails; no user data in any label',
  async (t) => {
    const h = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    t.teardown(h.close);
    const before = await scrape(h);

    const agent = await h.signIn('demo-agent'); // one one-time-code mail
    const admin = await h.signIn('demo-agadmin');
    const permissions = '/api/Parmition/getUserParmition';
    for (let i = 0; i < 3; i++)
      t.equal((await h.post(permissions, { systemKbn: '01' }, { token: agent.token })).statusCode, 200);
    t.equal(
      (await h.post(permissions, { systemKbn: '01', userId: '0000000099' }, { token: agent.token })).statusCode,
      403,
      'someone else’s id',
    );
    // Paths that carry ids and search words: counted under their pattern, the unknown one as "unmatched".
    await h.app.inject({ method: 'GET', url: `/api/media/f123-9999999999-${'A'.repeat(43)}` });
    await h.app.inject({ method: 'GET', url: '/no/such/path/0000000003?loginId=demo-agent' });
    // A watched row changed by hand: the change feed hears it.
    await sql`update agents set ag_name = ag_name where ag_code = 'A0000002'`.execute(h.db);
    // An upload in two pieces.
    const bytes = sample.pdf();
    const created = await tusCreate(h, admin.token, bytes.length, {
      filename: 'm.pdf',
      filetype: 'application/pdf',
      agcode: 'A0000001',
      userid: '0000000002',
    });
    t.equal(created.statusCode, 201);
    t.equal(
      (await tusPatch(h, admin.token, created.headers.location as string, 0, bytes.subarray(0, 10))).statusCode,
      204,
    );
    t.equal(
      (await tusPatch(h, admin.token, created.headers.location as string, 10, bytes.subarray(10))).statusCode,
      204,
    );

    const after = await scrape(h);
    const moved = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);

    t.equal(
      moved('portal_http_requests_total', { route: permissions, status: '200', method: 'POST' }),
      3,
      'three answered calls of the route, 200',
    );
    t.equal(moved('portal_http_requests_total', { route: permissions, status: '403' }), 1, 'one refused');
    t.equal(
      moved('portal_http_request_duration_seconds_count', { route: permissions, status: '200' }),
      3,
      'their durations',
    );
    t.ok(moved('portal_http_request_duration_seconds_sum', { route: permissions }) > 0);
    t.equal(
      moved('portal_http_requests_total', { route: '/api/media/:token' }),
      1,
      'a media address under its pattern',
    );
    t.equal(
      moved('portal_http_requests_total', { route: 'unmatched', status: '404' }),
      1,
      'an unknown path as "unmatched"',
    );
    t.ok(
      moved('portal_cache_lookups_total', { cache: 'callers', result: 'hit' }) >= 2,
      'sessions answered from memory',
    );
    t.ok(moved('portal_cache_lookups_total', { cache: 'callers', result: 'miss' }) >= 1, 'and read once');
    t.ok(
      moved('portal_cache_lookups_total', { cache: 'session-tokens', result: 'hit' }) >= 2,
      'token signatures remembered',
    );
    t.ok(moved('portal_change_feed_events_total') >= 1, 'the change feed heard the update');
    t.equal(valueOf(after, 'portal_change_feed_connected'), 1, 'and is connected');
    t.equal(moved('portal_mails_total', { result: 'sent' }), 2, 'two one-time-code mails sent');
    t.equal(moved('portal_uploads_created_total'), 1, 'an upload created');
    t.equal(moved('portal_uploads_finished_total'), 1, 'and finished');
    t.equal(valueOf(after, 'portal_uploads_in_progress'), 0, 'none in progress once answered');
    t.ok(valueOf(after, 'portal_db_pool_connections', { state: 'idle' }) >= 1, 'the pool has an idle connection');
    t.equal(valueOf(after, 'portal_db_pool_waiting'), 0, 'nothing waits for one');
    t.ok(valueOf(after, 'process_resident_memory_bytes') > 0, 'the process metrics');

    // No user data: every label value is a route pattern, a method, a status, a cache, a state …
    const text = (await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
      .body;
    for (const secret of [
      agent.token,
      admin.token,
      'demo-agent',
      '0000000003',
      '0000000099',
      'A0000001',
      'f123',
      'no/such',
      'loginId',
      TOKEN,
      'm.pdf',
      created.headers.location as string,
    ]) {
      t.notOk(text.includes(secret), `no "${secret.slice(0, 16)}" in the metrics`);
    }
    const routes = new Set(after.flatMap((s) => (s.labels.route === undefined ? [] : [s.labels.route])));
    const isRoute = (url: string) =>
      ['GET', 'POST', 'PATCH', 'HEAD'].some((method) => h.app.hasRoute({ method: method, url }));
    for (const route of routes)
      t.ok(route === 'unmatched' || isRoute(route), `route label "${route}" is a route of the app`);
  },
);
