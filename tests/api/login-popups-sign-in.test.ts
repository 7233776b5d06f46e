// Issue 22: the login popups a provider administrator gets at sign-in. Spec 000 shows the popups
// to the agents they target; provider staff reading as themselves see every display target in the
// lists (docs/architecture.md "One targeting helper"), but the sign-in popups meant for one agent
// or one segment are not theirs: at sign-in they get the popups addressed to all agents only.
// Opening a targeted popup (GetPopupData) still works for them, and acting as the agent they get
// what the agent gets.
import t from 'tap';
import { actingAs, signInAs } from '../helpers/portal';
import { createTestApp } from '../helpers/test-app';

const LIST = '/api/LoginPopup/GetUserPopupList';
type Summary = { contentsId: number; categoryId: number };

t.test(
  'sign-in popups of a provider administrator: those for all agents, not those targeted at one agent or a segment',
  async (t) => {
    const h = await createTestApp();
    t.teardown(h.close);
    const targets = await h.db
      .selectFrom('contents as c')
      .innerJoin('login_popups as p', 'p.content_id', 'c.content_id')
      .select(['c.content_id', 'c.display_target'])
      .execute();
    const targetOf = new Map(targets.map((r) => [r.content_id, r.display_target]));
    const targeted = targets.filter((r) => r.display_target !== '0').map((r) => r.content_id);
    t.ok(targeted.length > 0, `the seeds hold targeted popups (${targeted.length})`);

    const provider = await signInAs(h, 'demo-provider');
    const own = (await provider.call(LIST, {})).json().popupList as Summary[];
    t.ok(own.length > 0, 'the provider administrator still gets the popups for everyone');
    t.same(
      own.filter((p) => targetOf.get(p.contentsId) !== '0'),
      [],
      'and none targeted at an agent or a segment',
    );

    const agent = await signInAs(h, 'demo-agent');
    const agents = (await agent.call(LIST, {})).json().popupList as Summary[];
    const forA0000001 = agents.find((p) => targetOf.get(p.contentsId) !== '0');
    t.ok(forA0000001, 'the agent of A0000001 gets a popup targeted at it');

    const opened = await provider.call('/api/LoginPopup/GetPopupData', {
      categoryId: forA0000001!.categoryId,
      contentId: forA0000001!.contentsId,
    });
    t.equal(opened.statusCode, 200, 'the provider may still open that popup (lists and previews see every target)');

    const acting = actingAs(h, provider, { userId: '0000000003', agCode: 'A0000001' });
    const asAgent = (await acting.call(LIST, {})).json().popupList as Summary[];
    t.ok(
      asAgent.some((p) => p.contentsId === forA0000001!.contentsId),
      'acting as A0000001 the provider gets what the agent gets',
    );
  },
);
