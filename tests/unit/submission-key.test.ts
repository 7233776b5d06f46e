import t from 'tap';
import { SubmissionKeys } from '../../renderer/forms/submission-key';

t.test('one key per submission: a retry of the same body reuses it, a changed body gets a new one', async (t) => {
  const keys = new SubmissionKeys();
  const first = keys.keyFor({ appTitle: '申請', appMemo: 'a' });
  t.match(first, /^[0-9a-f]{32}$/);
  t.equal(keys.keyFor({ appTitle: '申請', appMemo: 'a' }), first, 'the same body again: the same key');
  const changed = keys.keyFor({ appTitle: '申請', appMemo: 'b' });
  t.not(changed, first, 'a changed form: a new key');
  t.not(keys.keyFor({ appTitle: '申請', appMemo: 'a' }), first, 'changing back is another submission too');
  t.not(new SubmissionKeys().keyFor({ appTitle: '申請', appMemo: 'b' }), changed, 'another form has its own keys');
});
