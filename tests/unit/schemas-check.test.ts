// The definition checker behind `npm run schemas:check`: the real definitions pass, and each kind
// of mistake an analyst can make is reported.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import common from '../../schemas/meta/common.schema.json';
import { checkDefinitions, schemaHas, type DefinitionFile } from '../../schemas/meta/check-definitions';
import { readDefinitionFiles } from '../../schemas/meta/load';
import { RULE_KINDS } from '../../schemas/rules/engine';
import { categories } from '../../seeds/platform';
import { present } from '../helpers/indexing';

const real = readDefinitionFiles(path.resolve('schemas'));
const categoryIds = categories.map((c) => c.id);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
const formFile = (name: string) => real.find((f) => f.kind === 'form' && f.name === name)!;
const listFile = (name: string) => real.find((f) => f.kind === 'list' && f.name === name)!;
const messages = (files: DefinitionFile[]) => checkDefinitions(files, { categoryIds }).map((p) => p.message);

t.test('the definitions in schemas/ have no problems', async (t) => {
  t.ok(real.some((f) => f.kind === 'form' && f.name === 'ag-user'));
  t.ok(real.some((f) => f.kind === 'list' && f.name === 'ag-segment'));
  t.same(checkDefinitions(real, { categoryIds }), []);
});

t.test("the meta-schema knows exactly the engine's rule kinds", async (t) => {
  const branches = (common.definitions.rule.oneOf as { properties: { rule: { const: string } } }[]).map(
    (b) => b.properties.rule.const,
  );
  t.same([...branches].sort(), [...RULE_KINDS].sort());
});

t.test('schemaHas follows properties and list items', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'string' },
      rows: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' } } } },
    },
  };
  t.ok(schemaHas(schema, 'a'));
  t.ok(schemaHas(schema, 'rows[].url'));
  t.notOk(schemaHas(schema, 'rows.url'), 'a list needs []');
  t.notOk(schemaHas(schema, 'a[]'));
  t.notOk(schemaHas(schema, 'b'));
});

t.test('mistakes in a form are reported', async (t) => {
  const f = clone(formFile('ag-user'));
  const d = f.data as {
    rules: Record<string, unknown>[];
    uiSchema: Record<string, unknown>;
    permission: { categoryId: number };
    options: Record<string, unknown>;
  };
  d.rules.push({ rule: 'regex', field: 'email', message: 'ERR_0020' });
  d.rules.push({ rule: 'required', field: 'faxNumber', message: 'ERR_0001', args: ['FAX'] });
  d.rules.push({ rule: 'required', field: 'email', message: 'ERR_9999', args: ['X'] });
  d.rules.push({ rule: 'maxLength', field: 'email', max: 10, message: 'ERR_0025', args: ['{label}'] });
  d.rules.push({ rule: 'maxLength', feild: 'email', max: 10, message: 'ERR_0025' });
  d.rules.push({ rule: 'dateOrder', from: 'a', to: 'b', message: 'ERR_0005' });
  d.uiSchema.faxNumber = { 'ui:widget': 'text' };
  d.options.branch = { source: 'x', value: 'v', label: 'l' };
  d.permission.categoryId = 4242;
  const got = messages([f]);
  const expect = [
    /rules\[19\]: unknown rule kind "regex"/,
    /rules\[20\] \(required\): field "faxNumber" is not in the schema/,
    /rules\[21\] \(required\): unknown message code "ERR_9999"/,
    /unknown placeholder \{label\}/,
    /must NOT have additional properties "feild"/,
    /rules\[24\] \(dateOrder\): field "a" is not in the schema/,
    /uiSchema: "faxNumber" is not in the schema/,
    /options: "branch" is not in the schema/,
    /categoryId 4242 is not a known category/,
  ];
  for (const re of expect)
    t.ok(
      got.some((m) => re.test(m)),
      `${re}`,
    );
  t.notOk(
    got.some((m) => /rules\/19/.test(m)),
    'an unknown kind is reported once, not as schema noise',
  );
});

t.test('structural mistakes and file names', async (t) => {
  const f = clone(formFile('ag-segment'));
  delete (f.data as Record<string, unknown>).rules;
  (f.data as Record<string, unknown>).id = 'segment';
  const got = messages([f]);
  t.ok(
    got.some((m) => /must have required property 'rules'/.test(m)),
    'missing rules',
  );
  t.ok(got.some((m) => /differs from the file name/.test(m)));
  t.same(messages([{ kind: 'form', file: 'x.json', name: 'x', data: { __invalidJson: 'Unexpected token' } }]), [
    'not valid JSON: Unexpected token',
  ]);
});

t.test('mistakes in a list are reported', async (t) => {
  const l = clone(listFile('ag-user'));
  const d = l.data as Record<string, unknown> & {
    columns: Record<string, unknown>[];
    defaultSort?: unknown;
    selection: { delete: { empty: { message: string } } };
  };
  d.defaultSort = { column: 'bikou1', direction: 'asc' };
  d.form = 'no-such-form';
  d.selection.delete.empty.message = 'ERR_0999';
  d.columns.push({ key: 'kaisyaName', label: 'again' });
  const got = messages([formFile('ag-user'), l]);
  for (const re of [
    /defaultSort.column "bikou1" is not a sortable column/,
    /form: no form "no-such-form"/,
    /unknown message code "ERR_0999"/,
    /column "kaisyaName" appears twice/,
  ]) {
    t.ok(
      got.some((m) => re.test(m)),
      `${re}`,
    );
  }
});

