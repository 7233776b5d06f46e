// Icon menu management (spec 001 /iconmenu-kanri-list, /iconmenu-kanri, /api/IconMenuManegment/*):
// rows with a normal and a hover image uploaded by tus (store.rows file columns), the image rules,
// the entry limit, the authority of category 105, the saved menu reaching exactly the agents of
// its segment (and its scheduled list on its date), copy-down keeping the stored images, the
// preview, delete by selection.
import t from 'tap';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sample, tusUpload } from '../helpers/uploads';
import type { IconMenuAnswer } from '../../schemas/wire/portal';

const BASE = '/api/IconMenuManegment';
const msg = (messageId: string, ...args: string[]) => ({ messageId, args });
const messagesOf = (res: { json(): unknown }) => (res.json() as { messages: unknown[] }).messages;
const meta = { agcode: 'P0000001', userid: '0000000001' };

type Entry = { fileName: string; uploadId?: string; fileUrl?: string };
type Row = {
  categoryId: string;
  iconMenuName: string;
  imgPathNomal?: Entry;
  imgPathHover?: Entry;
  url?: string;
  dispNo: string;
  isSeparateTab?: boolean;
};

t.test('icon menu management', async (t) => {
  const h: TestApp = await createTestApp();
  t.teardown(h.close);
  const admin = (await h.signIn('demo-provider')).token;
  const staff = (await h.signIn('demo-staff')).token;
  const agent = (await h.signIn('demo-agent2')).token; // A0000002: no segment, no own menu
  const call = (path: string, body: Record<string, unknown>, token = admin) =>
    h.post(`${BASE}/${path}`, { systemKbn: '01', ...body }, { token });
  const menu = async (token: string) => {
    const res = await h.post('/api/IconMenu/getIconMenuyList', { systemKbn: '01' }, { token });
    t.equal(res.statusCode, 200, res.body);
    return res.json<IconMenuAnswer>().iconMenuListData.map((m) => m.menuName);
  };
  const image = async (name: string): Promise<Entry> => ({
    fileName: name,
    uploadId: await tusUpload(h, admin, name, sample.png(), meta),
  });
  const segment = await h.db
    .insertInto('agent_segments')
    .values({ ag_segment_name: '東海代理店' })
    .returning('ag_segment_id')
    .executeTakeFirstOrThrow();
  await h.db
    .insertInto('agent_segment_members')
    .values({ ag_segment_id: segment.ag_segment_id, ag_code: 'A0000002' })
    .execute();
  const segmentId = String(segment.ag_segment_id);

  t.test('authority: category 105; provider staff without it and agents get 403', async (t) => {
    for (const token of [staff, agent]) {
      for (const path of [
        'getInitialDisplayData',
        'GetIconMenuData',
        'regIconMenu',
        'updateIconMenu',
        'getIconMenuDataList',
        'deleteKanriData',
        'getPreviewData',
      ]) {
        t.equal(
          (
            await call(
              path,
              { iconMenuKanriId: '1', detailKbn: '01', iconMenuKanriIdList: [{ iconMenuKanriId: '1' }] },
              token,
            )
          ).statusCode,
          403,
          path,
        );
      }
    }
  });

  t.test('initial data has the file size limit', async (t) => {
    const d = (await call('getInitialDisplayData', {})).json().iconMenuInitialDisplayData;
    t.type(d.maxFileSize, 'number');
    t.equal(d.sonotaCategoryId, '999');
  });

  const base = async () => ({
    settingName: '東海向けメニュー',
    settingTargetKbn: '1',
    settingTargetCode: segmentId,
    reflectionDate: '2026-11-20',
  });

  t.test('rules: images required, .jpg/.png, at most 12 entries, menu name at most 15', async (t) => {
    const b = await base();
    const r1 = await call('regIconMenu', {
      ...b,
      nowSettingList: [{ categoryId: '1', iconMenuName: 'お知らせ', dispNo: '1' }],
    });
    t.same(messagesOf(r1), [
      msg('ERR_0003', '現在の設定1行目の通常画像'),
      msg('ERR_0003', '現在の設定1行目のホバー画像'),
    ]);
    const r2 = await call('regIconMenu', {
      ...b,
      nowSettingList: [
        {
          categoryId: '1',
          iconMenuName: 'お知らせ',
          dispNo: '1',
          imgPathNomal: { fileName: 'a.gif' },
          imgPathHover: { fileName: 'b.png' },
        },
      ],
    });
    t.same(messagesOf(r2), [msg('ERR_0027', '.jpg .png')]);
    const many = Array.from({ length: 13 }, (_, i) => ({
      categoryId: '1',
      iconMenuName: `M${i}`,
      dispNo: String(i),
      imgPathNomal: { fileName: 'a.png' },
      imgPathHover: { fileName: 'b.png' },
    }));
    t.same(messagesOf(await call('regIconMenu', { ...b, nowSettingList: many })), [msg('ERR_0038', '12')]);
    const r4 = await call('regIconMenu', {
      ...b,
      nowSettingList: [
        {
          categoryId: '1',
          iconMenuName: 'あ'.repeat(16),
          dispNo: '1',
          imgPathNomal: { fileName: 'a.png' },
          imgPathHover: { fileName: 'b.png' },
        },
      ],
    });
    t.same(messagesOf(r4), [msg('ERR_0025', '現在の設定1行目のメニュー名')]);
    // A name that was never uploaded nor stored is not there.
    const r5 = await call('regIconMenu', {
      ...b,
      nowSettingList: [
        {
          categoryId: '1',
          iconMenuName: 'x',
          dispNo: '1',
          imgPathNomal: { fileName: 'ghost.png' },
          imgPathHover: { fileName: 'ghost.png' },
        },
      ],
    });
    t.equal(r5.statusCode, 400);
    // A file that is not a PNG though named so is refused by the upload itself.
    await t.rejects(tusUpload(h, admin, 'fake.png', 'not an image', meta), /ERR_0027/);
  });

  t.test(
    'a segment menu with uploaded images: saved, shown to its agent only, scheduled list, preview, delete',
    async (t) => {
      const before = await menu((await h.signIn('demo-agent')).token);
      const before2 = await menu(agent);
      const rows: Row[] = [
        {
          categoryId: '1',
          iconMenuName: '東海のお知らせ',
          dispNo: '1',
          imgPathNomal: await image('news.png'),
          imgPathHover: await image('news-over.png'),
        },
        {
          categoryId: '999',
          iconMenuName: '東海特設',
          dispNo: '2',
          url: 'https://tokai.example.jp/',
          isSeparateTab: true,
          imgPathNomal: await image('tokai.png'),
          imgPathHover: await image('tokai-over.png'),
        },
      ];
      const res = await call('regIconMenu', { ...(await base()), nowSettingList: rows });
      t.equal(res.statusCode, 200, res.body);
      const id = res.json().iconMenuKanriId as string;
      t.same(await menu(agent), ['東海のお知らせ', '東海特設'], 'the segment agent sees it');
      t.same(await menu((await h.signIn('demo-agent')).token), before, 'another agent keeps its menu');

      const loaded = (await call('GetIconMenuData', { iconMenuKanriId: id })).json().iconMenuKanriData;
      t.match(loaded.nowSettingList[0], {
        categoryId: '1',
        iconMenuName: '東海のお知らせ',
        url: '/news',
        imgPathNomal: { fileName: 'news.png', fileUrl: /^\/api\/media\// },
        imgPathHover: { fileName: 'news-over.png' },
      });
      const image0 = await h.app.inject({ method: 'GET', url: loaded.nowSettingList[0].imgPathNomal.fileUrl });
      t.equal(image0.statusCode, 200, 'the stored image is served');
      const dl = await h.post(
        '/api/download/iconMenu',
        { systemKbn: '01', fileName: 'news-over.png', screenName: 'アイコンメニュー登録' },
        { token: admin },
      );
      t.equal(dl.statusCode, 200, 'the saved image by its name');
      t.match(String(dl.headers['content-disposition']), /news-over\.png/);
      t.equal(
        (await h.post('/api/download/iconMenu', { systemKbn: '01', fileName: 'nothing.png' }, { token: admin }))
          .statusCode,
        404,
        'a name no row holds',
      );
      t.equal(
        (await h.post('/api/download/iconMenu', { systemKbn: '01', fileName: 'news-over.png' }, { token: staff }))
          .statusCode,
        403,
        'without 105',
      );

      // Copy-down keeps the stored images by name; a scheduled list from 2026-12-01.
      const upd = await call('updateIconMenu', {
        ...loaded,
        scheduledDate: '2026-12-01',
        scheduledSettingList: [
          { ...loaded.nowSettingList[1], dispNo: '1' },
          { ...loaded.nowSettingList[0], iconMenuName: '年末のお知らせ', dispNo: '2' },
        ],
      });
      t.equal(upd.statusCode, 200, upd.body);
      const preview = await call('getPreviewData', { iconMenuKanriId: id, detailKbn: '02' });
      t.same(
        preview.json().iconMenuPreviewData.map((p: { menuName: string }) => p.menuName),
        ['東海特設', '年末のお知らせ'],
      );
      h.clock.set('2026-12-01T01:00:00Z');
      t.same(
        await menu((await h.signIn('demo-agent2')).token),
        ['東海特設', '年末のお知らせ'],
        'the scheduled list on its date',
      );
      h.clock.set('2026-11-20T01:00:00Z');

      const list = (await call('getIconMenuDataList', {})).json().iconMenuKanriList as Record<string, string>[];
      t.match(
        list.find((r) => r.iconMenuKanriId === id),
        { settingName: '東海向けメニュー', settingTargetName: '東海代理店', scheduledDate: '2026-12-01' },
      );
      const keys = (
        await h.db.selectFrom('icon_menu_rows').select('image_normal_key').where('kanri_id', '=', Number(id)).execute()
      ).map((r) => r.image_normal_key);
      t.ok(keys.length > 0);
      for (const key of keys) t.type(await h.app.storage.size(key), 'number', 'stored before the delete');
      t.equal((await call('deleteKanriData', { iconMenuKanriIdList: [{ iconMenuKanriId: id }] })).statusCode, 200);
      for (const key of keys) t.equal(await h.app.storage.size(key), null, "the deleted menu's images are removed");
      t.same(await menu((await h.signIn('demo-agent2')).token), before2, 'deleted: the default again');
      const audits = await h.db
        .selectFrom('audit_logs')
        .select('action')
        .where('entity', '=', 'icon_menu')
        .where('entity_id', '=', id)
        .orderBy('audit_id')
        .execute();
      t.same(
        audits.map((a) => a.action),
        ['create', 'update', 'delete'],
      );
    },
  );
});
