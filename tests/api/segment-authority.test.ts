// Agent segments need provider staff (issue 14 item 4; docs/decisions.md §3): they are shared by every
// agent and drive the provider's targeting, so an agent administrator — whatever its role's
// flags say — neither reads nor changes them, and the admin top does not offer the button.
import t from 'tap';
import { createTestApp } from '../helpers/test-app';
import { messageIds } from '../helpers/api-probe';
import { postMultipart } from '../helpers/uploads';
import type { KanriCategoryAnswer } from '../../schemas/wire/kanri';

const SEGMENT_ROUTES = [
  '/api/AgSegment/getAgSegmentList',
  '/api/AgSegment/download/agSegment',
  '/api/AgSegment/update/agSegment',
  '/api/AgSegment/delete/agSegment',
];
const MULTIPART_ROUTES = ['/api/AgSegment/create/agSegment', '/api/AgSegment/upload/agSegment'];

t.test('segments need provider staff', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agadmin = (await h.signIn('demo-agadmin')).token;
  const provider = (await h.signIn('demo-provider')).token;
  const agent2 = (await h.signIn('demo-agent2')).token;
  const own = { systemKbn: '01', userId: '0000000002', agCode: 'A0000001' };
  const capital = await h.db
    .selectFrom('agent_segments')
    .select('ag_segment_id')
    .where('ag_segment_name', '=', '首都圏代理店')
    .executeTakeFirstOrThrow();
  const members = async () =>
    h.db
      .selectFrom('agent_segment_members')
      .select(['ag_segment_id', 'ag_code'])
      .orderBy('ag_segment_id')
      .orderBy('ag_code')
      .execute();
  const segments = async () => h.db.selectFrom('agent_segments').selectAll().orderBy('ag_segment_id').execute();
  const topOfAgent2 = async () =>
    (await h.post('/api/Info/getPortalTopInfo', { systemKbn: '01' }, { token: agent2 })).json();

  t.test(
    'the reproduction of the issue: an agent administrator re-uploads a member list: 403, and no agent sees other contents',
    async (t) => {
      const [membersBefore, segmentsBefore, agent2Before] = [await members(), await segments(), await topOfAgent2()];
      const res = await postMultipart(
        h,
        '/api/AgSegment/upload/agSegment',
        agadmin,
        { ...own, agSegmentData: JSON.stringify({ agSegmentId: capital.ag_segment_id }) },
        { name: 'members.csv', bytes: 'A0000001\nA0000002\nA0000006\n' },
      );
      t.equal(res.statusCode, 403);
      t.same(messageIds(res), ['ERR_0022']);
      t.same(await members(), membersBefore, 'the members are unchanged');
      t.same(await segments(), segmentsBefore, 'the segments are unchanged');
      t.same(await topOfAgent2(), agent2Before, 'demo-agent2 sees what it saw');
    },
  );

  t.test(
    'every segment call and definition refuses an agent administrator; the provider administrator passes',
    async (t) => {
      const body = {
        ...own,
        agSegmentDataList: [{ agSegmentId: capital.ag_segment_id, agSegmentName: '乗っ取り' }],
        agSegmentData: { agSegmentId: capital.ag_segment_id },
      };
      for (const url of SEGMENT_ROUTES) {
        const res = await h.post(url, body, { token: agadmin });
        t.equal(res.statusCode, 403, url);
        t.same(messageIds(res), ['ERR_0022'], url);
      }
      for (const url of MULTIPART_ROUTES) {
        const res = await postMultipart(
          h,
          url,
          agadmin,
          {
            ...own,
            agSegmentData: JSON.stringify({ agSegmentId: capital.ag_segment_id, agSegmentName: '代理店作成' }),
          },
          { name: 'm.csv', bytes: 'A0000001' },
        );
        t.equal(res.statusCode, 403, url);
      }
      for (const url of ['/api/forms/ag-segment', '/api/lists/ag-segment']) {
        t.equal(
          (await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${agadmin}` } })).statusCode,
          403,
          `GET ${url}`,
        );
        t.equal(
          (await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${provider}` } })).statusCode,
          200,
          `GET ${url} as the provider administrator`,
        );
      }
      t.equal(
        (await h.post('/api/AgSegment/getAgSegmentList', { systemKbn: '01' }, { token: provider })).statusCode,
        200,
        'the provider administrator lists them',
      );
      t.same(
        (await segments()).map((s) => s.ag_segment_name),
        ['首都圏代理店', '関西・九州代理店'],
        'nothing was created or renamed',
      );
    },
  );

  t.test('the admin top: no segment button for an agent administrator; the users button stays', async (t) => {
    const flags = async (token: string) => {
      const res = await h.post('/api/KanriTop/getKanriCategory', { systemKbn: '01' }, { token });
      return Object.fromEntries(
        res.json<KanriCategoryAnswer>().categoryListData.map((c) => [c.categoryId, c.parmitionFlg]),
      );
    };
    const a = await flags(agadmin);
    t.same([a[101], a[102]], ['0', '1']);
    const p = await flags(provider);
    t.same([p[101], p[102]], ['1', '1']);
    const perms = (await h.post('/api/Parmition/getUserParmition', { systemKbn: '01' }, { token: agadmin })).json()
      .userParmition as { categoryId: number; parmitionFlg: string }[];
    t.equal(
      perms.find((c) => Number(c.categoryId) === 101)?.parmitionFlg,
      '0',
      'and the permission list the renderer keeps says so',
    );
  });

  t.test(
    'the seed gives the category the audience of provider staff; a row loosened by hand does not reopen it',
    async (t) => {
      const row = await h.db
        .selectFrom('categories')
        .select('audience')
        .where('category_id', '=', 101)
        .executeTakeFirstOrThrow();
      t.equal(row.audience, 'provider');
      await h.db
        .updateTable('categories')
        .set({ audience: 'admin_or_provider' })
        .where('category_id', '=', 101)
        .execute();
      t.teardown(() =>
        h.db.updateTable('categories').set({ audience: 'provider' }).where('category_id', '=', 101).execute(),
      );
      t.equal(
        (await h.post('/api/AgSegment/getAgSegmentList', { systemKbn: '01' }, { token: agadmin })).statusCode,
        403,
        'still 403 (the permission layer holds the rule)',
      );
      t.equal(
        (await h.post('/api/AgSegment/getAgSegmentList', { systemKbn: '01' }, { token: provider })).statusCode,
        200,
      );
    },
  );
});
