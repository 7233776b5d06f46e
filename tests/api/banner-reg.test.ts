// Banner maintenance (spec 001 /banner-touroku-list, /banner-touroku; section 7 /api/BannerReg/*):
// the form on the declared-form engine (schemas/forms/banner-reg.json) and the list calls.
// Authority (107: agents, agent administrators and provider staff without it get 403; ids in the
// body never widen anything), every rule answering its code, the image through tus (checked
// again on the server), a banner in its display period on the portal top of its area only, out of
// period not, display orders, delete, and the audit trail.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sample, tusUpload } from '../helpers/uploads';
import { nth, present } from '../helpers/indexing';
import type { BannerListAnswer } from '../../schemas/wire/portal';

const msgs = (res: { json(): unknown }) =>
  ((res.json() as { messages?: { messageId: string; args: string[] }[] }).messages ?? []).map(
    (m) => `${m.messageId}:${m.args.join(',')}`,
  );
const msgIds = (res: { json(): unknown }) =>
  ((res.json() as { messages?: { messageId: string }[] }).messages ?? []).map((m) => m.messageId);

t.test('banner maintenance', async (t) => {
  const h: TestApp = await createTestApp(); // today is 2026-11-20 (Tokyo)
  t.teardown(h.close);
  const provider = (await h.signIn('demo-provider')).token;
  const agent = (await h.signIn('demo-agent')).token;
  const agadmin = (await h.signIn('demo-agadmin')).token;
  const staff = (await h.signIn('demo-staff')).token; // isProvider, role 02: no 107
  const meta = { agcode: 'P0000001', userid: '0000000001' };
  const b = (extra: Record<string, unknown>) => ({ systemKbn: '01', ...extra });
  const sideNames = async (token: string, targetDate?: string) =>
    (
      await h.post('/api/Banner/getBannerList', b({ bannerKbn: '02', ...(targetDate ? { targetDate } : {}) }), {
        token,
      })
    )
      .json<BannerListAnswer>()
      .bannerListData.map((x) => x.bannerName);

  const image = await tusUpload(h, provider, '冬季キャンペーン.png', sample.png(), meta);
  const banner = {
    bannerKbn: '02',
    bannerName: '冬季まとめ買いキャンペーン',
    bannerUrl: '/news',
    bannerCaption: '12月末までの受注分が対象です',
    dispDtFrom: '2026-11-15',
    dispDtTo: '2026-12-31',
    bannerImageFileList: [{ rowNo: 1, fileName: '冬季キャンペーン.png', size: 16, uploadId: image, isUpload: true }],
  };

  t.test('authority: 107 only', async (t) => {
    for (const [who, token] of [
      ['agent', agent],
      ['agent administrator', agadmin],
      ['provider staff without 107', staff],
    ] as const) {
      for (const [path, body] of [
        ['/api/BannerReg/getInitialData', {}],
        ['/api/BannerReg/getBannerList', { bannerKbn: '02' }],
        ['/api/BannerReg/getRegFormInitialData', {}],
        ['/api/BannerReg/getBannerData', { bannerKbn: '02', bannerId: '8' }],
        ['/api/BannerReg/createBanner', banner],
        ['/api/BannerReg/updateBanner', { ...banner, bannerId: '8' }],
        ['/api/BannerReg/deleteBanner', { bannerList: [{ bannerKbn: '02', bannerId: '8' }] }],
        [
          '/api/BannerReg/updateBunnerDispOrder',
          { bannerDataList: [{ bannerKbn: '02', bannerId: '8', dispOrder: '1' }] },
        ],
      ] as const) {
        t.equal((await h.post(path, b(body), { token })).statusCode, 403, `${who}: ${path}`);
      }
      t.equal(
        (
          await h.app.inject({
            method: 'GET',
            url: '/api/lists/banner-reg',
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
        403,
        `${who}: the list definition`,
      );
    }
    t.equal((await h.post('/api/BannerReg/createBanner', b(banner))).statusCode, 401, 'no token');
    t.equal(
      (await h.post('/api/BannerReg/createBanner', b({ ...banner, agCode: 'A0000002' }), { token: provider }))
        .statusCode,
      403,
      'a forged caller agCode',
    );
    t.equal(
      (
        await h.post(
          '/api/BannerReg/deleteBanner',
          b({ userId: '0000000003', bannerList: [{ bannerKbn: '02', bannerId: '8' }] }),
          { token: provider },
        )
      ).statusCode,
      403,
      'a forged caller userId',
    );
    t.equal(
      await h.db.selectFrom('banners').select('banner_id').where('deleted_at', 'is not', null).executeTakeFirst(),
      undefined,
      'nothing was deleted',
    );
  });

  t.test('initial data and the list of an area', async (t) => {
    const init = await h.post('/api/BannerReg/getInitialData', b({}), { token: provider });
    t.equal(init.statusCode, 200, init.body);
    t.same(
      init.json().initialDisplayData.bannerAreaList.map((a: { areaId: string }) => a.areaId),
      ['01', '02', '03', '04', '05'],
    );
    t.equal(
      (await h.post('/api/BannerReg/getRegFormInitialData', b({}), { token: provider })).json().maxFileSize,
      h.app.config.maxFileSize,
    );
    const list = await h.post('/api/BannerReg/getBannerList', b({ bannerKbn: '01' }), { token: provider });
    t.equal(list.statusCode, 200, list.body);
    const rows = list.json().bannerDataList as Record<string, string>[];
    t.ok(rows.length >= 7, 'every carousel banner, expired and future ones too');
    t.same(Object.keys(nth(rows, 0)).sort(), [
      'bannerCaption',
      'bannerId',
      'bannerImgFileName',
      'bannerKbn',
      'bannerName',
      'bannerUrl',
      'dispDtFrom',
      'dispDtTo',
      'dispOrder',
    ]);
    t.ok(
      rows.some((r) => present(r.dispDtTo, 'r.dispDtTo') < '2026-11-20'),
      'an expired banner is listed (greyed by the screen)',
    );
    t.match(
      nth(rows, 0).bannerImgFileName,
      /^\/api\/media\/b\d+-\d+-[A-Za-z0-9_-]{43}\?t=\d+$/,
      'a signed image path with a cache-busting parameter',
    );
    t.equal(
      (await h.app.inject({ method: 'GET', url: nth(rows, 0).bannerImgFileName })).statusCode,
      200,
      'the image is served',
    );
    for (const bad of ['', '06', 'x'])
      t.same(
        msgs(await h.post('/api/BannerReg/getBannerList', b({ bannerKbn: bad }), { token: provider })),
        ['ERR_0003:バナーエリア'],
        `area "${bad}"`,
      );
  });

  t.test('rules answer their codes, nothing stored', async (t) => {
    const count = async () =>
      Number(
        (
          await h.db
            .selectFrom('banners')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const empty = await h.post('/api/BannerReg/createBanner', b({ bannerKbn: '02' }), { token: provider });
    t.equal(empty.statusCode, 400);
    t.same(msgs(empty).sort(), ['ERR_0001:バナー名', 'ERR_0001:リンクURL', 'ERR_0003:バナー画像'].sort());
    const bad = await h.post(
      '/api/BannerReg/createBanner',
      b({
        ...banner,
        bannerName: 'x'.repeat(256),
        bannerUrl: '/news①𠮷',
        bannerCaption: 'キャプション'.repeat(50),
        dispDtFrom: '2026-12-31',
        dispDtTo: '2026-12-01',
      }),
      { token: provider },
    );
    t.same(msgIds(bad).sort(), ['ERR_0005', 'ERR_0025', 'ERR_0025', 'ERR_0026'].sort(), bad.body);
    t.ok(msgs(bad).includes('ERR_0005:表示期間From,表示期間To'));
    t.same(
      msgs(await h.post('/api/BannerReg/createBanner', b({ ...banner, bannerKbn: '09' }), { token: provider })),
      ['ERR_0003:バナーエリア'],
      'an unknown area',
    );
    t.same(
      msgs(
        await h.post('/api/BannerReg/createBanner', b({ ...banner, dispDtFrom: '2026-02-30' }), { token: provider }),
      ),
      ['ERR_0020:表示期間From'],
      'not a date',
    );
    for (const url of ['javascript:alert(1)', '//evil.example/', 'news', 'mailto:x@example.jp'])
      t.same(
        msgs(await h.post('/api/BannerReg/createBanner', b({ ...banner, bannerUrl: url }), { token: provider })),
        ['ERR_0020:リンクURL'],
        `link "${url}"`,
      );

    // The upload itself refuses what no screen of the caller takes (api/authority/upload-permissions.ts); the save checks again.
    await t.rejects(
      tusUpload(h, provider, 'fake.png', sample.pdf(), meta),
      /ERR_0027/,
      'a PDF named .png is refused by the upload',
    );
    const pdf = await tusUpload(h, provider, 'banner.pdf', sample.pdf(), meta);
    t.same(
      msgIds(
        await h.post(
          '/api/BannerReg/createBanner',
          b({ ...banner, bannerImageFileList: [{ rowNo: 1, fileName: 'banner.pdf', uploadId: pdf }] }),
          { token: provider },
        ),
      ),
      ['ERR_0027'],
      'a PDF is no banner image',
    );
    t.same(
      msgs(
        await h.post(
          '/api/BannerReg/createBanner',
          b({ ...banner, bannerImageFileList: [{ rowNo: 1, fileName: 'banner-08.png' }] }),
          { token: provider },
        ),
      ),
      ['ERR_0003:バナー画像'],
      'a stored name without an upload is no image for a new banner',
    );
    const theirs = await tusUpload(h, agadmin, 'x.png', sample.png(), { agcode: 'A0000001', userid: '0000000002' }); // 102 uploads user lists
    t.equal(
      (
        await h.post(
          '/api/BannerReg/createBanner',
          b({ ...banner, bannerImageFileList: [{ rowNo: 1, fileName: 'x.png', uploadId: theirs }] }),
          { token: provider },
        )
      ).statusCode,
      403,
      "someone else's upload",
    );
    t.equal(await count(), before, 'nothing stored');
  });

  let id = '';
  t.test('register: on the portal top within its period, for its area only', async (t) => {
    t.notOk((await sideNames(agent)).includes(banner.bannerName));
    const res = await h.post('/api/BannerReg/createBanner', b(banner), { token: provider });
    t.equal(res.statusCode, 200, res.body);
    id = res.json().bannerId;
    t.match(id, /^\d+$/);
    const row = await h.db
      .selectFrom('banners')
      .selectAll()
      .where('banner_id', '=', Number(id))
      .executeTakeFirstOrThrow();
    t.equal(row.image_file_name, '冬季キャンペーン.png');
    t.match(row.image_key, new RegExp(`^banners/${id}/`));
    t.equal(row.updated_by, '0000000001');
    const last = await h.db
      .selectFrom('banners')
      .select((eb) => eb.fn.max('display_order').as('m'))
      .where('banner_kbn', '=', '02')
      .where('banner_id', '<>', Number(id))
      .executeTakeFirstOrThrow();
    t.equal(row.display_order, Number(last.m) + 1, 'a new banner goes last in its area');

    t.ok((await sideNames(agent)).includes(banner.bannerName), 'an agent sees it on the portal top today');
    const portal = (
      await h.post('/api/Banner/getBannerList', b({ bannerKbn: '02' }), { token: agent })
    ).json<BannerListAnswer>().bannerListData;
    const shown = portal.find((x) => x.bannerName === banner.bannerName)!;
    t.equal(shown.bannerUrl, '/news');
    t.equal(shown.bannerCaption, banner.bannerCaption);
    const img = await h.app.inject({ method: 'GET', url: shown.bannerImgFileName });
    t.equal(img.statusCode, 200, 'its image is served');
    t.equal(img.headers['content-type'], 'image/png');
    t.same(img.rawPayload, sample.png(), 'the uploaded bytes');
    const carousel = (await h.post('/api/Banner/getBannerList', b({ bannerKbn: '01' }), { token: agent }))
      .json<BannerListAnswer>()
      .bannerListData.map((x) => x.bannerName);
    t.notOk(carousel.includes(banner.bannerName), 'not in another area');
    t.notOk((await sideNames(provider, '2027/01/01')).includes(banner.bannerName), 'after its end date: not shown');
    t.notOk((await sideNames(provider, '2026/11/14')).includes(banner.bannerName), 'before its start date: not shown');
    t.ok((await sideNames(provider, '2026/12/31')).includes(banner.bannerName), 'on its last day: shown');
  });

  t.test('a banner out of its period is not on the portal top', async (t) => {
    const future = await tusUpload(h, provider, '春.png', sample.png(), meta);
    const res = await h.post(
      '/api/BannerReg/createBanner',
      b({
        ...banner,
        bannerName: '春の新商品フェア（予告）',
        dispDtFrom: '2027-03-01',
        dispDtTo: '',
        bannerImageFileList: [{ rowNo: 1, fileName: '春.png', uploadId: future }],
      }),
      { token: provider },
    );
    t.equal(res.statusCode, 200, res.body);
    t.notOk((await sideNames(agent)).includes('春の新商品フェア（予告）'), 'not yet');
    t.ok((await sideNames(provider, '2027/03/01')).includes('春の新商品フェア（予告）'), 'from its start date');
    const data = (
      await h.post('/api/BannerReg/getBannerData', b({ bannerKbn: '02', bannerId: res.json().bannerId }), {
        token: provider,
      })
    ).json().bannerData;
    t.equal(data.dispDtTo, '9999-12-31', 'an empty end date is the last day');
  });

  t.test('load and update: keep or replace the image', async (t) => {
    const load = await h.post('/api/BannerReg/getBannerData', b({ bannerKbn: '02', bannerId: id }), {
      token: provider,
    });
    t.equal(load.statusCode, 200, load.body);
    t.equal(load.json().maxFileSize, h.app.config.maxFileSize, 'with maxFileSize');
    const data = load.json().bannerData;
    t.equal(data.bannerName, banner.bannerName);
    t.equal(data.bannerKbn, '02');
    t.equal(data.dispDtFrom, '2026-11-15');
    t.equal(data.bannerImageFileList[0].fileName, '冬季キャンペーン.png');
    t.match(data.bannerImageFileList[0].fileUrl, /^\/api\/media\/b\d+-\d+-[A-Za-z0-9_-]{43}\?t=\d+$/);
    t.equal(
      (await h.post('/api/BannerReg/getBannerData', b({ bannerKbn: '01', bannerId: id }), { token: provider }))
        .statusCode,
      400,
      'not a banner of that area',
    );

    const kept = await h.post(
      '/api/BannerReg/updateBanner',
      b({ ...data, bannerName: '冬季まとめ買いキャンペーン（延長）' }),
      { token: provider },
    );
    t.equal(kept.statusCode, 200, kept.body);
    const row = await h.db
      .selectFrom('banners')
      .selectAll()
      .where('banner_id', '=', Number(id))
      .executeTakeFirstOrThrow();
    t.equal(row.image_file_name, '冬季キャンペーン.png', 'the image is kept');
    t.ok((await sideNames(agent)).includes('冬季まとめ買いキャンペーン（延長）'), 'the new name on the portal top');
    t.same(
      msgs(await h.post('/api/BannerReg/updateBanner', b({ ...data, dispOrder: '' }), { token: provider })),
      ['ERR_0001:表示順'],
      'display order required on update',
    );
    t.same(
      msgs(await h.post('/api/BannerReg/updateBanner', b({ ...data, dispOrder: '1000' }), { token: provider })),
      ['ERR_0025:表示順'],
      'at most 3 digits',
    );
    t.same(
      msgs(
        await h.post(
          '/api/BannerReg/updateBanner',
          b({ ...data, bannerImageFileList: [{ rowNo: 1, fileName: 'banner-01.png' }] }),
          { token: provider },
        ),
      ),
      ['ERR_0003:バナー画像'],
      'another stored name is no image of this banner',
    );

    const newImage = await tusUpload(h, provider, '延長.jpg', sample.jpg(), meta);
    const replaced = await h.post(
      '/api/BannerReg/updateBanner',
      b({
        ...data,
        bannerName: '冬季まとめ買いキャンペーン（延長）',
        bannerImageFileList: [{ rowNo: 1, fileName: '延長.jpg', uploadId: newImage }],
      }),
      { token: provider },
    );
    t.equal(replaced.statusCode, 200, replaced.body);
    const after = await h.db
      .selectFrom('banners')
      .selectAll()
      .where('banner_id', '=', Number(id))
      .executeTakeFirstOrThrow();
    t.equal(after.image_file_name, '延長.jpg');
    t.equal(after.image_content_type, 'image/jpeg');
    t.equal(await h.app.storage.size(row.image_key), null, 'the replaced image is removed');
    const portal = (
      await h.post('/api/Banner/getBannerList', b({ bannerKbn: '02' }), { token: agent })
    ).json<BannerListAnswer>().bannerListData;
    const img = await h.app.inject({
      method: 'GET',
      url: portal.find((x) => x.bannerName.includes('延長'))!.bannerImgFileName,
    });
    t.equal(img.headers['content-type'], 'image/jpeg', 'the portal serves the new image');
  });

  t.test('display orders', async (t) => {
    const rows = (await h.post('/api/BannerReg/getBannerList', b({ bannerKbn: '02' }), { token: provider })).json()
      .bannerDataList as Record<string, string>[];
    t.same(
      msgs(await h.post('/api/BannerReg/updateBunnerDispOrder', b({ bannerDataList: [] }), { token: provider })),
      ['ERR_0008:表示順'],
      'nothing changed',
    );
    t.same(
      msgs(
        await h.post(
          '/api/BannerReg/updateBunnerDispOrder',
          b({ bannerDataList: [{ bannerKbn: '02', bannerId: id, dispOrder: '' }] }),
          { token: provider },
        ),
      ),
      ['ERR_0001:表示順'],
    );
    t.same(
      msgs(
        await h.post(
          '/api/BannerReg/updateBunnerDispOrder',
          b({ bannerDataList: [{ bannerKbn: '02', bannerId: id, dispOrder: '1a' }] }),
          { token: provider },
        ),
      ),
      ['ERR_0025:表示順'],
    );
    t.same(
      msgs(
        await h.post(
          '/api/BannerReg/updateBunnerDispOrder',
          b({ bannerDataList: [{ bannerKbn: '01', bannerId: id, dispOrder: '1' }] }),
          { token: provider },
        ),
      ),
      ['ERR_0009:バナー'],
      'the row of another area',
    );
    const res = await h.post(
      '/api/BannerReg/updateBunnerDispOrder',
      b({ bannerDataList: [{ bannerKbn: '02', bannerId: id, dispOrder: '0' }] }),
      { token: provider },
    );
    t.equal(res.statusCode, 200, res.body);
    const names = await sideNames(agent);
    t.equal(names[0], '冬季まとめ買いキャンペーン（延長）', 'first on the portal top now');
    t.ok(rows.length >= 4);
  });

  t.test('delete and the audit trail', async (t) => {
    t.same(
      msgs(await h.post('/api/BannerReg/deleteBanner', b({ bannerList: [] }), { token: provider })),
      ['ERR_0003:明細'],
      'nothing selected',
    );
    t.same(
      msgs(
        await h.post('/api/BannerReg/deleteBanner', b({ bannerList: [{ bannerKbn: '01', bannerId: id }] }), {
          token: provider,
        }),
      ),
      ['ERR_0009:バナー'],
      'area and id must match',
    );
    const res = await h.post('/api/BannerReg/deleteBanner', b({ bannerList: [{ bannerKbn: '02', bannerId: id }] }), {
      token: provider,
    });
    t.equal(res.statusCode, 200, res.body);
    t.notOk(
      (await sideNames(agent)).some((n) => n.includes('延長')),
      'gone from the portal top',
    );
    t.notOk(
      (
        (await h.post('/api/BannerReg/getBannerList', b({ bannerKbn: '02' }), { token: provider })).json()
          .bannerDataList as { bannerId: string }[]
      ).some((r) => r.bannerId === id),
      'gone from the list',
    );
    t.equal(
      (await h.post('/api/BannerReg/getBannerData', b({ bannerKbn: '02', bannerId: id }), { token: provider }))
        .statusCode,
      400,
      'cannot be loaded',
    );
    const audits = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'banner')
      .where('entity_id', '=', id)
      .orderBy('audit_id')
      .execute();
    t.same(
      audits.map((a) => a.action),
      ['create', 'update', 'update', 'update', 'delete'],
    );
    t.ok(audits.every((a) => a.actor_user_id === '0000000001'));
    const replaced = nth(audits, 2);
    t.equal(
      (replaced.before_data as { bannerImgFileName: string }).bannerImgFileName,
      '冬季キャンペーン.png',
      'before: the old image',
    );
    t.equal((replaced.after_data as { bannerImgFileName: string }).bannerImgFileName, '延長.jpg', 'after: the new one');
    t.same(nth(audits, 3).after_data, { dispOrder: '0' }, 'the display order change');
  });
});
