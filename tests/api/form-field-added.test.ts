// "A field added to a form definition is enforced and stored by both sides with no TypeScript"
// (docs/decisions.md section 6), on the server: a field and a required rule are added to the loaded
// definition only — nothing else changes — and the API refuses the record without it, then
// stores it (in the JSON column) and answers it back. The segment form is the case the issue
// found broken (a multipart form whose added field was dropped); the notice form is a flat one;
// the banner form carries its image as an upload; the request form follows a status workflow.
import t from 'tap';
import type { FormDefinition } from '../../schemas/meta/types';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { postMultipart, sample, tusUpload } from '../helpers/uploads';

const ids = (res: { json(): unknown }) =>
  ((res.json() as { messages?: { messageId: string; args: string[] }[] }).messages ?? []).map(
    (m) => `${m.messageId}:${m.args.join(',')}`,
  );

function addField(
  t: { teardown(fn: () => void): void },
  h: TestApp,
  formId: string,
  field: string,
  title: string,
): FormDefinition {
  const form = h.app.definitions.forms.get(formId)!;
  const saved = JSON.stringify(form);
  t.teardown(() => {
    for (const k of Object.keys(form)) delete (form as unknown as Record<string, unknown>)[k];
    Object.assign(form, JSON.parse(saved));
  });
  form.schema.properties[field] = { type: 'string', title, maxLength: 20 };
  form.rules.push(
    { rule: 'required', field, message: 'ERR_0001', args: [title] },
    { rule: 'maxLength', field, max: 20, message: 'ERR_0025', args: [title] },
  );
  return form;
}

