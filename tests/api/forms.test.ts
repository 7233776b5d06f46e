// Form and list definitions over HTTP (GET /api/forms/:id, GET /api/lists/:id) and the promise
// behind them: the rules the renderer runs from the served definition give the same messages
// as the API's answer to the same record.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { loadDefinitions } from '../../api/forms/registry';
import { validateForm, type RuleContext } from '../../schemas/rules/engine';
import type { FormDefinition } from '../../schemas/meta/types';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { postMultipart } from '../helpers/uploads';

const msg = (messageId: string, ...args: string[]) => ({ messageId, args });
const wire = (results: { messageId: string; args: string[] }[]) => results.map((r) => msg(r.messageId, ...r.args));

t.test('definitions over HTTP', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const admin = (await h.signIn('demo-agadmin')).token;
  const provider = (await h.signIn('demo-provider')).token; // segments need provider staff
  const agent = (await h.signIn('demo-agent')).token;
  const staff = (await h.signIn('demo-staff')).token;
  const get = (url: string, token?: string) =>
    h.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  t.test('a form and a list as their files say, with the context of their rules', async (t) => {
    for (const [url, file] of [
      ['/api/forms/ag-user', 'schemas/forms/ag-user.json'],
      ['/api/forms/ag-segment', 'schemas/forms/ag-segment.json'],
      ['/api/lists/ag-user', 'schemas/lists/ag-user.json'],
      ['/api/lists/ag-segment', 'schemas/lists/ag-segment.json'],
    ] as const) {
      const res = await get(url, url.includes('ag-segment') ? provider : admin);
      t.equal(res.statusCode, 200, url);
      t.same(
        res.json(),
        {
          definition: JSON.parse(fs.readFileSync(file, 'utf8')),
          context: { serverDate: '2026-11-20', maxFileSize: 20 * 1024 * 1024 },
        },
        url,
      );
    }
  });

  t.test('refusals: permission of the definition, token, unknown ids', async (t) => {
    for (const token of [agent, staff]) {
      for (const url of ['/api/forms/ag-user', '/api/lists/ag-segment']) {
        const res = await get(url, token);
        t.equal(res.statusCode, 403, url);
        t.same(res.json(), { messages: [msg('ERR_0022')] });
      }
    }
    t.equal((await get('/api/forms/ag-user')).statusCode, 401, 'no token');
    const unknown = await get('/api/forms/no-such-form', admin);
    t.equal(unknown.statusCode, 404);
    t.same(unknown.json(), { messages: [msg('ERR_SYS999')] });
    t.equal((await get('/api/lists/ag-user-reg', admin)).statusCode, 404);
    t.equal((await get('/api/forms/Bad_Id', admin)).statusCode, 400, 'an id that cannot be a file name');
    h.clock.set('2026-11-20T13:30:00Z'); // 22:30 in Tokyo
    t.equal((await get('/api/forms/ag-user', admin)).statusCode, 503, 'operating hours apply');
    h.clock.set('2026-11-20T01:00:00Z');
  });

  t.test('the browser and the API give the same messages for the same record', async (t) => {
    const { definition, context } = (await get('/api/forms/ag-user', admin)).json<{
      definition: FormDefinition;
      context: RuleContext;
    }>();
    const records = [
      {},
      {
        kaisyaName: '𠮷田商店',
        busyoName: 'x'.repeat(256),
        tantousyaName: '佐藤',
        email: 'ｓato@example.jp',
        roleId: '02',
      },
      {
        kaisyaName: '株式会社',
        busyoName: '営業部',
        tantousyaName: 'か\u3099',
        email: 'sato@example',
        bikou1: '😀',
        bikou2: '〜',
        roleId: '',
      },
      { kaisyaName: 'a', busyoName: 'b', tantousyaName: 'c', email: 'c@example.jp', roleId: '01' },
    ];
    for (const record of records) {
      const browser = wire(validateForm(definition, { agCode: 'A0000001', ...record }, { ...context, mode: 'new' }));
      const res = await h.post(
        '/api/AgUser/createAgUser',
        { systemKbn: '01', agUserData: { agCode: 'A0000001', ...record } },
        { token: admin },
      );
      if (browser.length === 0) t.equal(res.statusCode, 200, 'valid in both');
      else t.same(res.json().messages, browser, JSON.stringify(record).slice(0, 60));
    }

    const segment = (await get('/api/forms/ag-segment', provider)).json<{
      definition: FormDefinition;
      context: RuleContext;
    }>();
    const files: [string, string, string][] = [
      ['', 'list.txt', ''],
      ['名前😀', 'a.csv', ''],
      ['セグメントA', 'a.csv', 'A0000001\nTOO-LONG-CODE\n'],
    ];
    for (const [name, fileName, text] of files) {
      const browser = wire(
        validateForm(
          segment.definition,
          { agSegmentName: name, uploadFile: { fileName, size: text.length, text } },
          segment.context,
        ),
      );
      const res = await postMultipart(
        h,
        '/api/AgSegment/create/agSegment',
        provider,
        { systemKbn: '01', 'agSegmentData.agSegmentName': name },
        { name: fileName, bytes: text },
      );
      t.same(res.json().messages, browser, `${name} ${fileName}`);
    }
  });

  t.test('a broken definition stops the app from starting, with every problem listed', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-'));
    t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.cpSync('schemas/forms', path.join(dir, 'forms'), { recursive: true });
    fs.cpSync('schemas/lists', path.join(dir, 'lists'), { recursive: true });
    fs.cpSync('schemas/fragments', path.join(dir, 'fragments'), { recursive: true });
    t.ok(loadDefinitions(dir).forms.has('ag-user'));
    const file = path.join(dir, 'forms', 'ag-user.json');
    const form = JSON.parse(fs.readFileSync(file, 'utf8'));
    form.rules.push(
      { rule: 'required', field: 'nickname', message: 'ERR_0001', args: ['ニックネーム'] },
      { rule: 'palindrome', field: 'email', message: 'ERR_0020' },
    );
    fs.writeFileSync(file, JSON.stringify(form));
    t.throws(() => loadDefinitions(dir), /field "nickname" is not in the schema[\s\S]*unknown rule kind "palindrome"/);
  });
});
