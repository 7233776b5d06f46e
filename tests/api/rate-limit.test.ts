// Fair share (issue 26): the expensive calls are limited per user and minute
// (api/security/rate-limit.ts): over the limit 429 with Retry-After and ERR_0041, another user
// unaffected, the count shared by instances on one PostgreSQL database, and the renderer's one
// client shows the message and never sends a 429 again by itself.
import { sql } from 'kysely';
import t from 'tap';
import { openDatabase } from '../../api/db/connect';
import { SharedCounter } from '../../api/security/rate-limit';
import { ApiError, apiPost, errorMessageText, isApiError } from '../../renderer/api/client';
import { formatMessage } from '../../schemas/messages/format';
import { contentByTitle, FIXTURE_TITLES, signInAs } from '../helpers/portal';
import { createTestApp } from '../helpers/test-app';
import { nth } from '../helpers/indexing';

const LIMITS = {
  RATE_LIMIT_SEARCH_PER_MINUTE: '3',
  RATE_LIMIT_DOWNLOAD_PER_MINUTE: '2',
  RATE_LIMIT_CSV_PER_MINUTE: '2',
  RATE_LIMIT_IMPORT_PER_MINUTE: '1',
};
const MESSAGE = '操作が集中しています。しばらく待ってから再度お試しください。';
/** The search screen's policy (renderer/screens/search/search-calls.ts, which loads CSS and cannot be imported here). */
const SEARCH_ERROR_POLICY = { otherStatus: 'ERR_SYS999', network: 'ERR_SYS001', setup: 'ERR_SYS002' };

t.test('per-user limits of the expensive calls', async (t) => {
  const h = await createTestApp({ env: LIMITS });
  t.teardown(h.close);
  const agent1 = await signInAs(h, 'demo-agent');
  const agent2 = await signInAs(h, 'demo-agent2');
  const searchAs = (s: typeof agent1, keyword = 'カタログ') => s.call('/api/SiteSearch/getContentsList', { keyword });

  await t.test('site search: 429 with Retry-After and ERR_0041 after the limit', async (t) => {
    // Start the test at the beginning of a minute so that the window does not end in the middle.
    const now = h.clock.now().getTime();
    h.clock.set(new Date(Math.ceil(now / 60_000) * 60_000 + 1_000));
    for (let i = 0; i < 2; i++) t.equal((await searchAs(agent1)).statusCode, 200, `call ${i + 1} of 3`);
    const bad = await agent1.call('/api/SiteSearch/getContentsList', { keyword: 'カタログ', narrowTags: 'x' });
    t.equal(bad.statusCode, 400, 'a malformed call is refused by its schema first and does not count');
    t.equal((await searchAs(agent1)).statusCode, 200, 'call 3 of 3');
    const over = await searchAs(agent1);
    t.equal(over.statusCode, 429, 'the fourth is refused');
    t.same(over.json(), { messages: [{ messageId: 'ERR_0041', args: [] }] });
    t.equal(formatMessage('ERR_0041'), MESSAGE);
    const retryAfter = Number(over.headers['retry-after']);
    t.ok(retryAfter >= 58 && retryAfter <= 60, `Retry-After ${retryAfter} s: to the end of the minute`);
    t.equal((await searchAs(agent2)).statusCode, 200, 'another user (another agent) is not affected');
    t.equal((await searchAs(agent1, '研修')).statusCode, 429, 'every keyword counts for the user');

    h.clock.advance(retryAfter * 1000);
    t.equal((await searchAs(agent1)).statusCode, 200, 'after Retry-After: answered again');
  });

  await t.test('downloads and CSV downloads, each its own count', async (t) => {
    const catalog = await contentByTitle(h, FIXTURE_TITLES.catalog);
    const download = () =>
      agent1.call('/api/download', { categoryId: catalog.categoryId, contentId: catalog.contentId, fileName: '' });
    h.clock.advance(60_000);
    t.equal((await download()).statusCode, 200, 'ZIP 1');
    t.equal((await download()).statusCode, 200, 'ZIP 2');
    const over = await download();
    t.equal(over.statusCode, 429, 'ZIP 3: refused');
    t.ok(Number(over.headers['retry-after']) > 0, 'with Retry-After');
    t.equal((await searchAs(agent1)).statusCode, 200, 'the search counts apart');

    const provider = await signInAs(h, 'demo-provider');
    const segment = await h.db.selectFrom('agent_segments').select('ag_segment_id').executeTakeFirstOrThrow();
    const csv = () =>
      provider.call('/api/AgSegment/download/agSegment', { agSegmentData: { agSegmentId: segment.ag_segment_id } });
    t.equal((await csv()).statusCode, 200, 'CSV 1');
    t.equal((await csv()).statusCode, 200, 'CSV 2');
    t.equal((await csv()).statusCode, 429, 'CSV 3: refused');
  });

  await t.test('the count is one row per user and kind, not a row per call', async (t) => {
    const rows = await h.db.selectFrom('rate_limit_counters').select(['counter_key', 'hits']).execute();
    const keys = rows.map((r) => r.counter_key).sort();
    t.same(keys, [...new Set(keys)], 'one row per key');
    t.ok(
      keys.includes(`search:${agent1.userId}`) && keys.includes(`search:${agent2.userId}`),
      'per user, by the token',
    );
  });
});