t.test('a field added to a definition is enforced, stored and answered by the API', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const provider = (await h.signIn('demo-provider')).token;

  t.test('segment form (multipart)', async (t) => {
    addField(t, h, 'ag-segment', 'segmentOwner', '担当部署');
    const create = (data: Record<string, unknown>) =>
      postMultipart(
        h,
        '/api/AgSegment/create/agSegment',
        provider,
        { systemKbn: '01', agSegmentData: JSON.stringify(data) },
        { name: 'members.csv', bytes: 'A0000001\nA0000002\n' },
      );
    const missing = await create({ agSegmentName: '担当部署テスト' });
    t.same(ids(missing), ['ERR_0001:担当部署'], 'required, by the server too');
    t.same(ids(await create({ agSegmentName: '担当部署テスト', segmentOwner: 'x'.repeat(21) })), ['ERR_0025:担当部署']);
    const ok = await create({ agSegmentName: '担当部署テスト', segmentOwner: '首都圏営業部' });
    t.equal(ok.statusCode, 200, ok.body);
    t.equal(ok.json().agSegmentData.segmentOwner, '首都圏営業部', 'answered');
    const list = await h.post('/api/AgSegment/getAgSegmentList', { systemKbn: '01' }, { token: provider });
    const row = (list.json().agSegmentDataList as { agSegmentName: string; segmentOwner?: string }[]).find(
      (r) => r.agSegmentName === '担当部署テスト',
    );
    t.equal(row?.segmentOwner, '首都圏営業部', 'stored and read back by the list');
  });

  t.test('notice form (flat record)', async (t) => {
    addField(t, h, 'notification-reg', 'contactPerson', '問い合わせ担当');
    const data = (
      await h.post(
        '/api/ContentsReg/getInitialDisplayData',
        { systemKbn: '01', contentsCategoryId: '1' },
        { token: provider },
      )
    ).json().initialDisplayData;
    const notice = {
      systemKbn: '01',
      contentsCategoryId: '1',
      subCategoryId: data.subCategoryList[0].subCategoryId,
      keisaiKikanStart: '2026-11-20',
      keisaiKikanEnd: '9999-12-31',
      lastUpdate: '2026-11-20',
      title: '担当者欄のあるお知らせ',
      hyojiTaisho: '0',
      body: '<p>本文</p>',
      kensakuTagList: [{ ...data.kensakuTagList[0], isChecked: true }],
    };
    t.same(ids(await h.post('/api/ContentsReg/RegContents', notice, { token: provider })), ['ERR_0001:問い合わせ担当']);
    const ok = await h.post(
      '/api/ContentsReg/RegContents',
      { ...notice, contactPerson: '営業企画部 佐藤' },
      { token: provider },
    );
    t.equal(ok.statusCode, 200, ok.body);
    const load = await h.post(
      '/api/ContentsReg/getContents',
      { systemKbn: '01', contentsCategoryId: '1', contentsId: ok.json().contentsId },
      { token: provider },
    );
    t.equal(load.json().contents.contactPerson, '営業企画部 佐藤', 'stored and answered');
    const row = await h.db
      .selectFrom('contents')
      .select('extra_data')
      .where('content_id', '=', Number(ok.json().contentsId))
      .executeTakeFirstOrThrow();
    t.equal(row.extra_data.contactPerson, '営業企画部 佐藤', 'in the JSON column');
  });

  t.test('banner form (an image through tus)', async (t) => {
    addField(t, h, 'banner-reg', 'bannerOwner', '担当部署');
    const image = await tusUpload(h, provider, 'banner.png', sample.png(), {
      agcode: 'P0000001',
      userid: '0000000001',
    });
    const banner = {
      systemKbn: '01',
      bannerKbn: '02',
      bannerName: '担当部署のあるバナー',
      bannerUrl: '/faq',
      bannerImageFileList: [{ rowNo: 1, fileName: 'banner.png', uploadId: image }],
    };
    t.same(ids(await h.post('/api/BannerReg/createBanner', banner, { token: provider })), ['ERR_0001:担当部署']);
    const ok = await h.post(
      '/api/BannerReg/createBanner',
      { ...banner, bannerOwner: '販促企画部' },
      { token: provider },
    );
    t.equal(ok.statusCode, 200, ok.body);
    const load = await h.post(
      '/api/BannerReg/getBannerData',
      { systemKbn: '01', bannerKbn: '02', bannerId: ok.json().bannerId },
      { token: provider },
    );
    t.equal(load.json().bannerData.bannerOwner, '販促企画部', 'stored and answered');
  });

  t.test('request form (a workflow form: the field is stored by the save that stores fields)', async (t) => {
    addField(t, h, 'shinseiform-ag', 'costCenter', '費用負担部署');
    const agent = (await h.signIn('demo-agent')).token;
    const request = {
      systemKbn: '01',
      appUser: '鈴木 一郎',
      appTitle: '部署欄のある申請',
      appCategoryId: '1',
      appMemo: '本文',
      appStatus: '10',
    };
    t.same(ids(await h.post('/api/ApplicationMgtAg/regApplicationData', request, { token: agent })), [
      'ERR_0001:費用負担部署',
    ]);
    const ok = await h.post(
      '/api/ApplicationMgtAg/regApplicationData',
      { ...request, costCenter: '営業第一部' },
      { token: agent },
    );
    t.equal(ok.statusCode, 200, ok.body);
    const load = await h.post(
      '/api/ApplicationMgtAg/getAppFormInitialData',
      { systemKbn: '01', applicationNo: ok.json().appNo },
      { token: agent },
    );
    t.equal(load.json().applicationData.costCenter, '営業第一部', 'stored and answered');
    const row = await h.db
      .selectFrom('applications')
      .select('extra_data')
      .where('app_no', '=', Number(ok.json().appNo))
      .executeTakeFirstOrThrow();
    t.equal((row.extra_data as Record<string, unknown>).costCenter, '営業第一部', 'in the JSON column');
  });

  t.test('receiver request form (its own JSON column)', async (t) => {
    addField(t, h, 'shinseiform-provider', 'deliveryNote', '納品メモ');
    const staff = (await h.signIn('demo-staff')).token;
    const row = await h.db
      .selectFrom('applications')
      .select('app_no')
      .where('status_kbn', '=', '20')
      .executeTakeFirstOrThrow();
    const load = async () =>
      (
        await h.post(
          '/api/ApplicationMgtProvider/getAppFormInitialData',
          { systemKbn: '01', applicationNo: String(row.app_no) },
          { token: staff },
        )
      ).json();
    const reply = (dispDateTime: string, extra: Record<string, unknown> = {}) =>
      h.post(
        '/api/ApplicationMgtProvider/updApplicationData',
        {
          systemKbn: '01',
          appNo: String(row.app_no),
          appStatus: '20',
          dispDateTime,
          providerComment: '確認中です。',
          ...extra,
        },
        { token: staff },
      );
    t.same(ids(await reply((await load()).dispDateTime)), ['ERR_0001:納品メモ']);
    const ok = await reply((await load()).dispDateTime, { deliveryNote: '午前着' });
    t.equal(ok.statusCode, 200, ok.body);
    t.equal((await load()).applicationData.deliveryNote, '午前着', 'stored and answered');
    const stored = await h.db
      .selectFrom('applications')
      .select(['provider_extra', 'extra_data'])
      .where('app_no', '=', row.app_no)
      .executeTakeFirstOrThrow();
    t.equal((stored.provider_extra as Record<string, unknown>).deliveryNote, '午前着', "in the receiver's JSON column");
    t.notOk('deliveryNote' in (stored.extra_data as Record<string, unknown>), "not in the applicant's");
  });
});
