// The browser half of a form's workflow, optimistic check and edit locks, without a browser: the
// buttons and status choices of the two request forms read from the workflow table as the
// hand-drawn screen shows them, the bodies they send, the CNF_0009 / CNF_0011 / CNF_0002 steps
// with the declared lock paths, and the checks of the declarations they read.
import path from 'node:path';
import t from 'tap';
import { ApiError } from '../../renderer/api/client';
import {
  displayTime,
  isStaleError,
  leaveEditLock,
  stillFresh,
  takeEditLock,
  type Post,
} from '../../renderer/forms/edit-lock';
import { summaryLines } from '../../renderer/forms/summary-lines';
import { storedStatus, workflowBody, workflowState } from '../../renderer/forms/workflow';
import { checkDefinitions } from '../../schemas/meta/check-definitions';
import { readDefinitionFiles } from '../../schemas/meta/load';
import type { FormDefinition } from '../../schemas/meta/types';
import ag from '../../schemas/forms/shinseiform-ag.json';
import provider from '../../schemas/forms/shinseiform-provider.json';
import { categories } from '../../seeds/platform';
import { nth, present } from '../helpers/indexing';

const agDef = ag as unknown as FormDefinition;
const providerDef = provider as unknown as FormDefinition;
const names = (def: FormDefinition, from: string, preview = false) =>
  workflowState(def, from, preview)!.buttons.map((b) => `${b.name}:${b.kind}`);

t.test('the applicant form draws the applicant actions of the stored status', async (t) => {
  t.same(names(agDef, 'new'), ['save:secondary', 'submit:primary'], 'a new request: temporary save and submit');
  t.same(names(agDef, '10'), ['save:secondary', 'submit:primary'], 'a draft: the same');
  t.same(names(agDef, '20'), ['withdraw:danger'], 'submitted: withdraw only');
  t.same(
    names(agDef, '30'),
    ['submit:primary', 'complete:primary', 'withdraw:danger'],
    'agent checking: submit again, complete or withdraw',
  );
  t.same(names(agDef, '40'), [], 'finished: nothing');
  t.same(names(agDef, '30', true), [], 'preview: no button');
  const draft = workflowState(agDef, '10', false)!;
  t.ok(draft.editable && draft.locks, 'a draft is edited under the lock');
  t.notOk(workflowState(agDef, 'new', false)!.locks, 'a new request has nothing to lock');
  t.notOk(workflowState(agDef, '20', false)!.editable, 'submitted: read-only');
  t.notOk(workflowState(agDef, '10', true)!.editable, 'preview: read-only');
  const save = draft.buttons.find((b) => b.name === 'save')!;
  t.same([save.status, save.fields, save.call], ['10', true, { kind: 'save' }]);
  t.same(
    save.confirm,
    { message: 'CNF_0001', args: ['申請内容', '一時保存'] },
    'the messages of the hand-drawn screen',
  );
  const withdraw = nth(workflowState(agDef, '20', false)!.buttons, 0);
  t.same(
    [withdraw.status, withdraw.fields, withdraw.call],
    ['90', false, { kind: 'path', path: '/api/ApplicationMgtAg/cancelApplicationData' }],
    'the withdrawal takes its own path',
  );
  t.same(draft.choices, [{ value: '10', text: '一時保存' }], 'the applicant picks no status');
});

t.test('the receiver form draws reply with the status choices, and delete', async (t) => {
  const open = workflowState(providerDef, '20', false)!;
  t.same(
    open.buttons.map((b) => `${b.name}:${b.kind}`),
    ['reply:primary', 'delete:danger'],
  );
  t.same(
    open.choices.map((c) => c.value),
    ['20', '30', '40'],
    'the stored status first, then the reply targets',
  );
  const reply = nth(open.buttons, 0);
  t.equal(reply.status, '20', 'reply keeps the stored status unless another is picked');
  const remove = nth(open.buttons, 1);
  t.same(
    [remove.status, remove.call, remove.confirm?.message, remove.to],
    [undefined, { kind: 'delete' }, 'CNF_0004', '/shinsei-kanri-provider?isResearch=true'],
  );
  const done = workflowState(providerDef, '40', false)!;
  t.same(names(providerDef, '40'), ['delete:danger'], 'finished: delete only');
  t.same(
    done.choices.map((c) => c.value),
    ['40'],
    'and no other status',
  );
  t.notOk(done.editable);
  t.same(names(providerDef, '20', true), [], 'preview: no button');
});

