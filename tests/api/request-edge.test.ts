// The edge every route shares (issue 14 items 1 and 2; docs/decisions.md §2, docs/wire-contract.md
// "Requests"): a control character in any string is 400 ERR_0026, never a 500 from the
// database; null and "" for an optional field mean "not given", never a 400. Proved on every
// POST route the app registers, with the fields its own OpenAPI schema declares.
import t from 'tap';
import { createTestApp } from '../helpers/test-app';
import { apiPostRoutes, messageIds, rawPost, registeredRoutes, urlOf } from '../helpers/api-probe';
import { nth } from '../helpers/indexing';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
}

const NUL = 'a\u0000b';

/** Paths (keys) of every place a string may stand, through objects, unions and arrays. */
function stringPaths(s: Schema | undefined, path: string[] = []): string[][] {
  if (!s) return [];
  const out: string[][] = [];
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string')) out.push(path);
  for (const [k, p] of Object.entries(s.properties ?? {})) out.push(...stringPaths(p, [...path, k]));
  for (const branch of s.anyOf ?? []) out.push(...stringPaths(branch, path));
  if (s.items) out.push(...stringPaths(s.items, [...path, '0']));
  const seen = new Set<string>();
  return out.filter((p) => !seen.has(p.join('.')) && seen.add(p.join('.')));
}

/** Optional fields: top-level ones, and those of a top-level object the body must carry. */
function optionalPaths(s: Schema): string[][] {
  const out: string[][] = [];
  const required = new Set(s.required ?? []);
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    if (k === 'systemKbn') continue;
    if (!required.has(k)) out.push([k]);
    for (const [nk] of Object.entries(p.properties ?? {})) if (!(p.required ?? []).includes(nk)) out.push([k, nk]);
  }
  return out;
}

/** A body with the required objects present and `value` at `path`. */
function bodyWith(s: Schema, path: string[] | null, value?: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = { systemKbn: '01' };
  for (const k of s.required ?? []) if (s.properties?.[k]?.type === 'object') body[k] = {};
  if (!path) return body;
  let at: Record<string, unknown> | unknown[] = body;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const container = at as Record<string, unknown>;
    if (last) container[key] = value;
    else {
      const next = nth(path, i + 1);
      container[key] ??= /^\d+$/.test(next) ? [] : {};
      at = container[key] as Record<string, unknown>;
    }
  });
  return body;
}

