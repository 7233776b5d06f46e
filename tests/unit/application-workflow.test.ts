// The declared request workflow (schemas/workflows/application.json) and the mail modal's
// address rules: the table is consistent and says what spec 002 section 4 says; the address
// rules report per field and input.
import t from 'tap';
import { actionsFor, APPLICATION_WORKFLOW as W, isEditable, transition } from '../../schemas/workflows/workflow';
import { checkMailList } from '../../schemas/rules/mail-list';

t.test('the workflow table', async (t) => {
  const codes = W.statuses.map((s) => s.value);
  t.same(codes, ['10', '20', '30', '40', '90'], 'the statuses of docs/decisions.md section 12');
  for (const [name, a] of Object.entries(W.actions)) {
    for (const s of a.to) t.ok(codes.includes(s), `${name} → ${s} is a status`);
    for (const s of a.from) t.ok(s === 'new' || codes.includes(s), `${name} from ${s} is a status`);
  }
  t.same(actionsFor(W, 'applicant', 'new'), ['save', 'submit'], 'a new form: temporary save and submit');
  t.same(actionsFor(W, 'applicant', '10'), ['save', 'submit'], 'a draft: the same');
  t.ok(
    actionsFor(W, 'applicant', '20').includes('withdraw') && actionsFor(W, 'applicant', '30').includes('withdraw'),
    'withdraw from 20 and 30',
  );
  for (const s of ['10', '40', '90'])
    t.notOk(actionsFor(W, 'applicant', s).includes('withdraw'), `no withdraw in ${s}`);
  t.same([...W.editable.applicant], ['new', '10', '30'], 'the applicant edits new, draft and agent checking');
  t.same([...W.editable.receiver], ['20', '30'], 'the receiver edits supplier and agent checking');
  t.notOk(transition(W, 'applicant', 'new', '30'), 'an applicant never sets 30');
  t.notOk(transition(W, 'receiver', '20', '10'), 'a receiver never sets a draft');
  t.notOk(transition(W, 'receiver', '20', '90'), 'nor withdraws for the agent');
  t.notOk(transition(W, 'receiver', '10', '20'), 'nor touches a draft');
  t.equal(transition(W, 'receiver', '20', '30')?.name, 'reply');
  t.notOk(isEditable(W, 'applicant', '20'), 'submitted: read-only for the applicant');
});

t.test('mail addresses', async (t) => {
  t.same(
    checkMailList({ to: [], cc: [''], bcc: [] }).map((f) => f.messageId),
    ['ERR_0001'],
  );
  const found = checkMailList({ to: ['a@example.jp', 'x'], cc: ['Ａ@example.jp'], bcc: ['A@EXAMPLE.JP'] });
  t.same(
    found.map((f) => [f.field, f.index, f.messageId, f.args[0]]),
    [
      ['to', 1, 'ERR_0020', 'To2'],
      ['cc', 0, 'ERR_0018', 'Cc1'],
      ['bcc', 0, 'ERR_0017', 'メールアドレス（A@EXAMPLE.JP）'],
    ],
  );
  t.same(
    checkMailList({ to: Array(6).fill('') }).map((f) => f.messageId),
    ['ERR_0001', 'ERR_0025'],
    'at most five inputs',
  );
});
