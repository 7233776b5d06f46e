// Registered company search (spec 001 登録企業検索; issue 10): the initial data (explanation and
// import date), the count for a partial name (full-/half-width and spaces folded, the same as a
// scan of the stored names), narrowing by prefecture and address, 0 (the screen's WRN_0003), the
// form's rules on the server (name required and character-checked, address checked, prefecture
// one of the dropdown's), 403 without permission 117, and the CSV import (row-numbered messages,
// all or nothing, Shift_JIS, audited), through the CLI too.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { companyText } from '../../api/companies/text';
import { importCompanyFile } from '../../api/companies/import-file';
import { operatorCaller } from '../../api/companies/store';
import { companiesCsv, generateCompanies } from '../../seeds/company-generator';
import { DEMO_COMPANY_COUNT } from '../../seeds/companies';
import { messageIds } from '../helpers/api-probe';
import { signInAs, type Session } from '../helpers/portal';
import { createTestApp } from '../helpers/test-app';

const INIT = '/api/CustomerSerch/getInitialDisplayData';
const COUNT = '/api/CustomerSerch/getCustomerCount';

/** Shift_JIS bytes of text made only of characters of the tables below (what Excel saves). */
function shiftJis(text: string): Buffer {
  const table: Record<string, number[]> = {
    企: [0x8a, 0xe9],
    業: [0x8b, 0xc6],
    コ: [0x83, 0x52],
    ー: [0x81, 0x5b],
    ド: [0x83, 0x68],
    会: [0x89, 0xef],
    社: [0x8e, 0xd0],
    名: [0x96, 0xbc],
    郵: [0x97, 0x58],
    便: [0x95, 0xd6],
    番: [0x94, 0xd4],
    号: [0x8d, 0x86],
    都: [0x93, 0x73],
    道: [0x93, 0xb9],
    府: [0x95, 0x7b],
    県: [0x8c, 0xa7],
    住: [0x8f, 0x5a],
    所: [0x8f, 0x8a],
    株: [0x8a, 0x94],
    式: [0x8e, 0xae],
    東: [0x93, 0x8c],
    京: [0x8b, 0x9e],
    港: [0x8d, 0x60],
    区: [0x8b, 0xe6],
  };
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else if (table[ch]) out.push(...table[ch]);
    else throw new Error(`no Shift_JIS byte pair for ${ch} in the test table`);
  }
  return Buffer.from(out);
}

