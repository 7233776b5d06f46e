// Login popups: the list, one popup's data, the check history; check pattern, check display
// target (administrators only), targeting, isUnlimitDate and the popup permission.
import t from 'tap';
import { createTestApp } from '../helpers/test-app';
import { contentByTitle, FIXTURE_TITLES as T, signInAs, slash, daysFromToday } from '../helpers/portal';
import type { PopupListAnswer } from '../../schemas/wire/portal';

t.test('login popups', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const agent2 = await signInAs(h, 'demo-agent2');
  const agadmin = await signInAs(h, 'demo-agadmin');
  const provider = await signInAs(h, 'demo-provider');
  const admins = await contentByTitle(h, T.popupAdmins);
  const all = await contentByTitle(h, T.popupAll);
  const sakura = await contentByTitle(h, T.popupSakura);

  const titles = async (s: typeof agent, body: Record<string, unknown> = {}) => {
    const res = await s.call('/api/LoginPopup/GetUserPopupList', {
      userId: s.userId,
      agCode: s.agCode,
      targetDate: '',
      isUnlimitDate: false,
      ...body,
    });
    t.equal(res.statusCode, 200);
    return res.json<PopupListAnswer>().popupList.map((p) => p.title);
  };

  await t.test('each user gets the popups meant for it', async (t) => {
    t.same(await titles(agent2), [T.popupAll], 'A0000002: the popup for everyone');
    t.same(await titles(agent), [T.popupSakura, T.popupAll], 'A0000001 user: plus its targeted popup');
    t.same(
      await titles(agadmin),
      [T.popupSakura, T.popupAdmins, T.popupAll],
      'A0000001 administrator: plus the administrators-only popup',
    );
    const first = (await agent2.call('/api/LoginPopup/GetUserPopupList', {})).json().popupList[0];
    t.same(first, {
      categoryId: 15,
      contentsId: all.contentId,
      title: T.popupAll,
      checkPatern: '1',
      checkDispTarget: '1',
    });
  });

  await t.test('popup data', async (t) => {
    const res = await agadmin.call('/api/LoginPopup/GetPopupData', { categoryId: 15, contentId: admins.contentId });
    t.equal(res.statusCode, 200);
    const p = res.json();
    t.equal(p.title, T.popupAdmins);
    t.equal(p.checkPatern, '2');
    t.equal(p.checkDispTarget, '2');
    t.equal(p.keisaiKikanStart, slash(daysFromToday(-3)));
    t.match(p.contentsBody, /<p>/);
    t.equal(p.files.length, 1);
    t.equal(p.files[0].tempFileName, 'ポータル利用規約（2026年12月改定）.pdf');
    t.same(p.links, []);
    t.same(p.images, []);
    const withLink = (
      await agent2.call('/api/LoginPopup/GetPopupData', { categoryId: '15', contentId: String(all.contentId) })
    ).json();
    t.same(withLink.links, [{ rowNo: 1, url: '/news', caption: 'お知らせ一覧' }]);

    t.equal(
      (await agent.call('/api/LoginPopup/GetPopupData', { categoryId: 15, contentId: admins.contentId })).statusCode,
      403,
      'administrators-only popup to a user',
    );
    t.equal(
      (await agent2.call('/api/LoginPopup/GetPopupData', { categoryId: 15, contentId: sakura.contentId })).statusCode,
      403,
      'another agent popup',
    );
    t.equal(
      (await agent.call('/api/LoginPopup/GetPopupData', { categoryId: 1, contentId: all.contentId })).statusCode,
      403,
      'wrong category',
    );
    const news = await contentByTitle(h, T.catalog);
    t.equal(
      (await agent.call('/api/LoginPopup/GetPopupData', { categoryId: 1, contentId: news.contentId })).statusCode,
      403,
      'a content that is no popup',
    );
    t.equal(
      (await agent.call('/api/LoginPopup/GetPopupData', { categoryId: 15 })).statusCode,
      400,
      'contentId required',
    );
    t.equal(
      (await agent.call('/api/ContentsDetail/getContentsDetail', { categoryId: 15, contentId: admins.contentId }))
        .statusCode,
      403,
      'nor through the detail call',
    );
    const file = (
      await agadmin.call('/api/LoginPopup/GetPopupData', { categoryId: 15, contentId: admins.contentId })
    ).json().files[0].tempFileName;
    t.equal(
      (await agent.call('/api/download', { categoryId: 15, contentId: admins.contentId, fileName: file })).statusCode,
      403,
      'nor its file',
    );
    t.equal(
      (await agadmin.call('/api/download', { categoryId: 15, contentId: admins.contentId, fileName: file })).statusCode,
      200,
      'an administrator may download it',
    );
  });

  await t.test('checking hides a popup, unchecking brings it back', async (t) => {
    const check = (isChecked: boolean, s = agadmin, c = admins) =>
      s.call('/api/LoginPopup/RegPopupCheckHistory', {
        userId: s.userId,
        agCode: s.agCode,
        targetDate: '',
        isUnlimitDate: false,
        categoryId: 15,
        contentsId: c.contentId,
        isChecked,
      });
    const res = await check(true);
    t.equal(res.statusCode, 200);
    t.same(res.json(), {});
    t.same(await titles(agadmin), [T.popupSakura, T.popupAll]);
    const row = await h.db
      .selectFrom('popup_check_history')
      .selectAll()
      .where('user_id', '=', agadmin.userId)
      .executeTakeFirstOrThrow();
    t.equal(row.is_checked, true);
    t.same(await titles(agent), [T.popupSakura, T.popupAll], 'another user of the same agent still gets its popups');
    await check(false);
    t.same(await titles(agadmin), [T.popupSakura, T.popupAdmins, T.popupAll]);
    t.equal((await check(true, agent, admins)).statusCode, 403, 'no check on a popup the user may not see');
    t.equal(
      (await agent.call('/api/LoginPopup/RegPopupCheckHistory', { categoryId: 15, contentsId: all.contentId }))
        .statusCode,
      400,
      'isChecked required',
    );
  });

  await t.test('isUnlimitDate and business dates are for provider administrators only', async (t) => {
    t.notOk(
      (await titles(agent2, { isUnlimitDate: true })).includes(T.popupExpired),
      'an agent cannot lift the period',
    );
    t.notOk(
      (await titles(agent2, { targetDate: slash(daysFromToday(-40)) })).includes(T.popupExpired),
      'nor move the date',
    );
    const forProvider = await titles(provider, { isUnlimitDate: true });
    t.ok(forProvider.includes(T.popupExpired), 'the provider administrator sees popups out of period');
    t.equal(forProvider.length, 4, 'and every target');
    t.same(
      await titles(provider, { targetDate: slash(daysFromToday(-40)) }),
      [T.popupExpired],
      'or on a business date',
    );
  });

  await t.test('the popup permission is required', async (t) => {
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '0' })
      .where('role_id', '=', '02')
      .where('category_id', '=', 15)
      .execute();
    t.equal((await agent2.call('/api/LoginPopup/GetUserPopupList', {})).statusCode, 403);
    t.equal(
      (await agent2.call('/api/LoginPopup/GetPopupData', { categoryId: 15, contentId: all.contentId })).statusCode,
      403,
    );
    t.equal(
      (
        await agent2.call('/api/LoginPopup/RegPopupCheckHistory', {
          categoryId: 15,
          contentsId: all.contentId,
          isChecked: true,
        })
      ).statusCode,
      403,
    );
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '1' })
      .where('role_id', '=', '02')
      .where('category_id', '=', 15)
      .execute();
  });
});
