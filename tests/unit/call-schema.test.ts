// The bodies of declared calls in the OpenAPI document (api/forms/call-schema.ts) come from the
// definitions: the template places the record, the form's schema types its fields, the rules and
// the call's key make `required`. A field added to a definition appears with no code change.
import t from 'tap';
import { callBodySchema } from '../../api/forms/call-schema';
import { formOf, loadDefinitions } from '../../api/forms/registry';
import type { CallSpec, FormDefinition } from '../../schemas/meta/types';

type S = {
  type?: string;
  properties?: Record<string, S>;
  required?: string[];
  items?: S;
  maxLength?: number;
  enum?: unknown[];
};
const defs = loadDefinitions();
const callOf = (form: FormDefinition, name: 'load' | 'create' | 'update' | 'delete'): CallSpec => {
  const call = form.calls?.[name];
  if (!call) throw new Error(`${form.id} has no ${name} call`);
  return call;
};

t.test('a wrapped record: agUserData typed from the form, its always-required fields required', async (t) => {
  const form = formOf(defs, 'ag-user');
  const s = callBodySchema(form, callOf(form, 'create'), 'new') as S;
  t.same(s.properties?.systemKbn?.enum, ['01']);
  t.equal(s.properties?.userId?.type, 'string', 'the caller ids beside the record');
  const data = s.properties?.agUserData;
  t.equal(data?.type, 'object');
  t.same(data?.properties?.agCode, { type: 'string', title: '代理店コード', maxLength: 8 });
  t.ok(data?.required?.includes('kaisyaName') && data.required.includes('email'), 'required rules');
  t.ok(s.required?.includes('agUserData'), 'the wrapper itself');
});

t.test('a record at the top; the key required for an update and a load, not for a create', async (t) => {
  const form = formOf(defs, 'notification-reg');
  const create = callBodySchema(form, callOf(form, 'create'), 'new') as S;
  const update = callBodySchema(form, callOf(form, 'update'), 'update') as S;
  const load = callBodySchema(form, callOf(form, 'load'), 'load') as S;
  t.ok(create.required?.includes('title'));
  t.notOk(create.required?.includes('contentsId'));
  t.ok(update.required?.includes('contentsId') && update.required.includes('title'));
  t.same(Object.keys(load.properties ?? {}).sort(), [
    'agCode',
    'contentsCategoryId',
    'contentsId',
    'systemKbn',
    'userId',
  ]);
  t.ok(
    load.required?.includes('contentsId') && load.required.includes('contentsCategoryId'),
    'the key and the byField',
  );
});

t.test('a selection delete: a list of the keys its template names', async (t) => {
  const form = formOf(defs, 'glovalnavi-kanri');
  const s = callBodySchema(form, callOf(form, 'delete'), 'delete') as S;
  const list = s.properties?.gloNaviKanriIdList;
  t.equal(list?.type, 'array');
  t.same(Object.keys(list?.items?.properties ?? {}), ['glonaviKanriId']);
  t.ok(s.required?.includes('gloNaviKanriIdList'));
});

t.test('workflow forms: the status and the optimistic fields; an update may store the status alone', async (t) => {
  const form = formOf(defs, 'shinseiform-ag');
  const update = callBodySchema(form, callOf(form, 'update'), 'update') as S;
  t.ok(update.properties?.appStatus && update.properties.dispDateTime && update.properties.beforeAppStatus);
  t.same(update.required, ['systemKbn', 'appNo'], 'no rule-required field: a status change stores none');
  const load = callBodySchema(form, callOf(form, 'load'), 'load') as S;
  t.same(load.required, ['systemKbn'], 'a load that may open a new record needs no key');
  t.notOk(
    (callBodySchema(form, callOf(form, 'create'), 'new') as S).properties?.dispDateTime,
    'a create has nothing to compare',
  );
});

t.test('a field added to a definition is documented with its type and required rule', async (t) => {
  const base = formOf(defs, 'banner-reg');
  const form: FormDefinition = {
    ...base,
    schema: {
      ...base.schema,
      properties: { ...base.schema.properties, faxNo: { type: 'string', title: 'FAX番号', maxLength: 20 } },
    },
    rules: [...base.rules, { rule: 'required', field: 'faxNo', message: 'ERR_0001', args: ['FAX番号'] }],
  };
  const s = callBodySchema(form, callOf(form, 'create'), 'new') as S;
  t.same(s.properties?.faxNo, { type: 'string', title: 'FAX番号', maxLength: 20 });
  t.ok(s.required?.includes('faxNo'));
  t.notOk((callBodySchema(base, callOf(base, 'create'), 'new') as S).properties?.faxNo);
});