t.test("mistakes in the request lists' page sizes, links and flags are reported", async (t) => {
  const l = clone(listFile('shinsei-kanri-ag'));
  const d = l.data as Record<string, unknown> & {
    columns: Record<string, unknown>[];
    rowActions: Record<string, unknown>;
    search: Record<string, unknown>;
  };
  d.pageSizes = [50, 100];
  d.rowActions.preview = { call: '/api/ApplicationMgtAg/GetApplicationList' };
  d.columns.push(
    { key: 'statusKbn', kind: 'flag', linkLabel: '{statusKbn}' },
    { key: 'appAgName', kind: 'link', action: 'nowhere' },
  );
  const got = messages([formFile('shinseiform-ag'), l]);
  for (const re of [
    /pageSizes must include pageSize 20/,
    /column "applicationTitle": a link column needs a row action with "to"/,
    /column "statusKbn": linkLabel is for link columns/,
    /column "appAgName": action "nowhere" is not in rowActions/,
  ]) {
    t.ok(
      got.some((m) => re.test(m)),
      `${re}`,
    );
  }
  const plain = clone(listFile('shinsei-kanri-ag'));
  (plain.data as Record<string, unknown>).searchMode = false;
  t.ok(
    messages([formFile('shinseiform-ag'), plain]).some((m) => /editableInResult is for lists with searchMode/.test(m)),
  );
});

t.test('unknown widgets, misnamed fields and misused form constructs are reported', async (t) => {
  const f = clone(formFile('notification-reg'));
  const d = f.data as Record<string, unknown> & {
    uiSchema: Record<string, Record<string, unknown> | string[]>;
    actions: Record<string, Record<string, unknown>>;
    options: Record<string, Record<string, unknown>>;
    mode: Record<string, unknown>;
  };
  (d.uiSchema.kanriTag as Record<string, unknown>)['ui:widget'] = 'textArea';
  (d.uiSchema['ui:order'] as string[]).push('kanriTags');
  (d.uiSchema.contentsImgList as { 'ui:options': Record<string, unknown> })['ui:options'].explanationField =
    'contentsImgExp';
  d.uiSchema.titel = { 'ui:widget': 'textarea' };
  (d.uiSchema.contentsImgList as { 'ui:options': Record<string, unknown> })['ui:options'].download = {
    body: { fileName: '=row.fileName' },
  };
  d.uiSchema.subCategoryId = {
    ...(d.uiSchema.subCategoryId as Record<string, unknown>),
    'ui:options': { related: { title: '関連情報', call: { call: 'getAppCagetoryData' } } },
  };
  d.actions.sendMail = { label: 'メール', confirm: { message: 'CNF_0001' } };
  present(d.actions.submit, 'd.actions.submit').call = { call: '/api/ContentsReg/RegContents' };
  present(d.actions.back, 'd.actions.back').guard = {
    call: { call: '/api/EventReg/checkEventApplied', result: 'isEventApplied' },
    confirm: { message: 'CNF_0008' },
  };
  present(d.actions.delete, 'd.actions.delete').guard = {
    call: { call: '/api/EventReg/checkEventApplied' },
    confirm: { message: 'CNF_0007' },
  };
  delete present(d.actions.preview, 'd.actions.preview').content;
  d.effects = [{ on: 'jyuyoFlag', clear: ['jyuyoKikanStart'] }, { on: 'jyuyoFlg' }];
  d.visibility = [{ hide: ['jyuyoFlg', 'mailButton'], when: { context: 'isOneStopGide', equals: true } }];
  present(d.options.subCategoryId, 'd.options.subCategoryId').dependsOn = { field: 'categry', key: 'categoryId' };
  d.mode.copyTo = 'copySourceId';
  const got = messages([f]);
  const expect = [
    /uiSchema\.kanriTag: unknown widget "textArea"/,
    /ui:order names "kanriTags", which is not in the schema/,
    /uiSchema\.contentsImgList: ui:options\.explanationField "contentsImgExp" is not in the schema/,
    /uiSchema: "titel" is not in the schema/,
    /uiSchema\.contentsImgList: ui:options\.download needs a "call" under \/api\//,
    /uiSchema\.subCategoryId: ui:options\.related needs "title" and a "call" under \/api\//,
    /actions\.sendMail: unknown action/,
    /actions\.submit: a built-in action takes no "call"/,
    /actions\.back: a guard applies to submit and delete only/,
    /actions\.delete\.guard\.call needs "result"/,
    /actions\.preview needs "content"/,
    /effects\[0\]: field "jyuyoFlag" is not in the schema/,
    /effects\[1\] does nothing/,
    /visibility\[0\]: field "mailButton" is not in the schema/,
    /options\.subCategoryId\.dependsOn: field "categry" is not in the schema/,
    /mode\.copyTo: field "copySourceId" is not in the schema/,
  ];
  for (const re of expect)
    t.ok(
      got.some((m) => re.test(m)),
      `${re}`,
    );
  t.equal(got.length, expect.length, `nothing else is reported: ${got.join(' | ')}`);
});

