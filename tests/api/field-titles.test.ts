// Issue 14 item 10: a body that fails the route's schema (a 1,001-character field) answers 400
// with the field's label from the form definition, not its wire path.
import t from 'tap';
import { createTestApp } from '../helpers/test-app';

t.test('schema failures name the form field by its title', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const provider = (await h.signIn('demo-provider')).token;
  const long = 'あ'.repeat(1001);
  const user = {
    agCode: 'A0000001',
    kaisyaName: '株式会社さくら文具',
    busyoName: '総務部',
    tantousyaName: '新井 さくら',
    email: 'arai@sakura-bungu.example.jp',
    roleId: '02',
  };

  const created = await h.post(
    '/api/AgUser/createAgUser',
    { systemKbn: '01', agUserData: { ...user, bikou1: long } },
    { token: provider },
  );
  t.equal(created.statusCode, 400);
  t.same(created.json().messages, [{ messageId: 'ERR_0025', args: ['備考1'] }], 'create: 備考1, not agUserData.bikou1');

  const updated = await h.post(
    '/api/AgUser/updateAgUser',
    { systemKbn: '01', agUserData: { ...user, userId: '0000000003', tantousyaName: long } },
    { token: provider },
  );
  t.equal(updated.statusCode, 400);
  t.same(updated.json().messages, [{ messageId: 'ERR_0025', args: ['担当者名'] }], 'update: 担当者名');

  const searched = await h.post(
    '/api/AgUser/getAgUserList',
    { systemKbn: '01', agUserSearchCond: { agCode: 'A0000001', email: long } },
    { token: provider },
  );
  t.equal(searched.statusCode, 400);
  t.same(
    searched.json().messages,
    [{ messageId: 'ERR_0025', args: ['メールアドレス'] }],
    'search: メールアドレス from the list search',
  );

  const renamed = await h.post(
    '/api/AgSegment/update/agSegment',
    { systemKbn: '01', agSegmentDataList: [{ agSegmentId: 1, agSegmentName: long }] },
    { token: provider },
  );
  t.equal(renamed.statusCode, 400);
  t.same(
    renamed.json().messages,
    [{ messageId: 'ERR_0025', args: ['セグメント名'] }],
    'segment rename: セグメント名, not agSegmentDataList.0.agSegmentName',
  );

  // A route without a declared form keeps the path (nothing better to say).
  const other = await h.post('/api/Auth/login', { systemKbn: '01', loginId: 'x'.repeat(1001), password: 'x' });
  t.equal(other.statusCode, 400);
  t.match(other.json().messages[0], { messageId: 'ERR_0025' });
});
