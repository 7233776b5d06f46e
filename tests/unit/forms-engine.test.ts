// The browser half of the form engine, without a browser: edit modes from the URL and the URLs of
// the other modes, copy, field effects, visibility of fields and buttons, title and message
// placeholders, dependent options and several initial-data calls.
import t from 'tap';
import { applyEffects } from '../../renderer/forms/effects';
import { fillPlaceholders, messageArgs } from '../../renderer/forms/expressions';
import { choicesFrom, dataCallsOf, modeLabelOf, withChoices } from '../../renderer/forms/form-setup';
import { titleFor } from '../../renderer/forms/definitions';
import {
  confirmationFor,
  copiedRecord,
  createsRecord,
  loadsRecord,
  queryForMode,
  queryParamOf,
  resolveMode,
} from '../../renderer/forms/modes';
import { actionShown, hiddenFields, viewContext, withHidden } from '../../renderer/forms/visibility';
import type { FormDefinition, ModeSpec } from '../../schemas/meta/types';
import notice from '../../schemas/forms/notification-reg.json';
import event from '../../schemas/forms/event-reg.json';
import skilup from '../../schemas/forms/skilup-reg.json';
import { present } from '../helpers/indexing';

const spec: ModeSpec = {
  update: '=query.contentsId',
  editMode: '=query.editMode',
  id: 'contentsId',
  copyTo: 'copyContentsId',
};
const q = (s: string) => new URLSearchParams(s);
const noticeDef = notice as unknown as FormDefinition;
const eventDef = event as unknown as FormDefinition;
const skilupDef = skilup as unknown as FormDefinition;

t.test('the mode comes from the id and editMode of the URL', async (t) => {
  t.equal(resolveMode(spec, { query: q('categoryId=1') }), 'new');
  t.equal(resolveMode(spec, { query: q('categoryId=1&contentsId=5') }), 'update', 'an id without a code is update');
  t.equal(resolveMode(spec, { query: q('contentsId=5&editMode=1') }), 'update');
  t.equal(resolveMode(spec, { query: q('contentsId=5&editMode=2') }), 'copy');
  t.equal(resolveMode(spec, { query: q('contentsId=5&editMode=9') }), 'preview');
  t.equal(resolveMode(spec, { query: q('contentsId=5&editMode=0') }), 'new', 'code 0 is new even with an id');
  t.equal(resolveMode(spec, { query: q('editMode=2') }), 'new', 'a code without an id is new');
  t.equal(
    resolveMode({ update: '=query.userId' }, { query: q('userId=u1') }),
    'update',
    'a form without editMode (ag-user)',
  );
  t.equal(resolveMode(undefined, { query: q('contentsId=5') }), 'new');
  t.ok(loadsRecord('update') && loadsRecord('copy') && !loadsRecord('new') && !loadsRecord('preview'));
  t.ok(createsRecord('new') && createsRecord('copy') && !createsRecord('update'));
});

t.test('the URLs of the other modes keep the route and its other parameters', async (t) => {
  const query = q('categoryId=2&contentsId=5&editMode=2');
  t.equal(queryForMode(query, spec, 'new').toString(), 'categoryId=2');
  t.equal(
    queryForMode(q('categoryId=2'), spec, 'update', 41).toString(),
    'categoryId=2&contentsId=41&editMode=1',
    'after register, no → update on the created id',
  );
  t.equal(queryForMode(query, spec, 'preview').toString(), 'categoryId=2&contentsId=5&editMode=9');
  t.equal(queryParamOf('=query.contentsId'), 'contentsId');
  t.equal(queryParamOf('=record.contentsId'), null);
});

t.test('copy blanks the id and keeps it as the copy source', async (t) => {
  const copied = copiedRecord({ contentsId: '5', title: '新商品のご案内' }, spec);
  t.same(copied, { contentsId: undefined, title: '新商品のご案内', copyContentsId: '5' });
  t.same(
    copiedRecord({ contentsId: '5' }, { update: '=query.contentsId' }),
    { contentsId: '5' },
    'nothing to do without mode.id',
  );
});

