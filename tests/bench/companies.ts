// npm run bench:companies [-- --n 100000 --runs 40 --scan-runs 15]
//
// Registered company search benchmark (docs/performance.md). On a fresh database (PGlite in
// memory, or a new database on the server of DATABASE_URL, dropped afterwards): the demo seeds,
// then N generated companies imported through the import's own write (timed), then p50 / p95 of
// /api/CustomerSerch/getCustomerCount THROUGH THE API (fastify.inject, the provider administrator)
// for each condition shape, once with the bigram GIN indexes and once with a plain ILIKE '%…%'
// scan of the same normalised text (the baseline: same query and count, only the access path
// differs). The two must answer the same count, or the run stops.
//
// timeCompanyImport(n) is the import at a size (bench:scale's 500,000 rows): the CSV file through
// the import's whole path (decode, check every row, write in one transaction, analyze), timed.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { companySearchSettings } from '../../api/companies/query';
import { importCompanyFile } from '../../api/companies/import-file';
import { analyzeCompanies, operatorCaller, replaceCompanies } from '../../api/companies/store';
import { loadDefinitions } from '../../api/forms/registry';
import { companiesCsv, generateCompanies } from '../../seeds/company-generator';
import { openTestDatabase } from '../helpers/test-db';
import { signInAs } from '../helpers/portal';
import { createTestApp } from '../helpers/test-app';
import { nth } from '../helpers/indexing';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} needs a number`);
  return v;
}

const N = flag('n', 100_000);
const RUNS = flag('runs', 40);
const SCAN_RUNS = flag('scan-runs', 15);
const WARMUP = 3;

const SHAPES: { name: string; body: Record<string, string> }[] = [
  { name: '2 chars, rare (精機)', body: { customerName: '精機' } },
  { name: '2 chars, frequent (株式)', body: { customerName: '株式' } },
  { name: '3 chars (ひかり)', body: { customerName: 'ひかり' } },
  { name: '4 chars (さくら文具)', body: { customerName: 'さくら文具' } },
  { name: '7 chars (株式会社さくら)', body: { customerName: '株式会社さくら' } },
  { name: 'half-width kana (ﾃｸﾉ)', body: { customerName: 'ﾃｸﾉ' } },
  { name: 'no match (存在しない社名)', body: { customerName: '存在しない社名' } },
  { name: 'name + prefecture (商事, 大阪府)', body: { customerName: '商事', address1: '大阪府' } },
  { name: 'name + address (建設, 横浜市)', body: { customerName: '建設', address2: '横浜市' } },
  { name: '1 char (旭): LIKE only', body: { customerName: '旭' } },
];

const pct = (sorted: number[], p: number) =>
  nth(sorted, Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)));
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

/** Imports a generated CSV of n companies into a database of its own (migrated, seeded, dropped after). */
export async function timeCompanyImport(n: number): Promise<{ seconds: number; rows: number; bytes: number }> {
  const handle = await openTestDatabase({ seed: { today: '2026-11-20' } });
  try {
    const bytes = companiesCsv(generateCompanies(n, 20261124, 1));
    const t0 = performance.now();
    const result = await importCompanyFile(
      handle.db,
      loadDefinitions(),
      { fileName: 'companies.csv', bytes },
      operatorCaller('bench'),
      new Date(),
      {
        onProgress: (written, total) => {
          if (written % 50_000 === 0 || written === total)
            process.stderr.write(
              `  companies import: ${written.toLocaleString('en')}/${total.toLocaleString('en')} written\n`,
            );
        },
      },
    );
    if (!result.ok) throw new Error(`the import refused the file: ${JSON.stringify(result.messages.slice(0, 3))}`);
    return { seconds: (performance.now() - t0) / 1000, rows: result.outcome.rowCount, bytes: bytes.length };
  } finally {
    await handle.close();
  }
}

async function main() {
  const started = performance.now();
  const h = await createTestApp();
  try {
    const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const version = nth((await sql<{ v: string }>`select version() as v`.execute(h.db)).rows, 0).v.split(',')[0];
    console.log(
      `# company-search benchmark: ${kind} (${version}), N = ${N.toLocaleString('en')}, ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );

    const companies = generateCompanies(N, 20261124, 1);
    const t0 = performance.now();
    await h.db
      .transaction()
      .execute((trx) =>
        replaceCompanies(trx, companies, { fileName: 'bench.csv', caller: operatorCaller('bench'), at: new Date() }),
      );
    await analyzeCompanies(h.db);
    const sizes = nth(
      (
        await sql<{
          total: string;
          name: string;
          address: string;
        }>`select pg_total_relation_size('registered_companies') as total, pg_relation_size('registered_companies_name_idx') as name, pg_relation_size('registered_companies_address_idx') as address`.execute(
          h.db,
        )
      ).rows,
      0,
    );
    const mb = (b: string) => `${(Number(b) / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `import of ${N.toLocaleString('en')} companies (one transaction, GIN maintained): ${((performance.now() - t0) / 1000).toFixed(1)} s; table ${mb(sizes.total)} in all, name GIN ${mb(sizes.name)}, address GIN ${mb(sizes.address)}`,
    );

    const provider = await signInAs(h, 'demo-provider');
    const call = async (body: Record<string, string>) => {
      const t1 = performance.now();
      const res = await provider.call('/api/CustomerSerch/getCustomerCount', body);
      const ms = performance.now() - t1;
      if (res.statusCode !== 200) throw new Error(`${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
      return { ms, count: res.json().customerCount as number };
    };
    const measure = async (body: Record<string, string>, matcher: 'index' | 'scan', runs: number) => {
      companySearchSettings.matcher = matcher;
      let count = 0;
      for (let i = 0; i < WARMUP; i++) count = (await call(body)).count;
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push((await call(body)).ms);
      times.sort((a, b) => a - b);
      return { count, p50: pct(times, 50), p95: pct(times, 95) };
    };

    console.log('');
    console.log('| condition | count | index p50 | index p95 | ILIKE scan p50 | ILIKE scan p95 | scan / index (p50) |');
    console.log('|---|---|---|---|---|---|---|');
    for (const shape of SHAPES) {
      const index = await measure(shape.body, 'index', RUNS);
      const scan = await measure(shape.body, 'scan', SCAN_RUNS);
      if (index.count !== scan.count)
        throw new Error(`${shape.name}: index counted ${index.count}, scan ${scan.count}`);
      console.log(
        `| ${shape.name} | ${index.count.toLocaleString('en')} | ${fmt(index.p50)} ms | ${fmt(index.p95)} ms | ${fmt(scan.p50)} ms | ${fmt(scan.p95)} ms | ${(scan.p50 / index.p50).toFixed(1)}× |`,
      );
    }
    console.log('');
    console.log(
      `# runs: ${RUNS} (index), ${SCAN_RUNS} (scan) after ${WARMUP} warm-up calls each; load ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    companySearchSettings.matcher = 'index';
    await h.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