t.test('stored status and the body of a button', async (t) => {
  const spec = agDef.store!.workflow!;
  t.equal(
    storedStatus(spec, { appStatusKbn: '30', appStatus: '代理店確認中' }, true),
    '30',
    'the code field, not the text',
  );
  t.equal(storedStatus(spec, {}, false), 'new');
  t.same(workflowBody(agDef, workflowState(agDef, '30', false)!, '20'), { appStatus: '20', beforeAppStatus: '30' });
  t.same(
    workflowBody(agDef, workflowState(agDef, 'new', false)!, '10'),
    { appStatus: '10' },
    'a create has no stored status',
  );
});

/** A fake server for the lock paths: records the calls, answers what the test says. */
function server(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const post: Post = async (p, body) => {
    calls.push(`${p.split('/').pop()} ${String(body.applicationNo)}`);
    const answer = answers[p.split('/').pop()!];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, post };
}
const asked: string[] = [];
const answering = (yes: boolean) => async (id: string) => (asked.push(id), yes);

t.test('optimistic check before a write', async (t) => {
  const locks = agDef.store!.locks!;
  t.equal(displayTime(agDef, { dispDateTime: '2026-11-24T01:00:00.000Z' }), '2026-11-24T01:00:00.000Z');
  const same = server({ getLatestUpdDate: { latestUpdDate: 'T1' } });
  t.same(await stillFresh(locks, 'A1', 'T1', same.post, answering(true)), { fresh: true });
  t.same(same.calls, ['getLatestUpdDate A1'], 'the declared latest path with the key under bodyKey');
  asked.length = 0;
  const moved = server({ getLatestUpdDate: { latestUpdDate: 'T2' } });
  t.same(await stillFresh(locks, 'A1', 'T1', moved.post, answering(true)), { fresh: false, reload: true });
  t.same(await stillFresh(locks, 'A1', 'T1', moved.post, answering(false)), { fresh: false, reload: false });
  t.same(asked, ['CNF_0009', 'CNF_0009']);
  t.ok(
    isStaleError(new ApiError({ kind: 'http', status: 409, body: { messages: [{ messageId: 'CNF_0009' }] } })),
    'a 409 CNF_0009 from the save',
  );
  t.notOk(isStaleError(new ApiError({ kind: 'http', status: 400, body: { messages: [{ messageId: 'ERR_0001' }] } })));
  t.notOk(
    isStaleError(new ApiError({ kind: 'http', status: 409, body: { messages: [{ messageId: 'ERR_0009' }] } })),
    'another conflict is not the stale one',
  );
});

t.test('edit locks', async (t) => {
  const locks = providerDef.store!.locks!;
  asked.length = 0;
  const free = server({ checkEditing: { checkResult: false } });
  t.equal(await takeEditLock(locks, 'A1', free.post, answering(false)), 'locked');
  t.same(free.calls, ['checkEditing A1', 'setEditing A1']);
  t.same(asked, [], 'nobody else holds it: nothing asked');
  const held = server({ checkEditing: { checkResult: true } });
  t.equal(await takeEditLock(locks, 'A1', held.post, answering(false)), 'preview', 'CNF_0011 no: the preview');
  t.same(held.calls, ['checkEditing A1'], 'and the lock is not taken');
  t.equal(await takeEditLock(locks, 'A1', held.post, answering(true)), 'locked', 'CNF_0011 yes: edit anyway');
  asked.length = 0;
  const leaving = server({ releseEditing: new Error('network') });
  t.notOk(await leaveEditLock(locks, 'A1', leaving.post, answering(false)), 'CNF_0002 no: stay');
  t.same(leaving.calls, []);
  t.ok(
    await leaveEditLock(locks, 'A1', leaving.post, answering(true)),
    'yes: leave even when the release fails (it lapses)',
  );
  t.same(leaving.calls, ['releseEditing A1']);
  t.same(asked, ['CNF_0002', 'CNF_0002']);
});