t.test('titles and message arguments carry the category name of the initial data', async (t) => {
  const data = { categoryName: 'FAQ' };
  t.equal(fillPlaceholders(titleFor(noticeDef.title, 'new'), data), 'FAQ登録');
  t.equal(fillPlaceholders(titleFor(noticeDef.title, 'update'), data), 'FAQ更新');
  t.equal(
    titleFor({ new: '{categoryName}登録', update: '{categoryName}更新' }, 'copy'),
    '{categoryName}登録',
    'copy falls back to new',
  );
  t.equal(fillPlaceholders('{categoryName}登録', {}), '{categoryName}登録', 'a missing value stays visible');
  t.equal(fillPlaceholders('{list}', { list: [1] }), '{list}', 'only scalars fill');
  const args = messageArgs(present(noticeDef.actions!.submit, 'noticeDef.actions!.submit').confirm!.args, {
    data,
    mode: { name: 'update', label: '更新' },
  });
  t.same(args, ['FAQ', '更新']);
  t.equal(modeLabelOf(noticeDef, 'copy'), '登録');
  t.equal(modeLabelOf({ ...noticeDef, mode: {} }, 'preview'), 'プレビュー');
});

t.test('field effects of the definitions', async (t) => {
  const before = { jyuyoFlg: true, jyuyoKikanStart: '2026-04-01', jyuyoKikanEnd: '2026-04-30', title: 'x' };
  const off = applyEffects(noticeDef.effects, before, { ...before, jyuyoFlg: false });
  t.same(
    off,
    { jyuyoFlg: false, jyuyoKikanStart: undefined, jyuyoKikanEnd: undefined, title: 'x' },
    'important flag off clears the period',
  );
  const on = { ...before, jyuyoFlg: false };
  t.same(
    applyEffects(noticeDef.effects, on, { ...on, jyuyoFlg: true }),
    { ...on, jyuyoFlg: true },
    'turning it on keeps the dates',
  );
  const typing = { ...before, title: 'xy' };
  t.equal(applyEffects(noticeDef.effects, before, typing), typing, 'a change of another field: the same object');

  const ev = applyEffects(
    eventDef.effects,
    { kaisaiDate: undefined },
    { kaisaiDate: '2026-06-10T14:00', registrationEndDate: undefined },
  );
  t.equal(ev.registrationEndDate, '2026-06-10T14:00', 'the event date is copied to the entry deadline');
  const ev2 = applyEffects(eventDef.effects, ev, { ...ev, registrationEndDate: '2026-06-05T17:00' });
  t.equal(ev2.registrationEndDate, '2026-06-05T17:00', 'the deadline stays editable');

  const sk = applyEffects(skilupDef.effects, { skilupId: '1', phaseId: '11' }, { skilupId: '2', phaseId: '11' });
  t.equal(sk.phaseId, undefined, 'another skill-up name clears the phase');
});

t.test('visibility: one-stop-guide categories hide the important flag and the mail buttons', async (t) => {
  const oneStop = viewContext('update', { isOneStopGide: true });
  const notice1 = viewContext('update', { isOneStopGide: false });
  t.same(hiddenFields(noticeDef.visibility, {}, oneStop), ['jyuyoFlg', 'jyuyoKikanStart', 'jyuyoKikanEnd']);
  t.same(hiddenFields(noticeDef.visibility, {}, notice1), []);
  const ui = withHidden({ jyuyoKikanStart: { 'ui:widget': 'date' } }, ['jyuyoKikanStart', 'jyuyoFlg']) as Record<
    string,
    Record<string, unknown>
  >;
  t.equal(present(ui.jyuyoKikanStart, 'ui.jyuyoKikanStart')['ui:widget'], 'hidden');
  t.equal(present(ui.jyuyoFlg, 'ui.jyuyoFlg')['ui:widget'], 'hidden');
  const mail = noticeDef.actions!.mailAll;
  t.ok(actionShown(mail, 'update', {}, notice1));
  t.notOk(actionShown(mail, 'update', {}, oneStop), 'no mail buttons for a one-stop-guide category');
  t.notOk(actionShown(mail, 'new', {}, viewContext('new', { isOneStopGide: false })), 'mail only in update mode');
  t.notOk(actionShown(noticeDef.actions!.preview, 'copy', {}, notice1), 'preview only in update mode');
  t.notOk(actionShown(undefined, 'update', {}, notice1));
});

