// Rule kinds across values: atLeastOne, unique, maxItems, differentFrom.
import t from 'tap';
import { RULE_KINDS, isRuleKind, ruleFields, ruleMessages, validateForm, type Rule } from '../../schemas/rules/engine';

const run = (rules: Rule[], record: unknown, ctx = {}) => validateForm({ rules }, record, ctx);
const err = (field: string, messageId: string, ...args: string[]) => ({ field, messageId, args });

t.test('atLeastOne of several fields (agent code typed or uploaded)', async (t) => {
  const rules: Rule[] = [
    {
      rule: 'atLeastOne',
      fields: ['agCode', 'agCodeList'],
      when: { field: 'hyojiTaisho', equals: '2' },
      message: 'ERR_0002',
      args: ['代理店コード'],
    },
  ];
  t.same(run(rules, { hyojiTaisho: '2', agCode: '', agCodeList: [] }), [err('agCode', 'ERR_0002', '代理店コード')]);
  t.same(run(rules, { hyojiTaisho: '2', agCode: '', agCodeList: ['A0000001'] }), []);
  t.same(run(rules, { hyojiTaisho: '2', agCode: 'A0000001' }), []);
  t.same(run(rules, { hyojiTaisho: '0' }), [], 'other display target');
});

t.test('atLeastOne element of a list, optionally where a condition holds', async (t) => {
  const rows: Rule[] = [{ rule: 'atLeastOne', field: 'nowSettingList', message: 'ERR_0004', args: ['現在の設定'] }];
  t.same(run(rows, { nowSettingList: [] }), [err('nowSettingList', 'ERR_0004', '現在の設定')]);
  t.same(run(rows, {}), [err('nowSettingList', 'ERR_0004', '現在の設定')], 'missing list');
  t.same(run(rows, { nowSettingList: [{ categoryId: 1 }] }), []);
  const tags: Rule[] = [
    {
      rule: 'atLeastOne',
      field: 'kensakuTagList',
      where: { field: 'isChecked', equals: true },
      message: 'ERR_0003',
      args: ['検索タグ'],
    },
  ];
  t.same(run(tags, { kensakuTagList: [{ tagId: 1, isChecked: false }] }), [
    err('kensakuTagList', 'ERR_0003', '検索タグ'),
  ]);
  t.same(
    run(tags, {
      kensakuTagList: [
        { tagId: 1, isChecked: false },
        { tagId: 2, isChecked: true },
      ],
    }),
    [],
  );
});

t.test('unique within a list: each repeat reported with its row', async (t) => {
  const rules: Rule[] = [
    { rule: 'unique', field: 'nowSettingList[].dispNo', message: 'ERR_0017', args: ['{row}行目の表示順'] },
    { rule: 'unique', field: 'scheduleSettingList[].dispNo', message: 'ERR_0017', args: ['{row}行目の表示順'] },
  ];
  const record = {
    nowSettingList: [{ dispNo: '1' }, { dispNo: '2' }, { dispNo: 1 }, { dispNo: '' }, { dispNo: '' }, { dispNo: '2' }],
    scheduleSettingList: [{ dispNo: '1' }, { dispNo: '2' }],
  };
  t.same(
    run(rules, record),
    [
      err('nowSettingList.2.dispNo', 'ERR_0017', '3行目の表示順'),
      err('nowSettingList.5.dispNo', 'ERR_0017', '6行目の表示順'),
    ],
    'empty values are not duplicates; lists are separate',
  );
});

t.test('maxItems and differentFrom', async (t) => {
  t.same(
    run([{ rule: 'maxItems', field: 'rows', max: 12, message: 'ERR_0038', args: ['{max}'] }], {
      rows: new Array(13).fill({}),
    }),
    [err('rows', 'ERR_0038', '12')],
  );
  t.same(
    run([{ rule: 'maxItems', field: 'rows', max: 12, message: 'ERR_0038' }], { rows: new Array(12).fill({}) }),
    [],
  );
  const rules: Rule[] = [
    { rule: 'differentFrom', field: 'rows[].pairentId', other: 'rows[].categoryId', message: 'ERR_0032' },
  ];
  t.same(
    run(rules, {
      rows: [
        { pairentId: 10, categoryId: 2 },
        { pairentId: 3, categoryId: '3' },
        { pairentId: '', categoryId: '' },
      ],
    }),
    [err('rows.1.pairentId', 'ERR_0032')],
  );
});

t.test('kind list, fields and messages of a rule', async (t) => {
  t.ok(RULE_KINDS.includes('csvList'));
  t.ok(isRuleKind('dateOrder'));
  t.notOk(isRuleKind('toString'), 'prototype names are not kinds');
  t.notOk(isRuleKind('regex'));
  t.same(ruleFields({ rule: 'dateOrder', from: 'a', to: 'b', message: 'ERR_0005', when: { field: 'c', equals: 1 } }), [
    'a',
    'b',
    'c',
  ]);
  t.same(ruleMessages({ rule: 'email', field: 'e', message: 'ERR_0020' }), ['ERR_0020', 'ERR_0018']);
});