t.test('registered company search', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  const provider = await signInAs(h, 'demo-provider');
  const count = async (s: Session, body: Record<string, unknown>) => {
    const res = await s.call(COUNT, body);
    t.equal(res.statusCode, 200, `200 for ${JSON.stringify(body)}`);
    return res.json().customerCount as number;
  };
  const stored = await h.db
    .selectFrom('registered_companies')
    .select(['company_name', 'prefecture', 'address'])
    .execute();
  /** The answer a plain scan of the stored companies gives. */
  const scan = (name: string, prefecture = '', address = '') =>
    stored.filter(
      (c) =>
        companyText(c.company_name).includes(companyText(name)) &&
        (!prefecture || c.prefecture === prefecture) &&
        companyText(`${c.prefecture}${c.address}`).includes(companyText(address)),
    ).length;

  await t.test('initial data: the explanation with the size of the register, the import date', async (t) => {
    const res = await provider.call(INIT, {});
    t.equal(res.statusCode, 200);
    const { formText, importDate } = res.json().resultModel;
    t.match(formText, `登録企業（${DEMO_COMPANY_COUNT}社）`);
    t.equal(importDate, '2026/11/17', 'the seeded nightly import, three days before the test date');
  });

  await t.test('a partial name counts the companies that contain it', async (t) => {
    t.equal(stored.length, DEMO_COMPANY_COUNT);
    t.equal(await count(provider, { customerName: '丸の内' }), 3, '丸の内 in three names');
    t.equal(await count(provider, { customerName: 'ステーショナリー' }), 1);
    t.equal(
      await count(provider, { customerName: 'サクラデンキ' }),
      1,
      'a half-width katakana name is found by full-width',
    );
    t.equal(await count(provider, { customerName: 'ｻｸﾗﾃﾞﾝｷ' }), 1, 'and by half-width');
    t.equal(await count(provider, { customerName: 'abc' }), 1, 'ＡＢＣ is found by abc');
    t.equal(await count(provider, { customerName: '有限会社丸の内' }), 1, 'spaces in the name do not matter');
    t.equal(await count(provider, { customerName: '丸の内 印刷' }), 1, 'nor in the input');
    for (const name of [
      '株式会社',
      '文具',
      'さくら',
      '商事',
      '富士',
      '丸',
      'ホールディングス',
      '株式会社さくら',
      'システム株式会社',
      'ー',
    ]) {
      t.equal(await count(provider, { customerName: name }), scan(name), `${name}: the same count as a scan`);
    }
    t.ok(scan('株式会社') > 300, 'a common word counts most of the register');
  });

  await t.test('prefecture and address narrow the count', async (t) => {
    t.equal(await count(provider, { customerName: '丸の内', address1: '東京都' }), 1);
    t.equal(await count(provider, { customerName: '丸の内', address1: '沖縄県' }), 0);
    t.equal(await count(provider, { customerName: '丸の内', address2: '名古屋' }), 1, 'a part of the address');
    t.equal(
      await count(provider, { customerName: '丸の内', address2: '東京都千代田区丸の内' }),
      1,
      'the address is read with its prefecture',
    );
    t.equal(await count(provider, { customerName: '丸の内', address1: '東京都', address2: '名古屋' }), 0);
    t.equal(
      await count(provider, { customerName: '丸の内', address1: '', address2: '' }),
      3,
      'empty conditions are not given',
    );
    for (const [name, pref, addr] of [
      ['株式会社', '東京都', ''],
      ['株式会社', '', '大阪市'],
      ['会社', '神奈川県', '横浜市'],
      ['文具', '', '中央区'],
      ['株式会社', '', '1丁目'],
    ] as const) {
      t.equal(
        await count(provider, { customerName: name, address1: pref, address2: addr }),
        scan(name, pref, addr),
        `${name} ${pref} ${addr}: the same as a scan`,
      );
    }
  });

  await t.test('no match: 0 (the screen says WRN_0003); LIKE characters are plain text', async (t) => {
    t.equal(await count(provider, { customerName: '存在しない会社名' }), 0);
    t.equal(await count(provider, { customerName: '%' }), 0, '% matches only a %');
    t.equal(await count(provider, { customerName: '_' }), 0);
  });

  await t.test('the rules: name required and character-checked, address checked, a known prefecture', async (t) => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await provider.call(COUNT, body);
      t.equal(res.statusCode, 400, JSON.stringify(body));
      return res.json().messages;
    };
    t.same(await bad({}), [{ messageId: 'ERR_0001', args: ['会社名'] }]);
    t.same(await bad({ customerName: '' }), [{ messageId: 'ERR_0001', args: ['会社名'] }]);
    t.same(
      await bad({ customerName: ' \u3000 ' }),
      [{ messageId: 'ERR_0001', args: ['会社名'] }],
      'spaces only are no name',
    );
    t.same(
      await bad({ customerName: '𠮷野家' }),
      [{ messageId: 'ERR_0026', args: ['会社名'] }],
      'a character Shift_JIS cannot hold',
    );
    t.same(await bad({ customerName: 'さくら', address2: '𠮷野町' }), [
      { messageId: 'ERR_0026', args: ['住所（続き）'] },
    ]);
    t.same(
      await bad({ customerName: 'さくら', address1: '東京' }),
      [{ messageId: 'ERR_0025', args: ['都道府県'] }],
      'not a prefecture of the dropdown',
    );
    t.same(messageIds(await provider.call(COUNT, { customerName: 'あ'.repeat(256) })), ['ERR_0025']);
    t.equal(
      (await provider.call(COUNT, { customerName: 'さくら\u0000' })).statusCode,
      400,
      'control characters never reach SQL',
    );
  });

  await t.test('403 for everyone without permission 117', async (t) => {
    for (const who of ['demo-agent', 'demo-agent2', 'demo-agadmin', 'demo-staff'] as const) {
      const s = await signInAs(h, who);
      for (const [p, body] of [
        [INIT, {}],
        [COUNT, { customerName: 'さくら' }],
      ] as const) {
        const res = await s.call(p, body);
        t.equal(res.statusCode, 403, `${who} ${p}`);
        t.same(messageIds(res), ['ERR_0022']);
      }
    }
    t.equal((await h.post(COUNT, { systemKbn: '01', customerName: 'さくら' })).statusCode, 401);
  });

  await t.test('import: a bad file changes nothing and names each row', async (t) => {
    const text = [
      '企業コード,会社名,郵便番号,都道府県,住所',
      'X1,株式会社テスト,100-0001,東京都,千代田区',
      ',名無し,,東京都,',
      'X3,,123,東京,',
      'X1,重複株式会社,,大阪府,',
      'X5,𠮷田商店,,京都府,',
    ].join('\r\n');
    const result = await importCompanyFile(
      h.db,
      h.app.definitions,
      { fileName: 'companies.csv', bytes: Buffer.from(text) },
      operatorCaller('tester'),
      h.clock.now(),
    );
    t.notOk(result.ok);
    t.same(!result.ok && result.messages, [
      { messageId: 'ERR_0012', args: ['3', '企業コード'] },
      { messageId: 'ERR_0012', args: ['4', '会社名'] },
      { messageId: 'ERR_0013', args: ['4', '郵便番号'] },
      { messageId: 'ERR_0015', args: ['4', '都道府県'] },
      { messageId: 'ERR_0014', args: ['5', '企業コード'] },
      { messageId: 'ERR_0026', args: ['6行目：会社名'] },
    ]);
    t.equal(
      (await h.db.selectFrom('registered_companies').select('company_id').execute()).length,
      DEMO_COMPANY_COUNT,
      'nothing changed',
    );
    const header = await importCompanyFile(
      h.db,
      h.app.definitions,
      { fileName: 'c.csv', bytes: Buffer.from('会社名,住所\r\nA,B') },
      operatorCaller('tester'),
      h.clock.now(),
    );
    t.same(!header.ok && header.messages, [{ messageId: 'ERR_0020', args: ['取込ファイル'] }]);
    const empty = await importCompanyFile(
      h.db,
      h.app.definitions,
      { fileName: 'c.csv', bytes: Buffer.from('企業コード,会社名,郵便番号,都道府県,住所\r\n') },
      operatorCaller('tester'),
      h.clock.now(),
    );
    t.same(!empty.ok && empty.messages, [{ messageId: 'ERR_0011' }]);
    const notCsv = await importCompanyFile(
      h.db,
      h.app.definitions,
      { fileName: 'c.xlsx', bytes: Buffer.from('x') },
      operatorCaller('tester'),
      h.clock.now(),
    );
    t.same(!notCsv.ok && notCsv.messages, [{ messageId: 'ERR_0010' }]);
  });

  await t.test('import: a Shift_JIS file replaces the register, is searchable at once and audited', async (t) => {
    const text =
      '企業コード,会社名,郵便番号,都道府県,住所\r\nS1,株式会社東京港,1050022,東京都,港区\r\nS2,東京株式会社,,京都府,\r\n';
    h.clock.set('2026-11-20T01:20:00Z'); // later the same day, within the sessions' 30 minutes
    const result = await importCompanyFile(
      h.db,
      h.app.definitions,
      { fileName: '登録企業_1120.csv', bytes: shiftJis(text) },
      operatorCaller('tester'),
      h.clock.now(),
    );
    t.ok(result.ok);
    t.same(result.ok && { rows: result.outcome.rowCount, previous: result.outcome.previousCount }, {
      rows: 2,
      previous: DEMO_COMPANY_COUNT,
    });
    t.equal(await count(provider, { customerName: '東京' }), 2);
    t.equal(await count(provider, { customerName: '東京', address1: '京都府' }), 1);
    t.equal(await count(provider, { customerName: '丸の内' }), 0, 'the old register is gone');
    const stored = await h.db
      .selectFrom('registered_companies')
      .select(['company_code', 'postal_code'])
      .orderBy('company_code')
      .execute();
    t.same(stored, [
      { company_code: 'S1', postal_code: '105-0022' },
      { company_code: 'S2', postal_code: '' },
    ]);
    const init = (await provider.call(INIT, {})).json().resultModel;
    t.equal(init.importDate, '2026/11/20');
    t.match(init.formText, '登録企業（2社）');
    const audit = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'registered_companies')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    t.equal(audit.action, 'import');
    t.equal(audit.actor_user_id, 'tester');
    t.match(audit.before_data, { rowCount: DEMO_COMPANY_COUNT, fileName: '登録企業一覧.csv' });
    t.match(audit.after_data, { rowCount: 2, fileName: '登録企業_1120.csv' });
  });

  await t.test('generated companies are an importable file', async (t) => {
    const companies = generateCompanies(300, 7);
    const result = await importCompanyFile(
      h.db,
      h.app.definitions,
      { fileName: 'generated.csv', bytes: companiesCsv(companies) },
      operatorCaller('tester'),
      h.clock.now(),
    );
    t.ok(result.ok, 'every generated row passes the import checks');
    t.equal(new Set(companies.map((c) => c.companyName)).size > 150, true, 'names vary');
  });
});

