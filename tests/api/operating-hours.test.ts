// Operating hours 08:00-21:00 Asia/Tokyo (docs/decisions.md §4, §12): outside them every API call but
// /api/System/checkOperationTime and /api/errorlog answers 503 { outOfOperation: true };
// OPERATING_HOURS=always turns the check off; parseOperatingHours refuses bad values.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { apiPostRoutes, registeredRoutes, urlOf } from '../helpers/api-probe';
import { ConfigError, loadConfig, parseOperatingHours } from '../../api/config';

const ALWAYS_OPEN = ['/api/System/checkOperationTime', '/api/errorlog'];
const thrownBy = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
};
const tokyo = (date: string, time: string) => new Date(`${date}T${time}+09:00`);

/** Every API route: POST with a body that carries systemKbn and a token; GET with dummy parameters. */
async function callEveryRoute(h: TestApp, token: string) {
  const out: Array<{ path: string; status: number; body: string }> = [];
  for (const path of apiPostRoutes(h.app)) {
    if (path === '/api/Auth/logout') continue; // would end the session used for the others
    const res = await h.post(urlOf(path), { systemKbn: '01' }, { token });
    out.push({ path, status: res.statusCode, body: res.body });
  }
  for (const r of registeredRoutes(h.app).filter(
    (r) => r.method !== 'POST' && r.method !== 'HEAD' && r.path.startsWith('/api/'),
  )) {
    const res = await h.app.inject({
      method: r.method as 'GET',
      url: urlOf(r.path),
      headers: { authorization: `Bearer ${token}` },
    });
    out.push({ path: `${r.method} ${r.path}`, status: res.statusCode, body: res.body });
  }
  return out;
}

t.test('operating hours 08:00-21:00', async (t) => {
  const h = await createTestApp({ now: tokyo('2026-11-20', '10:00:00') });
  t.teardown(h.close);
  const { token } = await h.signIn('demo-agent');
  t.ok(apiPostRoutes(h.app).length >= 15, 'the app has its routes');

  for (const [time, label] of [
    ['07:59:00', '07:59'],
    ['07:59:59', '07:59:59'],
    ['21:00:00', '21:00'],
    ['23:30:00', '23:30'],
    ['03:00:00', '03:00'],
  ] as const) {
    t.test(
      `at ${label} Tokyo every call but the hours check and the error log answers 503 { outOfOperation: true }`,
      async (t) => {
        h.clock.set(tokyo('2026-11-20', time));
        const results = await callEveryRoute(h, token);
        for (const r of results) {
          if (ALWAYS_OPEN.includes(r.path)) {
            t.not(r.status, 503, `${r.path} answers`);
          } else {
            t.equal(r.status, 503, r.path);
            t.same(JSON.parse(r.body), { outOfOperation: true }, r.path);
          }
        }
        const logout = await h.post('/api/Auth/logout', { systemKbn: '01' }, { token });
        t.equal(logout.statusCode, 503, '/api/Auth/logout too');
        const hours = await h.post('/api/System/checkOperationTime', {});
        const opensAt = time < '08' ? '2026/11/20 08:00' : '2026/11/21 08:00';
        t.same(
          hours.json(),
          { isWithinOperationHours: false, operatingHours: '08:00-21:00', opensAt },
          'says when it opens',
        );
        const errorlog = await h.post('/api/errorlog', { message: `closed at ${label}` });
        t.match(errorlog.json(), { errorId: /^[0-9a-f-]{36}$/ }, 'the error log is stored outside hours');
      },
    );
  }

  for (const [time, label] of [
    ['08:00:00', '08:00'],
    ['20:59:59', '20:59:59'],
    ['20:59:00', '20:59'],
  ] as const) {
    t.test(`at ${label} Tokyo the API is open`, async (t) => {
      h.clock.set(tokyo('2026-11-21', time));
      const { token: fresh } = await h.signIn('demo-agent'); // a token of that moment
      const results = await callEveryRoute(h, fresh);
      for (const r of results) t.not(r.status, 503, `${r.path} is open (${r.status})`);
      t.ok(results.filter((r) => r.status === 200).length >= 8, 'most calls succeed with a bare body');
      const hours = await h.post('/api/System/checkOperationTime', {});
      t.same(hours.json(), { isWithinOperationHours: true, operatingHours: '08:00-21:00', opensAt: '' });
    });
  }

  t.test(
    'the hours are Tokyo time: 23:30 UTC is 08:30 the next morning in Tokyo (open), 12:30 UTC is 21:30 (closed)',
    async (t) => {
      h.clock.set('2026-11-21T23:30:00Z');
      t.equal((await h.post('/api/System/checkOperationTime', {})).json().isWithinOperationHours, true);
      t.equal(
        (await h.post('/api/Auth/login', { systemKbn: '01', loginId: 'demo-agent', password: 'x' })).statusCode,
        401,
        'sign-in answers (wrong password) rather than 503',
      );
      h.clock.set('2026-11-21T12:30:00Z');
      t.equal((await h.post('/api/System/checkOperationTime', {})).json().isWithinOperationHours, false);
    },
  );

  t.test(
    'a session started before 21:00 gets 503 (not 401) at 21:00, and works again with a new sign-in at 08:00',
    async (t) => {
      h.clock.set(tokyo('2026-11-22', '20:45:00'));
      const evening = await h.signIn('demo-agent2');
      h.clock.set(tokyo('2026-11-22', '21:00:00'));
      const closed = await h.post('/api/GlobalNavi/getGlobalNaviData', { systemKbn: '01' }, { token: evening.token });
      t.equal(closed.statusCode, 503);
      t.same(closed.json(), { outOfOperation: true });
      t.equal(
        (await h.post('/api/Auth/login', { systemKbn: '01', loginId: 'demo-agent2', password: 'x' })).statusCode,
        503,
        'no sign-in either',
      );
      h.clock.set(tokyo('2026-11-23', '08:00:00'));
      const morning = await h.signIn('demo-agent2');
      t.equal(
        (await h.post('/api/GlobalNavi/getGlobalNaviData', { systemKbn: '01' }, { token: morning.token })).statusCode,
        200,
      );
    },
  );
});