t.test(
  'counted across instances on one PostgreSQL database',
  { skip: !process.env.DATABASE_URL && 'PostgreSQL only (PGlite is one process)' },
  async (t) => {
    const h = await createTestApp({ env: LIMITS });
    t.teardown(h.close);
    const name = nth((await sql<{ name: string }>`select current_database() as name`.execute(h.db)).rows, 0).name;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = await createTestApp({
      env: LIMITS,
      now: h.clock.now(),
      database: await openDatabase({ kind: 'postgres', url: url.toString() }),
    });
    t.teardown(other.close);
    const { token } = await h.signIn('demo-agent');
    const body = { systemKbn: '01', keyword: 'カタログ' };
    const now = h.clock.now().getTime();
    const start = new Date(Math.ceil(now / 60_000) * 60_000 + 1_000);
    h.clock.set(start);
    other.clock.set(start);
    t.equal((await h.post('/api/SiteSearch/getContentsList', body, { token })).statusCode, 200);
    t.equal((await h.post('/api/SiteSearch/getContentsList', body, { token })).statusCode, 200);
    // The first instance adds its calls to the shared count within a second (FLUSH_INTERVAL_MS).
    await new Promise((r) => setTimeout(r, 1_500));
    t.equal((await other.post('/api/SiteSearch/getContentsList', body, { token })).statusCode, 200, 'third call');
    const over = await other.post('/api/SiteSearch/getContentsList', body, { token });
    t.equal(over.statusCode, 429, 'the fourth, on the other instance, is refused');
    t.ok(Number(over.headers['retry-after']) > 0);
  },
);

t.test('the renderer shows the message and does not send a 429 again', async (t) => {
  const error = new ApiError({
    kind: 'http',
    status: 429,
    messages: [{ messageId: 'ERR_0041' }],
    retryAfter: 42,
  });
  t.equal(errorMessageText(error, SEARCH_ERROR_POLICY), MESSAGE, 'the search screen');
  t.equal(errorMessageText(error), MESSAGE, 'every other call');
  t.equal(
    errorMessageText(new ApiError({ kind: 'http', status: 429 })),
    MESSAGE,
    'a 429 without messages (a proxy) says the same',
  );
  t.equal(
    errorMessageText(new ApiError({ kind: 'http', status: 429, messages: [{ messageId: 'ERR_USER003' }] })),
    formatMessage('ERR_USER003'),
    'the sign-in limit keeps its own message',
  );

  // The client: one request, no retry, the Retry-After kept on the error.
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  let sent = 0;
  globalThis.Request = class extends RealRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://portal.test') : input, init);
    }
  };
  globalThis.fetch = async () => {
    sent++;
    return new Response(JSON.stringify({ messages: [{ messageId: 'ERR_0041', args: [] }] }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
    });
  };
  t.teardown(() => {
    globalThis.fetch = realFetch;
    globalThis.Request = RealRequest;
  });
  const failure = await apiPost('/api/SiteSearch/getContentsList', { keyword: 'カタログ' }).catch((e: unknown) => e);
  t.ok(isApiError(failure) && failure.rateLimited, 'an ApiError marked rate-limited');
  t.equal(isApiError(failure) ? failure.retryAfter : undefined, 42, 'with its Retry-After');
  t.equal(sent, 1, 'sent once: a read refused by the limit is not repeated');
  t.equal(errorMessageText(failure, SEARCH_ERROR_POLICY), MESSAGE);
});

t.test('calls counted while their write to the shared count is on its way', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  // A long interval: only the explicit flush below writes, so the order of events is fixed.
  const counter = new SharedCounter(h.db, h.clock, 60_000);
  t.teardown(() => counter.close());
  t.equal((await counter.hit('user:a', 60_000)).current, 1, 'the first call, written at once');
  await counter.hit('user:a', 60_000);
  t.equal((await counter.hit('user:a', 60_000)).current, 3, 'two more, counted here');
  const flushing = counter.flushAll(); // their write leaves now and answers later
  t.equal(
    (await counter.hit('user:a', 60_000)).current,
    4,
    'a call during that write still counts the two on their way',
  );
  await flushing;
  t.equal((await counter.hit('user:a', 60_000)).current, 5, 'and after it');
});
