// Two portal instances on one PostgreSQL database and one S3 bucket behind HAProxy, all real
// processes and servers (issue 21, item 6; docs/operations.md "Running several instances"):
// a tus upload whose chunks land on alternating instances registers a notice; each instance
// serves the file whole and ranged; a logout on one is refused on the other at once; an icon
// menu saved on one is on the other's next read; a SIGKILL in the middle of an upload is
// finished through the other; a SIGTERM under 50 concurrent readers costs no request.
//
// Needs DATABASE_URL (a PostgreSQL server; the test creates and drops its own database) and the
// S3_TEST_* variables that .ci/services/s3.sh prints. Not part of `npm test`: .ci/run runs it as
// its own step (`npx tap tests/cluster/two-instances.test.ts`).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import t from 'tap';
import { startSmtpCapture } from '../helpers/smtp-capture';
import { s3Env, testS3Settings } from '../helpers/s3';
import { tusMetadata } from '../helpers/uploads';
import {
  call,
  createDatabase,
  freePort,
  post,
  secondsSince,
  signIn,
  startBalancer,
  startInstance,
  tempDir,
  type Answer,
  type Instance,
  type InstanceSettings,
} from './cluster';
import { nth } from '../helpers/indexing';

const MiB = 1024 * 1024;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const tokyoToday = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

