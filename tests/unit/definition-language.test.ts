// The definition language: the committed JSON meta-schemas are what the TypeBox source gives,
// they check widget options and message codes, and the loader's reuse ($ref, $defs, fragments,
// forEach rule groups) expands to the definitions the API serves.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import Ajv from 'ajv';
import common from '../../schemas/meta/common.schema.json';
import formMeta from '../../schemas/meta/form.schema.json';
import { checkDefinitions } from '../../schemas/meta/check-definitions';
import { metaSchemaFiles } from '../../schemas/meta/language/meta-schemas';
import { readDefinitionFiles } from '../../schemas/meta/load';
import { ReuseError, resolveDefinition } from '../../schemas/meta/resolve';
import { WIDGET_OPTIONS } from '../../schemas/meta/widget-options';
import { FORM_WIDGETS } from '../../schemas/meta/widgets';
import { categories } from '../../seeds/platform';

const categoryIds = categories.map((c) => c.id);
const real = readDefinitionFiles(path.resolve('schemas'));
const form = (name: string) => real.find((f) => f.kind === 'form' && f.name === name)!;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

t.test('the committed meta-schemas are generated from the TypeBox source', async (t) => {
  for (const [name, text] of Object.entries(metaSchemaFiles())) {
    t.equal(
      fs.readFileSync(path.join('schemas/meta', name), 'utf8'),
      text,
      `${name} is up to date (npm run schemas:meta)`,
    );
  }
});

t.test('every widget of the app declares its ui:options', async (t) => {
  for (const name of Object.keys(FORM_WIDGETS)) t.ok(Object.hasOwn(WIDGET_OPTIONS, name), name);
  for (const name of Object.keys(WIDGET_OPTIONS))
    t.ok(Object.hasOwn(common.definitions, `${name}Options`), `common.schema.json has ${name}Options`);
  // The options schemas:check follows to sibling fields are options the widget declares.
  for (const [name, keys] of Object.entries(FORM_WIDGETS)) {
    const props = (WIDGET_OPTIONS[name] as { properties?: Record<string, unknown> }).properties ?? {};
    for (const key of keys) t.ok(Object.hasOwn(props, key), `${name} declares ui:options.${key}`);
  }
});

t.test('the meta-schema refuses unknown message codes and misspelt widget options', async (t) => {
  const ajv = new Ajv({ allErrors: true, discriminator: true, strict: false });
  ajv.addSchema(common);
  const validate = ajv.compile(formMeta);
  const base = clone(form('ag-user').data) as Record<string, unknown> & { rules: Record<string, unknown>[] };
  t.ok(validate(base), 'a sound form passes');
  const badCode = clone(base);
  badCode.rules.push({ rule: 'required', field: 'email', message: 'ERR_9999', args: ['X'] });
  t.notOk(validate(badCode), 'an unknown message code fails the JSON meta-schema itself (what an editor shows)');
  t.ok(
    validate.errors?.some(
      (e) => e.instancePath === `/rules/${badCode.rules.length - 1}/message` && e.keyword === 'enum',
    ),
  );

  const icon = clone(form('iconmenu-kanri'));
  const ui = (
    icon.data as {
      uiSchema: Record<string, { 'ui:options': Record<string, unknown> & { columns: Record<string, unknown>[] } }>;
    }
  ).uiSchema;
  ui.nowSettingList!['ui:options'].rowHieght = 120;
  ui.nowSettingList!['ui:options'].columns[2]!.kind = 'txt';
  (ui.settingTargetKbn!['ui:options'] as Record<string, unknown>).csv = 'no';
  const got = checkDefinitions([icon], { categoryIds }).map((p) => p.message);
  t.same(
    got.sort(),
    [
      '/uiSchema/nowSettingList/ui:options must NOT have additional properties "rowHieght"',
      '/uiSchema/nowSettingList/ui:options/columns/2/kind must be equal to one of the allowed values (select, category, text, url, checkbox, image, value, dateRange)',
      '/uiSchema/settingTargetKbn/ui:options/csv must be boolean',
    ],
    "each mistake once, without the meta-schema's if/then noise",
  );
  const named = clone(form('ag-user'));
  (named.data as { actions: Record<string, { confirm?: { message: string } }> }).actions.back!.confirm = {
    message: 'CNF_9999',
  };
  t.same(
    checkDefinitions([named], { categoryIds }).map((p) => p.message),
    ['/actions/back/confirm/message: unknown message code "CNF_9999"'],
    'named once, not with the enum of every code',
  );
});

