// npm run companies:import -- <file.csv> [--by <operator>] [--dry-run]
// Replaces the registered companies by the file (columns 企業コード,会社名,郵便番号,都道府県,住所;
// UTF-8 or Shift_JIS). A file with any bad row changes nothing and prints every row's message
// (up to 20); --dry-run only checks. The import is audited under the operator's name (--by,
// default the OS user). docs/customer-search.md.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatMessage } from '../../schemas/messages/format';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { loadDefinitions } from '../forms/registry';
import { importCompanyFile } from './import-file';
import { operatorCaller } from './store';
import { progressBar } from '../progress-bar';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { by: { type: 'string' }, 'dry-run': { type: 'boolean' } },
});
const file = positionals[0];
if (positionals.length !== 1 || file === undefined) {
  console.error('usage: npm run companies:import -- <file.csv> [--by <operator>] [--dry-run]');
  process.exit(2);
}
let bytes: Buffer;
try {
  bytes = readFileSync(file);
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}

const config = loadConfig();
const handle = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  await migrateToLatest(handle.db);
  const by = operatorCaller(values.by ?? os.userInfo().username ?? 'cli');
  const started = Date.now();
  const result = await importCompanyFile(
    handle.db,
    loadDefinitions(),
    { fileName: path.basename(file), bytes },
    by,
    new Date(),
    { dryRun: values['dry-run'], onProgress: progressBar('companies written') },
  );
  if (!result.ok) {
    console.error(`${path.basename(file)}: not imported (nothing was changed).`);
    for (const m of result.messages) console.error(`  ${formatMessage(m.messageId, m.args ?? [])}`);
    process.exitCode = 1;
  } else if (values['dry-run']) {
    console.log(
      `${path.basename(file)}: ${result.outcome.rowCount} companies, no problem (dry run: nothing was changed).`,
    );
  } else {
    const { rowCount, previousCount, importId } = result.outcome;
    console.log(
      `${path.basename(file)}: imported ${rowCount} companies (replacing ${previousCount}) as import ${importId} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
} finally {
  await handle.close();
}