t.test('dependent options: the phases of the chosen skill-up', async (t) => {
  const source = present(skilupDef.options!.phaseId, 'skilupDef.options!.phaseId');
  const phases = [
    { phaseId: 11, phaseName: '基礎', skilupId: 1 },
    { phaseId: 21, phaseName: '応用', skilupId: 2 },
  ];
  t.same(choicesFrom(phases, source), [
    { value: '11', label: '基礎', parent: '1' },
    { value: '21', label: '応用', parent: '2' },
  ]);
  const ui = withChoices(skilupDef.uiSchema, { phaseId: choicesFrom(phases, source) }, skilupDef.options) as Record<
    string,
    Record<string, Record<string, unknown>>
  >;
  t.equal(present(present(ui.phaseId, 'ui.phaseId')['ui:options'], 'ui.phaseId["ui:options"]').dependsOn, 'skilupId');
  t.equal(
    (present(present(ui.phaseId, 'ui.phaseId')['ui:options'], 'ui.phaseId["ui:options"]').choices as unknown[]).length,
    2,
  );
  t.same(
    choicesFrom(
      [{ subCategoryId: 1, subCategoryName: '重要' }],
      present(noticeDef.options!.subCategoryId, 'noticeDef.options!.subCategoryId'),
    ),
    [{ value: '1', label: '重要' }],
    'no parent without dependsOn',
  );
});

t.test('several initial-data calls, each in its modes', async (t) => {
  const def = {
    ...noticeDef,
    data: [
      { call: '/api/ContentsReg/getInitialDisplayData', result: 'initialDisplayData' },
      { call: '/api/EventReg/checkEventApplied', modes: ['update'], result: 'isEventApplied' },
    ],
  } as FormDefinition;
  t.same(
    dataCallsOf(def, 'new').map((c) => c.call),
    ['/api/ContentsReg/getInitialDisplayData'],
  );
  t.same(
    dataCallsOf(def, 'update').map((c) => c.call),
    ['/api/ContentsReg/getInitialDisplayData', '/api/EventReg/checkEventApplied'],
  );
  t.same(
    dataCallsOf(noticeDef, 'copy').map((c) => c.call),
    ['/api/ContentsReg/getInitialDisplayData'],
    'one call is a list of one',
  );
  t.same(dataCallsOf({ ...noticeDef, data: undefined }, 'new'), []);
});

t.test('an event with applicants asks CNF_0008 before an update and CNF_0007 before a delete', async (t) => {
  const submit = present(eventDef.actions?.submit, 'the submit action');
  const remove = present(eventDef.actions?.delete, 'the delete action');
  const calls: string[] = [];
  const applied = (answer: unknown) => async (call: { call: string }) => {
    calls.push(call.call);
    return answer;
  };
  t.same(await confirmationFor(submit, 'update', submit.confirm!, applied(true)), { message: 'CNF_0008' });
  t.same(await confirmationFor(remove, 'update', remove.confirm!, applied(true)), { message: 'CNF_0007' });
  t.same(
    await confirmationFor(submit, 'update', submit.confirm!, applied(false)),
    submit.confirm,
    'no applicants: the usual CNF_0001',
  );
  t.same(
    await confirmationFor(remove, 'update', remove.confirm!, applied(undefined)),
    { message: 'CNF_0004' },
    'only a true answer asks the guard',
  );
  t.same(calls, Array(4).fill('/api/EventReg/checkEventApplied'));
  calls.length = 0;
  t.same(
    await confirmationFor(submit, 'new', submit.confirm!, applied(true)),
    submit.confirm,
    'a new event has no applicants: no call',
  );
  t.same(
    await confirmationFor(
      present(noticeDef.actions!.submit, 'noticeDef.actions!.submit'),
      'update',
      null,
      applied(true),
    ),
    null,
    'no guard, no call',
  );
  t.same(calls, []);
  await t.rejects(
    confirmationFor(submit, 'update', null, async () => Promise.reject(new Error('503'))),
    'a failed check stops the action',
  );
});