t.test('$ref, $defs and forEach expand as documented', async (t) => {
  const fragments = new Map<string, unknown>([
    [
      'shared',
      {
        rowRules: [{ rule: 'required', field: '{list}[].name', message: 'ERR_0001', args: ['{label}{row}行目の名前'] }],
        ui: { name: { 'ui:widget': 'text', 'ui:options': { a: 1, b: 2 } } },
        loop: { $ref: '#/loop' },
      },
    ],
  ]);
  const out = resolveDefinition(
    {
      id: 'x',
      $defs: { row: { type: 'object', properties: { name: { type: 'string' } } } },
      schema: {
        type: 'object',
        definitions: { d: { type: 'string' } },
        properties: { a: { $ref: '#/$defs/row', title: 'A' }, b: { $ref: '#/definitions/d' } },
      },
      uiSchema: { $ref: '../fragments/shared.json#/ui', name: { 'ui:options': { b: 3 } } },
      rules: [
        { rule: 'required', field: 'id', message: 'ERR_0001' },
        {
          forEach: [
            { list: 'a', label: 'A' },
            { list: 'b', label: 'B' },
          ],
          rules: [
            { $ref: '../fragments/shared.json#/rowRules' },
            { rule: 'unique', field: '{list}[].name', message: 'ERR_0017' },
          ],
        },
      ],
    },
    fragments,
    'x.json',
  ) as Record<string, unknown>;
  t.notOk('$defs' in out, '$defs are not served');
  t.same(
    (out.schema as { properties: unknown }).properties,
    { a: { type: 'object', properties: { name: { type: 'string' } }, title: 'A' }, b: { $ref: '#/definitions/d' } },
    "a JSON Schema's own $ref is left alone",
  );
  t.same(
    out.uiSchema,
    { name: { 'ui:widget': 'text', 'ui:options': { a: 1, b: 3 } } },
    'keys beside a $ref merge into it, objects key by key',
  );
  t.same(
    out.rules,
    [
      { rule: 'required', field: 'id', message: 'ERR_0001' },
      { rule: 'required', field: 'a[].name', message: 'ERR_0001', args: ['A{row}行目の名前'] },
      { rule: 'unique', field: 'a[].name', message: 'ERR_0017' },
      { rule: 'required', field: 'b[].name', message: 'ERR_0001', args: ['B{row}行目の名前'] },
      { rule: 'unique', field: 'b[].name', message: 'ERR_0017' },
    ],
    "a list reference is spliced; a group is copied per list in order, the engine's {row} kept",
  );

  const fails = (data: unknown, re: RegExp) =>
    t.throws(() => resolveDefinition(data, fragments, 'x.json'), { constructor: ReuseError, message: re });
  fails({ a: { $ref: '../fragments/none.json#/x' } }, /no schemas\/fragments\/none\.json/);
  fails({ a: { $ref: '#/$defs/missing' } }, /nothing at \/\$defs\/missing/);
  fails({ a: { $ref: '../fragments/shared.json#/loop' } }, /refers to itself/);
  fails({ a: { $ref: '../fragments/shared.json#/rowRules', extra: 1 } }, /merged into an object/);
  fails({ rules: [{ forEach: [{ row: 'a' }], rules: [] }] }, /\{row\} is filled in by the rule engine/);
  fails({ rules: [{ forEach: [{ list: 'a' }], rules: [], rule: 'required' }] }, /forEach, rules and note only/);
});

t.test('a broken reference fails the check of the definition that makes it', async (t) => {
  const files = [
    {
      kind: 'form' as const,
      file: 'schemas/forms/x.json',
      name: 'x',
      data: { __unresolved: '$ref "#/$defs/row": nothing at /$defs/row in schemas/forms/x.json' },
    },
  ];
  t.same(
    checkDefinitions(files).map((p) => p.message),
    ['$ref "#/$defs/row": nothing at /$defs/row in schemas/forms/x.json'],
  );
});

t.test('icon menu and global navigation declare their row rules once for both lists', async (t) => {
  for (const [name, scheduled] of [
    ['iconmenu-kanri', 'scheduledSettingList'],
    ['glovalnavi-kanri', 'scheduleSettingList'],
  ] as const) {
    const d = form(name).data as {
      rules: { field?: string; args?: string[] }[];
      schema: { properties: Record<string, { items?: unknown }> };
    };
    const rowRules = (list: string, label: string) =>
      d.rules
        .filter((r) => r.field?.startsWith(`${list}[]`))
        .map((r) => JSON.stringify(r).split(`${list}[]`).join('L[]').split(label).join('LABEL'));
    const now = rowRules('nowSettingList', '現在の設定');
    t.ok(now.length >= 10, `${name}: the current list has its row rules (${now.length})`);
    t.same(rowRules(scheduled, '予約設定'), now, `${name}: the scheduled list has the same ones`);
    t.same(
      d.schema.properties[scheduled]!.items,
      d.schema.properties.nowSettingList!.items,
      `${name}: one row definition`,
    );
  }
});