t.test('the request edge', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const provider = (await h.signIn('demo-provider')).token;
  const agent = (await h.signIn('demo-agent')).token;
  const openapi = h.app.swagger() as {
    paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema: Schema }> } } }>;
  };
  const schemaOf = (path: string) => openapi.paths[path]?.post?.requestBody?.content?.['application/json']?.schema;
  const errorLogs = async () =>
    Number(
      (
        await h.db
          .selectFrom('error_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // The upload protocol (tus) has no JSON body; tests/api/uploads.test.ts covers its metadata.
  const routes = apiPostRoutes(h.app).filter((p) => !p.startsWith('/api/files'));
  const logout = '/api/Auth/logout';
  const tokenFor = async (path: string) => (path === logout ? (await h.signIn('demo-provider')).token : provider);

  t.test(
    'the reproduction of the issue: a NUL in the login id is 400 ERR_0026, not a 500 with an error log',
    async (t) => {
      const before = await errorLogs();
      for (const [url, body] of [
        ['/api/Auth/login', { systemKbn: '01', loginId: NUL, password: 'x' }],
        ['/api/Auth/OtpLogin', { systemKbn: '01', loginId: 'demo-agent', password: NUL, otp: 'ABC123' }],
        ['/api/errorlog', { message: NUL, userAgent: 'tap' }],
        ['/api/log', { systemKbn: '01', operationType: '03', toScreenName: NUL }],
        ['/api/SiteSearch/getContentsList', { systemKbn: '01', keyword: `研修${'\u0000'}` }],
        ['/api/download', { systemKbn: '01', categoryId: 1, contentId: 1, fileName: NUL, screenName: NUL }],
        ['/api/AgUser/getAgUserList', { systemKbn: '01', agUserSearchCond: { tantousyaName: NUL } }],
        [
          '/api/AgSegment/update/agSegment',
          { systemKbn: '01', agSegmentDataList: [{ agSegmentId: 1, agSegmentName: NUL }] },
        ],
      ] as const) {
        const res = await h.post(url, body, { token: provider });
        t.equal(res.statusCode, 400, url);
        t.ok(messageIds(res).includes('ERR_0026'), `${url}: ${res.body}`);
      }
      t.equal(await errorLogs(), before, 'no error was logged');
      const res = await h.post('/api/Auth/login', { systemKbn: '01', loginId: NUL, password: 'x' });
      t.same(res.json(), { messages: [{ messageId: 'ERR_0026', args: ['loginId'] }] }, 'the wire path names the field');
    },
  );

  t.test('a control character in any string field of any route: 400 ERR_0026, never a 500', async (t) => {
    let checked = 0;
    for (const path of routes) {
      const schema = schemaOf(path);
      const token = await tokenFor(path);
      const bodies: Array<[string, unknown]> = [['an unknown key', { systemKbn: '01', [`x${'\u0001'}`]: 'y' }]];
      if (schema)
        for (const p of stringPaths(schema))
          bodies.push([p.join('.') || 'body', p.length ? bodyWith(schema, p, NUL) : NUL]);
      for (const [what, body] of bodies) {
        const res = await h.post(path, body, { token });
        t.equal(res.statusCode, 400, `${path} ${what}: ${res.statusCode}`);
        t.ok(messageIds(res).includes('ERR_0026'), `${path} ${what}: ${res.body}`);
        checked++;
      }
      for (const ch of ['\u0008', '\u001f', '\u000b']) {
        const res = await h.post(path, { systemKbn: '01', userId: `0000000001${ch}` }, { token });
        t.equal(res.statusCode, 400, `${path} userId with U+${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
      }
    }
    t.ok(checked > 150, `${checked} fields on ${routes.length} routes`);
  });

  t.test('a multipart body (segment create and re-upload) is held to the same rule', async (t) => {
    const boundary = '----request-edge-test';
    const form = (fields: Record<string, string>, fileName = 'members.csv') => {
      const parts = Object.entries(fields).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="uploadFile"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\nA0000001\r\n`,
      );
      return `${parts.join('')}--${boundary}--\r\n`;
    };
    const segments = async () =>
      (await h.db.selectFrom('agent_segments').select('ag_segment_name').execute()).map((r) => r.ag_segment_name);
    const before = await segments();
    for (const path of ['/api/AgSegment/create/agSegment', '/api/AgSegment/upload/agSegment']) {
      for (const [what, payload] of [
        [
          'segment name',
          form({
            systemKbn: '01',
            agSegmentData: JSON.stringify({ agSegmentId: 1, agSegmentName: `首都圏${'\u0000'}` }),
          }),
        ],
        ['a plain field', form({ systemKbn: '01', agSegmentName: `首都圏${'\u0002'}`, agSegmentId: '1' })],
        [
          'file name',
          form(
            { systemKbn: '01', agSegmentData: JSON.stringify({ agSegmentId: 1, agSegmentName: '首都圏テスト' }) },
            `a${'\u0001'}.csv`,
          ),
        ],
      ] as const) {
        const res = await h.app.inject({
          method: 'POST',
          url: path,
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${provider}` },
        });
        t.equal(res.statusCode, 400, `${path} ${what}`);
        t.ok(messageIds(res).includes('ERR_0026'), `${path} ${what}: ${res.body}`);
      }
    }
    t.same(await segments(), before, 'no segment was created or changed');
  });

  t.test('TAB, LF and CR stay allowed (multi-line text)', async (t) => {
    const res = await h.post('/api/errorlog', { message: 'TypeError\tline 1\r\nline 2', userAgent: 'tap' });
    t.equal(res.statusCode, 200);
  });

  t.test('a control character in a path parameter, a query or a raw JSON string is refused too', async (t) => {
    for (const r of registeredRoutes(h.app).filter(
      (r) => r.path.startsWith('/api/') && r.method === 'GET' && r.path.includes(':'),
    )) {
      const res = await h.app.inject({
        method: 'GET',
        url: `${urlOf(r.path).replace(/x$/, 'a%00b')}?q=%01`,
        headers: { authorization: `Bearer ${provider}` },
      });
      t.equal(res.statusCode, 400, `GET ${r.path}: ${res.body}`);
      t.ok(messageIds(res).includes('ERR_0026'), `GET ${r.path}`);
    }
    const raw = await rawPost(h, '/api/auth/validate', JSON.stringify(`0000000001${'\u0000'}`), {
      authorization: `Bearer ${provider}`,
    });
    t.equal(raw.statusCode, 400, 'a body that is one string');
    t.ok(messageIds(raw).includes('ERR_0026'));
  });

  t.test('null and "" for an optional field answer as if the field were not sent, on every route', async (t) => {
    let checked = 0;
    for (const path of routes) {
      const schema = schemaOf(path);
      if (!schema) continue;
      for (const p of optionalPaths(schema)) {
        const token = await tokenFor(path);
        const absent = await h.post(path, bodyWith(schema, null), {
          token: path === logout ? await tokenFor(path) : token,
        });
        for (const empty of [null, '']) {
          const res = await h.post(path, bodyWith(schema, p, empty), {
            token: path === logout ? await tokenFor(path) : token,
          });
          t.not(res.statusCode, 500, `${path} ${p.join('.')}=${JSON.stringify(empty)}`);
          t.same(
            [res.statusCode, messageIds(res)],
            [absent.statusCode, messageIds(absent)],
            `${path} ${p.join('.')}=${JSON.stringify(empty)} answers as when absent`,
          );
          checked++;
        }
      }
    }
    t.ok(checked > 100, `${checked} cases`);
  });

  t.test('the reproductions of the issue: targetDate null, search filters null', async (t) => {
    const top = await h.post('/api/Info/getPortalTopInfo', { systemKbn: '01', targetDate: null }, { token: agent });
    t.equal(top.statusCode, 200, 'targetDate null');
    const search = await h.post(
      '/api/SiteSearch/getContentsList',
      {
        systemKbn: '01',
        keyword: '研修',
        categoryId: null,
        postPeriodFrom: null,
        postPeriodTo: null,
        narrowKeyword: null,
        narrowTags: null,
        narrowCategorys: null,
      },
      { token: agent },
    );
    t.equal(search.statusCode, 200, 'search filters null');
    const plain = await h.post(
      '/api/SiteSearch/getContentsList',
      { systemKbn: '01', keyword: '研修' },
      { token: agent },
    );
    t.same(search.json(), plain.json(), 'the same answer as without them');
  });

  t.test('a required field stays required: null for it is "missing" (ERR_0001), not accepted', async (t) => {
    const res = await h.post('/api/Auth/login', { systemKbn: '01', loginId: null, password: 'x' });
    t.equal(res.statusCode, 400);
    t.same(messageIds(res), ['ERR_0001']);
    const kbn = await h.post('/api/Auth/login', { systemKbn: null, loginId: 'demo-agent', password: 'x' });
    t.equal(kbn.statusCode, 400, 'systemKbn null');
  });
});
