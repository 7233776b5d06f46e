// Login popup management on the declared-form engine (spec 001 "Login popup management", sections
// 5 and 7: /api/LoginPopupReg/*): a popup for one agent code, with a link, an attachment and an
// image (tus) with explanations, reaches that agent's sign-in popups and nobody else's; the list
// shows it with its target and check settings; update, delete of a selection; every rule's code;
// 403 for callers without login popup management (106) and for forged ids.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/portal';
import { sample, tusUpload } from '../helpers/uploads';
import type { PopupListAnswer } from '../../schemas/wire/portal';

const msgs = (res: { json(): unknown }) =>
  ((res.json() as { messages?: { messageId: string; args: string[] }[] }).messages ?? []).map(
    (m) => `${m.messageId}:${m.args.join(',')}`,
  );

t.test('login popup management', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const provider = await signInAs(h, 'demo-provider');
  const agent = await signInAs(h, 'demo-agent'); // A0000001
  const agent2 = await signInAs(h, 'demo-agent2'); // A0000002
  const agadmin = await signInAs(h, 'demo-agadmin'); // A0000001 administrator
  const staff = await signInAs(h, 'demo-staff');
  const meta = { agcode: 'P0000001', userid: '0000000001' };

  const init = await provider.call('/api/LoginPopupReg/GetInitialDisplayData', {
    categoryId: 15,
    contentsCategoryId: 15,
  });
  t.equal(init.statusCode, 200, init.body);
  const data = init.json().initialDisplayData;
  t.ok(data.agSegmentList.length >= 2, 'segments for the target');
  t.equal(data.keisaiKikanEnd, '9999-12-31');
  t.ok(data.maxFileSize > 0);

  const pdf = await tusUpload(h, provider.token, '同意書.pdf', sample.pdf(), meta);
  const png = await tusUpload(h, provider.token, '案内図.png', sample.png(), meta);
  const popup = {
    categoryId: '15',
    title: '【A0000002様】取引条件改定のご確認',
    keisaiKikanStart: '2026-11-01',
    keisaiKikanEnd: '2026-12-31',
    hyojiTaisho: '2',
    targetAgCode: 'A0000002',
    contentsBody: '<p>取引条件の改定について<strong>ご確認</strong>ください。</p><script>alert(1)</script>',
    contentsLinkList: [
      { rowNo: 1, caption: '改定の概要', url: 'https://example.jp/terms' },
      { rowNo: 2, caption: '', url: '' },
      { rowNo: 3, caption: '', url: '' },
    ],
    contentsTempFileList: [{ rowNo: 1, fileName: '同意書.pdf', size: 40, uploadId: pdf, isUpload: true }],
    contentsTempFileExp: '改定後の取引条件です',
    contentsImgList: [{ rowNo: 1, fileName: '案内図.png', size: 16, uploadId: png, isUpload: true }],
    contentsImgFileExp: '窓口の案内図',
    checkPatern: '2',
    checkDispTarget: '1',
  };

  t.test('authority', async (t) => {
    for (const s of [agent, agadmin, staff]) {
      t.equal(
        (await s.call('/api/LoginPopupReg/RegPopupData', popup)).statusCode,
        403,
        `${s.loginId} may not register`,
      );
      t.equal(
        (await s.call('/api/LoginPopupReg/GetPopupList', { categoryId: 15, isUnlimitDate: true })).statusCode,
        403,
        `${s.loginId} may not list`,
      );
      t.equal(
        (await s.call('/api/LoginPopupReg/GetInitialDisplayData', { categoryId: 15 })).statusCode,
        403,
        `${s.loginId} initial data`,
      );
      t.equal(
        (await s.call('/api/LoginPopupReg/DeletePopupData', { popupIdList: [{ categoryId: 15, contentsId: 1 }] }))
          .statusCode,
        403,
        `${s.loginId} may not delete`,
      );
    }
    t.equal(
      (await provider.call('/api/LoginPopupReg/RegPopupData', { ...popup, agCode: 'A0000002' })).statusCode,
      403,
      'a forged caller agCode',
    );
    t.equal(
      (await h.post('/api/LoginPopupReg/RegPopupData', { systemKbn: '01', ...popup })).statusCode,
      401,
      'no token',
    );
  });

  t.test('rules: every message at once, codes of spec 001 section 5', async (t) => {
    const empty = await provider.call('/api/LoginPopupReg/RegPopupData', {
      categoryId: '15',
      hyojiTaisho: '2',
      contentsBody: '<p></p>',
      contentsLinkList: [{ rowNo: 1, caption: '概要', url: '' }],
      checkPatern: '',
      checkDispTarget: '',
    });
    t.equal(empty.statusCode, 400);
    const got = msgs(empty);
    for (const want of [
      'ERR_0001:表示期間From',
      'ERR_0001:表示期間To',
      'ERR_0001:タイトル',
      'ERR_0002:代理店コード',
      'ERR_0001:本文',
      'ERR_0002:リンク1のURL',
      'ERR_0003:チェックパターン',
      'ERR_0003:チェック表示対象',
    ])
      t.ok(got.includes(want), want);
    const segment = await provider.call('/api/LoginPopupReg/RegPopupData', {
      ...popup,
      hyojiTaisho: '1',
      targetAgCode: '',
      contentsTempFileList: [],
      contentsImgList: [],
    });
    t.same(msgs(segment), ['ERR_0003:AGセグメント'], 'segment mode needs a segment');
    const order = await provider.call('/api/LoginPopupReg/RegPopupData', {
      ...popup,
      keisaiKikanStart: '2026-12-31',
      keisaiKikanEnd: '2026-12-01',
      title: '𠮷'.repeat(256),
      targetAgCode: 'A00000021',
      contentsTempFileList: [],
      contentsImgList: [],
    });
    t.same(
      msgs(order)
        .map((m) => m.split(':')[0])
        .sort(),
      ['ERR_0005', 'ERR_0025', 'ERR_0025', 'ERR_0026'].sort(),
      'period order, title and code length, 𠮷 not usable',
    );
    const pattern = await provider.call('/api/LoginPopupReg/RegPopupData', {
      ...popup,
      checkPatern: '3',
      contentsTempFileList: [],
      contentsImgList: [],
    });
    t.same(msgs(pattern), ['ERR_0003:チェックパターン'], 'an unknown check pattern is a 400, not a 500');
    const badFile = await provider.call('/api/LoginPopupReg/RegPopupData', {
      ...popup,
      contentsTempFileList: [{ rowNo: 1, fileName: 'a.exe', size: 1 }],
      contentsImgList: [],
    });
    t.ok(msgs(badFile).includes('ERR_0027:添付ファイル'), 'attachment extension');
  });

  let id = '';
  t.test('register: the targeted agent sees it at its next sign-in, nobody else', async (t) => {
    const res = await provider.call('/api/LoginPopupReg/RegPopupData', popup);
    t.equal(res.statusCode, 200, res.body);
    id = res.json().contentsId;
    t.match(id, /^\d+$/);

    const loaded = await provider.call('/api/LoginPopupReg/GetPopupData', {
      categoryId: 15,
      contentsId: id,
      contentsCategoryId: 15,
    });
    t.equal(loaded.statusCode, 200, loaded.body);
    const p = loaded.json().popupData;
    t.equal(p.title, popup.title);
    t.same(p.hyojiTaishoCodeList, ['A0000002']);
    t.equal(p.checkPatern, '2');
    t.equal(p.checkDispTarget, '1');
    t.notMatch(p.contentsBody, /script/, 'rich text sanitised');
    t.same(
      p.contentsTempFileList.map((f: { fileName: string }) => f.fileName),
      ['同意書.pdf'],
    );
    t.same(
      p.contentsImgList.map((f: { fileName: string }) => f.fileName),
      ['案内図.png'],
    );
    t.equal(p.contentsTempFileExp, '改定後の取引条件です');
    t.equal(p.contentsImgFileExp, '窓口の案内図');

    const mine = await (
      await signInAs(h, 'demo-agent2')
    ).call('/api/LoginPopup/GetUserPopupList', { targetDate: '', isUnlimitDate: false });
    const shown = mine.json<PopupListAnswer>().popupList.find((x) => String(x.contentsId) === id);
    t.ok(shown, 'A0000002 gets the popup at its next sign-in');
    t.equal(shown?.checkPatern, '2');
    const detail = (await agent2.call('/api/LoginPopup/GetPopupData', { categoryId: 15, contentId: id })).json();
    t.equal(detail.images[0].imgExp, '窓口の案内図', 'the image with its explanation');
    t.equal(detail.files[0].tempFileName, '同意書.pdf');
    for (const other of [agent, agadmin]) {
      const list = (await other.call('/api/LoginPopup/GetUserPopupList', {})).json<PopupListAnswer>().popupList;
      t.notOk(
        list.some((x) => String(x.contentsId) === id),
        `${other.loginId} (A0000001) never sees it`,
      );
      t.equal(
        (await other.call('/api/LoginPopup/GetPopupData', { categoryId: 15, contentId: id })).statusCode,
        403,
        `${other.loginId} cannot read it`,
      );
    }
    const audit = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'login_popup')
      .where('entity_id', '=', id)
      .execute();
    t.same(
      audit.map((a) => a.action),
      ['create'],
      'audited',
    );
  });

  t.test('the list: display period, target and check settings, newest start first', async (t) => {
    const res = await provider.call('/api/LoginPopupReg/GetPopupList', {
      categoryId: 15,
      targetDate: '',
      isUnlimitDate: true,
    });
    t.equal(res.statusCode, 200, res.body);
    const list = res.json().popupList as Record<string, unknown>[];
    const row = list.find((r) => String(r.contentsId) === id);
    t.same(row, {
      categoryId: 15,
      contentsId: Number(id),
      title: popup.title,
      keisaiKikanStart: '2026/11/01',
      keisaiKikanEnd: '2026/12/31',
      dispDate: '2026/11/01～2026/12/31',
      hyojiTaisho: '2',
      hyojiTaishoName: '代理店コード：A0000002',
      checkPatern: '2',
      checkPaternName: '確認しました',
      checkDispTarget: '1',
      checkDispTargetName: '全員',
    });
    const starts = list.map((r) => String(r.keisaiKikanStart));
    t.same(starts, [...starts].sort().reverse(), 'newest display start first');
    t.ok(list.length >= 4, 'the seeded popups too');
    const dated = (
      await provider.call('/api/LoginPopupReg/GetPopupList', { categoryId: 15, isUnlimitDate: false })
    ).json().popupList as { title: string }[];
    t.ok(dated.length < list.length, 'without isUnlimitDate only the popups displayed today');
    t.equal(
      (await provider.call('/api/LoginPopupReg/GetPopupList', { categoryId: 1 })).statusCode,
      400,
      'only the popup category',
    );
  });

  t.test('update: everyone, administrators only', async (t) => {
    const loaded = (await provider.call('/api/LoginPopupReg/GetPopupData', { categoryId: 15, contentsId: id })).json()
      .popupData;
    const res = await provider.call('/api/LoginPopupReg/UpdatePopupData', {
      ...loaded,
      hyojiTaisho: '0',
      targetAgCode: '',
      hyojiTaishoCodeList: [],
      checkDispTarget: '2',
    });
    t.equal(res.statusCode, 200, res.body);
    const has = async (s: typeof agent) =>
      (await s.call('/api/LoginPopup/GetUserPopupList', {}))
        .json<PopupListAnswer>()
        .popupList.some((x) => String(x.contentsId) === id);
    t.ok(await has(agadmin), 'an administrator of any agent sees it now');
    t.notOk(await has(agent), 'a plain user does not (administrators only)');
    t.notOk(await has(agent2), 'nor the formerly targeted user');
    const files = (await provider.call('/api/LoginPopupReg/GetPopupData', { categoryId: 15, contentsId: id })).json()
      .popupData.contentsTempFileList;
    t.equal(files.length, 1, 'files kept on update');
  });

  t.test('a field added to the definition is enforced, stored and answered (no TypeScript)', async (t) => {
    const form = h.app.definitions.forms.get('login-popup-reg')!;
    const saved = JSON.stringify(form);
    t.teardown(() => {
      for (const k of Object.keys(form)) delete (form as unknown as Record<string, unknown>)[k];
      Object.assign(form, JSON.parse(saved));
    });
    form.schema.properties.contactSection = { type: 'string', title: '問い合わせ窓口', maxLength: 20 };
    form.rules.push({ rule: 'required', field: 'contactSection', message: 'ERR_0001', args: ['問い合わせ窓口'] });
    const loaded = (await provider.call('/api/LoginPopupReg/GetPopupData', { categoryId: 15, contentsId: id })).json()
      .popupData;
    t.same(msgs(await provider.call('/api/LoginPopupReg/UpdatePopupData', loaded)), ['ERR_0001:問い合わせ窓口']);
    t.equal(
      (await provider.call('/api/LoginPopupReg/UpdatePopupData', { ...loaded, contactSection: '営業推進部' }))
        .statusCode,
      200,
    );
    t.equal(
      (await provider.call('/api/LoginPopupReg/GetPopupData', { categoryId: 15, contentsId: id })).json().popupData
        .contactSection,
      '営業推進部',
    );
  });

  t.test('a notice is not a popup: load, update and delete stay in category 15', async (t) => {
    const notice = await h.db
      .selectFrom('contents')
      .select('content_id')
      .where('category_id', '=', 1)
      .executeTakeFirstOrThrow();
    t.equal(
      (await provider.call('/api/LoginPopupReg/GetPopupData', { categoryId: 15, contentsId: notice.content_id }))
        .statusCode,
      400,
    );
    const del = await provider.call('/api/LoginPopupReg/DeletePopupData', {
      popupIdList: [
        { categoryId: 15, contentsId: id },
        { categoryId: 15, contentsId: notice.content_id },
      ],
    });
    t.equal(del.statusCode, 400, 'one foreign id fails the whole delete');
    t.equal(
      (await provider.call('/api/LoginPopupReg/GetPopupData', { categoryId: 15, contentsId: id })).statusCode,
      200,
      'rolled back: the popup is still there',
    );
  });

  t.test('delete: a selection is required, then the popups are gone for everyone', async (t) => {
    t.same(msgs(await provider.call('/api/LoginPopupReg/DeletePopupData', { popupIdList: [] })), ['ERR_0003:明細']);
    const seeded = await h.db
      .selectFrom('login_popups')
      .select('content_id')
      .orderBy('content_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const res = await provider.call('/api/LoginPopupReg/DeletePopupData', {
      popupIdList: [
        { categoryId: 15, contentsId: id },
        { categoryId: '15', contentsId: String(seeded.content_id) },
      ],
    });
    t.equal(res.statusCode, 200, res.body);
    const list = (await provider.call('/api/LoginPopupReg/GetPopupList', { isUnlimitDate: true })).json().popupList as {
      contentsId: number;
    }[];
    t.notOk(
      list.some((r) => String(r.contentsId) === id || r.contentsId === seeded.content_id),
      'both gone from the list',
    );
    t.notOk(
      (await agadmin.call('/api/LoginPopup/GetUserPopupList', {}))
        .json<PopupListAnswer>()
        .popupList.some((x) => String(x.contentsId) === id),
      'and from the sign-in popups',
    );
    const audit = await h.db
      .selectFrom('audit_logs')
      .select('action')
      .where('entity', '=', 'login_popup')
      .where('action', '=', 'delete')
      .execute();
    t.equal(audit.length, 2, 'each delete audited');
  });
});