t.test('OPERATING_HOURS=always never closes', async (t) => {
  const h = await createTestApp({ operatingHours: 'always', now: tokyo('2026-11-20', '03:00:00') });
  t.teardown(h.close);
  t.same((await h.post('/api/System/checkOperationTime', {})).json(), {
    isWithinOperationHours: true,
    operatingHours: 'always',
    opensAt: '',
  });
  for (const time of ['00:00:00', '03:00:00', '07:59:59', '21:00:00', '23:59:59']) {
    h.clock.set(tokyo('2026-11-20', time));
    const { token } = await h.signIn('demo-agent');
    const results = await callEveryRoute(h, token);
    for (const r of results) t.not(r.status, 503, `${time} ${r.path}`);
    t.equal(
      (await h.post('/api/System/checkOperationTime', {})).json().isWithinOperationHours,
      true,
      `${time} reported open`,
    );
  }
});

t.test('parseOperatingHours', async (t) => {
  t.same(parseOperatingHours('08:00-21:00'), {
    kind: 'window',
    startMinute: 480,
    endMinute: 1260,
    text: '08:00-21:00',
  });
  t.same(
    parseOperatingHours(' 09:30-18:15 '),
    { kind: 'window', startMinute: 570, endMinute: 1095, text: '09:30-18:15' },
    'surrounding spaces are trimmed',
  );
  t.same(
    parseOperatingHours('00:00-24:00'),
    { kind: 'window', startMinute: 0, endMinute: 1440, text: '00:00-24:00' },
    'a whole day',
  );
  for (const v of ['always', 'ALWAYS', ' Always ']) t.same(parseOperatingHours(v), { kind: 'always' }, `"${v}"`);

  const refused: Array<[string, RegExp]> = [
    ['', /must look like 08:00-21:00/],
    ['8:00-21:00', /must look like/],
    ['08:00~21:00', /must look like/],
    ['08:00-21:00-22:00', /must look like/],
    ['0800-2100', /must look like/],
    ['never', /must look like/],
    ['24:00-24:00', /invalid time/],
    ['08:60-21:00', /invalid time/],
    ['08:00-21:60', /invalid time/],
    ['08:00-25:00', /invalid time/],
    ['08:00-24:30', /invalid time/],
    ['21:00-08:00', /start before it ends/],
    ['08:00-08:00', /start before it ends/],
  ];
  for (const [value, message] of refused) {
    const err = thrownBy(() => parseOperatingHours(value));
    t.ok(err instanceof ConfigError, `"${value}" is refused with a ConfigError`);
    t.match(String((err as Error | undefined)?.message), message, `"${value}": a message that says what is wrong`);
  }

  t.equal(loadConfig({}).operatingHours.kind, 'window', 'the default is a window');
  t.same(loadConfig({}).operatingHours, parseOperatingHours('08:00-21:00'), 'the default is 08:00-21:00');
  t.ok(
    thrownBy(() => loadConfig({ OPERATING_HOURS: '9-17' })) instanceof ConfigError,
    'loadConfig reports a bad OPERATING_HOURS',
  );
});