t.test('npm run companies:import (the CLI): messages and exit 1 for a bad file, import for a good one', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'companies-cli-'));
  t.teardown(() => fs.rm(dir, { recursive: true, force: true }));
  const bad = path.join(dir, 'bad.csv');
  const good = path.join(dir, 'good.csv');
  await fs.writeFile(bad, '企業コード,会社名,郵便番号,都道府県,住所\r\nB1,,,東京都,\r\n');
  await fs.writeFile(good, companiesCsv(generateCompanies(50, 3)));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(dir, 'data'), SEED: 'none' };
  delete env.DATABASE_URL; // the CLI's own embedded database, never the server the tests run on
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['--import=tsx', 'api/companies/import-cli.ts', ...args], {
      env,
      cwd: process.cwd(),
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  const failed = await run([bad]);
  t.equal(failed.code, 1);
  t.match(failed.stderr, 'bad.csv: not imported (nothing was changed).');
  t.match(failed.stderr, '2行目：会社名が入力されていません。');
  const dry = await run([good, '--dry-run']);
  t.equal(dry.code, 0);
  t.match(dry.stdout, 'good.csv: 50 companies, no problem (dry run');
  const done = await run([good, '--by', 'ops-taro']);
  t.equal(done.code, 0, done.stderr);
  t.match(done.stdout, /good\.csv: imported 50 companies \(replacing 0\) as import 1/);
});
