// npm run dev's half of the API (api/dev/): without DEV_MODE its calls do not exist; with it, a
// provider administrator reads the definitions as they are on disk, and an edited definition is
// served — and enforced on save — without a restart, announced on the events stream; a broken
// edit keeps the last sound definition and says why.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { ConfigError, loadConfig } from '../../api/config';
import { nth } from '../helpers/indexing';
import { createTestApp } from '../helpers/test-app';

const SCHEMAS = path.resolve('schemas');
const get = (
  h: { app: { inject: (o: object) => Promise<{ statusCode: number; json(): unknown }> } },
  url: string,
  token: string,
) => h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** Polls until `check` holds (the watcher reloads a moment after the write). */
async function eventually(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${ms} ms: ${what}`);
}

t.test('DEV_MODE is true or false, and never beside NODE_ENV=production', async (t) => {
  t.equal(loadConfig({}).devMode, false, 'off by default');
  t.equal(loadConfig({ DEV_MODE: 'true' }).devMode, true);
  for (const env of [{ DEV_MODE: 'yes' }, { DEV_MODE: 'true', NODE_ENV: 'production' }]) {
    const err = (() => {
      try {
        loadConfig(env);
      } catch (e) {
        return e;
      }
    })();
    t.ok(err instanceof ConfigError, `${JSON.stringify(env)} refused`);
  }
});

t.test('without DEV_MODE the dev calls are not there', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const provider = (await h.signIn('demo-provider')).token;
  for (const url of ['/api/dev/definitions', '/api/dev/definitions/forms/ag-user', '/api/dev/definitions/events']) {
    t.equal((await get(h, url, provider)).statusCode, 404, url);
  }
});

t.test('with DEV_MODE: an edited definition is served and enforced without a restart', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-dev-schemas-'));
  // The definitions and whatever they reference (shared fragments, when the repository has them).
  for (const sub of ['forms', 'lists', 'fragments']) {
    if (await fs.stat(path.join(SCHEMAS, sub)).catch(() => null))
      await fs.cp(path.join(SCHEMAS, sub), path.join(dir, sub), { recursive: true });
  }
  t.teardown(() => fs.rm(dir, { recursive: true, force: true }));
  const h = await createTestApp({ env: { DEV_MODE: 'true' }, definitionsDir: dir });
  t.teardown(h.close);
  const provider = (await h.signIn('demo-provider')).token;
  const agadmin = (await h.signIn('demo-agadmin')).token;
  const file = path.join(dir, 'forms', 'ag-user.json');
  const original = await fs.readFile(file, 'utf8');

  t.equal((await get(h, '/api/dev/definitions', agadmin)).statusCode, 403, 'an agent administrator is refused');
  t.equal((await get(h, '/api/dev/definitions/forms/ag-user', agadmin)).statusCode, 403);
  const list = (await get(h, '/api/dev/definitions', provider)).json() as {
    definitions: { kind: string; id: string; title: string; problems: number }[];
  };
  t.same(
    list.definitions.find((d) => d.id === 'ag-user' && d.kind === 'forms'),
    { kind: 'forms', id: 'ag-user', title: 'ユーザー登録', problems: 0 },
  );
  t.ok(
    list.definitions.some((d) => d.kind === 'lists' && d.id === 'ag-user'),
    'lists too',
  );
  t.equal((await get(h, '/api/dev/definitions/forms/no-such-form', provider)).statusCode, 404);
  t.equal((await get(h, '/api/dev/definitions/other/ag-user', provider)).statusCode, 400);

  // The events stream, as the renderer follows it (a real connection: it stays open).
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (h.app.server.address() as AddressInfo).port;
  const stream = await fetch(`http://127.0.0.1:${port}/api/dev/definitions/events`, {
    headers: { authorization: `Bearer ${agadmin}` },
  });
  t.equal(stream.status, 200, 'any signed-in user may follow the reloads');
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  const nextEvent = async (name: string) => {
    while (!received.includes(`event: ${name}\n`)) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      received += value;
    }
    const at = received.indexOf(`event: ${name}\n`);
    const end = received.indexOf('\n\n', at);
    const data = JSON.parse(nth(received.slice(at, end).split('\n'), 1).slice('data: '.length));
    received = received.slice(end + 2);
    return data;
  };
  await nextEvent('hello');

  const create = (kaisyaName: string) =>
    h.post(
      '/api/AgUser/createAgUser',
      {
        systemKbn: '01',
        agUserData: {
          agCode: 'A0000001',
          kaisyaName,
          busyoName: '総務部',
          tantousyaName: '新井',
          email: 'arai@example.jp',
          roleId: '1',
        },
      },
      { token: agadmin },
    );
  t.match(
    (await create('')).json(),
    { messages: [{ messageId: 'ERR_0001', args: ['会社名'] }] },
    'the rule as the file first says',
  );

  const edited = JSON.parse(original);
  edited.title.new = 'ユーザー登録（試し）';
  edited.rules.find((r: { rule: string; field: string }) => r.rule === 'required' && r.field === 'kaisyaName').args = [
    '会社名（試し）',
  ];
  await fs.writeFile(file, JSON.stringify(edited, null, 2));
  t.match(await nextEvent('reload'), { ok: true, files: ['schemas/forms/ag-user.json'] }, 'the reload is announced');
  const served = (await get(h, '/api/forms/ag-user', agadmin)).json() as { definition: { title: { new: string } } };
  t.equal(served.definition.title.new, 'ユーザー登録（試し）', 'GET /api/forms serves the edit');
  t.match(
    (await create('')).json(),
    { messages: [{ messageId: 'ERR_0001', args: ['会社名（試し）'] }] },
    'the save runs the edited rule',
  );
  t.match((await get(h, '/api/dev/definitions/forms/ag-user', provider)).json(), {
    served: true,
    problems: [],
    definition: { title: { new: 'ユーザー登録（試し）' } },
  });

  // A broken edit: the check's problems are reported, the last sound definition is still served.
  const broken = {
    ...edited,
    rules: [...edited.rules, { rule: 'required', field: 'noSuchField', message: 'ERR_0001', args: ['x'] }],
  };
  await fs.writeFile(file, JSON.stringify(broken, null, 2));
  const outcome = await nextEvent('reload');
  t.equal(outcome.ok, false, 'not reloaded');
  t.match(outcome.error, /noSuchField/);
  const detail = (await get(h, '/api/dev/definitions/forms/ag-user', provider)).json() as {
    served: boolean;
    problems: string[];
  };
  t.equal(detail.served, false);
  t.ok(
    detail.problems.some((p) => p.includes('noSuchField')),
    'the schema check says what is wrong',
  );
  t.equal(
    ((await get(h, '/api/forms/ag-user', agadmin)).json() as typeof served).definition.title.new,
    'ユーザー登録（試し）',
    'the previous one is still served',
  );

  // A file that is not JSON at all.
  await fs.writeFile(file, '{ "id": ');
  await nextEvent('reload');
  t.match((await get(h, '/api/dev/definitions/forms/ag-user', provider)).json(), {
    definition: null,
    served: false,
    problems: [/not valid JSON/],
  });

  await fs.writeFile(file, original);
  await eventually(
    async () =>
      ((await get(h, '/api/forms/ag-user', agadmin)).json() as typeof served).definition.title.new === 'ユーザー登録',
    'the original again',
  );
  // The stream is left open: the app's close must end it rather than wait for it (tsx watch restarts).
  await h.app.close();
  let events = 0;
  while (!(await reader.read()).done) events += 1; // what was still buffered, then the end
  t.pass(`the close ended the stream (after ${events} more reads)`);
});