t.test('workflow buttons are checked like every action', async (t) => {
  const real = readDefinitionFiles(path.resolve('schemas'));
  const categoryIds = categories.map((c) => c.id);
  const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
  const original = real.find((f) => f.kind === 'form' && f.name === 'shinseiform-ag')!;
  const problems = (change: (actions: Record<string, Record<string, unknown>>) => void) => {
    const file = clone(original);
    change((file.data as { actions: Record<string, Record<string, unknown>> }).actions);
    return checkDefinitions([...real.filter((f) => f !== original), file], { categoryIds }).map((p) => p.message);
  };
  t.same(
    problems(() => undefined),
    [],
    'the request forms pass as they are',
  );
  t.match(
    problems((a) => (a.reply = { danger: true, to: '/x' })),
    [/actions\.reply: "danger" belongs to a button of the form's workflow/],
    "the receiver action is not the applicant form's",
  );
  t.match(
    problems((a) => (present(a.save, 'a.save').call = { call: '/api/x' })),
    [/actions\.save: a workflow button takes no call/],
  );
});

t.test('the summary above a saved request', async (t) => {
  const record = {
    appNo: '12',
    appDate: '2026/11/24 10:00',
    appAgCode: 'A0000001',
    appAgName: '株式会社さくら文具',
    appStatus: 'プロバイダー確認中',
    wishDate: '2027-01-15',
    appMemo: '',
  };
  const scope = { record, query: new URLSearchParams(), mode: { name: 'update', label: '' }, context: {}, data: {} };
  t.same(summaryLines(providerDef.summary, 'new', scope), [], 'nothing before a number exists');
  const lines = summaryLines(providerDef.summary, 'update', scope);
  t.same(lines.slice(0, 4), [
    { label: '申請No', value: '12' },
    { label: '申請日', value: '2026/11/24 10:00' },
    { label: '代理店', value: 'A0000001 株式会社さくら文具' },
    { label: 'ステータス', value: 'プロバイダー確認中' },
  ]);
  t.notOk(
    lines.some((l) => l.label === '申請内容'),
    'an empty value is left out',
  );
  t.same(
    lines.find((l) => l.label === '希望納期'),
    { label: '希望納期', value: '2027/01/15' },
    'a date as the list shows it (yyyy/MM/dd)',
  );
});

t.test('mail dialog and mail draft declarations', async (t) => {
  const real = readDefinitionFiles(path.resolve('schemas'));
  const categoryIds = categories.map((c) => c.id);
  const original = real.find((f) => f.kind === 'form' && f.name === 'shinseiform-provider')!;
  const problems = (change: (actions: Record<string, Record<string, unknown>>) => void) => {
    const file = JSON.parse(JSON.stringify(original)) as typeof original;
    change((file.data as { actions: Record<string, Record<string, unknown>> }).actions);
    return checkDefinitions([...real.filter((f) => f !== original), file], { categoryIds }).map((p) => p.message);
  };
  t.same(
    problems(() => undefined),
    [],
    'the receiver form passes as it is',
  );
  const mail = present(
    (providerDef.actions as Record<string, { mail?: unknown }>).reply,
    '(providerDef.actions as Record<string, { mail?: unknown }>).reply',
  ).mail;
  t.match(
    problems((a) => (present(a.escalate, 'a.escalate').mail = mail)),
    [/actions\.escalate: "mail" belongs to a button of the form's workflow/],
    'a mail dialog only on a workflow button',
  );
  t.match(
    problems((a) => (present(a.reply, 'a.reply').mailto = { subject: '=result.s', body: '=result.b' })),
    [/actions\.reply: "mailto" belongs to a custom button with a call/],
  );
  t.match(
    problems((a) => delete (present(a.reply, 'a.reply').mail as Record<string, unknown>).send),
    [/send/],
    'a mail dialog needs its send call',
  );
});