t.test('a misspelt widget in a copy of the schemas makes schemas:check fail', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-widget-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync('schemas/forms', path.join(dir, 'forms'), { recursive: true });
  const file = path.join(dir, 'forms', 'event-reg.json');
  const form = JSON.parse(fs.readFileSync(file, 'utf8'));
  form.uiSchema.mailMessage['ui:widget'] = 'textArea';
  fs.writeFileSync(file, JSON.stringify(form));
  const bad = spawnSync(process.execPath, ['--import=tsx', 'schemas/check.ts', dir], { encoding: 'utf8' });
  t.equal(bad.status, 1);
  t.match(bad.stderr, /event-reg\.json: uiSchema\.mailMessage: unknown widget "textArea"/);
});

t.test('npm run schemas:check exits 1 on problems and 0 on sound files', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-check-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync('schemas/forms', path.join(dir, 'forms'), { recursive: true });
  fs.cpSync('schemas/lists', path.join(dir, 'lists'), { recursive: true });
  fs.cpSync('schemas/fragments', path.join(dir, 'fragments'), { recursive: true });
  const run = () => spawnSync(process.execPath, ['--import=tsx', 'schemas/check.ts', dir], { encoding: 'utf8' });
  const ok = run();
  t.equal(ok.status, 0, ok.stderr);
  t.match(ok.stdout, /no problems/);
  const file = path.join(dir, 'forms', 'ag-user.json');
  const form = JSON.parse(fs.readFileSync(file, 'utf8'));
  form.rules.push({ rule: 'required', field: 'nickname', message: 'ERR_0001', args: ['ニックネーム'] });
  fs.writeFileSync(file, JSON.stringify(form));
  const bad = run();
  t.equal(bad.status, 1);
  t.match(bad.stderr, /ag-user\.json: rules\[19\] \(required\): field "nickname" is not in the schema/);
});

t.test('a store that names fields the form does not have is reported', async (t) => {
  const f = clone(formFile('notification-reg'));
  const d = f.data as {
    store: { columns: Record<string, unknown>; also?: unknown[] };
    permission: Record<string, unknown>;
  };
  d.store.columns.faxNumber = 'fax_number';
  d.store.also = [
    { table: 'events', key: 'content_id', columns: { heldAt: { column: 'kaisai_at', type: 'datetime' } } },
  ];
  d.store.columns.title = { column: 'title; drop table users', type: 'text' };
  const got = messages([f]);
  for (const re of [
    /store.columns: field "faxNumber" is not in the schema/,
    /store.also\[0\].columns: field "heldAt" is not in the schema/,
    /\/store\/columns\/title/,
  ])
    t.ok(
      got.some((m) => re.test(m)),
      `${re}`,
    );
  const g = clone(formFile('notification-reg'));
  delete (g.data as { store: { columns: Record<string, unknown> } }).store.columns.contentsCategoryId;
  t.ok(
    messages([g]).some((m) => /permission.byField "contentsCategoryId" needs a column/.test(m)),
    'a per-category form keeps its records within their category',
  );
  const k = clone(formFile('notification-reg'));
  (k.data as { store: { keepsAbsent?: string[] } }).store.keepsAbsent = ['title', 'noSuchField'];
  const kept = messages([k]);
  t.ok(
    kept.some((m) => /store.keepsAbsent: "noSuchField" is not a column field of the store/.test(m)),
    'keepsAbsent names column fields only',
  );
  t.notOk(
    kept.some((m) => /keepsAbsent: "title"/.test(m)),
    'a column field is accepted',
  );
});

t.test("mistakes in a paged list's order and declared columns are reported", async (t) => {
  const l = clone(listFile('shinsei-kanri-ag'));
  const paging = (l.data as { paging: { order: string[]; columns: Record<string, unknown> } }).paging;
  paging.order = paging.order.filter((k) => k !== 'wishDate');
  paging.columns.appMemo = { column: 'app_memo', type: 'text' };
  const got = messages([formFile('shinseiform-ag'), l]);
  t.ok(
    got.some((m) => /the sortable column "wishDate" is not in it/.test(m)),
    'a sortable column left out',
  );
  t.ok(
    got.some((m) => /paging.columns: "appMemo" is not in paging.order/.test(m)),
    'a declared column not ordered by',
  );
  const undeclared = clone(listFile('shinsei-kanri-ag'));
  delete (undeclared.data as { paging: { columns: Record<string, unknown> } }).paging.columns.statusName;
  t.ok(
    messages([formFile('shinseiform-ag'), undeclared]).some((m) =>
      /paging.order: "statusName" is not a text or integer column/.test(m),
    ),
    'an ordered column neither a store field nor declared',
  );
});
