// Uploads need the permission of a screen that uploads (issue 14 item 6): a user none of whose
// screens uploads cannot create or continue tus uploads; users of an uploading screen (an admin
// screen, or the request screens 申請管理 13 / 14 for their attachments) can. The screens are one list (api/authority/upload-permissions.ts).
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { createTestApp } from '../helpers/test-app';
import { messageIds } from '../helpers/api-probe';
import { sample, tusCreate, tusHead, tusPatch } from '../helpers/uploads';
import { UPLOAD_CATEGORY_IDS, UPLOADING_SCREENS } from '../../api/authority/upload-permissions';
import { categories } from '../../seeds/platform';

const pdf = sample.pdf();

t.test('who may upload', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const token = async (loginId: string) => (await h.signIn(loginId)).token;
  const [agent, agent2, staff, agadmin, provider] = [
    await token('demo-agent'),
    await token('demo-agent2'),
    await token('demo-staff'),
    await token('demo-agadmin'),
    await token('demo-provider'),
  ];
  const uploads = async () => fs.readdirSync(path.join(h.app.config.dataDir, 'uploads')).length;

  t.test(
    'the reproduction of the issue: a user with no screen that uploads creates no upload (403, nothing stored)',
    async (t) => {
      // Role 02 (demo-agent, demo-agent2, demo-staff) without the request screens (13, 14) has no uploading screen left.
      await h.db
        .updateTable('role_permissions')
        .set({ parmition_flg: '0' })
        .where('role_id', '=', '02')
        .where('category_id', 'in', [13, 14])
        .execute();
      t.teardown(() =>
        h.db
          .updateTable('role_permissions')
          .set({ parmition_flg: '1' })
          .where('role_id', '=', '02')
          .where('category_id', 'in', [13, 14])
          .execute(),
      );
      const before = await uploads();
      for (const [who, tok, ids] of [
        ['demo-agent', agent, { agcode: 'A0000001', userid: '0000000003' }],
        ['demo-agent2', agent2, { agcode: 'A0000002', userid: '0000000004' }],
        ['demo-staff (supplier staff, no admin screen)', staff, { agcode: 'P0000001', userid: '0000000005' }],
      ] as const) {
        const res = await tusCreate(h, tok, pdf.length, {
          filename: '見積書.pdf',
          filetype: 'application/pdf',
          ...ids,
        });
        t.equal(res.statusCode, 403, who);
        t.same(messageIds(res), ['ERR_0022'], who);
        t.notOk(res.headers.location, 'no upload address');
      }
      t.equal(await uploads(), before, 'nothing was stored');
    },
  );

  t.test('agents and staff of the request screens (申請管理 13, 14) may attach files', async (t) => {
    for (const [who, tok, ids] of [
      ['demo-agent', agent, { agcode: 'A0000001', userid: '0000000003' }],
      ['demo-staff', staff, { agcode: 'P0000001', userid: '0000000005' }],
    ] as const) {
      const res = await tusCreate(h, tok, pdf.length, { filename: '見積書.pdf', filetype: 'application/pdf', ...ids });
      t.equal(res.statusCode, 201, who);
    }
  });

  t.test(
    'administrators of a screen that uploads may: the users screen (agent administrator), every screen (provider administrator)',
    async (t) => {
      for (const [who, tok, ids] of [
        ['demo-agadmin', agadmin, { agcode: 'A0000001', userid: '0000000002' }],
        ['demo-provider', provider, { agcode: 'P0000001', userid: '0000000001' }],
      ] as const) {
        const res = await tusCreate(h, tok, pdf.length, {
          filename: '見積書.pdf',
          filetype: 'application/pdf',
          ...ids,
        });
        t.equal(res.statusCode, 201, who);
        const location = String(res.headers.location);
        t.equal((await tusPatch(h, tok, location, 0, pdf)).statusCode, 204, `${who} finishes it`);
      }
    },
  );

  t.test('a permission taken away stops the uploads under way too', async (t) => {
    const res = await tusCreate(h, agadmin, pdf.length, {
      filename: '名簿.pdf',
      agcode: 'A0000001',
      userid: '0000000002',
    });
    const location = String(res.headers.location);
    await h.db
      .updateTable('role_permissions')
      .set({ parmition_flg: '0' })
      .where('role_id', '=', '01')
      .where('category_id', 'in', [102, 13])
      .execute();
    t.teardown(() =>
      h.db
        .updateTable('role_permissions')
        .set({ parmition_flg: '1' })
        .where('role_id', '=', '01')
        .where('category_id', 'in', [102, 13])
        .execute(),
    );
    // The agent administrator's role keeps 101 (segments) but its audience is provider staff.
    t.equal((await tusHead(h, agadmin, location)).statusCode, 403, 'HEAD');
    t.equal((await tusPatch(h, agadmin, location, 0, pdf)).statusCode, 403, 'PATCH');
    t.equal(
      (await tusCreate(h, agadmin, 10, { filename: 'a.pdf', agcode: 'A0000001', userid: '0000000002' })).statusCode,
      403,
      'a new one',
    );
    t.equal(
      (await tusCreate(h, provider, 10, { filename: 'a.pdf', agcode: 'P0000001', userid: '0000000001' })).statusCode,
      201,
      'the provider administrator still may',
    );
  });

  t.test('a control character in the metadata is 400 ERR_0026', async (t) => {
    const res = await tusCreate(h, provider, 10, {
      filename: `a${'\u0000'}.pdf`,
      agcode: 'P0000001',
      userid: '0000000001',
    });
    t.equal(res.statusCode, 400);
    t.same(messageIds(res), ['ERR_0026']);
  });

  t.test('the list names admin screens and the request screens of the seed, each once', async (t) => {
    t.equal(new Set(UPLOAD_CATEGORY_IDS).size, UPLOAD_CATEGORY_IDS.length, 'no duplicates');
    for (const s of UPLOADING_SCREENS) {
      const c = categories.find((x) => x.id === s.categoryId);
      t.ok(c, `${s.categoryId} is a category`);
      t.equal(c?.name, s.screen, `${s.categoryId} is ${s.screen}`);
    }
    t.notOk(
      UPLOAD_CATEGORY_IDS.some((id) => categories.find((c) => c.id === id)?.kind !== 'admin' && id !== 13 && id !== 14),
      'admin screens and the request screens only',
    );
  });
});