/** A PDF (the upload check reads its first bytes) of `size` bytes, random after the header. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%âãÏÓ\n');
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

/** Resident memory of an instance's process in MB (Linux), printed beside the timings. */
function rssOf(i: Instance): string {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${i.process.pid}/status`, 'utf8'))?.[1]);
    return `${Math.round(kb / 1024)} MB`;
  } catch {
    return 'unknown';
  }
}

const tus = { 'tus-resumable': '1.0.0' };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const PROVIDER_META = { agcode: 'P0000001', userid: '0000000001' };

async function tusCreate(base: string, token: string, name: string, size: number): Promise<string> {
  const res = await call(`${base}/api/files`, {
    method: 'POST',
    headers: {
      ...tus,
      ...auth(token),
      'upload-length': String(size),
      'upload-metadata': tusMetadata({ filename: name, filetype: 'application/pdf', ...PROVIDER_META }),
    },
  });
  if (res.status !== 201) throw new Error(`tus create: ${res.status} ${res.text()}`);
  return new URL(String(res.headers.get('location')), base).pathname;
}

const tusPatch = (base: string, token: string, uploadPath: string, offset: number, bytes: Uint8Array) =>
  call(`${base}${uploadPath}`, {
    method: 'PATCH',
    headers: {
      ...tus,
      ...auth(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });

const tusHead = (base: string, token: string, uploadPath: string) =>
  call(`${base}${uploadPath}`, { method: 'HEAD', headers: { ...tus, ...auth(token) } });

t.test('two instances behind a load balancer', async (t) => {
  const started = performance.now();
  let stepStart = started;
  const step = (name: string) => {
    t.comment(`${name}: ${secondsSince(stepStart)} s (total ${secondsSince(started)} s)`);
    stepStart = performance.now();
  };

  // ---- the parts ----------------------------------------------------------------------------
  const serverUrl = process.env.DATABASE_URL;
  const s3 = testS3Settings();
  t.ok(serverUrl, 'DATABASE_URL names the PostgreSQL server');
  t.ok(s3, 'S3_TEST_* name the bucket (.ci/services/s3.sh)');
  if (!serverUrl || !s3) return;

  const database = await createDatabase(serverUrl);
  t.teardown(database.drop);
  const smtp = await startSmtpCapture();
  t.teardown(smtp.close);
  const shared = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    OPERATING_HOURS: 'always',
    SEED: 'demo',
    SMTP_URL: smtp.url,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // After SIGTERM an instance fails readiness and keeps serving this long: longer than the
    // production default (5 s) since on a busy CI machine each check of /readyz can take seconds.
    SHUTDOWN_GRACE_MS: '8000',
    ...s3Env(s3),
  };
  const settings: InstanceSettings[] = [];
  for (const name of ['portal1', 'portal2']) {
    const dataDir = await tempDir(`cluster-${name}-`);
    t.teardown(() => fs.rm(dataDir, { recursive: true, force: true }));
    settings.push({ name, port: await freePort(), dataDir, env: shared });
  }
  const running = new Set<Instance>();
  t.teardown(() => {
    for (const i of running) i.process.kill('SIGKILL');
  });
  const start = async (s: InstanceSettings) => {
    const i = await startInstance(s);
    running.add(i);
    void i.exited.then(() => running.delete(i));
    return i;
  };
  // Both at once on the empty database: the first migrates and seeds it under the lock, the
  // second waits for it and starts normally.
  const both = await Promise.all(settings.map(start));
  const a = nth(both, 0);
  let b = nth(both, 1);
  step('two instances started on an empty database (migrated and seeded once)');
  const seededUsers = await post(a.url, '/api/System/checkOperationTime', {});
  t.equal(seededUsers.status, 200, 'the first instance answers');

  const balancer = await startBalancer(settings.map((s) => s.port));
  t.teardown(balancer.stop);
  const lb = balancer.url;
  // Round robin: both instances answer through the balancer once its first checks passed.
  const servedBy = new Set<string>();
  while (!servedBy.has('portal1') || !servedBy.has('portal2')) {
    const res = await call(`${lb}/healthz`);
    if (res.status === 200) servedBy.add(String(res.headers.get('x-served-by')));
  }
  t.pass('the balancer sends to both instances');
  step('balancer up, both instances in rotation');

  const provider = await signIn(lb, smtp, 'demo-provider');
  const agent = await signIn(lb, smtp, 'demo-agent');
  step('signed in through the balancer (one-time code by mail)');

  // ---- (a) a tus upload whose chunks alternate between the instances, then a notice ---------
  const file = pdfOf(12 * MiB);
  const chunk = 3 * MiB;
  const uploadPath = await tusCreate(lb, provider, '配送スケジュール（2台構成）.pdf', file.length);
  for (let offset = 0, n = 0; offset < file.length; offset += chunk, n++) {
    const target = n % 2 === 0 ? a : b;
    const res = await tusPatch(target.url, provider, uploadPath, offset, file.subarray(offset, offset + chunk));
    t.equal(res.status, 204, `chunk ${n + 1} to ${target.name}: ${res.status === 204 ? 'stored' : res.text()}`);
    t.equal(
      Number(res.headers.get('upload-offset')),
      Math.min(offset + chunk, file.length),
      `offset after chunk ${n + 1}`,
    );
  }
  for (const i of [a, b])
    t.equal(
      Number((await tusHead(i.url, provider, uploadPath)).headers.get('upload-offset')),
      file.length,
      `${i.name} sees the whole upload`,
    );

  const init = await post(lb, '/api/ContentsReg/getInitialDisplayData', { contentsCategoryId: '1' }, provider);
  t.equal(init.status, 200, 'initial data of the notice form');
  const data = init.json<{
    initialDisplayData: { subCategoryList: { subCategoryId: unknown }[]; kensakuTagList: Record<string, unknown>[] };
  }>().initialDisplayData;
  const noticeOf = (title: string, fileName: string, uploadId: string, size: number) => ({
    contentsCategoryId: '1',
    subCategoryId: nth(data.subCategoryList, 0).subCategoryId,
    keisaiKikanStart: tokyoToday(),
    keisaiKikanEnd: '9999-12-31',
    jyuyoFlg: false,
    lastUpdate: tokyoToday(),
    title,
    hyojiTaisho: '0',
    body: '<p>2台構成の確認です。</p>',
    contentsLinkList: [],
    contentsTempFileList: [{ rowNo: 1, fileName, size, uploadId, isUpload: true }],
    contentsImgList: [],
    kensakuTagList: [{ ...data.kensakuTagList[0], isChecked: true }],
    thumbnailFileList: [],
  });
  const fileName = '配送スケジュール（2台構成）.pdf';
  const reg = await post(
    b.url,
    '/api/ContentsReg/RegContents',
    noticeOf('2台構成のお知らせ', fileName, uploadPath.split('/').pop()!, file.length),
    provider,
  );
  t.equal(reg.status, 200, `notice registered on portal2 with the upload: ${reg.status === 200 ? 'ok' : reg.text()}`);
  const contentId = Number(reg.json<{ contentsId: string }>().contentsId);
  step('(a) tus upload in 4 chunks alternating portal1/portal2, notice registered');

  // ---- (b) whole and ranged from each instance directly -------------------------------------
  const ranges: Array<[number, number]> = [
    [chunk - 40, chunk + 39], // across the first chunk boundary
    [5 * MiB - 10, 5 * MiB + 9], // across the smallest S3 multipart part
    [8 * MiB - 10, 8 * MiB + 9], // across @tus/s3-store's default part size
    [file.length - 100, file.length - 1], // the last bytes
  ];
  for (const i of [a, b]) {
    const whole = await post(i.url, '/api/download', { categoryId: 1, contentId, fileName }, agent);
    t.equal(whole.status, 200, `${i.name}: download`);
    t.equal(sha256(whole.body), sha256(file), `${i.name}: the whole file, byte for byte`);
    const detail = await post(i.url, '/api/ContentsDetail/getContentsDetail', { categoryId: 1, contentId }, agent);
    t.equal(detail.status, 200, `${i.name}: the notice's detail`);
    const mediaPath = nth(
      detail.json<{ contentsTempFileList: { tempFilePath: string }[] }>().contentsTempFileList,
      0,
    ).tempFilePath;
    for (const [from, to] of ranges) {
      const part = await call(`${i.url}${mediaPath}`, { headers: { range: `bytes=${from}-${to}` } });
      t.equal(part.status, 206, `${i.name}: bytes ${from}-${to} answer 206`);
      t.equal(part.headers.get('content-range'), `bytes ${from}-${to}/${file.length}`, `${i.name}: Content-Range`);
      t.ok(part.body.equals(file.subarray(from, to + 1)), `${i.name}: exactly bytes ${from}-${to}`);
    }
  }
  step('(b) whole and ranged downloads from each instance');

  // ---- (c) logout on one, refused on the other at once ---------------------------------------
  const leaving = await signIn(lb, smtp, 'demo-agadmin');
  const menuOf = (i: Instance, token: string) => post(i.url, '/api/IconMenu/getIconMenuyList', {}, token);
  t.equal((await menuOf(b, leaving)).status, 200, 'portal2 accepts the token (and keeps its caller in memory)');
  t.equal((await post(a.url, '/api/Auth/logout', {}, leaving)).status, 200, 'logout on portal1');
  t.equal((await menuOf(b, leaving)).status, 401, 'portal2 refuses the token on the next call');
  t.equal((await menuOf(a, leaving)).status, 401, 'and so does portal1');
  step('(c) logout on portal1 refused on portal2');

  // ---- (d) the icon menu saved on one is on the other's next read ---------------------------
  const agent2 = await signIn(lb, smtp, 'demo-agent2');
  const menuNames = async (i: Instance) => {
    const res = await menuOf(i, agent2);
    t.equal(res.status, 200, `${i.name}: icon menu read`);
    return res.json<{ iconMenuListData: { menuName: string }[] }>().iconMenuListData.map((m) => m.menuName);
  };
  t.notOk((await menuNames(b)).includes('2台構成メニュー'), 'portal2 reads (and keeps) the menu before the change');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const image = async (name: string) => {
    const p = await tusCreate(lb, provider, name, png.length);
    t.equal((await tusPatch(lb, provider, p, 0, png)).status, 204, `${name} uploaded`);
    return { fileName: name, uploadId: p.split('/').pop() };
  };
  const saved = await post(
    a.url,
    '/api/IconMenuManegment/regIconMenu',
    {
      settingName: '2台構成の確認',
      settingTargetKbn: '2',
      settingTargetCode: 'A0000002',
      reflectionDate: tokyoToday(),
      nowSettingList: [
        {
          categoryId: '1',
          iconMenuName: '2台構成メニュー',
          dispNo: '1',
          imgPathNomal: await image('menu.png'),
          imgPathHover: await image('menu-over.png'),
        },
      ],
    },
    provider,
  );
  t.equal(saved.status, 200, `icon menu saved on portal1: ${saved.status === 200 ? 'ok' : saved.text()}`);
  t.same(await menuNames(b), ['2台構成メニュー'], "portal2's next read has it");
  step('(d) icon menu saved on portal1, read on portal2');
  t.comment(`resident memory: portal1 ${rssOf(a)}, portal2 ${rssOf(b)}`);

  // ---- (f) SIGKILL in the middle of an upload: finished through the other ------------------
  const second = pdfOf(8 * MiB);
  const secondPath = await tusCreate(lb, provider, '途中で止まった.pdf', second.length);
  const first = 2 * MiB;
  t.equal(
    (await tusPatch(b.url, provider, secondPath, 0, second.subarray(0, first))).status,
    204,
    'the first 2 MiB stored through portal2',
  );
  // The next PATCH to portal2 sends part of its body, then portal2 is killed.
  const cut = await new Promise<string>((resolve) => {
    const req = http.request(`${b.url}${secondPath}`, {
      method: 'PATCH',
      agent: false,
      headers: {
        ...tus,
        ...auth(provider),
        'upload-offset': String(first),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(second.length - first),
      },
    });
    req.on('response', (res) => resolve(`answered ${res.statusCode}`));
    req.on('error', (err) => resolve(`failed: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    req.write(second.subarray(first, first + 3 * MiB), () => b.process.kill('SIGKILL'));
  });
  t.match(cut, /^failed/, `the PATCH cut by the SIGKILL did not complete (${cut})`);
  t.equal(await b.exited, 'SIGKILL', 'portal2 is gone');
  const head = await tusHead(lb, provider, secondPath);
  t.equal(head.status, 200, 'HEAD through the balancer answers (portal1)');
  const resumeAt = Number(head.headers.get('upload-offset'));
  t.ok(resumeAt >= first && resumeAt < second.length, `the offset survives: ${resumeAt}`);
  const rest = await tusPatch(lb, provider, secondPath, resumeAt, second.subarray(resumeAt));
  t.equal(
    rest.status,
    204,
    `the rest from ${resumeAt} through the balancer: ${rest.status === 204 ? 'stored' : rest.text()}`,
  );
  t.equal(rest.headers.get('x-served-by'), 'portal1', 'by portal1');
  const reg2 = await post(
    lb,
    '/api/ContentsReg/RegContents',
    noticeOf('2台構成のお知らせ（再開）', '途中で止まった.pdf', secondPath.split('/').pop()!, second.length),
    provider,
  );
  t.equal(reg2.status, 200, `the resumed upload registers: ${reg2.status === 200 ? 'ok' : reg2.text()}`);
  const whole2 = await post(
    lb,
    '/api/download',
    {
      categoryId: 1,
      contentId: Number(reg2.json<{ contentsId: string }>().contentsId),
      fileName: '途中で止まった.pdf',
    },
    agent,
  );
  t.equal(sha256(whole2.body), sha256(second), 'and downloads byte for byte');
  step('(f) SIGKILL of portal2 mid-upload, finished through portal1');

  b = await start(nth(settings, 1));
  // Back in rotation once the balancer's checks pass: wait until it answers through it.
  for (let seen = ''; seen !== 'portal2';) seen = String((await call(`${lb}/healthz`)).headers.get('x-served-by'));
  step('portal2 restarted and back in rotation');

  // ---- (e) SIGTERM under 50 concurrent readers: no failed request -------------------------
  const results = { ok: 0, failed: [] as string[], by: new Map<string, number>() };
  let reading = true;
  const read = async (n: number): Promise<Answer> =>
    n % 3 === 0
      ? post(lb, '/api/IconMenu/getIconMenuyList', {}, agent)
      : post(lb, '/api/ContentsDetail/getContentsDetail', { categoryId: 1, contentId }, agent);
  const reader = async (r: number) => {
    for (let n = r; reading; n++) {
      try {
        const res = await read(n);
        const by = String(res.headers.get('x-served-by'));
        results.by.set(by, (results.by.get(by) ?? 0) + 1);
        if (res.status === 200) results.ok++;
        else results.failed.push(`${res.status} from ${by}: ${res.text().slice(0, 200)}`);
      } catch (err) {
        results.failed.push(`${String(err)} (${String((err as { cause?: unknown }).cause)})`);
      }
    }
  };
  const readers = Array.from({ length: 50 }, (_, r) => reader(r));
  const countBefore = async (total: number) => {
    while (results.ok + results.failed.length < total) await new Promise((r) => setTimeout(r, 50));
  };
  await countBefore(150); // readers are running on both instances
  const before = new Map(results.by);
  a.process.kill('SIGTERM');
  const how = await a.exited;
  const atExit = results.ok + results.failed.length;
  await countBefore(atExit + 250); // and keep running on the survivor
  reading = false;
  await Promise.all(readers);
  t.comment(`resident memory of portal2 after the readers: ${rssOf(b)}`);
  t.equal(how, 'exit 0', 'portal1 stopped cleanly on SIGTERM');
  t.ok(
    (before.get('portal1') ?? 0) > 0 && (before.get('portal2') ?? 0) > 0,
    `both instances served readers before the SIGTERM (${JSON.stringify([...before])})`,
  );
  t.same(
    results.failed,
    [],
    `no failed request among ${results.ok + results.failed.length} (${JSON.stringify([...results.by])})`,
  );
  step('(e) SIGTERM of portal1 under 50 concurrent readers');
});
